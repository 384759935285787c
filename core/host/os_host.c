/* core/os.h on Linux. The host has no uncore to drive: its processors are simulated
 * (sockets x 2 cores, like the QEMU machine), so the mock's per-socket MSR routing and
 * the trace's cpu/socket columns behave as on firmware. */
#define _POSIX_C_SOURCE 200809L
#include "core/os.h"
#include "core/host/os_host.h"
#include "platform/backend.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static unsigned sim_sockets = 2;
static unsigned sim_cores = 2;
static unsigned current_cpu_index;
static int (*fail_writes_under)(const char *path);

void upm_host_simulate(unsigned sockets, unsigned cores_per_socket)
{
	sim_sockets = sockets ? sockets : 1;
	sim_cores = cores_per_socket ? cores_per_socket : 1;
	current_cpu_index = 0;
}

void upm_host_fail_writes(int (*pred)(const char *path))
{
	fail_writes_under = pred;
}

void upm_os_write(const char *text, size_t len)
{
	fwrite(text, 1, len, stdout);
	fflush(stdout);
}

void *upm_os_alloc(size_t size)
{
	return malloc(size ? size : 1);
}

void upm_os_free(void *p)
{
	free(p);
}

int upm_os_mkdir_p(const char *path)
{
	char buf[512];
	size_t n = strlen(path);
	if (n == 0 || n >= sizeof buf)
		return UPM_EINVAL;
	memcpy(buf, path, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (buf[i] == '/' || buf[i] == 0) {
			char c = buf[i];
			buf[i] = 0;
			if (mkdir(buf, 0777) < 0 && errno != EEXIST)
				return UPM_EIO;
			buf[i] = c;
		}
	}
	return UPM_OK;
}

int upm_os_write_file(const char *path, const void *data, size_t len)
{
	if (fail_writes_under && fail_writes_under(path))
		return UPM_EIO;
	FILE *f = fopen(path, "wb");
	if (!f)
		return UPM_EIO;
	int ok = fwrite(data, 1, len, f) == len;
	ok &= fclose(f) == 0;
	return ok ? UPM_OK : UPM_EIO;
}

int upm_os_read_file(const char *path, void **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return UPM_ENOTFOUND;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		char *bigger = realloc(buf, cap * 2);
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	int err = ferror(f);
	fclose(f);
	if (!buf || err) {
		free(buf);
		return buf ? UPM_EIO : UPM_ENOMEM;
	}
	*data = buf;
	*len = n;
	return UPM_OK;
}

int upm_os_rename(const char *from, const char *to)
{
	return rename(from, to) == 0 ? UPM_OK : UPM_EIO;
}

const char *upm_os_default_out_dir(void)
{
	return "upmon-results";
}

int upm_os_topology(struct upm_topology *out)
{
	memset(out, 0, sizeof *out);
	out->n_sockets = sim_sockets;
	for (unsigned s = 0; s < sim_sockets; s++) {
		for (unsigned c = 0; c < sim_cores && out->n_cpus < UPM_MAX_CPUS; c++) {
			struct upm_cpu_info *ci = &out->cpus[out->n_cpus];
			ci->index = out->n_cpus;
			/* APIC IDs as QEMU numbers them: package in the bits above the core bits. */
			ci->apic_id = s * 2 * ((sim_cores + 1) / 2) + c;
			ci->package = s;
			ci->core = c;
			ci->is_bsp = out->n_cpus == 0;
			out->n_cpus++;
		}
	}
	return UPM_OK;
}

int upm_os_run_on_socket(unsigned socket, void (*fn)(void *arg), void *arg)
{
	if (socket >= sim_sockets)
		return UPM_ENOTFOUND;
	unsigned saved = current_cpu_index;
	current_cpu_index = socket * sim_cores;
	fn(arg);
	current_cpu_index = saved;
	return UPM_OK;
}

void upm_os_current_cpu(uint32_t *apic_id, unsigned *package)
{
	unsigned s = current_cpu_index / sim_cores, c = current_cpu_index % sim_cores;
	*apic_id = s * 2 * ((sim_cores + 1) / 2) + c;
	*package = s;
}

uint64_t upm_os_nanoseconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void upm_os_sleep_ns(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };
	nanosleep(&ts, NULL);
}

const char *upm_os_name(void)
{
	return "host";
}

void upm_os_end(enum upm_end_action action, int status)
{
	(void)status;
	/* The host process simply exits; firmware actions have no meaning here. */
	(void)action;
}
