/* upm_main: configuration, backend, platform, command, results, end action. */
#include "core/commands/app.h"
#include "platform/base/abort.h"
#include "core/commands/commands.h"
#include "core/cli/config.h"
#include "core/cli/help.h"
#include "core/cli/options.h"
#include "core/cli/medium.h"
#include "core/cli/last_screen.h"
#include "core/cli/progress.h"
#include "core/cli/upload.h"
#include "core/cli/config_net.h"
#include "platform/base/url.h"
#include "core/cli/console_wrap.h"
#include "core/machine/secure_boot.h"
#include "platform/base/suggest.h"
#include "platform/mock/mock.h"
#include "platform/trace.h"
#include "platform/replay.h"
#include "core/session/guard_proof.h"
#include "core/session/disc_run.h"

#define UPM_DEFAULT_CONFIG "/upmon/upmon.cfg"
#define UPM_TRACE_CAPACITY (256u * 1024u)

const struct upm_command upm_commands[] = {
	{ "info", upm_cmd_info, 1, 0, 0 },
	{ "fault-probe", upm_cmd_fault_probe, 1, 0, 0 },
	{ "run", upm_cmd_run, 1, 0, 0 },
	{ "list", upm_cmd_list, 0, 0, 0 },
	{ "selftest", upm_cmd_selftest, 1, 1, 0 },
	{ "check", upm_cmd_check, 1, 1, 0 },
	{ "fleet", upm_cmd_fleet, 0, 0, 1 },
};
const unsigned upm_n_commands = UPM_ARRAY_LEN(upm_commands);

/* A command that takes no options of its own (info, version, selftest) refuses words
 * after it, which would otherwise be silently ignored: 'info --box cbo' is a mistake the
 * user should hear of. */
static int refuse_stray_arguments(struct upm_run *r)
{
	const struct upm_cmd_help *h = upm_help_find(r->opts.command);
	for (unsigned i = 0; h && i < upm_n_commands; i++)
		if (upm_commands[i].files_only && upm_strcmp(upm_commands[i].name, h->name) == 0)
			return 0; /* fleet DIR: the command reads its own words */
	if (!h || upm_cli_command_has_options(h->name) || r->opts.cmd_argc == 0 ||
	    upm_strcmp(r->opts.command, "help") == 0)
		return 0;
	upm_error(r, "%s takes no arguments, not '%s' (see 'upmon help %s')", r->opts.command, r->opts.cmd_argv[0],
		  r->opts.command);
	return 1;
}

/* Network-booted: the URI, and the configuration's URL (the identity points at it). */
static char boot_uri[1024], net_config_url[1200];

/* Loads the configuration: the one the parsed command line names with --config (an error
 * when unreadable); network-booted, the one the boot server has beside upmon
 * (core/cli/config_net.h), which may ask less; else (the server has none) the default
 * one on the medium when present. */

static int load_config(struct upm_run *r, const struct upm_cli_line *line, struct upm_config *cfg)
{
	const char *path = upm_cli_line_value(line, "--config");
	int explicit = path != NULL;
	void *data;
	size_t len;
	char err[768]; /* FILE:LINE: and the parser's message (core/cli/config.c) */

	upm_memset(cfg, 0, sizeof *cfg);
	int fetched = 0, rc;
	if (!path && upm_os_boot_uri(boot_uri, sizeof boot_uri) == UPM_OK) { /* booted over the network */
		rc = upm_config_fetch(boot_uri, upm_machine_serial(&r->ident.machine), &data, &len, net_config_url,
				      sizeof net_config_url, err, sizeof err);
		if (rc < 0) {
			upm_error(r, "%s", err);
			return -1;
		}
		if (rc > 0) { /* else none on the server: the stick's own, when one is there */
			path = net_config_url;
			fetched = 1;
		}
	}
	if (!path)
		path = UPM_DEFAULT_CONFIG;
	rc = fetched ? UPM_OK : upm_os_read_file(path, &data, &len);
	if (rc != UPM_OK) {
		if (explicit) {
			upm_error(r, "cannot read configuration file %s (%s): check the path, and that it names a "
				     "readable file, not a folder", path,
				  rc == UPM_ENOTFOUND ? "missing or not readable" : upm_status_name(rc));
			return -1;
		}
		return 0;
	}
	/* UTF-16 (Notepad's "Unicode") becomes UTF-8 here; binary is refused. */
	char *text;
	rc = upm_config_text(data, len, path, &text, err, sizeof err);
	upm_os_free(data);
	if (rc < 0) {
		upm_error(r, "%s", err);
		return -1;
	}
	len = upm_strlen(text);
	/* The identity keeps the file as read, in UTF-8 (results.json "configuration"). */
	r->ident.config_path = path;
	r->ident.config_text = upm_config_text_shown(text); /* a store's query or secret is a credential */
	if (upm_config_parse(cfg, text, path, err, sizeof err) < 0 ||
	    (fetched && upm_config_untrusted_refusal(cfg, path, err, sizeof err) < 0)) {
		upm_error(r, "%s", err);
		return -1;
	}
	return 0;
}

