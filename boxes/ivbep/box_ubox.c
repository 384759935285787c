#include "boxes/ivbep/ivbep.h"
#include "boxes/ep/ep.h"

/* UBox: no box control; two 44-bit counters and the 48-bit UCLK fixed counter at the
 * Sandy Bridge-EP addresses (Linux ivbep_uncore_ubox uses SNBEP_U_MSR_PMON_CTL0 0xc10,
 * _CTR0 0xc16, _UCLK_FIXED_CTL 0xc08, _CTR 0xc09; PCM JKTIVT_UBOX_*). Threshold 5 bits,
 * no invert (Linux IVBEP_U_MSR_PMON_RAW_EVENT_MASK). The per-socket freeze above every
 * box is U_MSR_PMON_GLOBAL_CTL 0xC00 (boxes/ivbep/map.c), itself a UBox register. */
const struct upm_box_type upm_ivbep_ubox = {
	.name = "ubox",
	.title = "System configuration controller (UBox)",
	UPM_EP_UBOX_REGS,
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .en = UPM_BIT(22), .thresh = UPM_FIELD(24, 5),
	},
	/* 329468-002 2.1.2 (f), p.17: no box control, so "keep U_MSR_PMON_CTL.ev_sel at
	 * 0x0 while enabled and write it with a valid value just prior to unfreezing". */
	.session = UPM_SESS_PARK_EVSEL | UPM_SESS_ZERO_CTRS,
	.ctr_writable = 1,
	.events = upm_ivbep_ubox_events,
	.n_events = &upm_ivbep_ubox_n_events,
	.source = "Linux uncore_snbep.c ivbep_uncore_ubox; 329468-002 p.17",
};
