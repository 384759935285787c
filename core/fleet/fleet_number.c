/* Numbers as the fleet's files write them (fleet.h). */
#include "core/fleet/fleet.h"

void upm_fleet_number(char *buf, size_t size, double v)
{
	if (v != v || v > 1.8e19 || v < -1.8e19) {
		upm_strlcpy(buf, v != v ? "nan" : v < 0 ? "-inf" : "inf", size);
		return;
	}
	double a = v < 0 ? -v : v;
	/* Six significant digits, never fewer than none after the point nor more than nine. */
	int decimals = 6;
	for (double t = 1.0; t <= a && decimals > 0; t *= 10.0)
		decimals--;
	if (a > 0 && a < 1.0)
		for (double t = 0.1; t > a && decimals < 9; t /= 10.0)
			decimals++;
	char tmp[48];
	upm_format_double(tmp, sizeof tmp, v, decimals);
	/* Trailing zeros after the point, and the point itself, are dropped. */
	size_t n = upm_strlen(tmp);
	if (upm_strchr(tmp, '.')) {
		while (n > 0 && tmp[n - 1] == '0')
			tmp[--n] = 0;
		if (n > 0 && tmp[n - 1] == '.')
			tmp[--n] = 0;
	}
	if (upm_strcmp(tmp, "-0") == 0)
		upm_strlcpy(tmp, "0", sizeof tmp);
	upm_strlcpy(buf, tmp, size);
}