/* --platform names one of the tables; checked before anything is created. */
static int resolve_forced_platform(struct upm_run *r)
{
	if (!r->opts.platform)
		return 0;
	r->platform = upm_platform_by_name(r->opts.platform);
	if (!r->platform) {
		char names[160];
		upm_platform_names(names, sizeof names, ", ");
		char near[120];
		struct upm_suggest s;
		upm_suggest_init(&s, r->opts.platform);
		for (unsigned i = 0; i < upm_n_platforms; i++)
			upm_suggest_add(&s, upm_platforms[i]->name);
		upm_suggest_text(&s, near, sizeof near);
		upm_error(r, "unknown or unimplemented platform '%s' (%s%simplemented: %s)", r->opts.platform,
			  near, near[0] ? "; " : "", names[0] ? names : "none");
		return -1;
	}
	r->platform_forced = 1;
	r->opts.platform = r->platform->name; /* an alias ("jaketown") names it as the tables do */
	return 0;
}

/* --trace FILE names a new file in a folder that exists or can be made (as the results
 * folder is): said in one line, 1, when not. */
static int trace_path_refused(struct upm_run *r, const char *path)
{
	char folder[256];
	size_t cut = 0;
	for (size_t i = 0; path[i]; i++)
		if (path[i] == '/')
			cut = i;
	size_t n = upm_strlen(path);
	if (n == 0 || path[n - 1] == '/') {
		upm_error(r, "--trace '%s' names a folder, not a file: give a file name such as %strace.tsv; nothing "
			     "was touched", path, path);
		return 1;
	}
	if (upm_os_exists(path)) {
		upm_error(r, "--trace %s: that file exists and upmon overwrites nothing; name a new file, "
			     "or move the old one away; nothing was touched", path);
		return 1;
	}
	if (cut > 0 && cut < sizeof folder) {
		upm_memcpy(folder, path, cut);
		folder[cut] = 0;
		int rc = upm_os_exists(folder) ? UPM_OK : upm_os_mkdir_p(folder);
		if (rc != UPM_OK) {
			upm_error(r, "--trace %s: cannot create the folder %s (%s): %s; name another FILE; nothing was "
				     "touched", path, folder, upm_status_name(rc),
				  upm_medium_problem(rc, "a file is in its way, or the medium is read-only or full"));
			return 1;
		}
	}
	/* The temporary file the trace is saved under at the end (upm_save_path), written
	 * empty now: a folder that refuses it is said before any register, and the end
	 * writes it whole and renames it (or, when the run is refused before, removes it:
	 * drop_trace_probe), so nothing is left under it. */
	char tmp[UPM_SAVE_TMP_MAX];
	int rc = upm_save_tmp_path(path, tmp, sizeof tmp) < 0 ? UPM_EINVAL : upm_os_write_file(tmp, "", 0);
	if (rc != UPM_OK) {
		upm_error(r, "--trace %s: cannot write there (%s): %s; name another FILE; nothing was touched",
			  path, upm_status_name(rc),
			  upm_medium_problem(rc, "a file is in the folder's place, the folder is read-only or full, "
						 "or the path is too long"));
		return 1;
	}
	return 0;
}

/* --force-platform overrides CPUID's choice on the hardware (or a replay of a forced
 * recording) only: elsewhere it would do nothing. 1 when refused (said). */
