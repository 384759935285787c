/* Text for the markup results files (junit.xml, report.html): XML/HTML escaping and a
 * verdict's numbers as one readable phrase. */
#ifndef UPMON_CORE_RESULTS_MARKUP_H
#define UPMON_CORE_RESULTS_MARKUP_H

#include "core/check/verdict.h"

/* Appends s escaped for XML/HTML text and attribute values (& < > " '); control
 * characters XML 1.0 cannot hold (all below 0x20 but tab, LF, CR) become '?'. */
void upm_buf_xml_text(struct upm_buf *b, const char *s);
/* A number as short text: up to 3 decimals, trailing zeros dropped ("1200", "0.25"). */
void upm_format_short(char *buf, size_t size, double v);
/* The verdict's numbers, unescaped: "measured 1200 bytes, expected 1000 bytes, accepted
 * 900..1100 bytes (tolerance 10%), register NAME at ADDRESS = 0x5"; "" when it has none. */
void upm_verdict_numbers_text(const struct upm_verdict *v, struct upm_buf *out);

#endif
