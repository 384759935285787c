/* The perf backend (--backend perf, platform/linux/linux.h): counts through the kernel's
 * uncore PMUs (perf_pmu.h) where raw register access is locked (Secure Boot lockdown) or not
 * wanted. It identifies the processor from dev/cpu/N/cpuid, as the Linux backend does, and
 * makes no register access at all: MSR, PCI configuration and MMIO are UPM_EUNSUPPORTED. */
#define _GNU_SOURCE
#include "platform/linux/linux.h"
#include "platform/linux/perf_pmu.h"
#include "platform/base/str.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PERF_MAX_OPEN 512

struct perf_ctx {
	char sysroot[256];
	unsigned n_sockets;
	unsigned first_cpu[UPM_MAX_SOCKETS];
	int cpuid_fd[UPM_MAX_SOCKETS];
	unsigned char cpuid_records[UPM_MAX_SOCKETS]; /* a test's regular file: 16 x key */
	int fd[PERF_MAX_OPEN];
};

static struct perf_ctx *ctx_of(struct upm_backend *b)
{
	return b->ctx;
}

static int perf_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf, struct upm_cpuid_regs *out)
{
	struct perf_ctx *c = ctx_of(b);
	uint32_t apic;
	unsigned s;
	upm_os_current_cpu(&apic, &s);
	s = s < c->n_sockets ? s : 0;
	return upm_linux_cpuid_read(c->cpuid_fd[s], c->cpuid_records[s], leaf, subleaf, out);
}

/* No register access: perf is the way in. */
static int no_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val)
{
	(void)b;
	(void)msr;
	*val = 0;
	return UPM_EUNSUPPORTED;
}

static int no_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val)
{
	(void)b;
	(void)msr;
	(void)val;
	return UPM_EUNSUPPORTED;
}

static int no_pci_read(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t *val)
{
	(void)b;
	(void)mech;
	(void)a;
	*val = 0xFFFFFFFFu;
	return UPM_EUNSUPPORTED;
}

static int no_pci_write(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t val)
{
	(void)b;
	(void)mech;
	(void)a;
	(void)val;
	return UPM_EUNSUPPORTED;
}

static int no_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	(void)b;
	(void)addr;
	*val = 0xFFFFFFFFu;
	return UPM_EUNSUPPORTED;
}

static int no_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	(void)b;
	(void)addr;
	(void)val;
	return UPM_EUNSUPPORTED;
}

static int no_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	(void)b;
	(void)addr;
	*val = ~0ull;
	return UPM_EUNSUPPORTED;
}

static int no_ecam(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	(void)b;
	(void)index;
	(void)out;
	return UPM_ENOTFOUND;
}

/* The processor of PMU p that counts for socket (upm_perf_cpu_for). -1: none. */
static int cpu_for(const struct perf_ctx *c, const struct upm_perf_pmu *p, unsigned socket)
{
	return socket < c->n_sockets ? upm_perf_cpu_for(c->sysroot, p, c->first_cpu[socket]) : -1;
}

static int perf_pmu_present(struct upm_backend *b, unsigned socket, const char *pmu)
{
	struct perf_ctx *c = ctx_of(b);
	struct upm_perf_pmu p;
	int missing;
	char err[200];
	return upm_perf_pmu_read(c->sysroot, pmu, &p, &missing, err, sizeof err) == 0 && cpu_for(c, &p, socket) >= 0;
}

static int perf_pmu_open(struct upm_backend *b, unsigned socket, const char *pmu, const char *terms, int *handle,
			 char *err, unsigned long err_size)
{
	struct perf_ctx *c = ctx_of(b);
	struct upm_perf_pmu p;
	int missing;
	uint64_t config[3];
	*handle = -1;
	if (upm_perf_pmu_read(c->sysroot, pmu, &p, &missing, err, err_size) < 0)
		return missing ? UPM_ENOTFOUND : UPM_EIO;
	int cpu = cpu_for(c, &p, socket);
	if (cpu < 0) {
		upm_snprintf(err, err_size, "perf PMU %s counts on no processor of socket %u", pmu, socket);
		return UPM_ENOTFOUND;
	}
	/* "@ALIAS": the kernel's own event alias (a fixed or free-running counter), its raw
	 * count (the alias's scale is for people; upmon scales its counts itself). */
	char alias_terms[256], unit[16];
	double scale;
	if (terms[0] == '@') {
		if (upm_perf_alias_read(c->sysroot, &p, terms + 1, alias_terms, sizeof alias_terms, &scale, unit,
					sizeof unit, err, err_size) < 0)
			return UPM_EINVAL;
		terms = alias_terms;
	}
	if (upm_perf_encode(&p, terms, config, err, err_size) < 0)
		return UPM_EINVAL;
	unsigned slot = 0;
	while (slot < PERF_MAX_OPEN && c->fd[slot] >= 0)
		slot++;
	if (slot == PERF_MAX_OPEN) {
		upm_snprintf(err, err_size, "more than %u perf counters open", PERF_MAX_OPEN);
		return UPM_ENOMEM;
	}
	int fd = upm_perf_open(&p, cpu, config, err, err_size);
	if (fd < 0)
		return UPM_EUNSUPPORTED;
	c->fd[slot] = fd;
	*handle = (int)slot;
	return UPM_OK;
}

