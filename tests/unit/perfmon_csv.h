/* The facts of Intel's perfmon files as tools/perfmon_events.py writes them
 * (tests/data/perfmon/NAME.csv: unit,name,event,umask,umask_ext,port_mask,fc_mask,counters,
 * counter_type,deprecated), for the coverage tests of the discovery platforms. */
#ifndef UPMON_TESTS_UNIT_PERFMON_CSV_H
#define UPMON_TESTS_UNIT_PERFMON_CSV_H

#include <stdint.h>

#define PERFMON_CSV_COLS 10

/* One CSV line into cols (commas inside double quotes stay), at most max; the number of
 * columns. */
unsigned perfmon_csv_split(char *line, char **cols, unsigned max);
/* A Counter field ("0,1,2,3") as a mask of counters. */
unsigned perfmon_csv_counters(const char *list);
/* The control value perfmon means by a line's columns (intel/perfmon@scripts/
 * create_perf_json.py): UMaskExt above bit 32 unless PortMask or FCMask are given, those
 * at 36 and 48 (the IIO's fields). */
uint64_t perfmon_csv_config(char **cols);

#endif
