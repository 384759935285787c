/* Room cli: the command line and the configuration file, parsed into struct upm_options, and
 * the invocation they make (invocation.h: struct upm_run, the console and saving files),
 * and the signature of an upload to an S3-compatible store (sigv4.h: AWS Signature Version
 * 4). Includes base, platform, boxes and machine.
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
	UPM_BACKEND_LINUX,  /* an installed Linux machine's registers (platform/linux/linux.h) */
	UPM_BACKEND_PERF,   /* the installed machine's kernel perf PMUs: counts only (platform/linux/linux.h) */
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

/* The command line parsed once, before anything reads it (upm_cli_read): what needs an
 * early look (the configuration file it names, the host's simulated sockets) reads it
 * here, and upm_cli_apply lays it over the configuration's args. */
#define UPM_CLI_MAX_OPTIONS 48
struct upm_cli_line {
	int argc;                /* as given: 1 when nothing was typed */
	int failed;              /* the line does not parse; err says why */
	char err[400];
	struct upm_options opts; /* the line alone; command NULL when it names none */
	/* By row of the option table (core/cli/options.h): the value given last, "" for a
	 * flag; NULL when not given. Values point into argv. */
	const char *given[UPM_CLI_MAX_OPTIONS];
};
/* Parses argv[0..argc) into line (no command is no error here). 0, or -1 with
 * line->failed set and its one-line message in line->err. */
int upm_cli_read(int argc, char **argv, struct upm_cli_line *line);
/* Stores each option the line gave over o, and its command with the command's words when
 * it names one. 0, or -1 with the line's error in err when it did not parse. */
int upm_cli_apply(const struct upm_cli_line *line, struct upm_options *o, char *err, unsigned long err_size);
/* The value option name ("--config") was given on the parsed line, or NULL (not given, a
 * flag, or a line that does not parse). */
const char *upm_cli_line_value(const struct upm_cli_line *line, const char *name);

/* "return", "shutdown", "reboot", "key", "qemu-exit" -> action; -1 when unknown. */
int upm_cli_end_action(const char *name, enum upm_end_action *out);
/* The end actions closest to a wrong one, as "closest: shutdown" or "" (the names the
 * messages list; "shell", return's other name, is not offered). */
void upm_cli_end_action_suggest(const char *word, char *buf, unsigned long size);

/* The usage text printed by `help`, and `help mock`'s (the mocked backend and its faults). */
/* The overview; help writes the registry's platform names where it says
 * UPM_USAGE_PLATFORMS (boxes/platforms.c), so no list of names is typed twice. */
#define UPM_USAGE_PLATFORMS "{platforms}"
extern const char upm_usage_text[];
/* The overview after its option lines, which come from the option table. */
extern const char upm_usage_after_options[];
extern const char upm_help_mock_text[];

#endif
