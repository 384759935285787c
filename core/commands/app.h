/* The environment-independent program: efi/main.c and core/host/main.c call upm_main(). */
#ifndef UPMON_CORE_APP_H
#define UPMON_CORE_APP_H

#include "core/base/exit.h"
#include "core/base/os.h"

struct upm_backend;

/* What the environment needs from the core to finish a run. */
struct upm_app_env {
	/* Filled by the environment before upm_main(). */
	struct upm_backend *(*create_hw_backend)(void); /* NULL where there is none (host) */
	int args_from_config;      /* 1 when no command line exists (firmware boot path) */
	/* 1 when no shell started upmon (the firmware's boot manager: \EFI\BOOT\BOOTX64.EFI
	 * or a boot entry): then a missing command means UPM_DEFAULT_JOB (efi/args.c). */
	int launched_by_firmware;
	/* 1 when the environment could not install its #GP guard: the hardware backend is
	 * then refused before any register (core/session/guard_proof.h). */
	int fault_guard_missing;
	/* Filled by upm_main(). */
	enum upm_end_action end_action;
};

int upm_main(int argc, char **argv, struct upm_app_env *env);

/* The lab's default job: what runs when the firmware started upmon and neither its
 * command line nor the configuration's args name a command. */
#define UPM_DEFAULT_JOB "check"

struct upm_config;
struct upm_options;
/* core/commands/app_options.c: the options and command a run uses, from the configuration (args
 * as defaults, end) and the command line (argc/argv, ignored when env->args_from_config
 * and the configuration has args). 0, or -1 with a one-line message in err (an args
 * error names FILE:LINE). */
int upm_app_options(struct upm_config *cfg, int argc, char **argv,
		    const struct upm_app_env *env, struct upm_options *opts, char *err,
		    unsigned long err_size);

#endif
