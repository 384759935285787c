/* Room platform: the machine below the box tables: the backend interface (backend.h) and
 * its trace and replay backends, CPU identification (cpu.h), PCI addressing (pci.h,
 * mcfg.h), ACPI tables, the spinlock and register spaces (space.h). Includes base. */
/* Register-access backend: the one door to hardware.
 *
 * Every CPUID, MSR, PCI configuration and MMIO access upmon makes goes through a
 * struct upm_backend, so the trace, the dry run and the mock see all of it.
 * Implementations: platform/hw (real accesses, UEFI only), platform/mock (an
 * in-process model of the uncore), platform/trace.c (a recording wrapper).
 *
 * MSR accesses act on the processor that executes them, as RDMSR/WRMSR do: code
 * that targets a socket runs itself there first with upm_os_run_on_socket(). */
#ifndef UPMON_PLATFORM_BACKEND_H
#define UPMON_PLATFORM_BACKEND_H

#include <stdint.h>
#include <stddef.h>

/* Results of an access. Zero is success; every failure is reported, never hidden. */
enum upm_status {
	UPM_OK = 0,
	UPM_EFAULT = 1,       /* the access raised #GP (or the mock was told it does) */
	UPM_EABSENT = 2,      /* no device answers at that PCI address */
	UPM_EUNSUPPORTED = 3, /* this backend cannot do that kind of access here */
	UPM_ERANGE = 4,       /* address outside what the mechanism can reach (CF8 above 0xFF) */
	UPM_EINVAL = 5,       /* malformed request or input */
	UPM_ENOMEM = 6,
	UPM_EIO = 7,          /* file or medium error, cause unknown */
	UPM_ENOTFOUND = 8,
	UPM_EDIVERGED = 9,    /* a replay's access after it diverged: the recording has no answer */
	UPM_ENOSPC = 10,      /* file: the medium is full (EFI_VOLUME_FULL, ENOSPC) */
	UPM_EROFS = 11,       /* file: the medium is write-protected (EFI_WRITE_PROTECTED, EROFS) */
	UPM_EBUSY = 12,       /* a shared lock's holder kept it past the wait: the access was not made */
};

const char *upm_status_name(int status);

/* How a PCI configuration access reaches the device. */
enum upm_pci_mech {
	UPM_PCI_AUTO = 0, /* ECAM when an MCFG window covers the bus, else CF8/CFC */
	UPM_PCI_CF8 = 1,  /* legacy I/O ports 0xCF8/0xCFC: offsets 0x00-0xFF only */
	UPM_PCI_ECAM = 2, /* memory-mapped configuration: offsets 0x000-0xFFF */
};

struct upm_pci_addr {
	uint16_t seg;
	uint8_t bus;
	uint8_t dev; /* 0-31 */
	uint8_t fn;  /* 0-7 */
	uint16_t off; /* dword-aligned, 0x000-0xFFC */
};

/* ECAM window from the ACPI MCFG table: one allocation entry, one segment's bus range.
 * A machine may have several (one per segment, or split ranges); backends keep at most
 * UPM_ECAM_MAX_WINDOWS of them. */
#define UPM_ECAM_MAX_WINDOWS 16
struct upm_ecam_window {
	uint64_t base;
	uint16_t seg;
	uint8_t bus_start;
	uint8_t bus_end;
};

struct upm_cpuid_regs {
	uint32_t eax, ebx, ecx, edx;
};

/* Activity the measured interval reports to a model backend (the mock); hardware
 * ignores it. Counts are per socket. */
struct upm_activity {
	unsigned socket;
	uint64_t nanoseconds;   /* length of the interval (the mock's clocks run with elapsed
				 * time, not with this: platform/mock/mock.h, Time) */
	uint64_t lines_read;    /* cache lines the workload read from memory */
	uint64_t lines_written; /* cache lines the workload wrote to memory */
	uint64_t llc_lookups;   /* cache lines the workload looked up in the LLC */
	uint64_t llc_misses;
	uint64_t remote_lines;  /* lines that crossed the socket interconnect */
};

struct upm_backend;

