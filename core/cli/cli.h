/* Room cli: the command line and the configuration file, parsed into struct upm_options, and
 * the invocation they make (invocation.h: struct upm_run, the console and saving files).
 * Includes base, platform and machine.
 *
 * The command line, the same on UEFI and the host:
 *   upmon [GLOBAL OPTIONS] COMMAND [COMMAND OPTIONS]  */
#ifndef UPMON_CORE_CLI_H
#define UPMON_CORE_CLI_H

#include "platform/base/os.h"

#define UPM_MAX_CMD_ARGS 32

enum upm_backend_kind {
	UPM_BACKEND_DEFAULT = 0, /* hw on UEFI, mock elsewhere is refused: must be explicit */
	UPM_BACKEND_HW,
	UPM_BACKEND_MOCK,
	UPM_BACKEND_REPLAY, /* replay:FILE, a trace recorded with --trace (platform/replay.h) */
};

struct upm_options {
	const char *platform;      /* --platform NAME, or NULL: detect from CPUID */
	enum upm_backend_kind backend;
	const char *mock_faults;   /* after "mock:" */
	const char *replay_path;   /* after "replay:" */
	unsigned sockets;          /* --sockets N, 0 = all */
	const char *trace_path;    /* --trace FILE */
	int dry_run;
	int force_platform;        /* --force-platform: a --platform CPUID disagrees with, on hw */
	const char *out_dir;       /* --out PATH */
	const char *config_path;   /* --config FILE */
	enum upm_end_action end;
	int end_set;
	const char *command;
	int cmd_argc;
	char *cmd_argv[UPM_MAX_CMD_ARGS];
};

/* Parses argv[1..argc-1] into opts (which the caller zeroes, or pre-fills from the
 * configuration file's args; then a missing command keeps the pre-filled one). On error
 * returns -1 with a one-line message in err. */
int upm_cli_parse(int argc, char **argv, struct upm_options *opts, char *err, unsigned long err_size);

/* "return", "shutdown", "reboot", "key", "qemu-exit" -> action; -1 when unknown. */
int upm_cli_end_action(const char *name, enum upm_end_action *out);
/* The end actions closest to a wrong one, as "closest: shutdown" or "" (the names the
 * messages list; "shell", return's other name, is not offered). */
void upm_cli_end_action_suggest(const char *word, char *buf, unsigned long size);

/* The usage text printed by `help`, and `help mock`'s (the mocked backend and its faults). */
/* The overview; help writes the registry's platform names where it says
 * UPM_USAGE_PLATFORMS (platform/platforms.c), so no list of names is typed twice. */
#define UPM_USAGE_PLATFORMS "{platforms}"
extern const char upm_usage_text[];
extern const char upm_help_mock_text[];

#endif
