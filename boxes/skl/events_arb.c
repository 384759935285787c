#include "boxes/skl/skl.h"

/* Table 3-2 (001:510-537). TRK_OCCUPANCY counts on counter 0 only. The guide prints
 * CYCLES_WITH_ANY_REQUEST with the same code and unit mask as ALL and no threshold;
 * what makes it "cycles with at least one request" is a threshold of 1 (intel/perfmon
 * SKL/events/skylake_uncore.json: UNC_ARB_TRK_OCCUPANCY.CYCLES_WITH_ANY_REQUEST
 * CounterMask 1). */
/* DATA_READ (both events) and DRD_DIRECT are not in the guide's Table 3-2: Intel perfmon
 * SKL uncore event files (SKL/events/skylake_uncore.json) give UNC_ARB_TRK_OCCUPANCY.
 * DATA_READ 0x80/0x02 on counter 0, UNC_ARB_TRK_REQUESTS.DATA_READ and .DRD_DIRECT both
 * 0x81/0x02 on counters 0-1 (two names, one encoding). */
#define PM "Intel perfmon SKL uncore event files (SKL/events/skylake_uncore.json)"

static const struct upm_umask trk_occupancy_umasks[] = {
	{ .name = "ALL", .value = 0x01 },                                  /* 001:514-515 */
	{ .name = "CYCLES_WITH_ANY_REQUEST", .value = 0x01, .thresh = 1 }, /* 001:528-537 */
	{ .name = "DATA_READ", .value = 0x02 },                            /* PM */
};

static const struct upm_umask trk_requests_umasks[] = {
	{ .name = "ALL", .value = 0x01 },    /* 001:516-520 */
	{ .name = "WRITES", .value = 0x20 }, /* 001:521-525 */
	{ .name = "DATA_READ", .value = 0x02 },  /* PM */
	{ .name = "DRD_DIRECT", .value = 0x02 }, /* PM */
};

static const struct upm_umask coh_trk_requests_umasks[] = {
	{ .name = "ALL", .value = 0x01 }, /* 001:526-527 */
};

const struct upm_event_def upm_skl_arb_events[] = {
	{ .name = "TRK_OCCUPANCY", .code = 0x80, .counters = 0x1, UPM_UMASKS(trk_occupancy_umasks),
	  .desc = "outgoing core requests outstanding, per cycle (counter 0 only)",
	  .source = "001:514-515, 528-537; DATA_READ: " PM },
	{ .name = "TRK_REQUESTS", .code = 0x81, .counters = 0x3, UPM_UMASKS(trk_requests_umasks),
	  .desc = "outgoing core requests allocated", .source = "001:516-525; DATA_READ, DRD_DIRECT: " PM },
	{ .name = "COH_TRK_REQUESTS", .code = 0x84, .counters = 0x3,
	  UPM_UMASKS(coh_trk_requests_umasks), .desc = "coherent tracker entries allocated",
	  .source = "001:526-527" },
};
const unsigned upm_skl_arb_n_events = UPM_ARRAY_LEN(upm_skl_arb_events);
