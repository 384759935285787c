/* Per-processor uncore maps: which box types a platform has and how its PCI boxes
 * are found. One struct upm_platform per processor (platform/map_*.c). */
#ifndef UPMON_PLATFORM_PLATFORM_H
#define UPMON_PLATFORM_PLATFORM_H

#include "boxes/box.h"
#include "boxes/metric.h"
#include "platform/backend.h"
#include "platform/cpu.h"

/* How the socket owning a PCI uncore bus is found. */
struct upm_bus_map {
	struct upm_pci_fn ubox;   /* the function holding the node-id registers */
	uint16_t cpunodeid_off;   /* local node id, bits 2:0 */
	uint16_t gidnidmap_off;   /* node id of each socket, 3 bits per socket */
	const char *source;
};

/* A per-socket control above every box (a global freeze, enable or reset), as the
 * session drives it: the bits in `mask` take `setup` before the boxes are programmed,
 * `start` once they are unfrozen and `stop` before they are read. Bits outside the mask
 * keep the value found, and the value found is written back at the end. */
struct upm_global_ctl {
	uint32_t msr;
	uint64_t mask;
	uint64_t setup, start, stop;
	int write_only;     /* reads do not return what was written: restore `restore` */
	uint64_t restore;
	const char *source;
};

struct upm_platform {
	const char *name;        /* "snbep" */
	const char *title;       /* "Xeon E5-2600 (Sandy Bridge-EP)" */
	unsigned family;
	uint8_t models[4];       /* CPUID display models; 0 ends the list */
	const char *model_source;
	const struct upm_box_type *const *boxes;
	unsigned n_boxes;
	const struct upm_bus_map *bus_map; /* NULL: no PCI uncore boxes */
	const struct upm_global_ctl *global; /* NULL: boxes are controlled one by one */
	const struct upm_metric *metrics;
	const unsigned *n_metrics;
	unsigned default_sockets;          /* the mock's default */
};

extern const struct upm_platform *const upm_platforms[];
extern const unsigned upm_n_platforms;

const struct upm_platform *upm_platform_by_name(const char *name);
const struct upm_platform *upm_platform_by_cpu(const struct upm_cpu_ident *id);
const struct upm_box_type *upm_platform_box(const struct upm_platform *p, const char *name);

#endif
