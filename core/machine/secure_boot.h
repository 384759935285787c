/* The firmware's Secure Boot state, judged from the UEFI global variables SecureBoot and
 * SetupMode (upm_os_global_variable), the same on UEFI and the host. Part of the machine
 * room (machine.h): said in the run's identity (core/cli/identity.c).
 *
 * Facts from the UEFI specification (2.10): 3.3 Globally Defined Variables: SecureBoot is
 * one byte, 1 when the firmware is operating in Secure Boot mode, else 0; SetupMode is
 * one byte, 1 in setup mode (no Platform Key enrolled), 0 in user mode. 32.3 Firmware/OS
 * Key Exchange: SecureBoot is 1 only in user mode, and firmware without Secure Boot has
 * neither variable. */
#ifndef UPMON_CORE_MACHINE_SECURE_BOOT_H
#define UPMON_CORE_MACHINE_SECURE_BOOT_H

#include <stddef.h>
#include <stdint.h>

enum upm_secure_boot_state {
	UPM_SECURE_BOOT_UNKNOWN = 0, /* not firmware, unreadable, or values the spec does not define */
	UPM_SECURE_BOOT_ON,          /* the firmware starts signed images only */
	UPM_SECURE_BOOT_OFF,         /* keys enrolled (user mode), checking turned off */
	UPM_SECURE_BOOT_SETUP_MODE,  /* no Platform Key: nothing is checked */
	UPM_SECURE_BOOT_UNSUPPORTED, /* the firmware has no SecureBoot variable */
};

struct upm_secure_boot {
	enum upm_secure_boot_state state;
	int secure_boot;  /* SecureBoot's byte, -1 when not read */
	int setup_mode;   /* SetupMode's byte, -1 when not read */
	char text[160];   /* "on (SecureBoot 1, SetupMode 0)": the identity's words */
};

/* One variable as the environment answered: status (UPM_OK, UPM_ENOTFOUND, ...) and,
 * when UPM_OK, its len bytes. */
struct upm_global_variable_read {
	int status;
	const uint8_t *value;
	size_t len;
};

/* Judges the state from the two variables as read. */
void upm_secure_boot_judge(const struct upm_global_variable_read *secure_boot,
			   const struct upm_global_variable_read *setup_mode, struct upm_secure_boot *out);
/* Reads both variables through the environment and judges them. */
void upm_secure_boot_read(struct upm_secure_boot *out);
/* results.json's "state": "on", "off", "setup_mode", "not_supported", "unknown". */
const char *upm_secure_boot_state_name(enum upm_secure_boot_state state);

#endif
