/* The backend of an installed Linux machine (platform/linux/linux.h). */
#define _GNU_SOURCE /* pread, pwrite, mmap's MAP_SHARED with a file offset */
#include "platform/linux/linux.h"
#include "platform/mcfg.h"
#include "platform/pci.h"
#include "platform/base/str.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINUX_MAX_MAPS 64
#define LINUX_MAX_CONFIGS 64

struct linux_map {
	uint64_t page; /* physical address of the mapped page */
	volatile uint8_t *at;
};

/* A PCI function's config file, opened once (a session reads and writes its boxes'
 * functions thousands of times). */
struct linux_config {
	uint16_t seg;
	uint8_t bus, dev, fn;
	int fd;
	int write_errno; /* 0: open for writing; else why writing was refused (reads only) */
	off_t size;      /* what the kernel gives of the function (0: not known) */
};

struct linux_ctx {
	char sysroot[256];
	unsigned n_sockets;
	unsigned first_cpu[UPM_MAX_SOCKETS];
	int msr_fd[UPM_MAX_SOCKETS];
	int cpuid_fd[UPM_MAX_SOCKETS];
	/* A regular file in a test's sysroot cannot hold leaves 16 bytes long one offset
	 * apart (leaf 0 and leaf 1 would share 15 bytes): there each leaf is a record of its
	 * own, at 16 x (subleaf << 32 | leaf). The driver's device takes the key itself. */
	unsigned char cpuid_records[UPM_MAX_SOCKETS];
	int mem_fd;          /* dev/mem, opened at the first MMIO access; -1 before, -2 refused */
	uint64_t mem_end;    /* a regular dev/mem's size (a test's); the device has no end */
	long page_size;
	struct linux_map maps[LINUX_MAX_MAPS];
	unsigned n_maps;
	struct upm_ecam_window windows[UPM_ECAM_MAX_WINDOWS];
	unsigned n_windows;
	struct linux_config configs[LINUX_MAX_CONFIGS];
	unsigned n_configs;
};

void upm_linux_path(char *buf, size_t size, const char *sysroot, const char *rel)
{
	size_t n = sysroot ? strlen(sysroot) : 0;
	while (n && sysroot[n - 1] == '/')
		n--;
	upm_snprintf(buf, size, "%.*s/%s", (int)n, n ? sysroot : "", rel);
}

static struct linux_ctx *ctx_of(struct upm_backend *b)
{
	return b->ctx;
}

/* The socket the calling thread runs on, as the environment numbers them. */
static unsigned current_socket(const struct linux_ctx *c)
{
	uint32_t apic;
	unsigned socket;
	upm_os_current_cpu(&apic, &socket);
	return socket < c->n_sockets ? socket : 0;
}

/* How the msr and cpuid drivers answer: EIO where the instruction raised #GP (msr.c
 * rdmsr_safe_on_cpu), EPERM where a write is filtered or the kernel is locked down. Both
 * are the access upmon may not make: the same finding as a #GP under UEFI. */
static int status_of(int e)
{
	switch (e) {
	case EIO:
	case EPERM:
	case EACCES:
	case EFAULT:
		return UPM_EFAULT;
	case ENOENT:
	case ENODEV:
	case ENXIO:
		return UPM_EABSENT;
	case EINVAL:
		return UPM_EINVAL;
	default:
		return UPM_EIO;
	}
}

int upm_linux_cpuid_open(const char *sysroot, unsigned cpu, unsigned char *records)
{
	char rel[64], path[400];
	struct stat st;
	upm_snprintf(rel, sizeof rel, "dev/cpu/%u/cpuid", cpu);
	upm_linux_path(path, sizeof path, sysroot, rel);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	*records = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	return fd;
}