static int force_platform_refused(struct upm_run *r, int tables_only)
{
	const struct upm_options *o = &r->opts;
	int on_hw = !tables_only && (o->backend == UPM_BACKEND_HW || o->backend == UPM_BACKEND_DEFAULT ||
				     o->backend == UPM_BACKEND_REPLAY || o->backend == UPM_BACKEND_LINUX ||
				     o->backend == UPM_BACKEND_PERF);
	if (!o->force_platform || (on_hw && o->platform))
		return 0;
	upm_error(r, "--force-platform acts only with --platform NAME on the hardware or a replay (it uses "
		     "that platform although CPUID names another): %s; nothing was touched",
		  tables_only ? "this command reads only the tables, no processor, so leave it out"
		  : !on_hw    ? "leave it out with the mock"
			      : "give --platform NAME too");
	return 1;
}

/* A backend of the installed Linux machine, made by the environment after its preflight
 * (struct upm_app_env: create_linux_backend, create_perf_backend): what it changes or what
 * may spoil its counts said first; refused in one line with nothing touched, under UEFI
 * (no such environment) saying `elsewhere`. 0, or -1 when said. */
static int installed_backend(struct upm_run *r,
			     struct upm_backend *(*create)(char *err, unsigned long err_size, char *note,
							   unsigned long note_size),
			     const char *option, const char *elsewhere)
{
	char err[320] = "", note[900] = "";
	r->backend = create ? create(err, sizeof err, note, sizeof note) : NULL;
	if (!r->backend) {
		upm_error(r, "%s: %s; nothing was touched", option, create ? err : elsewhere);
		return -1;
	}
	upm_say_lines(r, "upmon: note: ", 7, note);
	return 0;
}

static int create_backend(struct upm_run *r, struct upm_app_env *env)
{
	struct upm_options *o = &r->opts;
	char err[320]; /* as long as a mock fault spec's error (platform/mock/mock.h) */

	/* Before any register: a trace that could not be saved at the end is refused now. */
	if (o->trace_path && trace_path_refused(r, o->trace_path))
		return -1;
	/* A trace records register accesses and a dry run withholds register writes: perf's
	 * counts are the kernel's, and neither could see or hold them. */
	if (o->backend == UPM_BACKEND_PERF && (o->trace_path || o->dry_run)) {
		upm_error(r, "--backend perf: %s records register accesses, and perf's counts are the kernel's: "
			     "leave it out, or trace --backend linux", o->trace_path ? "--trace" : "--dry-run");
		return -1;
	}
	if (o->backend == UPM_BACKEND_MOCK) {
		if (!o->platform) {
			char names[160];
			upm_platform_names(names, sizeof names, " or ");
			upm_error(r, "--backend mock needs --platform NAME (%s)", names);
			return -1;
		}
		r->backend = upm_mock_create(o->platform, o->sockets, o->mock_faults, err, sizeof err);
		if (!r->backend) {
			upm_error(r, "%s", err);
			return -1;
		}
	} else if (o->backend == UPM_BACKEND_LINUX) {
		if (installed_backend(r, env->create_linux_backend, "--backend linux",
				      "it runs on an installed Linux machine (the Linux build, build/host/upmon); "
				      "under UEFI use --backend hw") < 0)
			return -1;
	} else if (o->backend == UPM_BACKEND_PERF) {
		if (installed_backend(r, env->create_perf_backend, "--backend perf",
				      "it counts through an installed Linux machine's kernel (the Linux build, "
				      "build/host/upmon); under UEFI use --backend hw") < 0)
			return -1;
	} else if (o->backend == UPM_BACKEND_REPLAY) {
		void *text = NULL;
		size_t len = 0;
		int rc = upm_os_read_file(o->replay_path, &text, &len);
		if (rc != UPM_OK) {
			upm_error(r, "--backend replay:%s: cannot read it (%s): give a trace written by --trace",
				  o->replay_path, upm_status_name(rc));
			return -1;
		}
		r->backend = upm_replay_create(text, len, err, sizeof err);
		upm_os_free(text);
		if (!r->backend) {
			upm_error(r, "%s: %s", o->replay_path, err);
			return -1;
		}
	} else {
		if (env->fault_guard_missing) {
			upm_error(r, "--backend hw: no #GP guard (the CPU architectural protocol is missing): the first "
				     "absent register would hang the machine; nothing was touched, use --backend mock");
			return -1;
		}
		r->backend = env->create_hw_backend ? env->create_hw_backend() : NULL;
		if (!r->backend) {
			upm_error(r, "the hw backend needs UEFI firmware; on this host use --backend mock --platform NAME "
				     "(list needs --platform NAME alone)");
			return -1;
		}
		/* The default backend is the hardware: every check of --backend hw applies (the
		 * --platform match, the guard's proof on each socket). */
		o->backend = UPM_BACKEND_HW;
		if (upm_guard_prove_here(r, err, sizeof err) < 0) { /* before the first MSR */
			upm_error(r, "--backend hw: %s; nothing was touched", err);
			return -1;
		}
		if (env->page_fault_guard_missing)
			r->backend->loads_unguarded = "the firmware keeps its own page-fault (#PF) handler, so a "
						      "faulting memory-mapped access could not be caught";
	}
	if (o->trace_path || o->dry_run) {
		struct upm_backend *t = upm_trace_create(r->backend, o->dry_run, UPM_TRACE_CAPACITY);
		if (!t) {
			upm_error(r, "out of memory for the trace buffer");
			return -1;
		}
		r->backend = t;
	}
	return 0;
}

