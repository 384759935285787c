/* Whether a boot entry's LoadOptions are upmon's command line: a pure decision on their
 * bytes (core/cli/load_options.h), so that the host's tests and fuzzer hold what
 * efi/args.c does with them. The UEFI shell passes LoadOptions as the command line with
 * the image's name first (UEFI Shell 2.2, 3.2: argv[0] is the path the image was started
 * by); a boot entry made for upmon names the program, a command or an option first.
 * Anything else (HP's "RC", AMI's binary, 8-bit text) is not upmon's to read. */
#include "core/cli/load_options.h"
#include "core/cli/cli_args.h"
#include "core/cli/help.h"
#include "core/cli/options.h"

#define UPM_LOADOPT_WORD_MAX 256

static unsigned unit_at(const unsigned char *b, size_t i)
{
	return (unsigned)b[2 * i] | (unsigned)b[2 * i + 1] << 8;
}

static int printable_ascii(unsigned c)
{
	return (c >= 0x20 && c <= 0x7E) || c == '\t';
}

/* The last component of a path ("\EFI\BOOT\BOOTX64.EFI", "fs0:upmon.efi"). */
static const char *base_name(const char *s)
{
	const char *b = s;
	for (; *s; s++)
		if (*s == '\\' || *s == '/' || *s == ':')
			b = s + 1;
	return b;
}

/* The length of a name without its ".efi" (any case). */
static size_t stem_length(const char *s)
{
	size_t n = upm_strlen(s);
	return n >= 4 && upm_strcasecmp(s + n - 4, ".efi") == 0 ? n - 4 : n;
}

static int same_stem(const char *a, const char *b)
{
	size_t na = stem_length(a), nb = stem_length(b);
	return na && na == nb && upm_strncasecmp(a, b, na) == 0;
}

/* The image's name as argv[0]: its own file's name, or upmon's. With the image's name
 * unknown, any *.efi (the shell's argv[0] is whatever path started the image). */
static int names_program(const char *word, const char *image_name)
{
	const char *w = base_name(word);
	if (same_stem(w, "upmon"))
		return 1;
	if (image_name && image_name[0])
		return same_stem(w, base_name(image_name));
	return stem_length(w) != upm_strlen(w);
}

static int known_command_or_option(const char *word)
{
	if (upm_help_find(word) || upm_strcmp(word, "-h") == 0)
		return 1;
	if (!upm_cli_is_option_word(word))
		return 0;
	const char *eq = upm_strchr(word, '=');
	return upm_cli_option_find(word, eq ? (size_t)(eq - word) : upm_strlen(word)) != NULL;
}

static int decided(struct upm_load_options_decision *out, enum upm_load_options_verdict v, const char *reason)
{
	out->verdict = v;
	upm_snprintf(out->reason, sizeof out->reason, "%s", reason);
	return 0;
}

static int decide(const unsigned char *b, size_t size, const char *image_name,
		  struct upm_load_options_decision *out)
{
	if (!b || size == 0)
		return decided(out, UPM_LOADOPT_NONE, "none given");
	int all_zero = 1, ascii8 = 1;
	for (size_t i = 0; i < size; i++) {
		all_zero &= b[i] == 0;
		ascii8 &= printable_ascii(b[i]) || b[i] == '\r' || b[i] == '\n' ||
			  (b[i] == 0 && i + 1 == size);
	}
	if (all_zero)
		return decided(out, UPM_LOADOPT_NONE, "empty");
	/* "RC" too short to say more of than that it is no UCS-2 text of ours. */
	if (ascii8 && size >= 4)
		return decided(out, UPM_LOADOPT_IGNORED,
			       "8-bit text, not UCS-2: a boot entry's arguments are UCS-2 (efibootmgr -u)");
	if (size & 1)
		return decided(out, UPM_LOADOPT_IGNORED, "an odd number of bytes: not UCS-2 text");

	size_t units = size / 2, n = 0;
	for (; n < units && unit_at(b, n); n++)
		if (!printable_ascii(unit_at(b, n)))
			return decided(out, UPM_LOADOPT_IGNORED, "not printable ASCII text");
	for (size_t i = 2 * n; i < size; i++)
		if (b[i])
			return decided(out, UPM_LOADOPT_IGNORED, "text followed by other data");

	/* The first word, quotes removed as the command line's split removes them. */
	char word[UPM_LOADOPT_WORD_MAX];
	size_t i = 0, w = 0;
	while (i < n && (unit_at(b, i) == ' ' || unit_at(b, i) == '\t'))
		i++;
	if (i == n)
		return decided(out, UPM_LOADOPT_NONE, "blank");
	for (int quoted = 0; i < n && (quoted || (unit_at(b, i) != ' ' && unit_at(b, i) != '\t')); i++) {
		char c = (char)unit_at(b, i);
		if (c == '"')
			quoted = !quoted;
		else if (w + 1 < sizeof word)
			word[w++] = c;
		else
			return decided(out, UPM_LOADOPT_IGNORED, "its first word is longer than any path upmon takes");
	}
	word[w] = 0;
	if (names_program(word, image_name)) {
		out->names_program = 1;
	} else if (!known_command_or_option(word)) {
		out->verdict = UPM_LOADOPT_IGNORED;
		upm_snprintf(out->reason, sizeof out->reason,
			     "its first word '%.40s' is not this program's name, a command or an option of upmon", word);
		return 0;
	}
	out->verdict = UPM_LOADOPT_COMMAND_LINE;
	out->text_units = n;
	return 0;
}

void upm_load_options_decide(const void *bytes, size_t size, const char *image_name,
			     struct upm_load_options_decision *out)
{
	upm_memset(out, 0, sizeof *out);
	(void)decide(bytes, size, image_name, out);
}

void upm_load_options_note(const void *bytes, size_t size, const char *reason, char *buf, size_t buf_size)
{
	const unsigned char *b = bytes;
	struct upm_buf line;
	upm_buf_init(&line);
	upm_buf_printf(&line, "upmon: the boot entry's LoadOptions were ignored (%s), so \\upmon\\upmon.cfg's args apply; "
			      "%llu byte%s:", reason, (unsigned long long)size, size == 1 ? "" : "s");
	for (size_t i = 0; i < size && i < UPM_LOADOPT_HEX_MAX; i++)
		upm_buf_printf(&line, " %02x", b[i]);
	if (size > UPM_LOADOPT_HEX_MAX)
		upm_buf_printf(&line, " ... (%llu more)", (unsigned long long)(size - UPM_LOADOPT_HEX_MAX));
	upm_snprintf(buf, buf_size, "%s", line.data ? line.data : "upmon: the boot entry's LoadOptions were ignored");
	upm_buf_free(&line);
}