int upm_linux_cpuid_read(int fd, int records, uint32_t leaf, uint32_t subleaf, struct upm_cpuid_regs *out)
{
	uint32_t regs[4];
	memset(out, 0, sizeof *out);
	if (fd < 0)
		return UPM_EUNSUPPORTED;
	uint64_t key = (uint64_t)subleaf << 32 | leaf;
	ssize_t n = pread(fd, regs, sizeof regs, (off_t)(records ? key * 16 : key));
	if (n != (ssize_t)sizeof regs)
		return n < 0 ? status_of(errno) : UPM_EFAULT;
	out->eax = regs[0];
	out->ebx = regs[1];
	out->ecx = regs[2];
	out->edx = regs[3];
	return UPM_OK;
}

static int linux_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf, struct upm_cpuid_regs *out)
{
	struct linux_ctx *c = ctx_of(b);
	unsigned s = current_socket(c);
	return upm_linux_cpuid_read(c->cpuid_fd[s], c->cpuid_records[s], leaf, subleaf, out);
}

static int linux_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val)
{
	struct linux_ctx *c = ctx_of(b);
	*val = 0;
	ssize_t n = pread(c->msr_fd[current_socket(c)], val, sizeof *val, (off_t)msr);
	if (n != (ssize_t)sizeof *val)
		return n < 0 ? status_of(errno) : UPM_EFAULT;
	return UPM_OK;
}

static int linux_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val)
{
	struct linux_ctx *c = ctx_of(b);
	ssize_t n = pwrite(c->msr_fd[current_socket(c)], &val, sizeof val, (off_t)msr);
	if (n != (ssize_t)sizeof val)
		return n < 0 ? status_of(errno) : UPM_EFAULT;
	return UPM_OK;
}

static void config_path(const struct linux_ctx *c, struct upm_pci_addr a, char *buf, size_t size)
{
	char rel[80];
	upm_snprintf(rel, sizeof rel, "sys/bus/pci/devices/%04x:%02x:%02x.%x/config", a.seg, a.bus, a.dev, a.fn);
	upm_linux_path(buf, size, c->sysroot, rel);
}

/* The function's config file, kept open (past LINUX_MAX_CONFIGS of them, opened into temp
 * for this access only: the caller closes temp's). Opened for writing where it may be, else
 * for reading with why writing may not. NULL with *rc: UPM_ENOTFOUND when there is no such
 * function, else why the file could not be opened. */
static struct linux_config *config_of(struct linux_ctx *c, struct upm_pci_addr a, struct linux_config *temp,
				      int *rc)
{
	for (unsigned i = 0; i < c->n_configs; i++) {
		struct linux_config *f = &c->configs[i];
		if (f->seg == a.seg && f->bus == a.bus && f->dev == a.dev && f->fn == a.fn)
			return f;
	}
	char path[400];
	config_path(c, a, path, sizeof path);
	struct linux_config f = { a.seg, a.bus, a.dev, a.fn, open(path, O_RDWR), 0, 0 };
	if (f.fd < 0 && errno != ENOENT) {
		f.write_errno = errno;
		f.fd = open(path, O_RDONLY);
	}
	if (f.fd < 0) {
		*rc = errno == ENOENT ? UPM_ENOTFOUND : status_of(errno);
		return NULL;
	}
	struct stat st;
	f.size = fstat(f.fd, &st) == 0 ? st.st_size : 0;
	struct linux_config *kept = c->n_configs < LINUX_MAX_CONFIGS ? &c->configs[c->n_configs++] : temp;
	*kept = f;
	return kept;
}

/* CF8/CFC reaches offsets 0x00-0xFF only, as on the hardware; the config file reaches
 * what the kernel's access method does (the extended space through ECAM). */
