/* perfmon's facts as CSV (perfmon_csv.h). */
#include <stdlib.h>
#include "tests/unit/perfmon_csv.h"

unsigned perfmon_csv_split(char *line, char **cols, unsigned max)
{
	unsigned n = 0;
	char *s = line;
	while (n < max) {
		int quoted = *s == '"';
		if (quoted)
			s++;
		cols[n++] = s;
		char *e = s;
		while (*e && (quoted ? *e != '"' : *e != ','))
			e++;
		if (quoted && *e == '"')
			*e++ = 0;
		if (*e != ',') {
			*e = 0;
			break;
		}
		*e = 0;
		s = e + 1;
	}
	return n;
}

unsigned perfmon_csv_counters(const char *list)
{
	unsigned m = 0;
	for (const char *s = list; *s;) {
		char *end;
		unsigned long c = strtoul(s, &end, 10);
		if (end == s)
			break;
		if (c < 32)
			m |= 1u << c;
		s = *end == ',' ? end + 1 : end;
	}
	return m;
}

static uint64_t hex(const char *s)
{
	return strtoull(s, NULL, 16);
}

uint64_t perfmon_csv_config(char **c)
{
	uint64_t ext = hex(c[4]), port = hex(c[5]), fc = hex(c[6]);
	return hex(c[2]) | hex(c[3]) << 8 | (port || fc ? 0 : ext) << 32 | port << 36 | fc << 48;
}