struct upm_backend_ops {
	int (*cpuid)(struct upm_backend *b, uint32_t leaf, uint32_t subleaf,
		     struct upm_cpuid_regs *out);
	int (*msr_read)(struct upm_backend *b, uint32_t msr, uint64_t *val);
	int (*msr_write)(struct upm_backend *b, uint32_t msr, uint64_t val);
	int (*pci_read32)(struct upm_backend *b, enum upm_pci_mech mech,
			  struct upm_pci_addr a, uint32_t *val);
	int (*pci_write32)(struct upm_backend *b, enum upm_pci_mech mech,
			   struct upm_pci_addr a, uint32_t val);
	int (*mmio_read32)(struct upm_backend *b, uint64_t addr, uint32_t *val);
	/* A 32-bit store (discovered MMIO units' controls) and a single 64-bit load (their
	 * 64-bit counters, read whole so that the two halves belong together). */
	int (*mmio_write32)(struct upm_backend *b, uint64_t addr, uint32_t val);
	int (*mmio_read64)(struct upm_backend *b, uint64_t addr, uint64_t *val);
	/* The index-th ECAM window (ACPI MCFG entry, in table order) this backend sees;
	 * UPM_ENOTFOUND past the last one (at index 0: none at all). */
	int (*ecam_window)(struct upm_backend *b, unsigned index, struct upm_ecam_window *out);
	/* Optional: model backends advance their counters by this activity. */
	void (*activity)(struct upm_backend *b, const struct upm_activity *act);
	/* Optional: a burn-in pass (check --passes) begins, from 1. A model backend arms
	 * the faults given for that pass (the mock's @passN); hardware has nothing to do. */
	void (*pass_begins)(struct upm_backend *b, unsigned pass);
	/* Optional: counting through the kernel's perf PMUs instead of registers (the perf
	 * backend, platform/linux/backend_perf.c). pmu_present: 1 when PMU `pmu`
	 * ("uncore_imc_0") counts on socket's package. pmu_open: one counter of it on that
	 * socket, stopped, from a term list the PMU's format encodes ("event=0x04,umask=0x03",
	 * or "@ALIAS": the PMU's own event alias, events/ALIAS);
	 * *handle names it; UPM_ENOTFOUND no such PMU there, UPM_EINVAL a term its format
	 * lacks, UPM_EUNSUPPORTED the kernel refused the open (why in err, a line).
	 * pmu_enable starts (1) or stops (0) it; pmu_read gives its count, the nanoseconds it
	 * was enabled and *partial 1 when the kernel counted it only part of them
	 * (multiplexed); pmu_close lets it go. */
	int (*pmu_present)(struct upm_backend *b, unsigned socket, const char *pmu);
	int (*pmu_open)(struct upm_backend *b, unsigned socket, const char *pmu, const char *terms, int *handle,
			char *err, unsigned long err_size);
	int (*pmu_enable)(struct upm_backend *b, int handle, int on);
	int (*pmu_read)(struct upm_backend *b, int handle, uint64_t *count, uint64_t *enabled_ns, int *partial);
	void (*pmu_close)(struct upm_backend *b, int handle);
	void (*destroy)(struct upm_backend *b);
};

struct upm_backend {
	const char *name; /* "hw", "mock", "trace" */
	const struct upm_backend_ops *ops;
	void *ctx;
	/* Segments whose ECAM window upm_backend_refuse_ecam refused (creators zero the
	 * count): UPM_PCI_AUTO accesses there use CF8/CFC and their windows are not reported;
	 * every other segment's window stands on its own. */
	uint16_t ecam_refused_seg[UPM_ECAM_MAX_WINDOWS];
	unsigned n_ecam_refused;
	/* MCFG entries past UPM_ECAM_MAX_WINDOWS that this backend does not use (creators
	 * zero it; wrappers copy their inner backend's). */
	unsigned ecam_entries_dropped;
	/* Why the firmware's MCFG table failed a check and is not used (a line, such as "the
	 * ACPI MCFG table at 0x... has a wrong checksum"), or NULL when it is used or absent
	 * (creators set it; wrappers copy their inner backend's). */
	const char *mcfg_refused;
	/* The first access given up because a shared lock's holder (CF8/CFC's) kept it past
	 * its bounded wait: a line naming the lock and the holder, "" or NULL when none was
	 * (creators set it; wrappers copy their inner backend's). */
	const char *lock_finding;
	/* Memory traffic lands in the socket the workload planned it for whether or not its
	 * buffers were placed there, so a socket's memory counts can be judged against the
	 * plan: a model backend fed the plan's activity (the mock). Hardware's land where the
	 * buffers are (creators zero it; wrappers copy their inner backend's). */
	uint8_t memory_follows_plan;
	/* Why a load or store that faults could not be caught here, or NULL when it could
	 * (creators zero it; wrappers copy their inner backend's). The UEFI environment sets
	 * it when the firmware keeps its own page-fault handler: a #PF in an ECAM or MMIO
	 * access would then stop the machine. The wrappers below then reach configuration
	 * space through CF8/CFC only (port I/O cannot page-fault), report no ECAM window,
	 * refuse an explicit ECAM access and an MMIO load from an address that could be
	 * mapped (UPM_EUNSUPPORTED, nothing touched). A non-canonical address still goes: it
	 * raises #GP, which is guarded (the guard's proof loads one). */
	const char *loads_unguarded;
	/* Register accesses (MSR, PCI configuration, MMIO reads and writes) asked of this
	 * backend through the wrappers below since its creation (creators zero it): what a
	 * step costs in accesses is the difference across it (run --interval's per-sample
	 * cost). CPUID is not a register access. */
	uint64_t accesses;
};