static int config_access(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t *val,
			 int write)
{
	struct linux_ctx *c = ctx_of(b);
	if ((a.off & 3) || a.off > 0xFFC || a.dev > 31 || a.fn > 7)
		return UPM_EINVAL;
	if (mech == UPM_PCI_CF8 && a.off > 0xFF)
		return UPM_ERANGE;
	struct linux_config temp;
	int rc = UPM_OK;
	struct linux_config *f = config_of(c, a, &temp, &rc);
	if (!f) {
		if (rc != UPM_ENOTFOUND)
			return rc;
		if (!write) /* no such function: a master abort reads all ones */
			*val = UPM_PCI_ABSENT;
		return UPM_OK;
	}
	if (write && f->write_errno)
		rc = status_of(f->write_errno);
	else if (f->size && (off_t)a.off + 4 > f->size)
		rc = UPM_ERANGE; /* beyond what the kernel gives of this function */
	else if ((errno = 0, write ? pwrite(f->fd, val, 4, a.off) != 4 : pread(f->fd, val, 4, a.off) != 4))
		rc = errno ? status_of(errno) : UPM_EFAULT; /* a short transfer sets none */
	if (f == &temp)
		close(temp.fd);
	return rc;
}

static int linux_pci_read32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t *val)
{
	*val = UPM_PCI_ABSENT;
	return config_access(b, mech, a, val, 0);
}

static int linux_pci_write32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t val)
{
	return config_access(b, mech, a, &val, 1);
}

/* The page holding addr, mapped once and kept (dev/mem: the kernel refuses ranges that
 * are RAM or that a driver holds exclusively unless iomem=relaxed, and all of it under
 * lockdown). */
static int map_of(struct linux_ctx *c, uint64_t addr, unsigned width, volatile uint8_t **at)
{
	uint64_t page = addr & ~(uint64_t)(c->page_size - 1);
	if ((addr & (width - 1)) || addr - page + width > (uint64_t)c->page_size)
		return UPM_EINVAL;
	for (unsigned i = 0; i < c->n_maps; i++)
		if (c->maps[i].page == page) {
			*at = c->maps[i].at + (addr - page);
			return UPM_OK;
		}
	if (c->mem_fd == -1) {
		char path[320];
		upm_linux_path(path, sizeof path, c->sysroot, "dev/mem");
		c->mem_fd = open(path, O_RDWR | O_SYNC);
		if (c->mem_fd < 0) {
			int rc = status_of(errno);
			c->mem_fd = -2;
			return rc;
		}
		struct stat st;
		c->mem_end = fstat(c->mem_fd, &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : UINT64_MAX;
	}
	if (c->mem_fd < 0 || c->n_maps >= LINUX_MAX_MAPS)
		return c->mem_fd < 0 ? UPM_EFAULT : UPM_ENOMEM;
	void *p = mmap(NULL, (size_t)c->page_size, PROT_READ | PROT_WRITE, MAP_SHARED, c->mem_fd, (off_t)page);
	if (p == MAP_FAILED)
		return status_of(errno);
	c->maps[c->n_maps].page = page;
	c->maps[c->n_maps].at = p;
	c->n_maps++;
	*at = (volatile uint8_t *)p + (addr - page);
	return UPM_OK;
}

/* A mapped file page past the end of a regular file (a test's dev/mem) faults: refused
 * before the load. /dev/mem itself is a character device and has no such end. */
static int beyond_file(const struct linux_ctx *c, uint64_t addr, unsigned width)
{
	return addr + width > c->mem_end;
}

/* The mapped place of a width-byte register at addr, or why there is none. */
static int mmio_at(struct upm_backend *b, uint64_t addr, unsigned width, volatile uint8_t **at)
{
	struct linux_ctx *c = ctx_of(b);
	int rc = map_of(c, addr, width, at);
	return rc != UPM_OK ? rc : beyond_file(c, addr, width) ? UPM_EFAULT : UPM_OK;
}

static int linux_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	volatile uint8_t *at;
	int rc = mmio_at(b, addr, 4, &at);
	*val = rc == UPM_OK ? *(volatile uint32_t *)at : 0xFFFFFFFFu;
	return rc;
}

static int linux_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	volatile uint8_t *at;
	int rc = mmio_at(b, addr, 4, &at);
	if (rc == UPM_OK)
		*(volatile uint32_t *)at = val;
	return rc;
}

static int linux_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	volatile uint8_t *at;
	int rc = mmio_at(b, addr, 8, &at);
	*val = rc == UPM_OK ? *(volatile uint64_t *)at : ~0ull;
	return rc;
}