/* A replay of a dry run's trace is itself a dry run: no counter ran in the recording, so
 * its counts are marked so, and a command that judges what its writes do refuses it, as
 * it refuses --dry-run. 1 when refused (said). */
static int replay_of_dry_run(struct upm_run *r, const struct upm_command *cmd)
{
	int dry = 0;
	if (r->opts.backend != UPM_BACKEND_REPLAY || !r->backend)
		return 0;
	upm_replay_recorded_backend(upm_replay_find(r->backend), &dry);
	if (!dry)
		return 0;
	if (cmd->judges) {
		upm_error(r, "%s --backend replay:%s: that trace was recorded as a dry run, whose writes were never "
			     "made, so every verdict would be false; replay it with run, or record the %s without "
			     "--dry-run", cmd->name, r->opts.replay_path, cmd->name);
		return 1;
	}
	r->opts.dry_run = 1;
	return 0;
}

/* A command that reads only files (fleet) touches no register: an option that names a
 * backend, a processor or register accesses would do nothing there, so it is refused. 1
 * when refused (said). */
static int refuse_register_options(struct upm_run *r, const struct upm_command *cmd)
{
	const struct upm_options *o = &r->opts;
	const char *opt = o->backend != UPM_BACKEND_DEFAULT ? "--backend"
			  : o->platform			  ? "--platform"
			  : o->force_platform		  ? "--force-platform"
			  : o->sockets			  ? "--sockets"
			  : o->trace_path		  ? "--trace"
			  : o->dry_run			  ? "--dry-run"
							  : NULL;
	if (!opt)
		return 0;
	upm_error(r, "%s %s: %s reads the results files of other runs and touches no register, so %s does nothing "
		     "there: leave it out (see 'upmon help %s')", cmd->name, opt, cmd->name, opt, cmd->name);
	return 1;
}

