/* The Secure Boot state judged from SecureBoot and SetupMode (core/machine/secure_boot.h). */
#include "tests/unit/test.h"
#include "core/machine/secure_boot.h"
#include "platform/backend.h"

static const uint8_t zero = 0, one = 1, two = 2;

static struct upm_global_variable_read var(int status, const uint8_t *v, size_t len)
{
	struct upm_global_variable_read r = {status, v, len};
	return r;
}

static struct upm_secure_boot judge(struct upm_global_variable_read sb, struct upm_global_variable_read sm)
{
	struct upm_secure_boot out;
	upm_secure_boot_judge(&sb, &sm, &out);
	return out;
}

TEST(secure_boot_on_in_user_mode)
{
	struct upm_secure_boot s = judge(var(UPM_OK, &one, 1), var(UPM_OK, &zero, 1));
	CHECK_EQ(s.state, UPM_SECURE_BOOT_ON);
	CHECK_EQ(s.secure_boot, 1);
	CHECK_EQ(s.setup_mode, 0);
	CHECK(!strcmp(s.text, "on (SecureBoot 1, SetupMode 0): the firmware starts signed images only"));
	CHECK(!strcmp(upm_secure_boot_state_name(s.state), "on"));
}

TEST(secure_boot_off_with_keys_and_in_setup_mode)
{
	struct upm_secure_boot off = judge(var(UPM_OK, &zero, 1), var(UPM_OK, &zero, 1));
	struct upm_secure_boot setup = judge(var(UPM_OK, &zero, 1), var(UPM_OK, &one, 1));
	CHECK_EQ(off.state, UPM_SECURE_BOOT_OFF);
	CHECK(!strcmp(off.text, "off (SecureBoot 0, SetupMode 0: keys enrolled, checking turned off)"));
	CHECK_EQ(setup.state, UPM_SECURE_BOOT_SETUP_MODE);
	CHECK_EQ(setup.setup_mode, 1);
	CHECK(!strcmp(setup.text, "off (SecureBoot 0, SetupMode 1: setup mode, no platform key enrolled)"));
	CHECK(!strcmp(upm_secure_boot_state_name(setup.state), "setup_mode"));
}

TEST(secure_boot_not_firmware_and_not_supported)
{
	struct upm_secure_boot host = judge(var(UPM_EUNSUPPORTED, NULL, 0), var(UPM_EUNSUPPORTED, NULL, 0));
	struct upm_secure_boot none = judge(var(UPM_ENOTFOUND, NULL, 0), var(UPM_ENOTFOUND, NULL, 0));
	CHECK_EQ(host.state, UPM_SECURE_BOOT_UNKNOWN);
	CHECK_EQ(host.secure_boot, (unsigned long long)-1);
	CHECK(!strcmp(host.text, "unknown (not firmware)"));
	CHECK_EQ(none.state, UPM_SECURE_BOOT_UNSUPPORTED);
	CHECK(!strcmp(none.text, "not supported by the firmware (no SecureBoot variable)"));
	CHECK(!strcmp(upm_secure_boot_state_name(none.state), "not_supported"));
}

/* Never silently wrong: a value the specification does not define, a variable that could
 * not be read or two that contradict each other leave the state unknown, saying why. */
TEST(secure_boot_undefined_values_are_unknown)
{
	uint8_t wide[2] = {1, 0};
	struct upm_secure_boot s2 = judge(var(UPM_OK, &two, 1), var(UPM_OK, &zero, 1));
	struct upm_secure_boot w = judge(var(UPM_OK, wide, 2), var(UPM_OK, &zero, 1));
	struct upm_secure_boot io = judge(var(UPM_EIO, NULL, 0), var(UPM_OK, &zero, 1));
	struct upm_secure_boot both = judge(var(UPM_OK, &one, 1), var(UPM_OK, &one, 1));
	CHECK_EQ(s2.state, UPM_SECURE_BOOT_UNKNOWN);
	CHECK(strstr(s2.text, "SecureBoot holds 1 byte (0x02)") != NULL);
	CHECK_EQ(w.state, UPM_SECURE_BOOT_UNKNOWN);
	CHECK(strstr(w.text, "SecureBoot holds 2 bytes") != NULL);
	CHECK_EQ(io.state, UPM_SECURE_BOOT_UNKNOWN);
	CHECK(!strcmp(io.text, "unknown (SecureBoot not readable: EIO)"));
	CHECK_EQ(both.state, UPM_SECURE_BOOT_UNKNOWN);
	CHECK(strstr(both.text, "SecureBoot 1 with SetupMode 1") != NULL);
}

/* SecureBoot alone decides on or off; an unreadable SetupMode is said, not guessed. */
TEST(secure_boot_setup_mode_unreadable)
{
	struct upm_secure_boot s = judge(var(UPM_OK, &one, 1), var(UPM_ENOTFOUND, NULL, 0));
	CHECK_EQ(s.state, UPM_SECURE_BOOT_ON);
	CHECK_EQ(s.setup_mode, (unsigned long long)-1);
	CHECK(!strcmp(s.text, "on (SecureBoot 1; SetupMode not readable: ENOTFOUND)"));
}
