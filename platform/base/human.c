/* Human-readable numbers (human.h), with the freestanding helpers only: UEFI too. */
#include "platform/base/human.h"

void upm_format_count(char *buf, size_t size, uint64_t v)
{
	char digits[32];
	int n = upm_snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
	size_t o = 0;
	for (int i = 0; i < n && o + 1 < size; i++) {
		if (i && (n - i) % 3 == 0) {
			buf[o++] = ',';
			if (o + 1 >= size)
				break;
		}
		buf[o++] = digits[i];
	}
	if (size)
		buf[o < size ? o : size - 1] = 0;
}

void upm_format_signed_count(char *buf, size_t size, int64_t v)
{
	if (v >= 0) {
		upm_format_count(buf, size, (uint64_t)v);
		return;
	}
	if (size < 2) {
		if (size)
			buf[0] = 0;
		return;
	}
	buf[0] = '-';
	upm_format_count(buf + 1, size - 1, (uint64_t)0 - (uint64_t)v);
}

/* v with decimals digits and thousands separators in its whole part: "1,996.10". */
void upm_format_decimal(char *buf, size_t size, double v, int decimals)
{
	char num[48], whole[40];
	upm_format_double(num, sizeof num, v, decimals);
	const char *digits = num[0] == '-' ? num + 1 : num;
	if (digits[0] < '0' || digits[0] > '9') { /* nan, inf */
		upm_strlcpy(buf, num, size);
		return;
	}
	uint64_t w = 0;
	const char *p = digits;
	for (; *p >= '0' && *p <= '9'; p++)
		w = w * 10 + (uint64_t)(*p - '0');
	upm_format_count(whole, sizeof whole, w);
	upm_snprintf(buf, size, "%s%s%s", num[0] == '-' ? "-" : "", whole, p);
}

/* decimals digits, trailing zeros of the fraction kept: columns line up. */
static void scaled(char *buf, size_t size, double v, double div, int decimals, const char *unit)
{
	char num[64];
	upm_format_decimal(num, sizeof num, v / div, decimals);
	upm_snprintf(buf, size, "%s %s", num, unit);
}

void upm_format_unit(char *buf, size_t size, double v, const char *unit)
{
	double a = v < 0 ? -v : v;
	if (!unit)
		unit = "";
	if (upm_strcmp(unit, "bytes/s") == 0) {
		if (a >= 1e9)
			scaled(buf, size, v, 1e9, 2, "GB/s");
		else if (a >= 1e6)
			scaled(buf, size, v, 1e6, 2, "MB/s");
		else
			scaled(buf, size, v, 1e3, 2, "kB/s");
	} else if (upm_strcmp(unit, "Hz") == 0) {
		scaled(buf, size, v, 1e6, 1, "MHz");
	} else if (upm_strcmp(unit, "bytes") == 0) {
		if (a >= 1024.0 * 1024 * 1024)
			scaled(buf, size, v, 1024.0 * 1024 * 1024, 2, "GiB");
		else if (a >= 1024.0 * 1024)
			scaled(buf, size, v, 1024.0 * 1024, 2, "MiB");
		else
			scaled(buf, size, v, 1024.0, 2, "KiB");
	} else {
		scaled(buf, size, v, 1, 3, unit);
		if (!unit[0] && size) { /* no unit: no trailing blank */
			size_t n = upm_strlen(buf);
			if (n && buf[n - 1] == ' ')
				buf[n - 1] = 0;
		}
	}
}

void upm_format_bytes(char *buf, size_t size, uint64_t bytes)
{
	static const char *const units[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;
	uint64_t div = 1;
	while (u + 1 < UPM_ARRAY_LEN(units) && bytes / div >= 1024) {
		div *= 1024;
		u++;
	}
	if (u == 0 || bytes % div == 0) {
		upm_snprintf(buf, size, "%llu %s", (unsigned long long)(bytes / div), units[u]);
		return;
	}
	char num[48];
	upm_format_double(num, sizeof num, (double)bytes / (double)div, 2);
	size_t n = upm_strlen(num); /* "1.50" -> "1.5" */
	while (n > 0 && num[n - 1] == '0')
		num[--n] = 0;
	if (n > 0 && num[n - 1] == '.')
		num[--n] = 0;
	upm_snprintf(buf, size, "%s %s", num, units[u]);
}

void upm_format_duration(char *buf, size_t size, uint64_t ns)
{
	uint64_t ms = ns / 1000000u, s = ns / 1000000000u;
	if (ns < 1000000u) {
		upm_snprintf(buf, size, "%llu us", (unsigned long long)(ns / 1000u));
	} else if (ms < 1000) {
		upm_snprintf(buf, size, "%llu ms", (unsigned long long)ms);
	} else if (s < 60) {
		char num[32];
		upm_format_double(num, sizeof num, (double)ns / 1e9, 2);
		upm_snprintf(buf, size, "%s s", num);
	} else if (s < 3600) {
		upm_snprintf(buf, size, "%llu min %llu s", (unsigned long long)(s / 60), (unsigned long long)(s % 60));
	} else {
		upm_snprintf(buf, size, "%llu h %llu min", (unsigned long long)(s / 3600),
			     (unsigned long long)(s / 60 % 60));
	}
}
