/* Room commands: upm_main and the commands it dispatches (info, list, run, run --kernel,
 * selftest, check, fault-probe): the only room that ties the others together. Includes
 * base, platform, platform/mock, kernels, machine, cli, events, workload, session, metrics,
 * check, results and fleet.
 *
 * The commands upm_main() dispatches to. Each returns an exit status (enum upm_exit). */
#ifndef UPMON_CORE_COMMANDS_H
#define UPMON_CORE_COMMANDS_H

#include "core/commands/app.h"
#include "core/cli/invocation.h"

int upm_cmd_info(struct upm_run *r);
int upm_cmd_fault_probe(struct upm_run *r);
int upm_cmd_run(struct upm_run *r);
int upm_cmd_list(struct upm_run *r);
int upm_cmd_selftest(struct upm_run *r);
int upm_cmd_check(struct upm_run *r);
/* `fleet DIR`: other runs' results.json compared across machines (core/fleet/fleet.h). */
int upm_cmd_fleet(struct upm_run *r);
/* The one-line error for a processor with no platform tables (core/commands/unsupported.c). */
void upm_error_unsupported(struct upm_run *r);
/* `help [COMMAND]`: core/cli/help.c holds the texts. */
int upm_cmd_help(struct upm_run *r);

/* Reads the microcode revision on a processor of every socket measured into r->ident. */
void upm_read_microcode(struct upm_run *r);

struct upm_command {
	const char *name;
	int (*fn)(struct upm_run *r);
	int needs_backend;
	int judges; /* gives verdicts on what its writes do: refuses --dry-run, which performs none */
	int files_only; /* reads other runs' files: no backend, no register, no processor (fleet);
			 * refuses the options that name them, keeps its folder */
};

extern const struct upm_command upm_commands[];
extern const unsigned upm_n_commands;

#endif
