/* Derived metrics as data: a formula over event specs the guide defines. */
#ifndef UPMON_BOXES_METRIC_H
#define UPMON_BOXES_METRIC_H

/* A metric is either
 *   - a formula (.formula): + - * / and parentheses over event specs ("imc/ACT_COUNT/"),
 *     numbers (64, 1e9) and two names, SECONDS (the counting window in seconds) and
 *     SAMPLE_INTERVAL (the guides' term: the window in TSC ticks). Operators stand
 *     apart from specs by spaces: "(imc/ACT_COUNT/ - imc/PRE_COUNT.PAGE_MISS/) / imc/CAS_COUNT.ALL/".
 *     Nanoseconds through a box's clock: cycles * SECONDS * 1e9 / ubox/UCLK/.
 *   - or the short form value = scale * sum(numerator) / sum(denominator): numerator and
 *     denominator are spec lists whose counts add up (at most UPM_METRIC_MAX_TERMS:
 *     "cbo/LLC_HITS.ALL/,cbo/LLC_MISSES.I/"); a NULL denominator divides by the window in
 *     seconds (a rate); the string "none" divides by nothing.
 * Each spec's count is summed over the box instances of one socket (core/metrics/
 * metrics.h says which). A result that is negative, or divides by zero, is no value: it
 * is reported as n/a with the reason, never as a number.
 * aliases: former names of the same metric (comma-separated), still accepted. */
#define UPM_METRIC_MAX_TERMS 4
/* Distinct specs in one formula. The largest the guides define is the Xeon E7's
 * DRS.AnyResp - DRS.AnyDataC (002:4069): two R-Box match/mask counts on each of the
 * eight ports, 16 specs (boxes/nhmex/metrics.c, RBOX_DRS_WRITES). Formulas are compiled
 * into memory from upm_os_alloc, never onto the stack (core/metrics/metrics.c): each
 * spec costs UPM_FORMULA_SPEC_LEN bytes of text, a struct upm_spec and a double. */
#define UPM_METRIC_FORMULA_TERMS 16
struct upm_metric {
	const char *name;
	const char *numerator;   /* a spec list: "imc/CAS_COUNT.RD/"; NULL with a formula */
	const char *denominator; /* a spec list, NULL (per second) or "none" */
	double scale;
	const char *unit;
	const char *desc;
	const char *source;
	const char *formula;     /* NULL: the short form above */
	const char *aliases;     /* NULL, or "OLD_NAME[,OLD_NAME...]" */
};

/* A formula metric (designated: the short-form fields stay empty). */
#define UPM_FMETRIC(name_, formula_, unit_, desc_, source_) \
	{ .name = (name_), .formula = (formula_), .unit = (unit_), .desc = (desc_), .source = (source_) }
#define UPM_FMETRIC_ALIAS(name_, aliases_, formula_, unit_, desc_, source_)                   \
	{ .name = (name_), .formula = (formula_), .unit = (unit_), .desc = (desc_), .source = (source_), \
	  .aliases = (aliases_) }

#endif
