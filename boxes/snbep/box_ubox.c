#include "boxes/snbep/snbep.h"
#include "boxes/ep/ep.h"

/* UBox: no box control; two 44-bit counters and the 48-bit UCLK fixed counter.
 * Field layouts: Table 2-2 (000:339-368), 2-4 (000:377-386); widths 000:369-374.
 * The address rows of Table 2-1 are lost in the extraction; the MSR numbers come from
 * the Linux perf uncore driver (uncore_snbep.c: SNBEP_U_MSR_PMON_CTL0 0xc10,
 * SNBEP_U_MSR_PMON_CTR0 0xc16, SNBEP_U_MSR_PMON_UCLK_FIXED_CTL 0xc08, _CTR 0xc09). */
const struct upm_box_type upm_snbep_ubox = {
	.name = "ubox",
	.title = "System configuration controller (UBox)",
	UPM_EP_UBOX_REGS,
	.ctl_layout = {
		.ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .rst = UPM_BIT(17),
		.edge = UPM_BIT(18), .en = UPM_BIT(22), .invert = UPM_BIT(23),
		.thresh = UPM_FIELD(24, 5), /* 5 bits on the UBox (000:339-368) */
	},
	.session = UPM_SESS_PARK_EVSEL | UPM_SESS_ZERO_CTRS,
	/* "manually reset by writing a 0 in each data register" (000:289-292). */
	.ctr_writable = 1,
	.events = upm_snbep_ubox_events,
	.n_events = &upm_snbep_ubox_n_events,
	.source = "000:322-387; MSR numbers: Linux uncore_snbep.c",
};
