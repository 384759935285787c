/* libFuzzer target: the command line (upm_cli_parse, upm_cli_read and upm_cli_apply, upm_cli_option_value) and
 * what parses its values.
 * The input is argv[1..] separated by NUL bytes; the same bytes as a boot entry's LoadOptions
 * (upm_load_options_decide: command line or vendor data). */
#include "core/cli/cli.h"
#include "core/cli/config.h"
#include "core/cli/cli_args.h"
#include "core/cli/load_options.h"
#include "platform/base/str.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 80

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);
	char *argv[MAX_ARGS + 1];
	int argc = 0;
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	argv[argc++] = "upmon";
	for (char *p = buf; p <= buf + size && argc < MAX_ARGS; p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;

	struct upm_options o;
	char err[200];
	memset(&o, 0, sizeof o);
	if (upm_cli_parse(argc, argv, &o, err, sizeof err) == 0) {
		/* A second parse on top, as the command line does over the configuration's args. */
		upm_cli_parse(argc, argv, &o, err, sizeof err);
	}
	/* The line parsed once (upm_main's way) and laid over options: that succeeds exactly
	 * when upm_cli_read did, and an early look's value is the parsed line's, inside one of
	 * the words. */
	struct upm_cli_line parsed;
	int read = upm_cli_read(argc, argv, &parsed);
	memset(&o, 0, sizeof o);
	if (upm_cli_apply(&parsed, &o, err, sizeof err) != read)
		abort();
	static const char *const early[] = { "--config", "--sockets", "--out", "--platform" };
	for (unsigned k = 0; k < sizeof early / sizeof early[0]; k++) {
		const char *v = upm_cli_option_value(argc, argv, early[k]);
		const char *w = upm_cli_line_value(&parsed, early[k]);
		if ((v && (v < buf || v > buf + size)) || v != w)
			abort();
	}
	/* The value parsers the commands use on their arguments. */
	for (int i = 1; i < argc; i++) {
		uint64_t v;
		enum upm_end_action end;
		upm_parse_u64(argv[i], &v);
		upm_parse_seconds(argv[i], &v);
		upm_cli_end_action(argv[i], &end);
	}
	/* The configuration's args line: the same bytes split into words in place. */
	char *line = malloc(size + 1);
	if (line) {
		char *words[UPM_CFG_MAX_ARGS];
		memcpy(line, data, size);
		line[size] = 0;
		upm_split_words(line, words, UPM_CFG_MAX_ARGS);
		free(line);
	}
	/* The bytes as LoadOptions: a command line is printable ASCII (as UCS-2) within them,
	 * every other verdict says why, and the note that records them fits its line. */
	static const char *const images[] = { NULL, "\\EFI\\BOOT\\BOOTX64.EFI", "" };
	for (unsigned k = 0; k < sizeof images / sizeof images[0]; k++) {
		struct upm_load_options_decision d;
		upm_load_options_decide(data, size, images[k], &d);
		if (d.verdict == UPM_LOADOPT_COMMAND_LINE) {
			if (size & 1 || d.text_units == 0 || d.text_units * 2 > size)
				abort();
			for (size_t i = 0; i < d.text_units; i++) {
				unsigned c = data[2 * i] | (unsigned)data[2 * i + 1] << 8;
				if (c != '\t' && (c < 0x20 || c > 0x7E))
					abort();
			}
		} else if (!d.reason[0] || (d.verdict != UPM_LOADOPT_NONE && d.verdict != UPM_LOADOPT_IGNORED)) {
			abort();
		} else if (d.verdict == UPM_LOADOPT_IGNORED) {
			char note[UPM_LOADOPT_HEX_MAX * 3 + 400];
			upm_load_options_note(data, size, d.reason, note, sizeof note);
			if (!strstr(note, "were ignored (") || strlen(note) + 1 >= sizeof note)
				abort();
		}
	}
	free(buf);
	return 0;
}
