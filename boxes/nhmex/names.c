/* Linux perf's names on Xeon 7500 (Nehalem-EX) and Xeon E7 (Westmere-EX).
 * PMU types: Linux arch/x86/events/intel/uncore_nhmex.c: nhmex_uncore_{ubox,cbox,bbox,
 * sbox,mbox,rbox,wbox}: "ubox" (one box), "cbox" 10 (perf's box N is at
 * nhmex_cbox_msr_offsets[N], upmon's cboN at the same offset: boxes/nhmex/box_cbo.c),
 * "bbox" 2, "sbox" 2, "mbox" 2, "rbox" 2, "wbox" (one box). Intel perfmon publishes no
 * uncore event file for these processors, so no perfmon names are taken here. */
#include "boxes/names.h"

static const struct upm_box_names boxes[] = {
	{ "ubox", "ubox", 1, 0 }, { "cbo", "cbox", 0, 0 }, { "bbox", "bbox", 0, 0 },
	{ "sbox", "sbox", 0, 0 }, { "mbox", "mbox", 0, 0 }, { "rbox", "rbox", 0, 0 },
	{ "wbox", "wbox", 1, 0 },
};

/* nhmex_uncore_wbox_events, nhmex_uncore_mbox_events (Xeon 7500: fvc 0x2800/0x2820,
 * evnt0 5 at bit 11, bcmd at bit 5) and wsmex_uncore_mbox_events (Xeon E7: fvc
 * 0x5000/0x5040, evnt0 at bit 12, bcmd at bit 6); inc_sel 0xd is FVC_EV0's select. */
static const struct upm_event_alias perf_events[] = {
	{ "wbox", "clockticks", "UCLK", 0, "uncore_nhmex.c wbox clockticks event=0xff,umask=0 (fixed counter)" },
	{ "mbox", "bbox_cmds_read", "FVC_EV0.BBOX_CMDS.READS", 0,
	  "uncore_nhmex.c mbox bbox_cmds_read inc_sel=0xd,fvc=0x2800 (E7: 0x5000)" },
	{ "mbox", "bbox_cmds_write", "FVC_EV0.BBOX_CMDS.WRITES", 0,
	  "uncore_nhmex.c mbox bbox_cmds_write inc_sel=0xd,fvc=0x2820 (E7: 0x5040)" },
};

/* perf's format terms (uncore_nhmex.c format attributes) that name whole registers or
 * fields upmon spells otherwise. */
#define WHOLE(box, t, what) { box, t, 0, what }
static const struct upm_term_alias terms[] = {
	{ "mbox", "inc_sel", "event", 0 },
	WHOLE("mbox", "set_flag_sel", "upmon takes the M-Box's second select as event=0x100+N"),
	WHOLE("bbox", "counter", "upmon picks the B-Box counter from the event's table"),
	WHOLE("mbox", "filter_cfg_en", "upmon leaves MM_CFG alone (the guide says its bit 63 disables PMON mode); give addr_match= and addr_mask="),
	WHOLE("mbox", "filter_match", "upmon takes the M-Box address match as addr_match="),
	WHOLE("mbox", "filter_mask", "upmon takes the M-Box address mask as addr_mask="),
	WHOLE("mbox", "dsp", "upmon sets DSP by field: dsp_q= and the event's unit mask"),
	WHOLE("mbox", "thr", "upmon sets THR by field: the event's unit mask"),
	WHOLE("mbox", "fvc", "upmon sets FVC by field: fvc_evnt0=..., fvc_bcmd=, fvc_resp= or the unit mask"),
	WHOLE("mbox", "pgt", "upmon sets PGT by field: the event's unit mask"),
	WHOLE("mbox", "map", "upmon sets MAP by field: the event's unit mask"),
	WHOLE("mbox", "iss", "upmon sets ISS by field: the event's unit mask"),
	WHOLE("mbox", "pld", "upmon sets PLD by field: pld_dram_cmd=, pld_cmd= or the unit mask"),
	WHOLE("rbox", "xbr_mm_cfg", "upmon sets the R-Box match registers by field (see 'upmon list events --box rbox')"),
	WHOLE("rbox", "xbr_match", "upmon sets the R-Box match registers by field (see 'upmon list events --box rbox')"),
	WHOLE("rbox", "xbr_mask", "upmon sets the R-Box match registers by field (see 'upmon list events --box rbox')"),
	WHOLE("rbox", "qlx_cfg", "upmon sets QLX_CFG from the event and port=N"),
	WHOLE("rbox", "iperf_cfg", "upmon sets IPERF_CFG from the event and port=N"),
};

/* Events of a kind (boxes/names.h): the events of MEM_BW_READS, MEM_BW_WRITES and
 * UNCORE_FREQ (boxes/nhmex/metrics.c), then the M-Box's B-Box command reads and writes
 * that perf offers as its memory traffic (uncore_nhmex.c bbox_cmds_read/_write). */
static const struct upm_event_kind kinds[] = {
	{ "dram_reads", "bbox/IMT_INSERTS_RD/" },
	{ "dram_writes", "bbox/IMT_INSERTS_WR/" },
	{ "uncore_clock", "wbox/UCLK/" },
	{ "dram_reads", "mbox/FVC_EV0.BBOX_CMDS.READS/" },
	{ "dram_writes", "mbox/FVC_EV0.BBOX_CMDS.WRITES/" },
};

const struct upm_naming upm_nhmex_naming = {
	UPM_NAMING_TABLE(boxes),
	UPM_NAMING_TABLE(perf_events),
	.terms = terms,
	.n_terms = sizeof terms / sizeof terms[0],
	.kinds = kinds,
	.n_kinds = sizeof kinds / sizeof kinds[0],
};