static int linux_ecam_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	struct linux_ctx *c = ctx_of(b);
	if (index >= c->n_windows)
		return UPM_ENOTFOUND;
	*out = c->windows[index];
	return UPM_OK;
}

static void linux_destroy(struct upm_backend *b)
{
	struct linux_ctx *c = ctx_of(b);
	for (unsigned s = 0; s < c->n_sockets; s++) {
		if (c->msr_fd[s] >= 0)
			close(c->msr_fd[s]);
		if (c->cpuid_fd[s] >= 0)
			close(c->cpuid_fd[s]);
	}
	for (unsigned i = 0; i < c->n_maps; i++)
		munmap((void *)c->maps[i].at, (size_t)c->page_size);
	for (unsigned i = 0; i < c->n_configs; i++)
		close(c->configs[i].fd);
	if (c->mem_fd >= 0)
		close(c->mem_fd);
	free(c);
	free(b);
}

static const struct upm_backend_ops linux_ops = {
	.cpuid = linux_cpuid,
	.msr_read = linux_msr_read,
	.msr_write = linux_msr_write,
	.pci_read32 = linux_pci_read32,
	.pci_write32 = linux_pci_write32,
	.mmio_read32 = linux_mmio_read32,
	.mmio_write32 = linux_mmio_write32,
	.mmio_read64 = linux_mmio_read64,
	.ecam_window = linux_ecam_window,
	.destroy = linux_destroy,
};

/* The firmware's MCFG table, as the kernel exposes it. */
static void read_mcfg(struct linux_ctx *c, struct upm_backend *b)
{
	char path[320];
	uint8_t table[4096];
	upm_linux_path(path, sizeof path, c->sysroot, "sys/firmware/acpi/tables/MCFG");
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	ssize_t n = read(fd, table, sizeof table);
	close(fd);
	unsigned total = 0;
	if (n > 0)
		c->n_windows = upm_mcfg_parse(table, (uint32_t)n, c->windows, UPM_ECAM_MAX_WINDOWS, &total);
	b->ecam_entries_dropped = total > c->n_windows ? total - c->n_windows : 0;
}

struct upm_backend *upm_linux_backend_create(const char *sysroot, const unsigned *first_cpu, unsigned n_sockets,
					     char *err, size_t err_size)
{
	if (!n_sockets || n_sockets > UPM_MAX_SOCKETS) {
		upm_snprintf(err, err_size, "no sockets to measure (%u)", n_sockets);
		return NULL;
	}
	struct upm_backend *b = calloc(1, sizeof *b);
	struct linux_ctx *c = calloc(1, sizeof *c);
	if (!b || !c) {
		free(b);
		free(c);
		upm_snprintf(err, err_size, "out of memory");
		return NULL;
	}
	upm_snprintf(c->sysroot, sizeof c->sysroot, "%s", sysroot ? sysroot : "/");
	c->n_sockets = n_sockets;
	c->mem_fd = -1;
	c->page_size = sysconf(_SC_PAGESIZE) > 0 ? sysconf(_SC_PAGESIZE) : 4096;
	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
		c->msr_fd[s] = c->cpuid_fd[s] = -1;
	b->name = "linux";
	b->ops = &linux_ops;
	b->ctx = c;
	for (unsigned s = 0; s < n_sockets; s++) {
		char rel[64], path[400];
		c->first_cpu[s] = first_cpu[s];
		upm_snprintf(rel, sizeof rel, "dev/cpu/%u/msr", first_cpu[s]);
		upm_linux_path(path, sizeof path, c->sysroot, rel);
		c->msr_fd[s] = open(path, O_RDWR);
		if (c->msr_fd[s] < 0) {
			upm_snprintf(err, err_size, "cannot open %s: %s", path, strerror(errno));
			linux_destroy(b);
			return NULL;
		}
		c->cpuid_fd[s] = upm_linux_cpuid_open(c->sysroot, first_cpu[s], &c->cpuid_records[s]);
	}
	read_mcfg(c, b);
	return b;
}
