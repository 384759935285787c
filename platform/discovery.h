/* Intel's uncore discovery table (Sapphire Rapids and later Xeons) as parsed records: the
 * global record and the unit records of one table (one table per die), and the set of
 * tables a machine has. Facts: Linux arch/x86/events/intel/uncore_discovery.{c,h}, Intel
 * PCM src/uncore_pmu_discovery.{h,cpp}, LIKWID src/includes/intel_perfmon_uncore_discovery.h
 * (docs/discovery.md). The parser is pure (bytes in, records and findings out); the finder
 * (upm_disc_find) reaches the tables through the backend only. */
#ifndef UPMON_PLATFORM_DISCOVERY_H
#define UPMON_PLATFORM_DISCOVERY_H

#include <stddef.h>
#include <stdint.h>
#include "platform/backend.h"

/* Access types of the global and unit records (table1 bits 63:62). */
enum upm_disc_access {
	UPM_DISC_ACCESS_MSR = 0,
	UPM_DISC_ACCESS_MMIO = 1,
	UPM_DISC_ACCESS_PCI = 2,
	UPM_DISC_ACCESS_RESERVED = 3,
};

/* The global record: the table's first three 64-bit words. */
struct upm_disc_global {
	uint8_t type;            /* table1 7:0 */
	uint8_t stride;          /* table1 15:8: a record's size in 8-byte units */
	uint16_t max_units;      /* table1 25:16 */
	uint8_t access;          /* table1 63:62, enum upm_disc_access */
	uint64_t ctl_addr;       /* table2: the global control (freeze bit 0) */
	uint8_t status_offset;   /* table3 7:0 */
	uint16_t n_status;       /* table3 23:8 */
};

/* A unit record (one PMON box instance). */
struct upm_disc_unit {
	unsigned record;         /* its index in the table, from 0 (the global record is not one) */
	uint16_t box_type;       /* table3 15:0 */
	uint16_t box_id;         /* table3 31:16 */
	uint16_t global_status_pos; /* table3 47:32 (LIKWID): its bit in the global status */
	uint8_t access;          /* table1 63:62, enum upm_disc_access */
	uint8_t n_ctrs;          /* table1 7:0 */
	uint8_t ctl_offset;      /* table1 15:8: counter control 0, from the unit control */
	uint8_t ctr_width;       /* table1 23:16 */
	uint8_t ctr_offset;      /* table1 31:24: counter 0, from the unit control */
	uint8_t status_offset;   /* table1 39:32 */
	uint64_t ctl_addr;       /* table2: MSR number, physical address, or PCI encoding */
	/* PCI units: table2 decoded (segment 30:28, bus 27:20, devfn 19:12, offset 11:0). */
	struct upm_pci_addr pci;
};

/* Why a record was skipped: each is one finding naming the record. */
enum upm_disc_skip {
	UPM_DISC_SKIP_ALL_ONES = 1,   /* table1, table2 or table3 all ones */
	UPM_DISC_SKIP_ZERO,           /* table1 or the unit control address zero */
	UPM_DISC_SKIP_BAD_OFFSET,     /* counter or control offset zero ("Invalid address") */
	UPM_DISC_SKIP_DUPLICATE,      /* a (box type, box id) seen earlier in the table */
	UPM_DISC_SKIP_OUTSIDE,        /* past the bytes read, or an access type with no meaning */
	UPM_DISC_SKIP_TRUNCATED,      /* the table ended before max_units records */
	UPM_DISC_SKIP_TOO_MANY,       /* valid records past UPM_DISC_MAX_UNITS: one finding */
};

#define UPM_DISC_MAX_UNITS 512
#define UPM_DISC_MAX_FINDINGS 32

struct upm_disc_finding {
	enum upm_disc_skip why;
	unsigned record;
	uint16_t box_type, box_id;  /* as far as the record says; 0xFFFF unknown */
	char line[160];             /* one line naming the entry and what is wrong with it */
};

/* One die's table. */
#define UPM_DISC_NO_PACKAGE 0xFFFFFFFFu

struct upm_disc_table {
	unsigned socket;             /* the package the die belongs to (see upm_disc_find) */
	/* The package number its MSM function's SAD_CONTROL_CFG gives (socket is its dense
	 * index, as upm_topology numbers sockets), UPM_DISC_NO_PACKAGE when no MSM claims the
	 * table's bus (socket is then its order found: upm_disc_set.how_mapped says so). */
	unsigned package_id;
	unsigned die;                /* its order among the socket's tables, from 0 */
	struct upm_pci_addr device;  /* the function carrying the DVSEC, offset 0 */
	uint16_t dvsec_off;          /* the DVSEC's offset in its extended config space */
	uint8_t bir;                 /* DVSEC+0xC 2:0 */
	uint64_t base;               /* the table's address (the BAR's value) */
	struct upm_disc_global global;
	struct upm_disc_unit units[UPM_DISC_MAX_UNITS];
	unsigned n_units;
	struct upm_disc_finding findings[UPM_DISC_MAX_FINDINGS];
	unsigned n_findings;
	unsigned findings_dropped;   /* past UPM_DISC_MAX_FINDINGS: counted, never hidden */
};

/* Parses a table from its bytes (little-endian 64-bit words; len need not be a multiple
 * of 8: the partial word is not read). 0 with out filled (units in table order, skipped
 * records as findings); -1 when the global record itself is missing or unusable, with the
 * reason in why. out's socket, die, device, dvsec_off, bir and base are left as found. */
int upm_disc_parse(const uint8_t *bytes, size_t len, struct upm_disc_table *out, char *why,
		   size_t why_size);

#define UPM_DISC_MAX_TABLES 16

/* Every table the machine has, with what stopped the search. */
struct upm_disc_set {
	struct upm_disc_table *tables[UPM_DISC_MAX_TABLES]; /* upm_os_alloc'd, one per die */
	unsigned n_tables;
	/* Why no table (or not every one) could be read, one line, "" when nothing stopped the
	 * search: no ECAM (extended config space needs it), a BAR of zero, ... */
	char stopped[200];
	unsigned n_stopped;  /* how many things stopped a table or the search; stopped is the first */
	/* How the tables were given their sockets, one line: by the MSM functions' package
	 * numbers, by the order found (and why), or both ("" when there is no table). */
	char how_mapped[200];
};

/* Finds and parses every table through b: Intel functions with a DVSEC (extended
 * capability 0x23) of entry type 1 (PMON), the table at that DVSEC's BAR. Maps each table
 * to its socket without an OS (the MSM function 8086:09A6's CPUBUSNO registers and
 * SAD_CONTROL_CFG, intel/pcm src/types.h). 0 with set filled (possibly no tables, then
 * set->stopped says why), or an upm_status. upm_disc_free releases the tables. */
int upm_disc_find(struct upm_backend *b, struct upm_disc_set *set);
void upm_disc_free(struct upm_disc_set *set);

#endif
