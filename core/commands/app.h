/* The environment-independent program: efi/main.c and core/host/main.c call upm_main(). */
#ifndef UPMON_CORE_APP_H
#define UPMON_CORE_APP_H

#include "platform/base/exit.h"
#include "platform/base/os.h"

struct upm_backend;

/* What the environment needs from the core to finish a run. */
struct upm_app_env {
	/* Filled by the environment before upm_main(). */
	struct upm_backend *(*create_hw_backend)(void); /* NULL where there is none (host) */
	/* --backend linux: the installed machine's registers, after its preflight; NULL with
	 * one line in err (what stops it and what to do). note gets what the run changes on
	 * the machine (a kernel taint) and what may spoil its counts, a line each ('\n'
	 * between), said before the first register. NULL where there is none (UEFI). */
	struct upm_backend *(*create_linux_backend)(char *err, unsigned long err_size, char *note,
						    unsigned long note_size);
	/* --backend perf: the installed machine's kernel perf PMUs (counts only), after its
	 * preflight; as create_linux_backend. NULL where there is none (UEFI). */
	struct upm_backend *(*create_perf_backend)(char *err, unsigned long err_size, char *note,
						   unsigned long note_size);
	int args_from_config;      /* 1 when no command line exists (firmware boot path) */
	/* 1 when no shell started upmon (the firmware's boot manager: \EFI\BOOT\BOOTX64.EFI
	 * or a boot entry): then a missing command means UPM_DEFAULT_JOB (efi/args.c). */
	int launched_by_firmware;
	/* 1 when the environment could not install its #GP guard: the hardware backend is
	 * then refused before any register (core/session/guard_proof.h). */
	int fault_guard_missing;
	/* 1 when the #GP guard is installed but the firmware kept its own page-fault
	 * handler: the hardware backend then makes no access that could page-fault (its
	 * loads_unguarded, platform/backend.h): no ECAM, no MMIO. */
	int page_fault_guard_missing;
	/* The line recording a boot entry's LoadOptions that were not taken as the command
	 * line (core/cli/load_options.h), said first and kept in upmon.log; NULL when none. */
	const char *load_options_note;
	/* Filled by upm_main() (upm_end_decide). */
	enum upm_end_action end_action;
	unsigned long end_timeout_s;       /* UPM_END_WAITKEY: 0 = wait for a key only */
	enum upm_end_action end_after;     /* after the wait: return, shutdown or reboot */
};

/* How the run ends, as a pure decision: --end, else the configuration's end, else
 * `key` when the firmware started upmon (the verdict stays on screen) and `return`
 * from a shell; end_timeout and end_action come from the configuration
 * (core/commands/app_end.c, docs/command-line.md, Unattended from the stick). */
struct upm_end_plan {
	enum upm_end_action action;
	unsigned long timeout_s;
	enum upm_end_action after;
};

int upm_main(int argc, char **argv, struct upm_app_env *env);

/* The lab's default job: what runs when the firmware started upmon and neither its
 * command line nor the configuration's args name a command. */
#define UPM_DEFAULT_JOB "check"

struct upm_config;
struct upm_options;
struct upm_cli_line;
/* core/commands/app_options.c: the options and command a run uses, from the configuration (args
 * as defaults, end) and the parsed command line (core/cli/cli.h, upm_cli_read; ignored when
 * env->args_from_config and the configuration has args). 0, or -1 with a one-line message
 * in err (an args error names FILE:LINE). */
int upm_app_options(struct upm_config *cfg, const struct upm_cli_line *line,
		    const struct upm_app_env *env, struct upm_options *opts, char *err,
		    unsigned long err_size);
/* The global --sockets N the command line gives, as the parser takes it, 0 when none or
 * the line does not parse (upm_main then says why): the host simulates that many sockets'
 * processors before upm_main. */
unsigned upm_app_sockets_asked(int argc, char **argv);
void upm_end_decide(int launched_by_firmware, const struct upm_config *cfg,
		    const struct upm_options *opts, struct upm_end_plan *out);

#endif
