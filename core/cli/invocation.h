/* One invocation of upmon: options, backend, identity, and everything it prints. */
#ifndef UPMON_CORE_RUN_H
#define UPMON_CORE_RUN_H

#include "core/cli/cli.h"
#include "core/cli/identity.h"
#include "core/cli/medium.h"
#include "platform/base/revision.h"
#include "platform/base/str.h"
#include "platform/backend.h"
#include "platform/cpu.h"
#include "boxes/platform.h"

struct upm_config;
struct upm_check_safety;
struct upm_run_sessions;
struct upm_upload;


/* How bad a finding of the console's last screen is (core/cli/last_screen.h): the
 * worst are said first. */
enum upm_last_level { UPM_LAST_WARN = 1, UPM_LAST_INCOMPLETE, UPM_LAST_FAIL, UPM_LAST_LEVELS };

/* The console's width: the UEFI console is often 80x25 (console_wrap.h). */
#define UPM_CONSOLE_COLUMNS 80
/* Findings kept per level: more than the last screen has lines for. */
#define UPM_LAST_KEEP 24
/* Lines a finding may take when every one fits (the log's cut). */
#define UPM_LAST_CUT_WHOLE 3

/* The block that ends the console, said just before the files line (last_screen.h). */
struct upm_last_screen {
	char result[224];           /* its first line: the command's result ("" until set) */
	const char *files;          /* the files that hold every finding, or NULL */
	struct upm_buf kept;        /* findings worth saying: each its level's byte, text, NUL */
	unsigned n[UPM_LAST_LEVELS], n_kept[UPM_LAST_LEVELS]; /* findings by level: all, kept */
	int capture;                /* errors and warnings said now are findings too */
};

struct upm_run {
	struct upm_options opts;
	struct upm_backend *backend;
	const struct upm_platform *platform; /* NULL: unsupported processor */
	int platform_forced;                 /* from --platform rather than CPUID */
	struct upm_cpu_ident cpu;
	struct upm_topology topo;
	unsigned n_sockets;                  /* sockets this run measures */
	const char *out_dir;                 /* where files go: the run's own folder (run_dir) */
	const char *out_parent;              /* --out / out =: the folder of run folders */
	char run_name[128];                  /* the run folder's name, "" until opened */
	char run_dir[320];
	struct upm_ident ident;              /* said first, and in every file (identity.h) */
	struct upm_buf log;                  /* every line printed, saved as upmon.log */
	/* The identity's lines wait in the log for the console until the first line that is no
	 * error (upm_ident_say): a usage error stays one line on the console. */
	int console_held;                    /* lines go to the log only (while saying the identity) */
	size_t console_pending, console_pending_len; /* offset and length in log, not yet shown */
	int media_error;                     /* results could not be written */
	unsigned files_refused;              /* files the medium refused (shown on the console) */
	unsigned files_saved;                /* by upm_save into the run's folder */
	struct upm_medium_renames renames;   /* the medium refused a rename: files go in place */
	int files_said;                      /* upm_say_files ran */
	struct upm_last_screen last;         /* said before the files line (core/cli/last_screen.h) */
	/* The command began: its folder is made at its first line that is no error or its
	 * first file saved, whichever comes first (upm_run_folder_open); a usage error,
	 * said before either, leaves none. The opener while the folder is pending (the
	 * command sets upm_run_folder_open, which clears it), NULL otherwise: the console's
	 * lines reach the folder through it, below the folder's own code. */
	void (*folder_pending)(struct upm_run *r);
	/* The processor is none upmon has tables for (upm_error_unsupported): a refusal that is
	 * a finding about the machine, not a usage error, so the run keeps its folder and its
	 * line in runs.csv (the lab's record of a machine it booted on). */
	int machine_refused;
	/* The command reads other runs' files and no register (fleet): the identity names no
	 * processor. */
	int reads_files_only;
	const struct upm_config *config;     /* the configuration file's settings, or NULL */
	/* Rack mode: the object store every file is put to as well (core/cli/upload.h), or
	 * NULL; held by the command. */
	struct upm_upload *upload;
	/* Other rooms' state across the run, held by the command (upm_main) and reached
	 * through the run; the invocation neither reads nor knows it. */
	struct upm_check_safety *safety;     /* check/selftest: facts of every session (core/check/check_safety.h) */
	struct upm_run_sessions *sessions;   /* what the run's sessions found once (core/session/run_sessions.h) */
};

/* A finding of the console's last screen (last_screen.h), said as given ("FAIL socket 0
 * mbox1 presence: reading all ones: ..."), wrapped within 80 columns; kept here, with the
 * console's lines, since an error or a warning said while a command runs is one too. */
