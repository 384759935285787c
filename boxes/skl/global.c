#include "boxes/skl/skl.h"

/* MSR_UNC_PERF_GLOBAL_CTRL 0xE01 (Table 2-1, 001:166; Table 2-2, 001:198-248): EN (bit
 * 29) enables every CBo, ARB and fixed counter that is also enabled locally. FRZ_ON_PMI
 * (31), WAKE_ON_PMI (30) and PMI_SEL_CORE3..0 (3:0) are the firmware's or the OS's
 * choice and keep the value found. The session clears EN while it programs and reads,
 * sets it for the measured interval, and writes the value found back at the end.
 * MSR_UNC_PERF_GLOBAL_STATUS 0xE02 (001:167, Table 2-3 001:260-280) is write-1-to-clear:
 * the session only reads it; the self-test clears the bits its wrap test set. On the previous generation these were 0x391/0x392 (Table
 * 1-1, 001:136-141); those addresses are never touched here. */
const struct upm_global_ctl upm_skl_global = {
	.msr = 0xE01,
	.mask = 1ull << 29,
	.setup = 0,
	.start = 1ull << 29,
	.stop = 0,
	/* EN is RW, cleared only by FRZ_ON_PMI's freeze (Table 2-2, 001:217-222). */
	.start_shows = 1ull << 29,
	.status_msr = 0xE02,
	.status_clear_msr = 0xE02, /* RW1C: "writing a '1' clears this status bit" (Table 2-3) */
	.source = "001:136-141, 164-248, 260-280",
};
