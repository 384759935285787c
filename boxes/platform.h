/* The platform registration and the registry: which box types a processor generation has,
 * how its PCI boxes are found, its check profile, metrics, groups, names and mock model.
 * One struct upm_platform per processor, in its generation's folder (boxes/NAME/map.c);
 * the registry (boxes/platforms.c) lists them all (docs/porting.md, The registry line). */
#ifndef UPMON_BOXES_PLATFORM_H
#define UPMON_BOXES_PLATFORM_H

#include "boxes/box.h"
#include "boxes/group.h"
#include "boxes/metric.h"
#include "boxes/names.h"
#include "platform/backend.h"
#include "platform/cpu.h"

struct upm_mock_model;
struct upm_disc_set;
struct upm_disc_model;

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
	/* With write_only, the value written back at the end. Without it, bits set in the
	 * value found when it is written back: write-only actions that return the control to
	 * its reset state (Ivy Bridge-EP: unfrz_all), which no read can show. */
	uint64_t restore;
	/* Bits of `start` a read shows set while the socket counts (a read-write enable),
	 * read back after every start: a control that keeps no start write (a locked U-Box)
	 * would otherwise leave every box of the socket silent, each judged dead on its own.
	 * 0 where the start is a write-only action (Ivy Bridge-EP's unfrz_all). */
	uint64_t start_shows;
	/* 0, or an overflow status MSR for the boxes under this control: the session reads
	 * it after each stop (upm_session.global_status) and never writes it. */
	uint32_t status_msr;
	/* Where the self-test clears the status bits its wrap test set (a 1 clears the bit
	 * at the same position): the status register itself where it is write-1-to-clear, a
	 * separate overflow control where the guide says so; 0: not cleared there (the box
	 * clears reach it). */
	uint32_t status_clear_msr;
	/* The box type whose instance 0 holds this control on each socket, or NULL: when that
	 * box fails its own presence, the control's failure is that box's (one cause). */
	const char *box;
	const char *source;
};

/* The rate status register of a socket's interconnect ports (Sandy/Ivy Bridge-EP
 * QPI_RATE_STATUS), judged by core/check/check_link_rate.c: read from configuration space
 * after the function's vendor/device ID matched, never written. */
struct upm_link_rate_code {
	uint8_t value;   /* of the rate field */
	uint16_t mts;    /* the transfer rate it documents, MT/s */
};
struct upm_link_rate_port {
	struct upm_pci_fn fn; /* the function holding the register, on the socket's uncore bus */
	const char *shared;   /* NULL, or why this port reads another port's register */
};
struct upm_link_rate {
	const char *box;      /* the box type the verdicts are filed under ("qpi"), port = instance */
	const struct upm_link_rate_port *ports;
	unsigned n_ports;
	uint16_t offset;
	struct upm_bitfield rate;  /* the rate field */
	struct upm_bitfield slow;  /* set: the link still runs in slow (init) mode; width 0: unknown */
	const struct upm_link_rate_code *codes; /* every documented value; others are reserved */
	unsigned n_codes;
	double min_gts, max_gts;   /* accepted range (check.link_rate_min_gts/max_gts override) */
	const char *source;
};

/* What the health check (core/check/check.c, core/check/selftest.c) measures on a platform, as
 * event specs in the platform's own names. NULL members: that check does not apply. */
struct upm_check_profile {
	/* One spec per box type that counts whenever it is enabled (a clock), on a general
	 * counter where the box has a clock event, else its fixed counter. Every instance
	 * of every listed type is self-tested and classified with it. */
	const char *clocks;
	/* Box types with no clock event: one spec per type that counts under memory
	 * traffic (Xeon E7 C/B/S/R-Boxes). The self-test feeds every counting step with a
	 * small read workload when this is set. */
	const char *traffic;
	/* Box types with no event that counts without a stimulus the self-test cannot make
	 * (Xeon E7 U-Box: interrupts, locks, errors): presence and register tests only; the
	 * counting tests are N/A with that reason. */
	const char *registers_only;
	const char *registers_only_why; /* the reason the counting tests give, per platform */
	/* Each role below is a spec list ("a/X/,a/Y/"): the counts of all of them add up
	 * (Xeon E7 reads are open-page plus closed-page CAS, 002:5080-5094). Every pass of a
	 * measurement runs the same kernel, so parts counted in different passes still add.
	 * The socket's uncore clock and its documented frequency range. */
	const char *uclk;
	double uclk_min_mhz, uclk_max_mhz;
	const char *uclk_source;
	/* Memory: per-channel read and write counts, bytes per count, and the channel clock
	 * (a channel whose clock does not tick is unpopulated). */
	const char *mem_read, *mem_write, *mem_clock;
	unsigned mem_bytes_per_count;
	/* DRAM transfers a tick of mem_clock stands for, where a source gives it (Granite
	 * Rapids: 4, "DCLK is 1/4 of DRAM data rate"): the channels' data rate is then judged
	 * against the speed SMBIOS type 17 says the firmware configured (memory.speed); 0: not. */
	unsigned mem_transfers_per_clock;
	const char *mem_transfers_source;
	/* LLC: lookups that hit and lookups that missed, per CBo. */
	const char *llc_hits, *llc_misses;
	/* Links: data flits sent per port, and the link-rate status register. */
	const char *link_flits;
	unsigned link_flits_per_line;
	const struct upm_link_rate *link_rate; /* NULL: no rate register documented */
	const char *source;
};

/* An overflow summary register between the boxes and the global status (Xeon E7: the
 * S-Box SUMMARY registers, 002:2436-2453). */
