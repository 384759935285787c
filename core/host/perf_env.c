/* The kernel's perf as a second opinion (platform/base/os.h, upm_os_perf_begin): an event
 * alias counted on every PMU of one uncore type, per socket, through perf_event_open
 * (platform/linux/perf_pmu.h). Part of room host. */
#define _GNU_SOURCE
#include "core/host/linux_env.h"
#include "platform/linux/perf_pmu.h"
#include "platform/linux/linux.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PERF_MAX_COUNTERS 128

struct upm_os_perf {
	unsigned n;
	int fd[PERF_MAX_COUNTERS];
	unsigned socket[PERF_MAX_COUNTERS];
	double scale[PERF_MAX_COUNTERS];
	char unit[16];
};

/* "uncore_imc" or "uncore_imc_N": the kernel's name for a type with one box or several
 * (Linux uncore.c, uncore_pmu_register). */
static int is_type_pmu(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	if (strncmp(name, prefix, n) != 0)
		return 0;
	if (!name[n])
		return 1;
	if (name[n] != '_' || !name[n + 1])
		return 0;
	for (const char *p = name + n + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

static void close_all(struct upm_os_perf *h)
{
	for (unsigned i = 0; i < h->n; i++)
		close(h->fd[i]);
	free(h);
}

/* Opens alias on one PMU, for each socket (firsts[s]: its first processor) on the processor
 * that counts the PMU for its package. 0, or -1 with err. */
static int open_on(struct upm_os_perf *h, const struct upm_perf_pmu *p, const char *alias, const unsigned *firsts,
		   unsigned n_sockets, char *err, size_t err_size)
{
	char terms[256], unit[16];
	double scale;
	uint64_t config[3];
	const char *root = upm_host_linux_sysroot();
	if (upm_perf_alias_read(root, p, alias, terms, sizeof terms, &scale, unit, sizeof unit, err, err_size) < 0 ||
	    upm_perf_encode(p, terms, config, err, err_size) < 0)
		return -1;
	if (h->n && strcmp(unit, h->unit) != 0) {
		upm_snprintf(err, err_size, "perf PMU %s gives %s in '%s', another in '%s'", p->name, alias, unit, h->unit);
		return -1;
	}
	upm_strlcpy(h->unit, unit, sizeof h->unit);
	for (unsigned socket = 0; socket < n_sockets; socket++) {
		int cpu = upm_perf_cpu_for(root, p, firsts[socket]);
		if (cpu < 0)
			continue; /* the PMU counts no package of this socket's */
		if (h->n == PERF_MAX_COUNTERS) {
			upm_snprintf(err, err_size, "more than %u perf counts", PERF_MAX_COUNTERS);
			return -1;
		}
		int fd = upm_perf_open(p, cpu, config, err, err_size);
		if (fd < 0)
			return -1;
		h->fd[h->n] = fd;
		h->socket[h->n] = socket;
		h->scale[h->n] = scale;
		h->n++;
	}
	return 0;
}

struct upm_os_perf *upm_os_perf_begin(const char *type, const char *alias, char *err, size_t err_size)
{
	char prefix[64], dir[512];
	const char *root = upm_host_linux_sysroot();
	upm_snprintf(prefix, sizeof prefix, "uncore_%s", type);
	upm_linux_path(dir, sizeof dir, root, "sys/bus/event_source/devices");
	struct upm_os_perf *h = calloc(1, sizeof *h);
	if (!h) {
		upm_snprintf(err, err_size, "out of memory");
		return NULL;
	}
	unsigned firsts[UPM_MAX_SOCKETS];
	unsigned n_sockets = upm_host_linux_first_cpus(firsts, UPM_MAX_SOCKETS);
	if (!n_sockets) {
		upm_snprintf(err, err_size, "cannot read the processors from %s/sys/devices/system/cpu",
			     strcmp(root, "/") == 0 ? "" : root);
		free(h);
		return NULL;
	}
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned pmus = 0;
	int rc = 0;
	while (d && rc == 0 && (e = readdir(d)) != NULL) {
		if (!is_type_pmu(e->d_name, prefix))
			continue;
		struct upm_perf_pmu p;
		int missing;
		rc = upm_perf_pmu_read(root, e->d_name, &p, &missing, err, err_size);
		if (rc == 0)
			rc = open_on(h, &p, alias, firsts, n_sockets, err, err_size);
		pmus++;
	}
	if (d)
		closedir(d);
	if (rc == 0 && !pmus)
		upm_snprintf(err, err_size, "the kernel has no %s PMUs (no %s/sys/bus/event_source/devices/%s_N): its "
			     "uncore driver is not loaded (modprobe intel_uncore) or does not know this processor, or "
			     "this is a virtual machine", prefix, strcmp(root, "/") == 0 ? "" : root, prefix);
	if (rc == 0 && pmus && !h->n) /* never a zero for a count that was not made */
		upm_snprintf(err, err_size, "the kernel's %s PMUs count on no processor of this machine's sockets", prefix);
	if (rc < 0 || !pmus || !h->n) {
		close_all(h);
		return NULL;
	}
	for (unsigned i = 0; i < h->n; i++)
		if (upm_perf_enable(h->fd[i], 1) < 0) {
			upm_snprintf(err, err_size, "perf: cannot start the count of %s: %s", alias, strerror(errno));
			close_all(h);
			return NULL;
		}
	return h;
}

int upm_os_perf_end(struct upm_os_perf *h, double *per_socket, unsigned max, char *unit, size_t unit_size,
		    int *partial, char *err, size_t err_size)
{
	int rc = 0;
	*partial = 0;
	for (unsigned s = 0; s < max; s++)
		per_socket[s] = 0;
	for (unsigned i = 0; i < h->n; i++)
		upm_perf_enable(h->fd[i], 0);
	for (unsigned i = 0; i < h->n; i++) {
		uint64_t count, enabled, running;
		if (upm_perf_read(h->fd[i], &count, &enabled, &running) < 0) {
			upm_snprintf(err, err_size, "perf: cannot read a count: %s", strerror(errno));
			rc = -1;
			break;
		}
		if (running < enabled)
			*partial = 1;
		if (h->socket[i] < max)
			per_socket[h->socket[i]] += (double)count * h->scale[i];
	}
	upm_strlcpy(unit, h->unit, unit_size);
	close_all(h);
	return rc;
}
