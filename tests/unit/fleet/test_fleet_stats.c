/* The fleet's statistics (core/fleet/fleet.h): median, median absolute deviation, minimum
 * and maximum over given numbers, and the outlier rule (|x - median| > 3 x 1.4826 x MAD,
 * or more than 5% off the median when the MAD is 0), with the expected values worked by
 * hand. */
#include "tests/unit/test.h"
#include "core/fleet/fleet.h"

static int near(double a, double b)
{
	double d = a - b;
	return (d < 0 ? -d : d) < 1e-9;
}

TEST(fleet_stats_median_mad_odd)
{
	/* sorted 1 2 3 4 100: median 3; |x - 3| = 2 1 0 1 97, sorted 0 1 1 2 97: MAD 1. */
	const double v[] = { 4, 1, 100, 3, 2 };
	struct upm_fleet_stats st;
	CHECK_EQ(upm_fleet_stats_of(v, 5, &st), 0);
	CHECK_EQ(st.n, 5);
	CHECK(near(st.median, 3));
	CHECK(near(st.mad, 1));
	CHECK(near(st.min, 1));
	CHECK(near(st.max, 100));
	/* The limit: 3 x 1.4826 x 1 = 4.4478 from 3. */
	CHECK(upm_fleet_is_outlier(&st, 100));
	CHECK(upm_fleet_is_outlier(&st, 7.45));
	CHECK(!upm_fleet_is_outlier(&st, 7.44));
	CHECK(!upm_fleet_is_outlier(&st, -1.44));
	CHECK(upm_fleet_is_outlier(&st, -1.45));
	CHECK(near(upm_fleet_robust_z(&st, 100), 97 / 1.4826));
	CHECK(v[0] == 4 && v[2] == 100); /* the caller's numbers stay as they were */
}

TEST(fleet_stats_median_mad_even)
{
	/* sorted 10 12 14 20: median 13; deviations 3 1 1 7, sorted 1 1 3 7: MAD 2. */
	const double v[] = { 20, 10, 14, 12 };
	struct upm_fleet_stats st;
	CHECK_EQ(upm_fleet_stats_of(v, 4, &st), 0);
	CHECK(near(st.median, 13));
	CHECK(near(st.mad, 2));
	CHECK(!upm_fleet_is_outlier(&st, 20)); /* 7 <= 8.8956 */
	CHECK(upm_fleet_is_outlier(&st, 22));  /* 9 > 8.8956 */
}

TEST(fleet_stats_one_board_15_percent_low)
{
	/* Forty boards' memory bandwidth within +-0.4% (eight each at 99.6, 99.8, 100, 100.2
	 * and 100.4), one 15% low: median 100, MAD 0.2, the limit 0.89 from 100; only it is out. */
	double v[40];
	for (unsigned i = 0; i < 40; i++)
		v[i] = 100.0 * (1.0 + 0.002 * (double)((int)(i % 5) - 2));
	v[17] = 85.0;
	struct upm_fleet_stats st;
	CHECK_EQ(upm_fleet_stats_of(v, 40, &st), 0);
	CHECK(near(st.median, 100.0));
	CHECK(near(st.mad, 0.2));
	unsigned out = 0;
	for (unsigned i = 0; i < 40; i++)
		out += upm_fleet_is_outlier(&st, v[i]);
	CHECK_EQ(out, 1);
	CHECK(upm_fleet_is_outlier(&st, v[17]));
}

TEST(fleet_stats_zero_mad_takes_five_percent)
{
	/* Most machines agree exactly: MAD 0, so the 5% rule judges. */
	const double v[] = { 50, 50, 50, 50, 52, 47 };
	struct upm_fleet_stats st;
	CHECK_EQ(upm_fleet_stats_of(v, 6, &st), 0);
	CHECK(near(st.median, 50));
	CHECK(near(st.mad, 0));
	CHECK(!upm_fleet_is_outlier(&st, 52.5)); /* 5% exactly is not more than 5% */
	CHECK(upm_fleet_is_outlier(&st, 52.51));
	CHECK(upm_fleet_is_outlier(&st, 47));
	CHECK(near(upm_fleet_robust_z(&st, 47), 0));
	/* A median of 0: anything else differs by more than 5% of it. */
	const double z[] = { 0, 0, 0, 1 };
	CHECK_EQ(upm_fleet_stats_of(z, 4, &st), 0);
	CHECK(!upm_fleet_is_outlier(&st, 0));
	CHECK(upm_fleet_is_outlier(&st, 1));
}

TEST(fleet_stats_one_and_none)
{
	const double v[] = { 7.5 };
	struct upm_fleet_stats st;
	CHECK_EQ(upm_fleet_stats_of(v, 1, &st), 0);
	CHECK(near(st.median, 7.5) && near(st.mad, 0) && near(st.min, 7.5) && near(st.max, 7.5));
	CHECK(!upm_fleet_is_outlier(&st, 7.5));
	CHECK_EQ(upm_fleet_stats_of(v, 0, &st), -1);
}

TEST(fleet_number_format)
{
	char b[48];
	upm_fleet_number(b, sizeof b, 27.811);
	CHECK_STR(b, "27.811");
	upm_fleet_number(b, sizeof b, 4194304.0);
	CHECK_STR(b, "4194304");
	upm_fleet_number(b, sizeof b, 0.000123);
	CHECK_STR(b, "0.000123");
	upm_fleet_number(b, sizeof b, -14.20234);
	CHECK_STR(b, "-14.2023");
	upm_fleet_number(b, sizeof b, 0);
	CHECK_STR(b, "0");
}