struct upm_ovf_summary {
	const char *name;   /* "S0_MSR_PMON_SUMMARY" */
	uint32_t msr;
	uint8_t global_bit; /* its bit in the global status (global->status_msr) */
};

/* The overflow hierarchy the session walks after each stop (core/session/overflow.c): the
 * global status (global->status_msr, read by the session), each summary whose bit is
 * set there, then the status of each box instance whose bit is set in its summary
 * (upm_box_type.ovf_route); overflows are cleared at the box (002:428-440). */
struct upm_ovf_tree {
	uint64_t global_mask;   /* the overflow bits of the global status */
	const struct upm_ovf_summary *summaries;
	unsigned n_summaries;
	const char *source;
};

struct upm_platform {
	const char *name;        /* "snbep" */
	const char *title;       /* "Xeon E5-2600 (Sandy Bridge-EP)" */
	unsigned family;
	uint8_t models[4];       /* CPUID display models; 0 ends the list */
	/* NULL, or a word whose presence in the CPUID brand string rules the platform out:
	 * a guide that does not apply to every part of its models ("Xeon"). */
	const char *brand_excludes;
	/* Other names people know it by, taken by --platform as the name: Intel's perfmon
	 * event-file names (pmu-tools: jaketown, ivytown, nehalemex, westmereex, skylake),
	 * their short codes and Linux's uncore driver spelling. NULL ends the list. */
	const char *aliases[6];
	const struct upm_box_type *const *boxes;
	unsigned n_boxes;
	const struct upm_bus_map *bus_map; /* NULL: no PCI uncore boxes */
	const struct upm_global_ctl *global; /* NULL: boxes are controlled one by one */
	const struct upm_ovf_tree *overflow; /* NULL: no overflow walk after a stop */
	const struct upm_check_profile *check; /* NULL: no health check for this platform yet */
	const struct upm_metric *metrics;
	const unsigned *n_metrics;
	const struct upm_group *groups;    /* shipped event groups (boxes/<platform>/groups.c) */
	const unsigned *n_groups;
	/* Linux perf's and Intel perfmon's names for the boxes and events (boxes/names.h). */
	const struct upm_naming *naming;
	/* The mock model of this processor (platform/mock/NAME/model.c), which the mock
	 * backend builds from its own reading of the guides, never from these tables. */
	const struct upm_mock_model *mock;
	/* Platforms whose box instances Intel's uncore discovery table places (boxes/spr/):
	 * builds the run's platform from the tables found (boxes/discovered.h,
	 * upm_disc_build with the model's quirk table), each record it does not use said
	 * through note; NULL with a line in err when none. The result is one allocation
	 * (upm_os_free). NULL for platforms whose tables above are the run's; their boxes are
	 * then templates (upm_box_type.placed) that list offline. The discovery platforms
	 * set upm_disc_discovered, which builds with disc_model. */
	struct upm_platform *(*discovered)(const struct upm_platform *self, const struct upm_disc_set *set,
					   unsigned n_sockets, void (*note)(void *ctx, const char *line), void *ctx,
					   char *err, unsigned long err_size);
	const struct upm_disc_model *disc_model; /* the quirk table the tables are read with */
};

extern const struct upm_platform *const upm_platforms[];
extern const unsigned upm_n_platforms;

/* The registry's names in its order, joined by ", " and last_join before the last:
 * "nhmex, wsmex, snbep, ivbep or skl" for " or ". Cut short to fit cap. */
void upm_platform_names(char *out, unsigned long cap, const char *last_join);
const struct upm_platform *upm_platform_by_name(const char *name);
/* The mock model of the registered platform named platform (its name, not an alias; any
 * case), or NULL. */
const struct upm_mock_model *upm_mock_model_find(const char *platform);
/* Creates the mock of the registered platform named platform (upm_mock_model_find) with
 * n_sockets sockets (0: the model's default) and applies a fault spec (NULL or "" for
 * none; platform/mock/mock.h). Returns NULL with a one-line reason in err when the
 * platform has no model or the mock refuses the sockets or the spec. */
struct upm_backend *upm_mock_create(const char *platform, unsigned n_sockets, const char *faults,
				    char *err, unsigned long err_size);
const struct upm_platform *upm_platform_by_cpu(const struct upm_cpu_ident *id);

/* Whether a platform named with --platform may drive the processor CPUID identifies,
 * through the hardware backend (a forced platform writes its MSRs, which on another
 * processor may be architectural registers: 0xD90 is IA32_BNDCFGS on parts with MPX).
 * UPM_FORCED_OK when CPUID names the same platform; otherwise UPM_FORCED_REFUSE, or
 * UPM_FORCED_WARN when force (--force-platform) is set; msg gets one line either way. */
enum upm_forced_platform { UPM_FORCED_OK = 0, UPM_FORCED_WARN, UPM_FORCED_REFUSE };
enum upm_forced_platform upm_platform_forced_check(const struct upm_platform *forced,
						   const struct upm_cpu_ident *id, int force,
						   char *msg, unsigned long msg_size);
const struct upm_box_type *upm_platform_box(const struct upm_platform *p, const char *name);
/* 1 when a session on p reads PCI configuration space: PCI boxes, or a box whose MMIO
 * base is a BAR (Skylake's IMC in MCHBAR of 00:00.0). */
int upm_platform_reads_pci(const struct upm_platform *p);
/* The box type whose name is the longest to prefix s[0..len) (case-insensitive), its
 * name's length in *name_len; NULL when no box name does. */
const struct upm_box_type *upm_platform_box_prefix(const struct upm_platform *p, const char *s, size_t len,
						   size_t *name_len);

#endif
