/* Console lines within 80 columns (core/cli/console_wrap.h) and counts grouped in free
 * text (platform/base/human_text.h). */
#include "tests/unit/test.h"
#include "platform/base/human_text.h"
#include "core/cli/console_wrap.h"
#include <string.h>

static void human(const char *in, const char *want)
{
	char out[200];
	upm_human_text(out, sizeof out, in);
	CHECK_STR(out, want);
}

TEST(human_text_groups_counts_only)
{
	human("ctr3 0xb8 moved +5176600 while frozen", "ctr3 0xb8 moved +5,176,600 while frozen");
	human("ctr0 0xd76 did not move in 16446 us (read 0x0 twice)",
	      "ctr0 0xd76 did not move in 16,446 us (read 0x0 twice)");
	human("24576 lookups, 420.0% of the median", "24,576 lookups, 420.0% of the median");
	human("12345.678 GT/s", "12,345.678 GT/s");
	/* Hexadecimal, names with digits, dates, PCI addresses, folders keep their digits. */
	human("0x12345678 and 0xABCDEF12", "0x12345678 and 0xABCDEF12");
	human("cbo12345 ff:09.0+0xd4 at 2026-11-23", "cbo12345 ff:09.0+0xd4 at 2026-11-23");
	human("/upmon/results/20261123-083926-LAB", "/upmon/results/20261123-083926-LAB");
	human("12:3456 and 01234", "12:3456 and 01234");
	human("999 and 1000", "999 and 1,000");
}

TEST(human_text_stays_in_its_buffer)
{
	char out[8];
	upm_human_text(out, sizeof out, "1234567890");
	CHECK_STR(out, "1,234,5");
}

/* The lines said, one per entry, and their count. */
static unsigned said(struct upm_run *r, char lines[][96], unsigned max)
{
	unsigned n = 0;
	const char *p = r->log.data ? r->log.data : "";
	while (*p && n < max) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len > 95)
			len = 95;
		memcpy(lines[n], p, len);
		lines[n++][len] = 0;
		p = e ? e + 1 : p + len;
	}
	return n;
}

TEST(console_wrap_breaks_at_spaces_within_80)
{
	struct upm_run r;
	char lines[8][96];
	const char *text = "FAIL socket 0 cbo3     selftest.count     ctr0 0xd76 did not move in 16,446 us "
			   "with CLOCKTICKS enabled (read 0x0 twice) and a few more words to need a third line";
	memset(&r, 0, sizeof r);
	upm_buf_init(&r.log);
	r.console_held = 1; /* the log only */
	upm_say_wrapped(&r, 5, 0, text);
	unsigned n = said(&r, lines, 8);
	CHECK_EQ(n, 3);
	char joined[400] = "";
	for (unsigned i = 0; i < n; i++) {
		CHECK(strlen(lines[i]) <= 80);
		if (i) {
			CHECK(strncmp(lines[i], "     ", 5) == 0 && lines[i][5] != ' ');
			strcat(joined, " ");
		}
		strcat(joined, i ? lines[i] + 5 : lines[i]);
	}
	CHECK_STR(joined, text);
	CHECK_STR(lines[1], "     with CLOCKTICKS enabled (read 0x0 twice) and a few more words to need a");
	upm_buf_free(&r.log);
}

TEST(console_wrap_cuts_after_max_lines)
{
	struct upm_run r;
	char lines[8][96], text[400];
	memset(&r, 0, sizeof r);
	upm_buf_init(&r.log);
	r.console_held = 1;
	memset(text, 0, sizeof text);
	for (int i = 0; i < 60; i++)
		strcat(text, "word ");
	upm_say_wrapped_under(&r, "identity:   ", 2, text);
	unsigned n = said(&r, lines, 8);
	CHECK_EQ(n, 2);
	CHECK(strncmp(lines[1], "identity:   word", 16) == 0);
	CHECK(strlen(lines[1]) <= 80 && strstr(lines[1], "word...") != NULL);
	upm_buf_free(&r.log);
	/* One word longer than a line is cut across lines. */
	upm_buf_init(&r.log);
	memset(text, 'x', 100);
	text[100] = 0;
	upm_say_wrapped(&r, 2, 0, text);
	n = said(&r, lines, 8);
	CHECK_EQ(n, 2);
	CHECK_EQ(strlen(lines[0]), 80);
	CHECK_EQ(strlen(lines[1]), 22);
	upm_buf_free(&r.log);
}
