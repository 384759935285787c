/* Lines within the console's 80 columns (the UEFI console is often 80x25): a long
 * sentence is broken at spaces, its continuation indented; the files keep it whole
 * (results.json, verdicts.csv), so the console may cut what is beyond a few lines. */
#ifndef UPM_CORE_CONSOLE_WRAP_H
#define UPM_CORE_CONSOLE_WRAP_H

#include "core/cli/invocation.h"

/* Says text in lines of at most UPM_CONSOLE_COLUMNS, broken at the last space that fits
 * (a word longer than a line is cut across lines), each continuation indented by indent
 * spaces. At most max_lines lines (0: all); a cut text ends in "...". */
void upm_say_wrapped(struct upm_run *r, unsigned indent, unsigned max_lines, const char *text);
/* How many console lines upm_say_wrapped would say for text (nothing is said): what a
 * block that must fit the screen budgets by. */
unsigned upm_wrapped_lines(unsigned indent, unsigned max_lines, const char *text);
/* The same with each continuation line opening with cont ("identity:   "). */
void upm_say_wrapped_under(struct upm_run *r, const char *cont, unsigned max_lines, const char *text);
/* The same as upm_say_wrapped, formatted. */
void upm_say_wrappedf(struct upm_run *r, unsigned indent, unsigned max_lines, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Each line of text ('\n' between; a last one may end without it) said as prefix and the
 * line, wrapped as upm_say_wrapped does with indent. */
void upm_say_lines(struct upm_run *r, const char *prefix, unsigned indent, const char *text);

#endif