void upm_last_finding(struct upm_run *r, enum upm_last_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Prints to the console and keeps the line for the results folder. */
void upm_say(struct upm_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "upmon: error: ..." on the console (and in the log). */
void upm_error(struct upm_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "upmon: warning: ..." on the console (and in the log), after the run's identity. Errors
 * and warnings go where the environment puts diagnostics (the host: stderr; UEFI: the
 * console, as every line). */
void upm_warn(struct upm_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The sentence for a processor upmon has no tables for (found, supported, what to do),
 * appended to out (core/cli/unsupported_text.c). */
void upm_unsupported_text(const struct upm_run *r, struct upm_buf *out);

/* Creates the run's folder <out_parent>/<UTC yyyymmdd-hhmmss>-<serial or host name>-
 * <command>, with -2, -3... when that exists (nothing is ever overwritten), and points
 * out_dir at it. Without a clock (ident.start_ok 0) the folder is numbered instead,
 * notime-<7 digits>-<serial or host name>-<command>, the number kept on the medium
 * (upm_run_notime_next). A medium that refuses it is said once (media_error); the files then go
 * to the console. Idempotent. Called when folder_pending by the first line that is no
 * error and the first upm_save, and by upm_main for a run that keeps its folder. */
void upm_run_folder_open(struct upm_run *r);
/* The number the next run without a clock gets under out_parent: one past the highest
 * of <out_parent>/runs-notime-counter.txt and runs.csv's notime- folders (1 when none). */
uint64_t upm_run_notime_next(const char *out_parent);
/* Appends the run's line to <out_parent>/runs.csv (its header first when new): start
 * time, machine serial, command, verdict, exit status, folder, backend, dry run. */
void upm_run_index_append(struct upm_run *r);

/* Identity (identity.h), rendered from r->ident and the run: */
void upm_ident_start(struct upm_run *r, int argc, char **argv); /* start time, argv */
void upm_ident_stop(struct upm_run *r);  /* the end time, once: before writing files */
void upm_ident_say(struct upm_run *r);   /* the console's first lines */
/* results.json's identity members, each "\n  \"key\": value," (inside the object). */
void upm_ident_json(struct upm_run *r, struct upm_buf *out);
/* "# key: value" lines that open a trace file (platform/trace.c; replay reads its first
 * line). */
void upm_ident_csv(struct upm_run *r, struct upm_buf *out);
/* The columns every results CSV opens with, so each row says which run it belongs to and
 * what measured it: the header's "run,backend,dry_run" and a row's values (the run
 * folder's name; hw, mock or replay; yes or no). A CSV opens with its header row (RFC
 * 4180): the run's full identity is in results.json and upmon.log. */
#define UPM_IDENT_CSV_COLUMNS "run,backend,dry_run"
void upm_ident_csv_cells(const struct upm_run *r, struct upm_buf *out);
/* The same facts as name and value pairs, in that order, for writers that list them
 * (junit.xml's properties): upmon (version and revision), environment, start, folder,
 * command_line, configuration, machine, processor, platform, backend, mock_faults and
 * replay_of (with what the recording was) when they apply, replay_divergence when it
 * diverged, dry_run ("yes" or "no"). */
void upm_ident_each(struct upm_run *r, void (*fn)(void *ctx, const char *name, const char *value), void *ctx);
/* The mock fault spec injected into this run (--backend mock:FAULTS), or NULL. */
const char *upm_ident_mock_faults(const struct upm_run *r);
/* A replay's first access that differed from its recording (platform/replay.h), or NULL:
 * everything after it failed, so results after it read nothing of the recording. */
const char *upm_ident_replay_divergence(const struct upm_run *r);
/* The command line as given, words separated by spaces, appended to b. */
void upm_ident_command_line(const struct upm_run *r, struct upm_buf *b);
/* For a replay: " (recorded from the mock backend, a dry run)" as far as the trace's
 * header says, else "" (into buf, returned). */
const char *upm_ident_replay_recording(const struct upm_run *r, char *buf, size_t size);
/* Where the registers' answers came from: "hw", "mock" or "replay" (a recording's
 * answers: no measurement of this machine, its processor the recording's). */
const char *upm_ident_backend(const struct upm_run *r);

/* The temporary name a file is written under before its rename: "PATH.tmp". 0, or -1
 * when it does not fit buf (the file is then not written). */
#define UPM_SAVE_TMP_MAX 272
int upm_save_tmp_path(const char *path, char *buf, size_t size);
/* Writes out_dir/name through a temporary name and a rename, so a cut never leaves a
 * partial file under the real name; a medium that refuses the rename (or loses the file
 * in it) gets this and every later file in place, said once (upm_medium_write_file). On
 * failure says so once, sets media_error and shows the file on the console instead (not
 * upmon.log, which is the console; at most 64 KiB). */
int upm_save(struct upm_run *r, const char *name, const struct upm_buf *content);
/* Says once, as a warning, that the medium refused a rename (r->renames) and what that
 * means for the run's files. */
void upm_say_renames_refused(struct upm_run *r);
/* The run's last line before its verdict: where its files went and how long it took,
 * "upmon: 4 files in DIR, took 1.23 s" (upmon.log counted). On the console when on_console,
 * else in upmon.log only (a usage error stays one line; list's output is for programs).
 * On the console the last screen's block (core/cli/last_screen.h) comes just before it.
 * Once per run: later calls do nothing. core/cli/files_line.c. */
void upm_say_files(struct upm_run *r, int on_console);
/* A file shown on the console because it could not be kept anywhere: between lines
 * naming it, at most 64 KiB (a larger one is named only). */
void upm_show_file_on_console(const char *path, const char *data, size_t len);
/* The same for a file anywhere (path as given, e.g. --trace FILE). */
int upm_save_path(struct upm_run *r, const char *path, const struct upm_buf *content);

#endif
