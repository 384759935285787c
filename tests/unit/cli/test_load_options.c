/* A boot entry's LoadOptions as upmon's command line or vendor data
 * (core/cli/load_options.c): HP's "RC", AMI-like binary, odd sizes and 8-bit text are
 * ignored and recorded in hex; UCS-2 text that names the program, a command or an
 * option is the command line. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup, glob */
#include "tests/unit/test.h"
#include "core/cli/load_options.h"
#include "core/commands/app.h"
#include "core/host/os_host.h"
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* s as UCS-2 little-endian with its terminating NUL, as efibootmgr -u and the shell
 * pass it; returns the size in bytes. */
static size_t ucs2(const char *s, unsigned char *out)
{
	size_t n = 0;
	for (; *s; s++) {
		out[n++] = (unsigned char)*s;
		out[n++] = 0;
	}
	out[n++] = 0;
	out[n++] = 0;
	return n;
}

static struct upm_load_options_decision decide(const void *b, size_t size, const char *image)
{
	struct upm_load_options_decision d;
	upm_load_options_decide(b, size, image, &d);
	return d;
}

TEST(load_options_hp_rc_is_ignored)
{
	static const unsigned char rc[] = { 0x52, 0x43 };
	struct upm_load_options_decision d = decide(rc, sizeof rc, "\\EFI\\BOOT\\BOOTX64.EFI");
	CHECK_EQ(d.verdict, UPM_LOADOPT_IGNORED);
	CHECK_STR(d.reason, "not printable ASCII text");
	char note[400];
	upm_load_options_note(rc, sizeof rc, d.reason, note, sizeof note);
	CHECK_STR(note, "upmon: the boot entry's LoadOptions were ignored (not printable ASCII text), so "
			"\\upmon\\upmon.cfg's args apply; 2 bytes: 52 43");
}

TEST(load_options_ami_like_binary_is_ignored)
{
	/* A vendor's record: a GUID-like header, then a length and flags. */
	static const unsigned char ami[] = { 0x4e, 0xac, 0x08, 0x81, 0x11, 0x9f, 0x59, 0x4d, 0x85, 0x0e,
					     0xe2, 0x1a, 0x52, 0x2c, 0x59, 0xb2, 0x05, 0x00, 0x01, 0x00 };
	struct upm_load_options_decision d = decide(ami, sizeof ami, NULL);
	CHECK_EQ(d.verdict, UPM_LOADOPT_IGNORED);
	/* EDK2's own boot options: a GUID alone. */
	static const unsigned char guid[16] = { 0x5f, 0x1b, 0x7e, 0x46, 0x7a, 0x2b, 0x4c, 0x4e,
						0x9b, 0x4e, 0x38, 0x8a, 0x73, 0x01, 0x54, 0x3b };
	CHECK_EQ(decide(guid, sizeof guid, NULL).verdict, UPM_LOADOPT_IGNORED);
	/* Text, then data after its NUL. */
	unsigned char b[64];
	size_t n = ucs2("check", b);
	b[n++] = 0x7f;
	b[n++] = 0x01;
	d = decide(b, n, NULL);
	CHECK_EQ(d.verdict, UPM_LOADOPT_IGNORED);
	CHECK_STR(d.reason, "text followed by other data");
	/* The note shows the first UPM_LOADOPT_HEX_MAX bytes and how many more there were. */
	unsigned char big[100];
	memset(big, 0xa5, sizeof big);
	char note[600];
	upm_load_options_note(big, sizeof big, "x", note, sizeof note);
	CHECK_CONTAINS(note, "100 bytes: a5 a5 ");
	CHECK_CONTAINS(note, "a5 ... (36 more)");
}

TEST(load_options_odd_length_is_ignored)
{
	unsigned char b[64];
	size_t n = ucs2("upmon.efi check", b);
	CHECK_EQ(decide(b, n - 1, NULL).verdict, UPM_LOADOPT_IGNORED);
	CHECK_STR(decide(b, n - 1, NULL).reason, "an odd number of bytes: not UCS-2 text");
	static const unsigned char one[] = { 0x80 };
	CHECK_EQ(decide(one, 1, NULL).verdict, UPM_LOADOPT_IGNORED);
}

