/* A metric's formula (boxes/metric.h), compiled to a small stack program: + - * / and
 * parentheses over event specs, numbers, SECONDS and SAMPLE_INTERVAL. Part of the
 * metrics room; knows nothing of sessions or specs beyond their text. */
#ifndef UPMON_CORE_METRICS_FORMULA_H
#define UPMON_CORE_METRICS_FORMULA_H

#include "boxes/metric.h"

#define UPM_FORMULA_MAX_CODE 64
#define UPM_FORMULA_SPEC_LEN 128

enum upm_formula_op { UPM_F_TERM, UPM_F_CONST, UPM_F_SECONDS, UPM_F_SAMPLE_INTERVAL, UPM_F_ADD,
		      UPM_F_SUB, UPM_F_MUL, UPM_F_DIV, UPM_F_NEG };

struct upm_formula {
	char specs[UPM_METRIC_FORMULA_TERMS][UPM_FORMULA_SPEC_LEN]; /* distinct, in order */
	unsigned n_specs;
	struct {
		unsigned char op, term;
		double k;
	} code[UPM_FORMULA_MAX_CODE];
	unsigned n_code;
	int per_second; /* the window's seconds divide the value: a rate */
	int uses_time;  /* SECONDS or SAMPLE_INTERVAL appear */
};

/* Compiles text. 0, or -1 with err naming what is wrong and where. */
int upm_formula_parse(const char *text, struct upm_formula *f, char *err, unsigned long err_size);

/* Why a formula gave no value. */
enum upm_formula_status { UPM_FORMULA_OK, UPM_FORMULA_DIV_ZERO, UPM_FORMULA_NEGATIVE,
			  UPM_FORMULA_NO_TSC };
/* Evaluates f with terms[i] the (window-normalised) count of specs[i]; seconds is the
 * window, tsc_hz the TSC frequency (0: unknown, SAMPLE_INTERVAL has no value). A
 * difference or a result below zero is UPM_FORMULA_NEGATIVE: every metric measures
 * something that cannot be negative, so such a value says the counts do not agree. */
enum upm_formula_status upm_formula_eval(const struct upm_formula *f, const double *terms, double seconds,
					 double tsc_hz, double *out);
/* The power of time in f's value when SECONDS, SAMPLE_INTERVAL and the terms flagged in
 * clock[] (counts of a clock, which grow with time) are time, and the other terms counts
 * of work: 1 for a latency in seconds, -1 for a rate, 0 when time cancels (occupancy
 * over inserts, in ns through SECONDS over a clock). 0 with *exp set, or -1 when a sum
 * adds parts of different powers. */
int upm_formula_time_power(const struct upm_formula *f, const unsigned char *clock, int *exp);
/* A word for a status: "division by zero", "negative", ... */
const char *upm_formula_status_text(enum upm_formula_status st);

#endif
