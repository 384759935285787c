/* Scheduling: exact matching, filter conflicts, multi-pass splits. */
#include "tests/unit/test.h"
#include "core/events/sched.h"

static int schedule(const char *list, struct upm_spec *specs, struct upm_placement *pl, char *err)
{
	const struct upm_platform *p = upm_platform_by_name("snbep");
	int n = upm_spec_parse_list(p, list, specs, 16, err, 200);
	if (n < 0)
		return -2;
	const struct upm_spec *ptr[16];
	for (int i = 0; i < n; i++)
		ptr[i] = &specs[i];
	return upm_schedule(specs[0].box, ptr, (unsigned)n, pl, err, 200);
}

TEST(sched_exact_matching_beats_first_fit)
{
	struct upm_spec s[16];
	struct upm_placement pl[16];
	char err[200];
	/* LLC_VICTIMS may use counters 0-1, TOR_OCCUPANCY only 0, RING_AD_USED 2-3,
	 * COUNTER0_OCCUPANCY 1-3: first-fit would put LLC_VICTIMS on 0 and need a second pass. */
	CHECK_EQ(schedule("cbo/LLC_VICTIMS.M_STATE/,cbo/COUNTER0_OCCUPANCY/,cbo/RING_AD_USED.UP_EVEN/,"
			  "cbo/TOR_OCCUPANCY.ALL/", s, pl, err), 1);
	CHECK_EQ(pl[0].counter, 1);
	CHECK_EQ(pl[3].counter, 0);
	CHECK((pl[1].counter == 2 || pl[1].counter == 3) && pl[2].counter != pl[1].counter);
}

TEST(sched_splits_into_passes)
{
	struct upm_spec s[16];
	struct upm_placement pl[16];
	char err[200];
	/* Three counter-0-only events need three passes. */
	CHECK_EQ(schedule("cbo/TOR_OCCUPANCY.ALL/,cbo/TOR_OCCUPANCY.EVICTION/,cbo/CLOCKTICKS/,"
			  "cbo/TOR_OCCUPANCY.MISS_ALL/", s, pl, err), 3);
	CHECK_EQ(pl[0].pass, 0);
	CHECK_EQ(pl[1].pass, 1);
	CHECK_EQ(pl[2].pass, 0);
	CHECK_EQ(pl[3].pass, 2);
	CHECK_EQ(pl[0].counter, 0);
	CHECK_EQ(pl[1].counter, 0);
	/* Five events on a four-counter box. */
	CHECK_EQ(schedule("imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/ACT_COUNT/,imc/RPQ_INSERTS/,"
			  "imc/WPQ_INSERTS/,imc0/DCLK/", s, pl, err), 2);
	CHECK_EQ(pl[4].pass, 1);
	CHECK_EQ(pl[5].counter, -1);
}

TEST(sched_filter_conflict_forces_a_pass)
{
	struct upm_spec s[16];
	struct upm_placement pl[16];
	char err[200];
	CHECK_EQ(schedule("cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/,cbo/TOR_INSERTS.OPCODE,filter_opc=0x180/",
			  s, pl, err), 2);
	CHECK_EQ(schedule("cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/,cbo/TOR_OCCUPANCY.OPCODE,filter_opc=0x182/",
			  s, pl, err), 1);
	CHECK_EQ(pl[1].counter, 0);
	CHECK_EQ(pl[0].counter, 1);
}

TEST(sched_fixed_counter_once)
{
	struct upm_spec s[16];
	struct upm_placement pl[16];
	char err[200];
	CHECK_EQ(schedule("imc/DCLK/,imc/DCLK/", s, pl, err), -1);
	CHECK_CONTAINS(err, "imc/DCLK/ is given twice");
}
