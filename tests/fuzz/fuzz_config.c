/* libFuzzer target: the configuration file (upm_config_text, upm_config_parse) and what
 * commands read from it (event sets, tolerances, the args line through the command-line parser). */
#include "core/commands/app.h"
#include "core/cli/config.h"
#include "core/cli/invocation.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct upm_config cfg;
	struct upm_run run;
	char err[200];
	/* The file's bytes as load_config takes them: UTF-16 decoded, binary refused. */
	char *text = NULL;
	if (upm_config_text(data, size, "fuzz.cfg", &text, err, sizeof err) < 0) {
		if (text || !strstr(err, "fuzz.cfg"))
			__builtin_trap(); /* every refusal names the file */
		return 0;
	}
	int rc = upm_config_parse(&cfg, text, "fuzz.cfg", err, sizeof err);
	if (rc < 0 && !strstr(err, "fuzz.cfg:"))
		__builtin_trap(); /* every error names the file and line */
	if (rc == 0) {
		memset(&run, 0, sizeof run);
		run.config = &cfg;
		struct upm_options o;
		memset(&o, 0, sizeof o);
		if (cfg.has_args)
			upm_cli_parse(cfg.argc, cfg.argv, &o, err, sizeof err);
		/* The firmware boot path (no command line): a command always results, or an
		 * args error naming the file and line. */
		char *no_argv[] = { "upmon", NULL };
		struct upm_app_env env = { .launched_by_firmware = 1, .args_from_config = 1 };
		char app_err[400];
		memset(&o, 0, sizeof o);
		struct upm_cli_line line;
		upm_cli_read(1, no_argv, &line); /* as upm_main does, once */
		if (upm_app_options(&cfg, &line, &env, &o, app_err, sizeof app_err) == 0
			    ? !o.command
			    : !strstr(app_err, "fuzz.cfg:"))
			__builtin_trap();
		for (unsigned i = 0; i < upm_cfg_n_tolerance_keys; i++)
			upm_config_tolerance(&run, upm_cfg_tolerance_keys[i].key, 0);
		for (unsigned i = 0; i < cfg.n_sets; i++) {
			char ref[96];
			struct upm_buf out;
			upm_buf_init(&out);
			upm_snprintf(ref, sizeof ref, "x/y/,@%s,@%s", cfg.sets[i].name, cfg.sets[0].name);
			if (upm_config_expand_events(&run, ref, &out, err, sizeof err) < 0)
				__builtin_trap(); /* a set the file defines always expands */
			upm_buf_free(&out);
		}
	}
	upm_config_free(&cfg);
	return 0;
}
