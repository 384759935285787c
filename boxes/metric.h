/* Derived metrics as data: a formula over event specs the guide defines. */
#ifndef UPMON_BOXES_METRIC_H
#define UPMON_BOXES_METRIC_H

/* value = scale * sum(numerator) / sum(denominator), summed over the box instances of
 * one socket. A NULL denominator divides by the interval in seconds (a rate); the
 * string "none" divides by nothing. */
struct upm_metric {
	const char *name;
	const char *numerator;   /* an event spec: "imc/CAS_COUNT.RD/" */
	const char *denominator; /* an event spec, NULL (per second) or "none" */
	double scale;
	const char *unit;
	const char *desc;
	const char *source;
};

#endif
