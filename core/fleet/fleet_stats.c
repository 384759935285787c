/* The statistics of one number over a group's machines (fleet.h): median, median absolute
 * deviation, minimum and maximum, and the outlier rule. */
#include "core/fleet/fleet.h"

static void sort_doubles(double *v, unsigned n)
{
	for (unsigned gap = n / 2; gap > 0; gap /= 2)
		for (unsigned i = gap; i < n; i++) {
			double t = v[i];
			unsigned k = i;
			for (; k >= gap && v[k - gap] > t; k -= gap)
				v[k] = v[k - gap];
			v[k] = t;
		}
}

/* The median of sorted v[0..n): the middle value, or the mean of the middle two. */
static double median_sorted(const double *v, unsigned n)
{
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

int upm_fleet_stats_of(const double *v, unsigned n, struct upm_fleet_stats *st)
{
	upm_memset(st, 0, sizeof *st);
	if (!n)
		return -1;
	double *t = upm_os_alloc(n * sizeof *t);
	if (!t)
		return -1;
	upm_memcpy(t, v, n * sizeof *t);
	sort_doubles(t, n);
	st->n = n;
	st->min = t[0];
	st->max = t[n - 1];
	st->median = median_sorted(t, n);
	for (unsigned i = 0; i < n; i++)
		t[i] = v[i] > st->median ? v[i] - st->median : st->median - v[i];
	sort_doubles(t, n);
	st->mad = median_sorted(t, n);
	upm_os_free(t);
	return 0;
}

int upm_fleet_is_outlier(const struct upm_fleet_stats *st, double x)
{
	double d = x > st->median ? x - st->median : st->median - x;
	if (st->mad > 0)
		return d > UPM_FLEET_MAD_LIMIT * UPM_FLEET_MAD_SCALE * st->mad;
	double m = st->median < 0 ? -st->median : st->median;
	return d > UPM_FLEET_ZERO_MAD_SHARE * m;
}

double upm_fleet_robust_z(const struct upm_fleet_stats *st, double x)
{
	return st->mad > 0 ? (x - st->median) / (UPM_FLEET_MAD_SCALE * st->mad) : 0.0;
}
