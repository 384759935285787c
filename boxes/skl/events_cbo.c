#include "boxes/skl/skl.h"

/* Table 3-1 (mislabelled "Uncore PMU MSR List" in the guide, 001:435-505; its sheet 2
 * rows are printed after the 3.2 heading, 001:482-505). Every CBo event may use either
 * counter. The guide recommends summing over the CBos (001:432-433). Unit-mask pattern:
 * high nibble the request (0x1 read, 0x2 write, 0x8 any), low nibble the line state
 * found (0x1 M, 0x6 E or S, 0x8 I, 0xF any). */
static const struct upm_umask xsnp_response_umasks[] = {
	{ .name = "MISS_XCORE", .value = 0x41 },    /* 001:439-444 */
	{ .name = "MISS_EVICTION", .value = 0x81 }, /* 001:445-449 */
	{ .name = "HIT_XCORE", .value = 0x44 },     /* 001:450-455 */
	{ .name = "HITM_XCORE", .value = 0x48 },    /* 001:456-461 */
};

static const struct upm_umask cache_lookup_umasks[] = {
	{ .name = "WRITE_M", .value = 0x21 },    /* 001:462-465 */
	{ .name = "ANY_M", .value = 0x81 },      /* 001:466-469 */
	{ .name = "READ_I", .value = 0x18 },     /* 001:470-473 */
	{ .name = "ANY_I", .value = 0x88 },      /* 001:474-477 */
	{ .name = "READ_MESI", .value = 0x1F },  /* 001:482-485 */
	{ .name = "WRITE_MESI", .value = 0x2F }, /* 001:486-489 */
	{ .name = "ANY_MESI", .value = 0x8F },   /* 001:490-493 */
	{ .name = "ANY_ES", .value = 0x86 },     /* 001:494-497 */
	{ .name = "READ_ES", .value = 0x16 },    /* 001:498-501 */
	{ .name = "WRITE_ES", .value = 0x26 },   /* 001:502-505 */
};

const struct upm_event_def upm_skl_cbo_events[] = {
	{ .name = "XSNP_RESPONSE", .code = 0x22, .counters = 0x3, UPM_UMASKS(xsnp_response_umasks),
	  .desc = "cross-core snoops this CBo initiated, by outcome", .source = "001:439-461" },
	{ .name = "CACHE_LOOKUP", .code = 0x34, .counters = 0x3, UPM_UMASKS(cache_lookup_umasks),
	  .desc = "LLC lookups, by request type and the state the line was found in",
	  .source = "001:462-505" },
};
const unsigned upm_skl_cbo_n_events = UPM_ARRAY_LEN(upm_skl_cbo_events);
