/* The configuration file's bytes as text (core/cli/config_text.c): Notepad's "Unicode"
 * (UTF-16LE with FF FE), its big-endian kin (FE FF) and UTF-8 with EF BB BF are read;
 * UTF-16 without a mark and binary are refused naming what they are. */
#include "tests/unit/test.h"
#include "core/cli/config.h"
#include "platform/base/os.h"

/* ascii as UTF-16 with its byte-order mark; the size in bytes. */
static size_t utf16(const char *ascii, int big_endian, int bom, unsigned char *out)
{
	size_t n = 0;
	if (bom) {
		out[n++] = big_endian ? 0xFE : 0xFF;
		out[n++] = big_endian ? 0xFF : 0xFE;
	}
	for (; *ascii; ascii++) {
		out[n++] = big_endian ? 0 : (unsigned char)*ascii;
		out[n++] = big_endian ? (unsigned char)*ascii : 0;
	}
	return n;
}

static const char lab[] = "# lab\r\nargs = --backend mock --platform snbep info\r\nend = qemu-exit\r\n";

/* Decoded and parsed: args and end as written. */
static void check_parses(const void *bytes, size_t n)
{
	char *text = NULL, err[300] = "";
	CHECK_EQ(upm_config_text(bytes, n, "u.cfg", &text, err, sizeof err), 0);
	CHECK_STR(err, "");
	struct upm_config cfg;
	if (!text)
		return;
	CHECK_EQ(upm_config_parse(&cfg, text, "u.cfg", err, sizeof err), 0);
	CHECK_EQ(cfg.argc, 6);
	CHECK_STR(cfg.argv[5], "info");
	CHECK_EQ(cfg.has_end, 1);
	CHECK_EQ(cfg.end, UPM_END_QEMU_EXIT);
	upm_config_free(&cfg);
}

TEST(config_text_utf16le_with_bom_is_read)
{
	unsigned char b[512];
	check_parses(b, utf16(lab, 0, 1, b));
}

TEST(config_text_utf16be_with_bom_is_read)
{
	unsigned char b[512];
	check_parses(b, utf16(lab, 1, 1, b));
}

TEST(config_text_utf8_with_bom_and_ascii_are_read)
{
	char b[256];
	size_t n = (size_t)upm_snprintf(b, sizeof b, "\xEF\xBB\xBF%s", lab);
	check_parses(b, n);
	check_parses(lab, sizeof lab - 1);
}

TEST(config_text_utf16_without_bom_is_refused_naming_it)
{
	unsigned char b[512];
	char *text = NULL, err[300];
	for (int be = 0; be <= 1; be++) {
		CHECK_EQ(upm_config_text(b, utf16(lab, be, 0, b), "u.cfg", &text, err, sizeof err), -1);
		CHECK_STR(err, "u.cfg: looks like UTF-16 without a byte-order mark: save it as UTF-8 or ANSI");
		CHECK(text == NULL);
	}
	/* Binary with a NUL byte is still that. */
	static const char bin[] = "end = return\n\0speed = 1\n";
	CHECK_EQ(upm_config_text(bin, sizeof bin - 1, "bin.cfg", &text, err, sizeof err), -1);
	CHECK_STR(err, "bin.cfg: not a configuration file (holds a NUL byte): it must be text below 64 KiB");
}

TEST(config_text_utf16_outside_ascii_names_the_line)
{
	unsigned char b[512];
	char *text = NULL, err[300];
	size_t n = utf16("end = return\nout = \\r?sults\n", 0, 1, b);
	/* The '?' of line 2 as U+00E9 (e acute). */
	for (size_t i = 2; i < n; i += 2)
		if (b[i] == '?')
			b[i] = 0xE9;
	CHECK_EQ(upm_config_text(b, n, "u.cfg", &text, err, sizeof err), -1);
	CHECK_STR(err, "u.cfg:2: the character U+00E9 is not ASCII: keys and values are ASCII; write it in ASCII, "
		       "or in a comment ('#')");
	/* In a comment it is kept, as UTF-8. */
	n = utf16("# r?sultats\nend = return\n", 1, 1, b);
	for (size_t i = 2; i < n; i += 2)
		if (b[i + 1] == '?')
			b[i + 1] = 0xE9;
	CHECK_EQ(upm_config_text(b, n, "u.cfg", &text, err, sizeof err), 0);
	CHECK_STR(text, "# r\xC3\xA9sultats\nend = return\n");
	upm_os_free(text);
	/* Cut short, a lone surrogate, a NUL character. */
	n = utf16("end = return\n", 0, 1, b);
	CHECK_EQ(upm_config_text(b, n - 1, "u.cfg", &text, err, sizeof err), -1);
	CHECK_CONTAINS(err, "u.cfg: UTF-16 (byte-order mark FF FE) with an odd number of bytes");
	b[4] = 0x00;
	b[5] = 0xD8;
	CHECK_EQ(upm_config_text(b, n, "u.cfg", &text, err, sizeof err), -1);
	CHECK_CONTAINS(err, "u.cfg:1: a broken UTF-16 character (unpaired U+D800)");
	n = utf16("end = return\nx", 0, 1, b);
	b[n] = 0;
	b[n + 1] = 0;
	CHECK_EQ(upm_config_text(b, n + 2, "u.cfg", &text, err, sizeof err), -1);
	CHECK_CONTAINS(err, "u.cfg:2: not a configuration file (holds a NUL character)");
}

TEST(config_text_empty_is_an_empty_configuration)
{
	char *text = NULL, err[300];
	CHECK_EQ(upm_config_text("", 0, "u.cfg", &text, err, sizeof err), 0);
	CHECK_STR(text, "");
	upm_os_free(text);
	static const unsigned char bom_only[] = { 0xFF, 0xFE };
	CHECK_EQ(upm_config_text(bom_only, 2, "u.cfg", &text, err, sizeof err), 0);
	CHECK_STR(text, "");
	upm_os_free(text);
}
