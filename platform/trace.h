/* The trace backend: records every access of the backend it wraps, one line each:
 *   seq <TAB> cpu <TAB> socket <TAB> op <TAB> space <TAB> address <TAB> value
 * cpu is the executing processor's APIC ID, socket its package; op is R or W (R!/W!
 * when the access faulted); space is msr, pci or mmio; address is hex for msr and
 * mmio and BB:DD.F+0xOFF for pci (SSSS:BB:DD.F+0xOFF off segment 0); value is
 * 0x-prefixed hex. A 64-bit MMIO load is recorded as space mmio64 (MMIO writes are 32-bit,
 * space mmio). In dry-run mode writes are recorded but not passed on. The header also
 * holds the CPUID answers and the ECAM windows seen (one line each, in MCFG order), as
 * comment lines a replay reads:
 *   # cpuid <TAB> leaf <TAB> subleaf <TAB> eax <TAB> ebx <TAB> ecx <TAB> edx
 *   # ecam <TAB> base <TAB> segment <TAB> first bus <TAB> last bus   (or "# ecam <TAB> none")
 * Records go to a buffer sized at creation, so recording never allocates (accesses may
 * run on application processors). */
#ifndef UPMON_PLATFORM_TRACE_H
#define UPMON_PLATFORM_TRACE_H

#include "platform/backend.h"
#include "platform/base/str.h"

struct upm_trace_record {
	uint32_t seq;
	uint32_t apic_id;
	uint16_t socket;
	uint8_t op;      /* 'R' or 'W' */
	uint8_t faulted;
	uint8_t space;   /* enum upm_space */
	uint8_t skipped; /* dry run: the write was not performed */
	uint8_t wide;    /* MMIO: a 64-bit access (space mmio64 in the text) */
	uint32_t addr;   /* msr number, or pci offset */
	uint8_t bus, dev, fn;
	uint8_t mech;    /* PCI: enum upm_pci_mech as asked (AUTO: the backend chose) */
	uint16_t seg;    /* PCI segment */
	uint64_t mmio_addr;
	uint64_t value;
};

struct upm_trace {
	struct upm_backend backend;
	struct upm_backend *inner;
	int dry_run;
	struct upm_trace_record *records;
	uint32_t n, cap;
	uint32_t dropped;  /* records lost because the buffer was full */
	uint32_t seq;
	/* What a replay needs besides the accesses (platform/replay.h): the first answer to
	 * each CPUID leaf and subleaf asked, and the ECAM window as reported. */
	struct upm_trace_cpuid {
		uint32_t leaf, subleaf;
		struct upm_cpuid_regs r;
	} cpuids[64];
	unsigned n_cpuids;
	int ecam_asked, ecam_rc;
	struct upm_ecam_window ecam;
	/* The windows after the first, as asked in order (one "# ecam" line each). */
	struct upm_ecam_window ecam_more[UPM_ECAM_MAX_WINDOWS - 1];
	unsigned n_ecam_more;
};

/* Wraps inner (which the trace then owns). capacity records are preallocated. */
struct upm_backend *upm_trace_create(struct upm_backend *inner, int dry_run, uint32_t capacity);
struct upm_trace *upm_trace_of(struct upm_backend *b); /* NULL when b is not a trace */

/* Appends the trace text (header and one line per record) to out. The header follows
 * "# upmon trace: " on the first line; lines after its first (each a "# " comment) are
 * written as they are, before the column names. */
void upm_trace_format(const struct upm_trace *t, const char *header, struct upm_buf *out);
void upm_trace_format_record(const struct upm_trace_record *r, struct upm_buf *out);

#endif
