/* The host main's reading of the environment: each UPMON_HOST_* variable sets its test
 * hook (os_host.h) or fault knob (knobs.h), so a command test drives the simulated
 * machine without a test binary. */
#include "core/host/os_host.h"
#include "platform/base/os.h"

#include <stdlib.h>
#include <string.h>

/* UPMON_HOST_HANG=S[@N]: socket S stops answering after N calls (default 0);
 * UPMON_HOST_FULL_AFTER=BYTES: writes fail once the files written exceed BYTES;
 * UPMON_HOST_READ_ONLY=1: the medium is write-protected;
 * UPMON_HOST_RENAME=refuse|lose: the medium refuses renames, or loses the renamed file;
 * UPMON_HOST_NO_CLOCK=1: the wall clock does not answer (a flat CMOS battery);
 * UPMON_HOST_ABORT_AFTER=N: the N-th abort poll reports ESC/Ctrl-C;
 * UPMON_HOST_FREE_MIB=N: the machine reports N MiB free (of 2N): a small machine.
 * UPMON_HOST_DMI_DIR=DIR: SMBIOS from DIR/smbios_entry_point and DIR/DMI.
 * UPMON_HOST_EFIVARS_DIR=DIR: the firmware's global variables (SecureBoot, SetupMode) from
 *   DIR in efivarfs layout (upm_host_efivars_dir).
 * UPMON_HOST_VIRTUAL_CLOCK=RATE: time passes only in sleeps, and in the kernels at RATE
 *   times their real time (upm_host_virtual_clock).
 * UPMON_HOST_MP_BLOCKING=1: firmware that refuses non-blocking StartupAllAPs;
 * UPMON_HOST_PACKAGES=P,P,...: sockets with those package numbers (2 processors each);
 * UPMON_HOST_RESET_AT=TEXT: killed once the run-in-progress marker holds TEXT;
 * UPMON_HOST_FROM_FIRMWARE=1: started as by the firmware, not a shell;
 * UPMON_HOST_BOOT_URI=URL: booted over HTTP from URL; UPMON_HOST_NO_MEDIUM=1: no medium;
 * UPMON_HOST_SOCKET_TSC_AHEAD=S:SECONDS: socket S's TSC reads SECONDS ahead of the others'
 *   (upm_host_socket_tsc_ahead). */
void upm_host_knobs_from_env(void)
{
	const char *v;
	char *end;
	if ((v = getenv("UPMON_HOST_HANG")) && *v) {
		long s = strtol(v, &end, 10);
		unsigned long after = *end == '@' ? strtoul(end + 1, NULL, 10) : 0;
		upm_host_hang_socket((int)s, (unsigned)after);
	}
	if ((v = getenv("UPMON_HOST_FULL_AFTER")) && *v)
		upm_host_medium_full_after(strtoll(v, NULL, 10));
	if ((v = getenv("UPMON_HOST_READ_ONLY")) && *v)
		upm_host_medium_read_only(strtoul(v, NULL, 10) != 0);
	if ((v = getenv("UPMON_HOST_RENAME")) && *v)
		upm_host_medium_renames(!strcmp(v, "refuse") ? UPM_HOST_RENAME_REFUSED
					: !strcmp(v, "lose") ? UPM_HOST_RENAME_LOST : UPM_HOST_RENAME_WORKS);
	if ((v = getenv("UPMON_HOST_NO_CLOCK")) && *v)
		upm_host_clock_dead(strtoul(v, NULL, 10) != 0);
	if ((v = getenv("UPMON_HOST_PACKAGES")) && *v) {
		unsigned ids[UPM_MAX_CPUS], n = 0;
		for (const char *p = v; *p && n < UPM_MAX_CPUS; p = *end ? end + 1 : end)
			ids[n++] = (unsigned)strtoul(p, &end, 10);
		upm_host_simulate_packages(ids, n, 2, 0);
	}
	if ((v = getenv("UPMON_HOST_MP_BLOCKING")) && *v)
		upm_host_mp_blocking_only(strtoul(v, NULL, 10) != 0);
	if ((v = getenv("UPMON_HOST_ABORT_AFTER")) && *v)
		upm_host_abort_after_polls((unsigned)strtoul(v, NULL, 10));
	if ((v = getenv("UPMON_HOST_FREE_MIB")) && *v) {
		uint64_t mib = strtoull(v, NULL, 10);
		upm_host_fake_memory(mib << 21, mib << 20);
	}
	if ((v = getenv("UPMON_HOST_DMI_DIR")) && *v)
		upm_host_dmi_dir(v);
	if ((v = getenv("UPMON_HOST_RESET_AT")) && *v)
		upm_host_reset_at(v);
	if ((v = getenv("UPMON_HOST_FROM_FIRMWARE")) && *v)
		upm_host_from_firmware_set(strtoul(v, NULL, 10) != 0);
	if ((v = getenv("UPMON_HOST_EFIVARS_DIR")) && *v)
		upm_host_efivars_dir(v);
	if ((v = getenv("UPMON_HOST_SOCKET_TSC_AHEAD")) && *v) {
		unsigned long socket = strtoul(v, &end, 10);
		if (*end == ':')
			upm_host_socket_tsc_ahead((unsigned)socket, strtoull(end + 1, NULL, 10) * upm_os_tsc_hz());
	}
	if ((v = getenv("UPMON_HOST_BOOT_URI")) && *v)
		upm_host_boot_uri_set(v);
	if ((v = getenv("UPMON_HOST_NO_MEDIUM")) && *v)
		upm_host_no_medium(strtoul(v, NULL, 10) != 0);
	if ((v = getenv("UPMON_HOST_VIRTUAL_CLOCK")) && *v)
		upm_host_virtual_clock((unsigned)strtoul(v, NULL, 10));
}