/* Identity and platform: CPUID names the platform unless --platform does. */
static int identify(struct upm_run *r)
{
	if (upm_cpu_identify(r->backend, &r->cpu) != UPM_OK) {
		upm_error(r, "CPUID failed");
		return -1;
	}
	const struct upm_platform *named = upm_platform_by_cpu(&r->cpu); /* CPUID's */
	if (!r->platform) {
		r->platform = named;
	} else if (r->opts.backend == UPM_BACKEND_REPLAY && !r->opts.force_platform && named && named != r->platform) {
		/* A replay answers only the recorded processor's registers: another platform's
		 * accesses would all miss, and their absence would read as findings. A recording
		 * made with --force-platform is replayed with it. */
		upm_error(r, "--platform %s does not match the recording's processor (family 0x%x model 0x%x: %s); a "
			     "replay answers only that processor's registers: leave --platform out or give --platform "
			     "%s (add --force-platform for a recording made with it)",
			  r->platform->name, r->cpu.family, r->cpu.model, named->name, named->name);
		return -1;
	} else if (r->opts.backend == UPM_BACKEND_HW || r->opts.backend == UPM_BACKEND_LINUX ||
		   r->opts.backend == UPM_BACKEND_PERF) {
		/* before any uncore register */
		char msg[300];
		enum upm_forced_platform f = upm_platform_forced_check(r->platform, &r->cpu,
								       r->opts.force_platform, msg, sizeof msg);
		if (f == UPM_FORCED_REFUSE) {
			upm_error(r, "%s", msg);
			return -1;
		}
		if (f == UPM_FORCED_WARN)
			upm_say(r, "%s", msg);
	}
	if (upm_os_topology(&r->topo) != UPM_OK) {
		upm_error(r, "%s", r->topo.refused[0] ? r->topo.refused : "cannot enumerate processors");
		return -1;
	}
	if (r->topo.n_disagree)
		upm_say(r, "note: %u processor%s' package numbers differ from MP services'; %s",
			r->topo.n_disagree, r->topo.n_disagree == 1 ? "" : "s", r->topo.note);
	r->n_sockets = r->topo.n_sockets;
	struct upm_mock *m = upm_mock_find(r->backend);
	if (m && m->n_sockets < r->n_sockets)
		r->n_sockets = m->n_sockets;
	/* A replay answers only the sockets the recording ran on. */
	unsigned recorded = upm_replay_recorded_sockets(upm_replay_find(r->backend));
	if (recorded && r->opts.sockets > recorded) {
		upm_error(r, "--sockets %u: the recording %s ran on %u socket%s; a replay answers only what was "
			     "recorded: give --sockets %u or fewer, or leave --sockets out",
			  r->opts.sockets, r->opts.replay_path, recorded, recorded == 1 ? "" : "s", recorded);
		return -1;
	}
	if (recorded && recorded < r->n_sockets)
		r->n_sockets = recorded;
	if (r->opts.sockets && r->opts.sockets < r->n_sockets)
		r->n_sockets = r->opts.sockets;
	if (r->n_sockets > UPM_MAX_SOCKETS) /* settled topologies never are: per-socket arrays */
		r->n_sockets = UPM_MAX_SOCKETS;
	upm_topology_measure(&r->topo, r->n_sockets); /* one topology, said alike everywhere */
	if (r->opts.backend == UPM_BACKEND_HW && upm_guard_prove_sockets(r) == r->n_sockets) {
		upm_error(r, "--backend hw: the #GP guard is proven on no socket: nothing measured");
		return -1;
	}
	return 0;
}

static struct upm_backend *replay_backend(struct upm_run *r)
{
	return upm_replay_find(r->backend);
}

/* A mock fault given @passN acts at pass N: a command that never reaches it would PASS
 * as if the fault had been tried. Refused before anything runs. A check, a selftest and a
 * run are pass 1 (a plain check's verdicts carry pass 1; selftest and run arm it as they
 * start); a burn-in reaches its --passes, or as far as its --duration goes. */
static int refuse_unreached_pass_faults(struct upm_run *r, const struct upm_command *cmd)
{
	struct upm_mock *m = upm_mock_find(r->backend);
	const char *term;
	unsigned last = m ? upm_mock_last_pass(m, &term) : 0;
	if (!last)
		return 0;
	int check = upm_strcmp(cmd->name, "check") == 0;
	uint64_t passes = check || upm_strcmp(cmd->name, "selftest") == 0 || upm_strcmp(cmd->name, "run") == 0;
	int by_duration = 0;
	for (int i = 0; check && i + 1 < r->opts.cmd_argc; i++) {
		if (upm_strcmp(r->opts.cmd_argv[i], "--passes") == 0)
			(void)upm_parse_u64(r->opts.cmd_argv[i + 1], &passes);
		by_duration |= upm_strcmp(r->opts.cmd_argv[i], "--duration") == 0;
	}
	if (by_duration || passes >= last)
		return 0;
	if (check)
		upm_error(r, "mock fault %s@pass%u acts at pass %u of a burn-in, which this check never reaches: give "
			     "check --passes %u (or more), or leave @pass%u out; nothing was touched",
			  term, last, last, last, last);
	else
		upm_error(r, "mock fault %s@pass%u acts at pass %u of a burn-in, which this %s never reaches (%s): "
			     "leave @pass%u out, or give it to check --passes %u; nothing was touched",
			  term, last, last, cmd->name, passes ? "it is pass 1" : "it runs no pass", last, last);
	return -1;
}

static const char *replay_divergence(struct upm_run *r)
{
	return upm_replay_divergence(replay_backend(r));
}

/* The divergence, and when another upmon recorded the trace, that the difference may
 * be upmon's own rather than the machine's. */
