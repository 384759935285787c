/* The Secure Boot state from SecureBoot and SetupMode (secure_boot.h). */
#include "core/machine/secure_boot.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/backend.h" /* UPM_OK, upm_status_name */

const char *upm_secure_boot_state_name(enum upm_secure_boot_state state)
{
	switch (state) {
	case UPM_SECURE_BOOT_ON: return "on";
	case UPM_SECURE_BOOT_OFF: return "off";
	case UPM_SECURE_BOOT_SETUP_MODE: return "setup_mode";
	case UPM_SECURE_BOOT_UNSUPPORTED: return "not_supported";
	default: return "unknown";
	}
}

/* The variable's byte (0 or 1), or -1 with why filled: the spec defines one byte, 0 or 1. */
static int flag(const char *name, const struct upm_global_variable_read *v, char *why, size_t size)
{
	if (v->status != UPM_OK) {
		upm_snprintf(why, size, "%s not readable: %s", name,
			     v->status == UPM_EUNSUPPORTED ? "not firmware" : upm_status_name(v->status));
		return -1;
	}
	if (v->len != 1 || v->value[0] > 1) {
		upm_snprintf(why, size, "%s holds %u byte%s (0x%02x%s), the UEFI specification defines one byte, 0 or 1",
			     name, (unsigned)v->len, v->len == 1 ? "" : "s", v->len ? v->value[0] : 0,
			     v->len > 1 ? "..." : "");
		return -1;
	}
	return v->value[0];
}

void upm_secure_boot_judge(const struct upm_global_variable_read *secure_boot,
			   const struct upm_global_variable_read *setup_mode, struct upm_secure_boot *out)
{
	char why[120] = "";
	out->secure_boot = out->setup_mode = -1;
	out->state = UPM_SECURE_BOOT_UNKNOWN;
	if (secure_boot->status == UPM_EUNSUPPORTED) {
		upm_strlcpy(out->text, "unknown (not firmware)", sizeof out->text);
		return;
	}
	if (secure_boot->status == UPM_ENOTFOUND) {
		out->state = UPM_SECURE_BOOT_UNSUPPORTED;
		upm_strlcpy(out->text, "not supported by the firmware (no SecureBoot variable)", sizeof out->text);
		return;
	}
	int sb = flag("SecureBoot", secure_boot, why, sizeof why);
	if (sb < 0) {
		upm_snprintf(out->text, sizeof out->text, "unknown (%s)", why);
		return;
	}
	out->secure_boot = sb;
	int sm = flag("SetupMode", setup_mode, why, sizeof why);
	out->setup_mode = sm;
	if (sb == 1 && sm == 1) { /* SecureBoot is 1 in user mode only: the firmware contradicts itself */
		out->state = UPM_SECURE_BOOT_UNKNOWN;
		upm_strlcpy(out->text, "unknown (SecureBoot 1 with SetupMode 1: the UEFI specification sets "
				       "SecureBoot in user mode only)", sizeof out->text);
	} else if (sb == 1) {
		out->state = UPM_SECURE_BOOT_ON;
		if (sm == 0)
			upm_strlcpy(out->text, "on (SecureBoot 1, SetupMode 0): the firmware starts signed images only",
				    sizeof out->text);
		else
			upm_snprintf(out->text, sizeof out->text, "on (SecureBoot 1; %s)", why);
	} else if (sm == 1) {
		out->state = UPM_SECURE_BOOT_SETUP_MODE;
		upm_strlcpy(out->text, "off (SecureBoot 0, SetupMode 1: setup mode, no platform key enrolled)",
			    sizeof out->text);
	} else if (sm == 0) {
		out->state = UPM_SECURE_BOOT_OFF;
		upm_strlcpy(out->text, "off (SecureBoot 0, SetupMode 0: keys enrolled, checking turned off)",
			    sizeof out->text);
	} else {
		out->state = UPM_SECURE_BOOT_OFF;
		upm_snprintf(out->text, sizeof out->text, "off (SecureBoot 0; %s)", why);
	}
}

void upm_secure_boot_read(struct upm_secure_boot *out)
{
	uint8_t sb[8], sm[8];
	struct upm_global_variable_read vsb = {0, sb, sizeof sb}, vsm = {0, sm, sizeof sm};
	vsb.status = upm_os_global_variable("SecureBoot", sb, &vsb.len);
	vsm.status = upm_os_global_variable("SetupMode", sm, &vsm.len);
	upm_secure_boot_judge(&vsb, &vsm, out);
}
