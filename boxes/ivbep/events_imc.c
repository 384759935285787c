/* Ivy Bridge-EP iMC (per channel) events: intel/perfmon IVT/events/ivytown_uncore.json,
 * V23 (commit 37fcb3c3374216096557d71c5eac3d4adc90b65d), Unit "iMC". Names drop
 * perfmon's "UNC_M_" prefix. Every iMC event may use counters 0-3 (mask 0xF), ExtSel 0;
 * no per-cycle maximum is given (max_inc 0). Linux's ivbep iMC type has no constraints
 * and names cas_count_read 0x0304 and cas_count_write 0x0C04 (ivbep_uncore_imc_events),
 * which agree.
 *
 * The Ivytown file lists no RPQ_CYCLES_FULL, RPQ_OCCUPANCY or WPQ_OCCUPANCY (codes 0x12,
 * 0x80, 0x81 on Sandy Bridge-EP), so they are not offered here. Its trailing block
 * (MSRValue "0") adds ACT_COUNT.BYP, PRE_COUNT.BYP, POWER_PCU_THROTTLING 0x42 and
 * DCLOCKTICKS 0x00; they contradict nothing in the main list and are taken (BYP: the
 * activates and precharges of the bypass path).
 *
 * Unit-mask tables that agree with Sandy Bridge-EP's are its arrays
 * (boxes/snbep/umasks_shared.h). The DRAM clock is the fixed counter DCLK (box_imc.c). */
#include "boxes/event.h"
#include "boxes/snbep/umasks_shared.h"

#define PM "perfmon IVT/events/ivytown_uncore.json"

static const struct upm_umask act_count_umasks[] = {
	{ .name = "RD", .value = 0x01 },
	{ .name = "WR", .value = 0x02 },
	{ .name = "BYP", .value = 0x08 },
};

static const struct upm_umask byp_cmds_umasks[] = {
	{ .name = "ACT", .value = 0x01 },
	{ .name = "CAS", .value = 0x02 },
	{ .name = "PRE", .value = 0x04 },
};

/* Sandy Bridge-EP's seven plus the two VMSE read modes. */
static const struct upm_umask cas_count_umasks[] = {
	{ .name = "RD_REG", .value = 0x01 },
	{ .name = "RD_UNDERFILL", .value = 0x02 },
	{ .name = "RD", .value = 0x03 },
	{ .name = "WR_WMM", .value = 0x04 },
	{ .name = "WR_RMM", .value = 0x08 },
	{ .name = "WR", .value = 0x0C },
	{ .name = "ALL", .value = 0x0F },
	{ .name = "RD_WMM", .value = 0x10 },
	{ .name = "RD_RMM", .value = 0x20 },
};

static const struct upm_umask pre_count_umasks[] = {
	{ .name = "PAGE_MISS", .value = 0x01 },
	{ .name = "PAGE_CLOSE", .value = 0x02 },
	{ .name = "RD", .value = 0x04 },
	{ .name = "WR", .value = 0x08 },
	{ .name = "BYP", .value = 0x10 },
};

static const struct upm_umask rd_cas_prio_umasks[] = {
	{ .name = "LOW", .value = 0x01 },
	{ .name = "MED", .value = 0x02 },
	{ .name = "HIGH", .value = 0x04 },
	{ .name = "PANIC", .value = 0x08 },
};

/* RD_CAS_RANKn and WR_CAS_RANKn: one bit per bank. */
static const struct upm_umask bank_umasks[] = {
	{ .name = "BANK0", .value = 0x01 }, { .name = "BANK1", .value = 0x02 },
	{ .name = "BANK2", .value = 0x04 }, { .name = "BANK3", .value = 0x08 },
	{ .name = "BANK4", .value = 0x10 }, { .name = "BANK5", .value = 0x20 },
	{ .name = "BANK6", .value = 0x40 }, { .name = "BANK7", .value = 0x80 },
};

static const struct upm_umask vmse_wr_push_umasks[] = {
	{ .name = "WMM", .value = 0x01 },
	{ .name = "RMM", .value = 0x02 },
};

static const struct upm_umask wmm_to_rmm_umasks[] = {
	{ .name = "LOW_THRESH", .value = 0x01 },
	{ .name = "STARVE", .value = 0x02 },
	{ .name = "VMSE_RETRY", .value = 0x04 },
};

#define EV(name_, code_, desc_)                                                 \
	{ .name = (name_), .code = (code_), .counters = 0xF, .desc = (desc_), .source = PM }
#define EVU(name_, code_, umasks_, desc_)                                       \
	{                                                                        \
		.name = (name_), .code = (code_), .counters = 0xF,               \
		UPM_UMASKS(umasks_), .desc = (desc_), .source = PM,              \
	}
