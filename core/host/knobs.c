/* Host-only fault knobs for tests (core/host/os_host.h): a socket whose processors stop
 * answering, a medium that fills up or refuses renames, a clock that does not answer, and
 * the user's abort (SIGINT, or after N polls). */
#define _GNU_SOURCE /* memmem */
#include "core/host/os_host.h"
#include "platform/base/os.h"
#include "core/cli/progress.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hang_socket = -1;
static unsigned hang_after, hang_calls;
static long long full_after = -1, written;
static int read_only;
static enum upm_host_rename rename_fault;
static int clock_dead;
static unsigned abort_after, abort_polls;
static volatile sig_atomic_t sigint_seen;

void upm_host_hang_socket(int socket, unsigned after_calls)
{
	hang_socket = socket;
	hang_after = after_calls;
	hang_calls = 0;
}

int upm_host_socket_hangs(unsigned socket)
{
	if (hang_socket < 0 || socket != (unsigned)hang_socket)
		return 0;
	return ++hang_calls > hang_after;
}

void upm_host_medium_full_after(long long bytes)
{
	full_after = bytes;
	written = 0;
}

int upm_host_medium_full(size_t len)
{
	if (full_after < 0)
		return 0;
	if (written + (long long)len > full_after)
		return 1;
	written += (long long)len;
	return 0;
}

void upm_host_medium_freed(long long bytes)
{
	if (full_after >= 0)
		written = written > bytes ? written - bytes : 0;
}

static char reset_at[200];
static int from_firmware;

void upm_host_reset_at(const char *text)
{
	snprintf(reset_at, sizeof reset_at, "%s", text ? text : "");
}

void upm_host_after_write(const char *path, const void *data, size_t len)
{
	size_t n = strlen(path), m = strlen(UPM_PROGRESS_FILE);
	if (!reset_at[0] || n < m || strcmp(path + n - m, UPM_PROGRESS_FILE) != 0 ||
	    !memmem(data, len, reset_at, strlen(reset_at)))
		return;
	fflush(NULL);
	raise(SIGKILL);
}

int upm_host_from_firmware(void)
{
	return from_firmware;
}

void upm_host_medium_read_only(int on)
{
	read_only = on;
}

int upm_host_medium_is_read_only(void)
{
	return read_only;
}

void upm_host_medium_renames(enum upm_host_rename fault)
{
	rename_fault = fault;
}

enum upm_host_rename upm_host_medium_rename_fault(void)
{
	return rename_fault;
}

void upm_host_clock_dead(int on)
{
	clock_dead = on;
}

int upm_host_clock_is_dead(void)
{
	return clock_dead;
}

void upm_host_abort_after_polls(unsigned n)
{
	abort_after = n;
	abort_polls = 0;
	sigint_seen = 0;
}

unsigned upm_host_abort_polls(void)
{
	return abort_polls;
}

static void on_sigint(int sig)
{
	(void)sig;
	sigint_seen = 1;
}

void upm_host_catch_sigint(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL); /* no SA_RESTART: a sleep ends early */
}

int upm_os_abort_requested(void)
{
	if (sigint_seen)
		return 1;
	return abort_after && ++abort_polls >= abort_after;
}

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
		from_firmware = strtoul(v, NULL, 10) != 0;
	if ((v = getenv("UPMON_HOST_EFIVARS_DIR")) && *v)
		upm_host_efivars_dir(v);
	if ((v = getenv("UPMON_HOST_SOCKET_TSC_AHEAD")) && *v) {
		unsigned long socket = strtoul(v, &end, 10);
		if (*end == ':')
			upm_host_socket_tsc_ahead((unsigned)socket, strtoull(end + 1, NULL, 10) * upm_os_tsc_hz());
	}
	if ((v = getenv("UPMON_HOST_VIRTUAL_CLOCK")) && *v)
		upm_host_virtual_clock((unsigned)strtoul(v, NULL, 10));
}
