/* The results record of `info`: what upmon found before touching anything, filled once
 * by the command's reads (core/commands/cmd_info.c), then rendered by writers that
 * compute nothing: the console (and so upmon.log, info_record_console.c) and
 * results.json (the identity keys plus these findings, info_record_json.c).
 *
 * A sibling of struct upm_record (record.h) and struct upm_check_record
 * (check_record.h): `info` measures nothing and judges nothing; its record is the
 * processor, the topology, the platform and how it was chosen, the PCI access path, and
 * every uncore box and PCI function with what answered there. */
#ifndef UPMON_CORE_RESULTS_INFO_RECORD_H
#define UPMON_CORE_RESULTS_INFO_RECORD_H

#include "core/cli/invocation.h"
#include "core/session/discover.h"
#include "core/session/pci_path.h"
#include "core/workload/caches.h"
#include "core/workload/workload.h"

#define UPM_INFO_MAX_BOX_TYPES 24
/* PCI uncore functions (each box instance's, and its filter function's) on all sockets. */
#define UPM_INFO_MAX_DEVICES (UPM_MAX_SOCKETS * 64)

/* A box type's instance count on one socket, as its register says (box.h, `count`). */
struct upm_info_count {
	int known;          /* 0: the read failed (why) */
	unsigned n, raw;    /* instances present; the register's field as read */
	char why[128];
};

struct upm_info_box {
	const struct upm_box_type *type; /* its name, space, table size and count register */
	/* Per socket, when the type has a count register. */
	struct upm_info_count count[UPM_MAX_SOCKETS];
	/* A memory-mapped box: its base, and the free-running counters' address span. */
	int mmio_found;
	uint64_t mmio_base, mmio_first, mmio_last; /* mmio_first/last: absolute addresses */
	char mmio_why[128]; /* what identified it, or why the box is not used */
};

/* One PCI uncore function of a box instance (or of its filter function), and what
 * answered at its address. */
struct upm_info_device {
	unsigned socket;
	const struct upm_box_type *type;
	unsigned instance;
	int filter;           /* the instance's filter function */
	char name[24];        /* "imc2", "qpi1-filter" */
	char address[24];     /* "7f:10.4", "0001:ff:10.4" */
	uint16_t seg;
	uint8_t bus, dev, fn;
	uint16_t device_id;   /* expected, with Intel's vendor ID 0x8086 */
	uint32_t ids;         /* vendor (15:0) and device (31:16) IDs read */
	enum upm_pci_presence presence;
};

/* The host bridge 00:00.0 read both ways: proof that CF8/CFC and ECAM agree. */
struct upm_info_host_bridge {
	int cf8_rc;          /* UPM_OK or why CF8/CFC failed (then nothing else) */
	uint32_t cf8;
	int has_ecam;        /* an ECAM window was in use */
	int ecam_read;       /* read through ECAM too (CF8/CFC answered, a window in use) */
	int ecam_rc;
	uint32_t ecam;
	int match;           /* both reads succeeded and agree */
};

struct upm_info_record {
	struct upm_run *run;              /* the identity, the console and the log */
	const char *environment;          /* "host", "uefi" */
	char backends_here[400];          /* upm_os_backends: which backends run here, why not */
	const char *backend;
	int dry_run;
	struct upm_cpu_ident cpu;
	const struct upm_topology *topo;  /* the run's: referred to, not copied */
	/* What the stress kernels size and time themselves by. */
	uint64_t tsc_hz;
	const char *tsc_calibrated_against; /* "the firmware's Stall timer" */
	int has_caches;
	struct upm_caches caches;
	uint64_t llc_fallback;            /* the kernels' LLC size when the caches are unknown */
	int has_memory;
	uint64_t memory_total, memory_free;
	/* Whether the AVX kernels can run: every processor they would run on asked. */
	int avx_asked;                    /* 0: the processors could not be asked (avx_why) */
	struct upm_workload_isa_survey avx;
	char avx_why[160];
	/* The platform, and how it was chosen. */
	const struct upm_platform *platform; /* NULL: unsupported */
	int platform_forced;              /* from --platform, else detected from CPUID */
	/* The PCI access path. */
	struct upm_pci_path_choice path;
	const char *pci_mechanism;        /* segment 0's: "ecam", "cf8" */
	struct upm_ecam_window ecam[UPM_ECAM_MAX_WINDOWS];
	unsigned n_ecam, ecam_dropped;
	struct upm_info_host_bridge host_bridge;
	/* The boxes: every type of the platform, in its order. */
	struct upm_info_box boxes[UPM_INFO_MAX_BOX_TYPES];
	unsigned n_boxes;
	unsigned sockets;                 /* sockets measured (the run's) */
	/* PCI uncore: the buses per socket and every function on them. */
	int has_pci_uncore;               /* the platform has PCI boxes (a bus map) */
	uint16_t ubox_device_id;          /* the function a socket's uncore bus is found by */
	uint8_t ubox_dev, ubox_fn;
	unsigned n_buses_found;
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	/* A segment other than 0 whose buses were not scanned (upm_discover_unreached_segment)
	 * and why: a socket not found may be there. */
	int has_unreached;
	struct upm_ecam_window unreached;
	const char *unreached_why;
	struct upm_info_device *devices;  /* n_devices, allocated (upm_info_record_free) */
	unsigned n_devices, devices_dropped;
};

/* Fills rec from what the run has found so far and reads the rest: the PCI path (chosen
 * now), the ECAM windows, the host bridge, the boxes' counts and MMIO bases, the uncore
 * buses and every PCI uncore function. Reads only. */
void upm_info_record_fill(struct upm_info_record *rec, struct upm_run *r);
void upm_info_record_free(struct upm_info_record *rec);

/* The writers. */
void upm_info_record_print(const struct upm_info_record *rec);                    /* console, upmon.log */
void upm_info_record_json(const struct upm_info_record *rec, struct upm_buf *out); /* results.json */
/* results.json into the run's folder (upm_save). */
void upm_info_record_save(const struct upm_info_record *rec);

#endif
