/* libFuzzer target: the command line (upm_cli_parse, upm_cli_option_value) and what parses its values.
 * The input is argv[1..] separated by NUL bytes. */
#include "core/cli/cli.h"
#include "core/cli/config.h"
#include "core/cli/cli_args.h"
#include "core/base/str.h"

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
	/* An option's value read before the line is parsed: inside one of its words, or none. */
	static const char *const early[] = { "--config", "--sockets", "--out" };
	for (unsigned k = 0; k < sizeof early / sizeof early[0]; k++) {
		const char *v = upm_cli_option_value(argc, argv, early[k]);
		if (v && (v < buf || v > buf + size))
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
	free(buf);
	return 0;
}
