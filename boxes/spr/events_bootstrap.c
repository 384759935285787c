/* Stand-in event tables (events_bootstrap.h): the few events the session's tests use,
 * from intel/perfmon SPR/sapphirerapids_uncore.json (V1.39). */
#include "boxes/spr/events_bootstrap.h"

static const struct upm_umask cas_count[] = {
	{ .name = "RD", .value = 0xCF },
	{ .name = "WR", .value = 0xF0 },
};

const struct upm_event_def upm_spr_events_cha[] = {
	{ .name = "CLOCKTICKS", .code = 0x01, .counters = 0xF, .clock = 1, .desc = "CHA clock cycles",
	  .source = "intel/perfmon SPR uncore UNC_CHA_CLOCKTICKS" },
};
const struct upm_event_def upm_spr_events_imc[] = {
	{ .name = "CAS_COUNT", .code = 0x05, .counters = 0xF, UPM_UMASKS(cas_count),
	  .desc = "64-byte DRAM CAS commands", .source = "intel/perfmon SPR uncore UNC_M_CAS_COUNT.RD/WR" },
};
const unsigned upm_spr_n_events_cha = UPM_ARRAY_LEN(upm_spr_events_cha);
const unsigned upm_spr_n_events_imc = UPM_ARRAY_LEN(upm_spr_events_imc);

/* Units without a stand-in event: none until the perfmon tables come. */
#define NONE(u)                                         \
	const struct upm_event_def upm_spr_events_##u[1]; \
	const unsigned upm_spr_n_events_##u = 0;
NONE(iio)
NONE(irp)
NONE(m2pcie)
NONE(pcu)
NONE(m2m)
NONE(upi)
NONE(m3upi)
NONE(mdf)
NONE(cxlcm)
NONE(cxldp)
NONE(m2hbm)
NONE(mchbm)
NONE(ubox)
