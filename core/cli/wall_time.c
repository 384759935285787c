/* The firmware's wall-clock time as UTC and as ISO 8601 text (identity.h): what every
 * file and folder name is dated with, and what a signed upload carries. */
#include "core/cli/identity.h"
#include "platform/base/str.h"

void upm_wall_time_iso(const struct upm_wall_time *t, int ok, char *buf, size_t size)
{
	if (!ok) {
		upm_strlcpy(buf, "unknown", size);
		return;
	}
	char zone[8] = "";
	if (t->tz_known && t->tz_minutes == 0) {
		upm_strlcpy(zone, "Z", sizeof zone);
	} else if (t->tz_known) {
		int m = t->tz_minutes < 0 ? -t->tz_minutes : t->tz_minutes;
		upm_snprintf(zone, sizeof zone, "%c%02d:%02d", t->tz_minutes < 0 ? '-' : '+', m / 60, m % 60);
	}
	upm_snprintf(buf, size, "%04u-%02u-%02uT%02u:%02u:%02u%s", t->year, t->month, t->day, t->hour,
		     t->minute, t->second, zone);
}

/* Days since 1970-01-01 of a proleptic Gregorian date, and back (civil calendar
 * arithmetic over 400-year eras). */
static long days_from_civil(long y, unsigned m, unsigned d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long)doe - 719468;
}

static void civil_from_days(long z, unsigned *y, unsigned *m, unsigned *d)
{
	z += 719468;
	long era = (z >= 0 ? z : z - 146096) / 146097;
	unsigned doe = (unsigned)(z - era * 146097);
	unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long year = (long)yoe + era * 400;
	unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	unsigned mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = (unsigned)(year + (*m <= 2));
}

void upm_wall_time_utc(const struct upm_wall_time *in, struct upm_wall_time *out)
{
	*out = *in;
	if (!in->tz_known || !in->tz_minutes || in->month < 1 || in->month > 12)
		return;
	long minutes = days_from_civil(in->year, in->month, in->day) * 1440L + in->hour * 60L + in->minute -
		       in->tz_minutes;
	long days = minutes >= 0 ? minutes / 1440 : -((-minutes + 1439) / 1440);
	long rest = minutes - days * 1440;
	civil_from_days(days, &out->year, &out->month, &out->day);
	out->hour = (unsigned)(rest / 60);
	out->minute = (unsigned)(rest % 60);
	out->tz_minutes = 0;
}
