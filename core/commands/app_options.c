/* Which options and command a run uses: the configuration's args are defaults the
 * command line overrides; with no command line (firmware boot path) they are all there
 * is; and when no command is named anywhere, the firmware path runs the lab's default
 * job while a shell (or the host) gets the overview when nothing at all was typed, else an
 * error (docs/command-line.md, Configuration file), as (docs/command-line.md, Booting
 * from the stick) tells a lab. */
#include "core/commands/app.h"
#include "core/cli/config.h"
#include "core/cli/help.h"
#include "core/cli/cli.h"

/* Stands for "no command yet" while both sources are parsed; compared by address, so
 * no command line word can be mistaken for it. */
static const char no_command[] = "(none)";

int upm_app_options(struct upm_config *cfg, const struct upm_cli_line *line,
		    const struct upm_app_env *env, struct upm_options *o, char *err,
		    unsigned long err_size)
{
	char why[200];

	if (cfg->has_end)
		o->end = cfg->end;
	/* A command from either source replaces this one, and args may hold options only. */
	o->command = env->launched_by_firmware ? UPM_DEFAULT_JOB : no_command;
	o->cmd_argc = 0;
	int rc = 0;
	if (cfg->has_args && upm_cli_parse(cfg->argc, cfg->argv, o, why, sizeof why) < 0) {
		upm_snprintf(err, err_size, "%s:%u: args: %s", cfg->file, cfg->args_line, why);
		rc = -1;
	} else if (cfg->has_args && o->command != no_command &&
		   !upm_help_find(o->command)) {
		/* Said here, where the file and line are known, not later as if typed. */
		char near[120];
		upm_help_suggest_command(o->command, near, sizeof near);
		upm_snprintf(err, err_size, "%s:%u: args: unknown command '%s' (%s%ssee 'upmon help')", cfg->file,
			     cfg->args_line, o->command, near, near[0] ? "; " : "");
		rc = -1;
	} else if ((!env->args_from_config || !cfg->has_args) && upm_cli_apply(line, o, err, err_size) < 0) {
		rc = -1; /* the command line's own error, said as typed */
	} else if (o->command == no_command && line->argc <= 1) {
		o->command = "help"; /* nothing typed at all, from a shell: the overview */
	} else if (o->command == no_command) {
		upm_snprintf(err, err_size, "%s", "no command given (try 'upmon help')");
		rc = -1;
	}
	/* Never left standing for a command (such a line is refused, and writes nothing). */
	if (o->command == no_command)
		o->command = NULL;
	return rc;
}

unsigned upm_app_sockets_asked(int argc, char **argv)
{
	struct upm_cli_line line;
	return upm_cli_read(argc, argv, &line) == 0 ? line.opts.sockets : 0;
}