/* Convenience wrappers: the only calls the rest of the tree uses. */
int upm_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf, struct upm_cpuid_regs *out);
int upm_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val);
int upm_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val);
int upm_pci_read32(struct upm_backend *b, struct upm_pci_addr a, uint32_t *val);
int upm_pci_write32(struct upm_backend *b, struct upm_pci_addr a, uint32_t val);
int upm_pci_read32_via(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
		       uint32_t *val);
int upm_pci_write32_via(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			uint32_t val);
int upm_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val);
/* Refused as upm_mmio_read32 is where loads_unguarded (a store can page-fault as a load). */
int upm_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val);
int upm_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val);
/* The first ECAM window; upm_ecam_window_at the index-th; upm_ecam_window_for the one
 * covering (seg, bus). Refused segments' windows are left out (the index counts the
 * others), and every window where loads_unguarded. UPM_ENOTFOUND when none. */
int upm_ecam_window(struct upm_backend *b, struct upm_ecam_window *out);
int upm_ecam_window_at(struct upm_backend *b, unsigned index, struct upm_ecam_window *out);
int upm_ecam_window_for(struct upm_backend *b, uint16_t seg, uint8_t bus,
			struct upm_ecam_window *out);
/* The perf PMU ops (struct upm_backend_ops); UPM_EUNSUPPORTED (0 for pmu_present) where
 * the backend counts through registers. upm_backend_counts_by_pmu: 1 when it counts
 * through perf (the session then opens PMU counters instead of programming boxes). */
int upm_backend_counts_by_pmu(const struct upm_backend *b);
int upm_pmu_present(struct upm_backend *b, unsigned socket, const char *pmu);
int upm_pmu_open(struct upm_backend *b, unsigned socket, const char *pmu, const char *terms, int *handle, char *err,
		 unsigned long err_size);
int upm_pmu_enable(struct upm_backend *b, int handle, int on);
int upm_pmu_read(struct upm_backend *b, int handle, uint64_t *count, uint64_t *enabled_ns, int *partial);
void upm_pmu_close(struct upm_backend *b, int handle);
void upm_activity(struct upm_backend *b, const struct upm_activity *act);
void upm_backend_pass_begins(struct upm_backend *b, unsigned pass);
void upm_backend_destroy(struct upm_backend *b);
/* From now on, configuration accesses to segment seg through b use CF8/CFC
 * (core/session/pci_path.c: that segment's ECAM window disagrees with CF8/CFC, so it
 * cannot be trusted); other segments' windows are kept. */
void upm_backend_refuse_ecam(struct upm_backend *b, uint16_t seg);
/* 1 when seg's ECAM window was refused. */
int upm_backend_ecam_refused(const struct upm_backend *b, uint16_t seg);
/* 1 when the backend has an ECAM window at all, used or not (the firmware's MCFG table
 * had an entry): for saying why none is used. */
int upm_backend_has_mcfg(struct upm_backend *b);
/* The index-th window the backend has, refused or hidden or not (its ecam_window op): what
 * a wrapper passes on, so that the refusals apply once, at the wrapper the run uses. */
int upm_backend_raw_ecam_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out);

#endif
