/* Derived metrics as data: a formula over event specs the guide defines. */
#ifndef UPMON_BOXES_METRIC_H
#define UPMON_BOXES_METRIC_H

/* value = scale * sum(numerator) / sum(denominator), summed over the box instances of
 * one socket. Numerator and denominator are spec lists whose counts add up (at most
 * UPM_METRIC_MAX_TERMS: "cbo/LLC_HITS.ALL/,cbo/LLC_MISSES.I/"). A NULL denominator
 * divides by the interval in seconds (a rate); the string "none" divides by nothing. */
#define UPM_METRIC_MAX_TERMS 4
struct upm_metric {
	const char *name;
	const char *numerator;   /* a spec list: "imc/CAS_COUNT.RD/" */
	const char *denominator; /* a spec list, NULL (per second) or "none" */
	double scale;
	const char *unit;
	const char *desc;
	const char *source;
};

#endif