static void say_divergence(struct upm_run *r)
{
	const char *rev = upm_replay_recorded_revision(replay_backend(r));
	if (rev && upm_strcmp(rev, upm_revision()) != 0)
		upm_error(r, "%s; the trace was recorded by upmon revision %s and this is %s: the difference may be "
			     "upmon's, not the machine's (replay it with the recording's revision)",
			  replay_divergence(r), rev, upm_revision());
	else
		upm_error(r, "%s", replay_divergence(r));
}

/* A run refused before its command: the trace's empty temporary file goes (a refusal
 * touches nothing, the medium included). */
static void drop_trace_probe(struct upm_run *r)
{
	char tmp[UPM_SAVE_TMP_MAX];
	if (r->opts.trace_path && upm_save_tmp_path(r->opts.trace_path, tmp, sizeof tmp) == 0)
		(void)upm_os_remove(tmp);
}

static void save_trace(struct upm_run *r)
{
	struct upm_trace *t = upm_trace_of(r->backend);
	if (!t || !r->opts.trace_path)
		return;
	struct upm_buf text, header;
	upm_buf_init(&text);
	upm_buf_init(&header);
	/* Its first line as before (replay reads it), then the run's identity as every
	 * results file has it: when, which upmon, the command line, machine and processor. */
	upm_buf_printf(&header, "upmon %s (revision %s), %s, backend %s%s\n", UPM_VERSION, upm_revision(),
		       upm_os_name(), t->inner->name, t->dry_run ? ", dry run" : "");
	upm_ident_csv(r, &header);
	if (header.len && header.data[header.len - 1] == '\n')
		header.data[--header.len] = 0;
	upm_trace_format(t, header.data ? header.data : "", &text);
	text.failed |= header.failed; /* said, not saved half-identified (upm_save_path) */
	upm_buf_free(&header);
	upm_save_path(r, r->opts.trace_path, &text); /* temporary name, then rename */
	upm_buf_free(&text);
}

/* Whether a file of the run was kept nowhere, or an upload the lab asked for failed: the
 * exit status says so. A medium that refused while the store took every file lost
 * nothing (rack mode: core/cli/upload.h). */
static int results_not_kept(const struct upm_run *r)
{
	if (r->upload)
		return upm_upload_failed(r->upload);
	return r->media_error;
}