TEST(load_options_ucs2_naming_the_program_is_the_command_line)
{
	unsigned char b[128];
	size_t n = ucs2("upmon.efi check", b);
	struct upm_load_options_decision d = decide(b, n, NULL);
	CHECK_EQ(d.verdict, UPM_LOADOPT_COMMAND_LINE);
	CHECK_EQ(d.text_units, 15);
	CHECK_EQ(d.names_program, 1);
	/* The removable path's name, given as the image's own path. */
	n = ucs2("\\EFI\\BOOT\\BOOTX64.EFI info", b);
	d = decide(b, n, "\\EFI\\BOOT\\BOOTX64.EFI");
	CHECK_EQ(d.verdict, UPM_LOADOPT_COMMAND_LINE);
	CHECK_EQ(d.names_program, 1);
	CHECK_EQ(d.text_units, 26);
	/* Another image's name is not this one's. */
	n = ucs2("\\EFI\\BOOT\\grubx64.efi info", b);
	d = decide(b, n, "\\EFI\\BOOT\\BOOTX64.EFI");
	CHECK_EQ(d.verdict, UPM_LOADOPT_IGNORED);
	CHECK_CONTAINS(d.reason, "first word '\\EFI\\BOOT\\grubx64.efi'");
	/* Without a terminating NUL, and with the name quoted. */
	n = ucs2("\"fs0:\\upmon.efi\" version", b);
	d = decide(b, n - 2, NULL);
	CHECK_EQ(d.verdict, UPM_LOADOPT_COMMAND_LINE);
	CHECK_EQ(d.names_program, 1);
}

TEST(load_options_ucs2_starting_with_an_option_or_command_is_the_command_line)
{
	unsigned char b[128];
	size_t n = ucs2("--backend mock run", b);
	struct upm_load_options_decision d = decide(b, n, "\\upmon.efi");
	CHECK_EQ(d.verdict, UPM_LOADOPT_COMMAND_LINE);
	CHECK_EQ(d.names_program, 0);
	n = ucs2("--platform=snbep info", b);
	CHECK_EQ(decide(b, n, NULL).verdict, UPM_LOADOPT_COMMAND_LINE);
	n = ucs2("  check --duration 1h", b);
	d = decide(b, n, NULL);
	CHECK_EQ(d.verdict, UPM_LOADOPT_COMMAND_LINE);
	CHECK_EQ(d.names_program, 0);
	/* A word upmon does not know, though printable. */
	n = ucs2("--quiet check", b);
	CHECK_EQ(decide(b, n, NULL).verdict, UPM_LOADOPT_IGNORED);
	n = ucs2("RC", b);
	d = decide(b, n, NULL);
	CHECK_EQ(d.verdict, UPM_LOADOPT_IGNORED);
	CHECK_CONTAINS(d.reason, "'RC'");
}

TEST(load_options_8bit_ascii_is_ignored)
{
	static const char text[] = "upmon.efi check";
	struct upm_load_options_decision d = decide(text, sizeof text - 1, NULL);
	CHECK_EQ(d.verdict, UPM_LOADOPT_IGNORED);
	CHECK_CONTAINS(d.reason, "8-bit text, not UCS-2");
	d = decide(text, sizeof text, NULL); /* with its NUL */
	CHECK_EQ(d.verdict, UPM_LOADOPT_IGNORED);
	CHECK_CONTAINS(d.reason, "8-bit text");
}

TEST(load_options_empty_or_blank_is_none)
{
	CHECK_EQ(decide(NULL, 0, NULL).verdict, UPM_LOADOPT_NONE);
	static const unsigned char nul[] = { 0, 0 };
	CHECK_EQ(decide(nul, sizeof nul, NULL).verdict, UPM_LOADOPT_NONE);
	unsigned char b[16];
	size_t n = ucs2("   ", b);
	CHECK_EQ(decide(b, n, NULL).verdict, UPM_LOADOPT_NONE);
}

/* The environment's note (efi/args.c passes it) is said first and kept in upmon.log. */
TEST(load_options_note_is_in_upmon_log)
{
	static const unsigned char rc[] = { 0x52, 0x43 };
	char note[400], dir[] = "/tmp/upmon-loadopt-XXXXXX", pattern[64], cmd[96];
	struct upm_load_options_decision d = decide(rc, sizeof rc, NULL);
	upm_load_options_note(rc, sizeof rc, d.reason, note, sizeof note);
	if (!mkdtemp(dir)) {
		upm_test_fail(__FILE__, __LINE__, "mkdtemp");
		return;
	}
	char *argv[] = { "upmon", "--out", dir, "--backend", "mock", "--platform", "snbep", "info", NULL };
	struct upm_app_env env = { 0 };
	env.load_options_note = note;
	upm_host_simulate(2, 2);
	upm_host_watchdog_reset();
	fflush(stdout);
	int saved = dup(1), devnull = open("/dev/null", O_WRONLY);
	dup2(devnull, 1);
	int status = upm_main(8, argv, &env);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	close(devnull);
	CHECK_EQ(status, 0);
	snprintf(pattern, sizeof pattern, "%s/*/upmon.log", dir);
	glob_t g;
	static char log[65536];
	size_t n = 0;
	if (glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc == 1) {
		FILE *f = fopen(g.gl_pathv[0], "r");
		n = f ? fread(log, 1, sizeof log - 1, f) : 0;
		if (f)
			fclose(f);
	}
	log[n] = 0;
	CHECK_CONTAINS(log, "upmon: the boot entry's LoadOptions were ignored (not printable ASCII text), so "
			    "\\upmon\\upmon.cfg's args apply; 2 bytes: 52 43\n");
	if (g.gl_pathc)
		globfree(&g);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	CHECK_EQ(system(cmd), 0);
}
