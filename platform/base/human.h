/* Numbers for people: thousands separators, units scaled to what a reader expects
 * (GB/s, MHz, MiB), durations. Console and report.html use them; files keep plain
 * numbers for programs. */
#ifndef UPMON_CORE_HUMAN_H
#define UPMON_CORE_HUMAN_H

#include "platform/base/str.h"

/* "12,345,678". */
void upm_format_count(char *buf, size_t size, uint64_t v);
/* A signed count the same way: "-1,234". */
void upm_format_signed_count(char *buf, size_t size, int64_t v);
/* v with decimals digits after the point and thousands separators: "1,996.10". */
void upm_format_decimal(char *buf, size_t size, double v, int decimals);
/* A value in the unit a metric is defined in, as a person reads it: "bytes/s" becomes
 * GB/s, MB/s or kB/s (decimal, as memory bandwidth is quoted), "Hz" MHz, "bytes" KiB,
 * MiB or GiB (binary, as memory sizes are quoted), "ratio" three decimals; any other
 * unit is kept with three decimals. "12.35 GB/s". */
void upm_format_unit(char *buf, size_t size, double v, const char *unit);
/* A size in bytes, binary units, trailing zeros dropped: "4 MiB", "1.5 GiB", "512 bytes". */
void upm_format_bytes(char *buf, size_t size, uint64_t bytes);
/* A duration: "120 us", "850 ms", "1.23 s", "2 min 3 s", "1 h 2 min". */
void upm_format_duration(char *buf, size_t size, uint64_t ns);

#endif