int upm_main(int argc, char **argv, struct upm_app_env *env)
{
	struct upm_run run;
	struct upm_run_sessions sessions; /* the session room's state across the run */
	struct upm_config cfg;
	struct upm_upload upload; /* rack mode's, when out is a URL */
	struct upm_cli_line line;
	char err[400]; /* FILE:LINE: args: and the command line parser's message */
	int status = UPM_EXIT_USAGE;
	/* Whether the run leaves its folder, its upmon.log and its line in runs.csv: once its
	 * command began, unless it was refused (exit 4) before touching any register for
	 * what was asked (a processor upmon does not know is the machine's refusal: kept). A
	 * usage error, help, version and list write nothing. */
	int files = 0;
	const struct upm_platform *registered = NULL; /* before the discovery tables built the run's */

	/* Before any register access; every path below leaves through `out` (platform/base/os.h). */
	upm_os_watchdog_off();
	upm_os_watchdog_arm(UPM_WATCHDOG_MARGIN_S); /* a hang resets the machine */
	upm_memset(&run, 0, sizeof run);
	upm_memset(&sessions, 0, sizeof sessions);
	run.sessions = &sessions;
	upm_buf_init(&run.log);
	upm_abort_reset();
	env->end_action = UPM_END_RETURN;
	env->end_timeout_s = 0;
	env->end_after = UPM_END_RETURN;
	upm_ident_start(&run, argc, argv);
	upm_machine_read(&run.ident.machine);
	upm_secure_boot_read(&run.ident.secure_boot);
	if (env->load_options_note) /* vendor bytes, not a command line: upmon.cfg applies */
		upm_say(&run, "%s", env->load_options_note);

	/* The command line, parsed once: the configuration file it names is read first, and
	 * its options then laid over the file's args (core/commands/app_options.c). */
	upm_cli_read(argc, argv, &line);
	if (load_config(&run, &line, &cfg) < 0)
		goto out;
	run.config = &cfg;
	/* args are defaults, the command line overrides; no command anywhere: UPM_DEFAULT_JOB
	 * when the firmware started us, the overview when nothing was typed, else an error
	 * (core/commands/app_options.c). */
	if (upm_app_options(&cfg, &line, env, &run.opts, err, sizeof err) < 0) {
		upm_error(&run, "%s", err);
		goto out;
	}
	{
		struct upm_end_plan plan;
		upm_end_decide(env->launched_by_firmware, &cfg, &run.opts, &plan);
		env->end_action = plan.action;
		env->end_timeout_s = plan.timeout_s;
		env->end_after = plan.after;
	}
	run.out_parent = run.opts.out_dir ? run.opts.out_dir
			 : cfg.out     ? cfg.out
				       : upm_os_default_out_dir();
	if (upm_upload_is_url(run.out_parent)) { /* rack mode: the store, and the medium when there is one */
		if (upm_upload_init(&upload, run.out_parent, cfg.out_timeout, err, sizeof err) < 0) {
			upm_error(&run, "%s %s", run.opts.out_dir ? "--out:" : "out =", err);
			goto out;
		}
		struct upm_upload_credentials creds = { cfg.out_access_key, cfg.out_secret_key, cfg.out_session_token,
							cfg.out_region };
		if (upm_upload_credentials(&upload, &creds, err, sizeof err) < 0 ||
		    (cfg.out_http_fallback && upm_upload_http_fallback(&upload, cfg.out_http_fallback, err, sizeof err) < 0)) {
			upm_error(&run, "%s: %s", run.config && cfg.file ? cfg.file : "upmon.cfg", err);
			goto out;
		}
		run.upload = &upload;
		run.out_parent = upm_os_default_out_dir();
	} else if (cfg.out_access_key || cfg.out_secret_key || cfg.out_session_token || cfg.out_region ||
		   cfg.out_http_fallback) {
		upm_error(&run, "%s: out_access_key, out_http_fallback and their kin are for puts to an object store, and "
				"out is no http[s]:// URL: give out = the store's URL, or delete them",
			  cfg.file ? cfg.file : "upmon.cfg");
		goto out;
	}
	/* A run cut short before this start is reported now; started by the firmware, its
	 * job is not run again: the same fault would reset the machine again, for ever
	 * (docs/safety.md, A run cut short by a reset). */
	if (upm_progress_recover(&run, !env->launched_by_firmware) && env->launched_by_firmware) {
		upm_say_wrappedf(&run, 7, 0, "upmon: not running %s again: started by the firmware, it would most likely "
					    "end the same way; to run it, boot the stick again or start upmon from "
					    "the shell", run.opts.command ? run.opts.command : "the job");
		status = UPM_EXIT_INCOMPLETE;
		goto out;
	}

	if (upm_strcmp(run.opts.command, "help") == 0) {
		status = upm_cmd_help(&run); /* core/commands/cmd_help.c */
		goto out;
	}
	if (refuse_stray_arguments(&run))
		goto out;
	if (upm_strcmp(run.opts.command, "version") == 0) {
		upm_say(&run, "upmon %s (revision %s)", UPM_VERSION, upm_revision());
		status = UPM_EXIT_OK;
		goto out;
	}
	const struct upm_command *cmd = NULL;
	for (unsigned i = 0; i < upm_n_commands; i++)
		if (upm_strcmp(run.opts.command, upm_commands[i].name) == 0)
			cmd = &upm_commands[i];
	if (!cmd) {
		char near[120];
		upm_help_suggest_command(run.opts.command, near, sizeof near);
		upm_error(&run, "unknown command '%s' (%s%ssee 'upmon help')", run.opts.command, near,
			  near[0] ? "; " : "");
		goto out;
	}
	/* A verdict on a write that was never performed would be false: every box would
	 * fail its self-test for one cause, the dry run itself. */
	if (cmd->judges && run.opts.dry_run) {
		upm_error(&run, "%s --dry-run: %s judges what its writes do and a dry run performs none, so every "
				"verdict would be false; to see its accesses, run it against the mock with --trace FILE "
				"(--backend mock --platform NAME); nothing was touched",
			  cmd->name, cmd->name);
		goto out;
	}
	run.reads_files_only = cmd->files_only;
	if (cmd->files_only && refuse_register_options(&run, cmd))
		goto out;
	if (resolve_forced_platform(&run) < 0)
		goto out;
	/* Static tables need no registers: `list` with --platform alone runs without one;
	 * nor does a command that reads only files. */
	int tables_only = cmd->files_only ||
			  (run.platform_forced && !cmd->needs_backend && run.opts.backend == UPM_BACKEND_DEFAULT);
	if (tables_only && run.opts.trace_path) { /* else the asked-for file would silently not be */
		upm_error(&run, "%s --platform %s reads no register, so --trace has nothing to record; leave it out, "
				"or give --backend too",
			  cmd->name, run.opts.platform);
		goto out;
	}
	if (force_platform_refused(&run, tables_only))
		goto out;
	/* Before the first register: what this run does is on the medium, should it end
	 * in a reset (core/cli/progress.h). */
	if (!tables_only)
		upm_progress_begin(&run);
	if (!tables_only && (create_backend(&run, env) < 0 || identify(&run) < 0)) {
		drop_trace_probe(&run);
		goto out;
	}
	if (replay_of_dry_run(&run, cmd) || refuse_unreached_pass_faults(&run, cmd)) {
		drop_trace_probe(&run);
		goto out;
	}
	upm_read_microcode(&run);
	upm_ident_say(&run);
	run.last.capture = 1; /* what goes wrong from here is on the last screen (core/cli/last_screen.h) */
	/* Static tables (list) show no identity on the console, where programs read their csv
	 * and json; list writes nothing. */
	if (!cmd->needs_backend && !cmd->files_only)
		run.console_pending_len = 0;
	/* The folder is made when the command says its first line that is no error, or saves
	 * its first file (core/cli/run_folder.c): a medium that refuses it is said before the
	 * work, and a usage error, said before either, makes none. */
	run.folder_pending = cmd->needs_backend || cmd->files_only ? upm_run_folder_open : NULL;
	uint64_t accesses = run.backend ? run.backend->accesses : 0; /* identification's reads */
	registered = run.platform;
	/* Platforms the uncore discovery tables place: the run's box types, before any
	 * session (core/session/disc_run.h). */
	if (cmd->needs_backend && run.backend)
		upm_disc_run(&run);
	upm_progress_step("%s", cmd->name);
	status = cmd->fn(&run);
	upm_progress_step("%s: saving the results", cmd->name);
	if (status == UPM_EXIT_USAGE && (!run.backend || run.backend->accesses == accesses) && !run.run_name[0] &&
	    !run.machine_refused) {
		drop_trace_probe(&run); /* refused before any register: nothing is written */
		goto out;
	}
	files = cmd->needs_backend || cmd->files_only;
	if (replay_divergence(&run)) { /* the first access that differs from the recording */
		say_divergence(&run);
		status = UPM_EXIT_FAIL;
	}
	save_trace(&run);
	/* Where the files went and how long it took: the last line (check and selftest said
	 * it before their verdict); in the log only for a usage error. */
	if (files) {
		upm_run_folder_open(&run);
		upm_say_files(&run, status != UPM_EXIT_USAGE);
	}
out:
	if (files) {
		upm_ident_stop(&run);
		upm_save(&run, "upmon.log", &run.log);
		if (run.upload && upm_upload_put_all(run.upload, run.run_name)) { /* upmon.log, the last file */
			upm_error(&run, "%s", run.upload->failure);
			upm_upload_put_all(run.upload, run.run_name);
		}
		if (run.upload && run.upload->note[0]) /* one not said with the files line */
			upm_warn(&run, "%s", run.upload->note);
		if (results_not_kept(&run) && status == UPM_EXIT_OK)
			status = UPM_EXIT_USAGE;
		run.ident.exit_status = status;
		upm_run_index_append(&run);
		if (results_not_kept(&run) && status == UPM_EXIT_OK)
			status = UPM_EXIT_USAGE;
	}
	if (run.upload)
		upm_upload_free(run.upload);
	upm_disc_run_end(&run, registered);
	upm_progress_end(); /* every path that returns, its files saved: the run was not cut short */
	upm_last_screen_free(&run);
	upm_os_free(run.ident.config_text);
	upm_backend_destroy(run.backend);
	upm_buf_free(&run.log);
	upm_config_free(&cfg);
	upm_os_watchdog_restore();
	return status;
}
