/* Host-only fault knobs for tests (knobs.h): a socket whose processors stop
 * answering, a medium that fills up or refuses renames, a clock that does not answer, and
 * the user's abort (SIGINT, or after N polls). */
#define _GNU_SOURCE /* memmem */
#include "core/host/knobs.h"
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

void upm_host_from_firmware_set(int on)
{
	from_firmware = on;
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

static const char *boot_uri;
static int no_medium;

void upm_host_boot_uri_set(const char *uri)
{
	boot_uri = uri && *uri ? uri : NULL;
}

const char *upm_host_boot_uri(void)
{
	return boot_uri;
}

void upm_host_no_medium(int on)
{
	no_medium = on;
}

int upm_host_has_no_medium(void)
{
	return no_medium;
}
