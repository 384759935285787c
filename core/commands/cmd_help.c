/* `help [COMMAND]` (also -h, --help, COMMAND --help): the texts are core/cli/help.c's. */
#include "core/commands/commands.h"
#include "core/cli/help.h"

int upm_cmd_help(struct upm_run *r)
{
	struct upm_buf text;
	char err[200];
	const char *topic = r->opts.cmd_argc > 0 ? r->opts.cmd_argv[0] : NULL;
	if (r->opts.cmd_argc > 1) {
		upm_error(r, "help: one command at a time ('upmon help %s')", topic);
		return UPM_EXIT_USAGE;
	}
	upm_buf_init(&text);
	int rc = upm_help_write(topic, &text, err, sizeof err);
	if (rc < 0)
		upm_error(r, "%s", err);
	else if (text.data)
		upm_os_write(text.data, text.len);
	upm_buf_free(&text);
	return rc < 0 ? UPM_EXIT_USAGE : UPM_EXIT_OK;
}
