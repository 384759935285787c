/* Other programs' names for a platform's boxes, events and spec terms, as data: Linux
 * perf's uncore PMUs (arch/x86/events/intel/uncore_*.c), their event aliases and format
 * terms, and Intel perfmon's event names (github.com/intel/perfmon). Each name resolves
 * to exactly what upmon's own spelling gives (core/events/alias.c does the resolving). */
#ifndef UPMON_BOXES_NAMES_H
#define UPMON_BOXES_NAMES_H

/* One box type's names elsewhere. */
struct upm_box_names {
	const char *box;            /* upmon's box type: "cbo" */
	const char *perf_pmu;       /* perf's PMU type without "uncore_": "cbox"; NULL: none */
	/* 1: perf names the PMU without an instance suffix (the type has one box:
	 * "uncore_ha"); 0: "uncore_cbox_3". perf numbers instances as upmon does on every
	 * platform here (the cited PCI ID and MSR offset tables list them in upmon's order). */
	unsigned char perf_single;
	const char *perfmon_prefix; /* perfmon's unit prefix: "UNC_C_"; NULL: none */
};

/* A name that is not upmon's spelling with a prefix: a perf event alias ("cas_count_read"
 * on perf's imc PMU) or a perfmon name that differs from upmon's. */
struct upm_event_alias {
	const char *box;    /* upmon box type it is defined on */
	const char *name;   /* "cas_count_read", "UNC_M_CLOCKTICKS" */
	/* What it is in upmon's spelling: the terms between the slashes ("CAS_COUNT.RD",
	 * "TxL_FLITS_G0,umask=0x06"). */
	const char *terms;
	/* Another box it lives on in upmon (perf's cbox clockticks is the ncu's fixed
	 * counter on Skylake), every instance; NULL: the same box and instance. */
	const char *to_box;
	const char *source; /* where perf or perfmon defines it, and the encoding there */
};

/* A perf format term: upmon's name for it, or NULL and why upmon refuses it. */
struct upm_term_alias {
	const char *box;    /* upmon box type; NULL: every box */
	const char *perf;   /* "occ_invert" */
	const char *upmon;  /* "occ_inv", or NULL */
	const char *why;    /* when refused: what to write instead */
};

/* An event of a kind other platforms count too ("dram_reads"): a name of another
 * platform, whose event is of a kind, is answered with this platform's event of that kind
 * (core/events/alias_kin.c); the first of a kind is the one offered, and the first entry
 * is the example errors give. The kinds are upmon's: an event is of a kind where the
 * platform's derived metric of that quantity counts it (boxes/<platform>/metrics.c), or
 * where a cited source says it counts the same thing. */
struct upm_event_kind {
	const char *kind; /* "dram_reads" */
	/* upmon's spelling: "imc/CAS_COUNT.RD/"; a list where the quantity is a sum here
	 * (Granite Rapids' reads: "imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/"), which is then
	 * named whole, never one part as the nearest. */
	const char *spec;
};

/* A perf event alias that is a sum of upmon's counts here, counted as the platform's
 * metric of that sum: perf's cas_count_read on Granite Rapids is both command schedulers'
 * read CAS counts (core/events/alias_sum.c takes it out of an event list as the metric). */
struct upm_event_sum {
	const char *box;    /* upmon box type: "imc" */
	const char *name;   /* perf's alias: "cas_count_read" */
	const char *metric; /* the platform's metric of the sum: "CAS_COUNT_READ" */
	const char *parts;  /* upmon's specs it sums, for messages: "imc/CAS_COUNT_SCH0.RD/,..." */
};

struct upm_naming {
	const struct upm_box_names *boxes;
	unsigned n_boxes;
	const struct upm_event_alias *perf_events;
	unsigned n_perf_events;
	const struct upm_event_alias *perfmon_exceptions;
	unsigned n_perfmon_exceptions;
	const struct upm_term_alias *terms;
	unsigned n_terms;
	const struct upm_event_kind *kinds;
	unsigned n_kinds;
	const struct upm_event_sum *sums;
	unsigned n_sums;
};

/* A perfmon event name a platform's tables do not take, and why: the test that holds
 * every perfmon name to the tables reads these (tests/unit/boxes/test_ivbep_perfmon_coverage.c). */
struct upm_perfmon_left_out {
	const char *box;    /* upmon box type: "qpi" */
	const char *name;   /* perfmon's whole name: "UNC_Q_MESSAGE.HOM.AnyReq" */
	const char *reason; /* what stops it, and the source that says so */
};

#define UPM_NAMING_TABLE(a) (a), (unsigned)(sizeof(a) / sizeof((a)[0]))

extern const struct upm_naming upm_snbep_naming, upm_ivbep_naming, upm_skl_naming,
	upm_nhmex_naming;

#endif