#define RANK(dir, n, code_)                                                          \
	EVU(#dir "_CAS_RANK" #n, code_, bank_umasks,                                 \
	    "CAS commands to rank " #n " of this channel, by bank (" #dir ")")

const struct upm_event_def upm_ivbep_imc_events[] = {
	EVU("ACT_COUNT", 0x01, act_count_umasks, "DRAM activate (page open) commands, by cause"),
	EVU("BYP_CMDS", 0xA1, byp_cmds_umasks, "Commands issued through the bypass path"),
	EVU("CAS_COUNT", 0x04, cas_count_umasks, "DRAM CAS commands (one 64-byte line each)"),
	{
		.name = "DCLOCKTICKS", .code = 0x00, .counters = 0xF, .max_inc = 1, .clock = 1,
		.desc = "DRAM clock cycles on a general counter (prefer fixed DCLK)",
		.source = PM,
	},
	EV("DRAM_PRE_ALL", 0x06, "Precharge-all commands"),
	EVU("DRAM_REFRESH", 0x05, upm_snbep_um_imc_dram_refresh, "Refresh commands, by urgency"),
	EV("ECC_CORRECTABLE_ERRORS", 0x09, "Corrected ECC errors"),
	EVU("MAJOR_MODES", 0x07, upm_snbep_um_imc_major_modes, "Cycles in each scheduler major mode"),
	EV("POWER_CHANNEL_DLLOFF", 0x84, "Cycles all ranks are in CKE off with the DLL off"),
	EV("POWER_CHANNEL_PPD", 0x85, "Cycles all ranks are in power-down"),
	EVU("POWER_CKE_CYCLES", 0x83, upm_snbep_um_imc_rank, "Cycles in CKE-low, per rank"),
	EV("POWER_PCU_THROTTLING", 0x42, "Cycles the PCU throttles this channel"),
	EV("POWER_CRITICAL_THROTTLE_CYCLES", 0x86, "Cycles throttled for a critical temperature"),
	EV("POWER_SELF_REFRESH", 0x43, "Cycles the channel is in self-refresh"),
	EVU("POWER_THROTTLE_CYCLES", 0x41, upm_snbep_um_imc_rank, "Cycles throttled, per rank"),
	EVU("PREEMPTION", 0x08, upm_snbep_um_imc_preemption, "Reads that preempted another request"),
	EVU("PRE_COUNT", 0x02, pre_count_umasks, "DRAM precharge (page close) commands, by cause"),
	EVU("RD_CAS_PRIO", 0xA0, rd_cas_prio_umasks, "Read CAS commands, by priority"),
	RANK(RD, 0, 0xB0), RANK(RD, 1, 0xB1), RANK(RD, 2, 0xB2), RANK(RD, 3, 0xB3),
	RANK(RD, 4, 0xB4), RANK(RD, 5, 0xB5), RANK(RD, 6, 0xB6), RANK(RD, 7, 0xB7),
	EV("RPQ_CYCLES_NE", 0x11, "Cycles the read pending queue is not empty"),
	EV("RPQ_INSERTS", 0x10, "Allocations into the read pending queue"),
	EV("VMSE_MXB_WR_OCCUPANCY", 0x91, "VMSE MXB write buffer occupancy"),
	EVU("VMSE_WR_PUSH", 0x90, vmse_wr_push_umasks, "VMSE write pushes, by mode"),
	EVU("WMM_TO_RMM", 0xC0, wmm_to_rmm_umasks, "Transitions from write to read major mode, by cause"),
	EV("WPQ_CYCLES_FULL", 0x22, "Cycles the write pending queue is full"),
	EV("WPQ_CYCLES_NE", 0x21, "Cycles the write pending queue is not empty"),
	EV("WPQ_INSERTS", 0x20, "Allocations into the write pending queue"),
	EV("WPQ_READ_HIT", 0x23, "Reads that hit the write pending queue"),
	EV("WPQ_WRITE_HIT", 0x24, "Writes that hit the write pending queue"),
	RANK(WR, 0, 0xB8), RANK(WR, 1, 0xB9), RANK(WR, 2, 0xBA), RANK(WR, 3, 0xBB),
	RANK(WR, 4, 0xBC), RANK(WR, 5, 0xBD), RANK(WR, 6, 0xBE), RANK(WR, 7, 0xBF),
	EV("WRONG_MM", 0xC1, "Requests that arrived in the wrong major mode"),
};

const unsigned upm_ivbep_imc_n_events = UPM_ARRAY_LEN(upm_ivbep_imc_events);