static int valid(const struct perf_ctx *c, int h)
{
	return h >= 0 && h < PERF_MAX_OPEN && c->fd[h] >= 0;
}

static int perf_pmu_enable(struct upm_backend *b, int handle, int on)
{
	struct perf_ctx *c = ctx_of(b);
	if (!valid(c, handle))
		return UPM_EINVAL;
	return upm_perf_enable(c->fd[handle], on) == 0 ? UPM_OK : UPM_EIO;
}

static int perf_pmu_read(struct upm_backend *b, int handle, uint64_t *count, uint64_t *enabled_ns, int *partial)
{
	struct perf_ctx *c = ctx_of(b);
	uint64_t running;
	*count = *enabled_ns = 0;
	*partial = 0;
	if (!valid(c, handle))
		return UPM_EINVAL;
	if (upm_perf_read(c->fd[handle], count, enabled_ns, &running) < 0)
		return UPM_EIO;
	*partial = running < *enabled_ns;
	return UPM_OK;
}

static void perf_pmu_close(struct upm_backend *b, int handle)
{
	struct perf_ctx *c = ctx_of(b);
	if (valid(c, handle)) {
		close(c->fd[handle]);
		c->fd[handle] = -1;
	}
}

static void perf_destroy(struct upm_backend *b)
{
	struct perf_ctx *c = ctx_of(b);
	for (unsigned i = 0; i < PERF_MAX_OPEN; i++)
		if (c->fd[i] >= 0)
			close(c->fd[i]);
	for (unsigned s = 0; s < c->n_sockets; s++)
		if (c->cpuid_fd[s] >= 0)
			close(c->cpuid_fd[s]);
	free(c);
	free(b);
}

static const struct upm_backend_ops perf_ops = {
	.cpuid = perf_cpuid,
	.msr_read = no_msr_read,
	.msr_write = no_msr_write,
	.pci_read32 = no_pci_read,
	.pci_write32 = no_pci_write,
	.mmio_read32 = no_mmio_read32,
	.mmio_write32 = no_mmio_write32,
	.mmio_read64 = no_mmio_read64,
	.ecam_window = no_ecam,
	.pmu_present = perf_pmu_present,
	.pmu_open = perf_pmu_open,
	.pmu_enable = perf_pmu_enable,
	.pmu_read = perf_pmu_read,
	.pmu_close = perf_pmu_close,
	.destroy = perf_destroy,
};

struct upm_backend *upm_perf_backend_create(const char *sysroot, const unsigned *first_cpu, unsigned n_sockets,
					    char *err, size_t err_size)
{
	struct upm_backend *b = calloc(1, sizeof *b);
	struct perf_ctx *c = calloc(1, sizeof *c);
	if (!b || !c || n_sockets == 0 || n_sockets > UPM_MAX_SOCKETS) {
		free(b);
		free(c);
		upm_snprintf(err, err_size, n_sockets ? "out of memory" : "no socket");
		return NULL;
	}
	upm_strlcpy(c->sysroot, sysroot ? sysroot : "/", sizeof c->sysroot);
	c->n_sockets = n_sockets;
	for (unsigned i = 0; i < PERF_MAX_OPEN; i++)
		c->fd[i] = -1;
	b->name = "perf";
	b->ops = &perf_ops;
	b->ctx = c;
	for (unsigned s = 0; s < n_sockets; s++) {
		c->first_cpu[s] = first_cpu[s];
		c->cpuid_fd[s] = upm_linux_cpuid_open(c->sysroot, first_cpu[s], &c->cpuid_records[s]);
		if (c->cpuid_fd[s] < 0) {
			int e = errno;
			char rel[64], path[512];
			upm_snprintf(rel, sizeof rel, "dev/cpu/%u/cpuid", first_cpu[s]);
			upm_linux_path(path, sizeof path, c->sysroot, rel);
			upm_snprintf(err, err_size, "cannot open %s to identify the processor (%s): %s", path,
				     strerror(e), e == EACCES || e == EPERM ? "it needs root: run it with sudo"
						  : "run modprobe cpuid");
			for (unsigned k = 0; k < s; k++)
				close(c->cpuid_fd[k]);
			c->n_sockets = 0;
			perf_destroy(b);
			return NULL;
		}
	}
	return b;
}
