/* The option table (core/cli/options.h): every option of the command line, global and each
 * command's own, in one place (docs/command-line.md, Options and their order). The rows'
 * order is the order the closest choices are offered in (a command's own, then the
 * globals) and the order of the help lines. */
#include "core/cli/options.h"
#include "platform/base/suggest.h"

static int store_platform(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	(void)err, (void)size;
	o->platform = v;
	return 0;
}

static int store_force_platform(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	(void)v, (void)err, (void)size;
	o->force_platform = 1;
	return 0;
}

static int store_backend(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	if (upm_strcmp(v, "hw") == 0) {
		o->backend = UPM_BACKEND_HW;
		o->mock_faults = NULL;
	} else if (upm_strcmp(v, "mock") == 0) {
		o->backend = UPM_BACKEND_MOCK;
		o->mock_faults = NULL;
	} else if (upm_starts_with(v, "mock:") && v[5]) {
		o->backend = UPM_BACKEND_MOCK;
		o->mock_faults = v + 5;
	} else if (upm_strcmp(v, "linux") == 0) {
		o->backend = UPM_BACKEND_LINUX;
		o->mock_faults = NULL;
	} else if (upm_strcmp(v, "perf") == 0) {
		o->backend = UPM_BACKEND_PERF;
		o->mock_faults = NULL;
	} else if (upm_starts_with(v, "replay:") && v[7]) {
		o->backend = UPM_BACKEND_REPLAY;
		o->replay_path = v + 7;
	} else if (upm_strcmp(v, "replay:") == 0 || upm_strcmp(v, "mock:") == 0) {
		upm_snprintf(err, size, "--backend %s needs what follows the colon: replay:TRACE (a file --trace wrote) or "
			     "mock:FAULTS (docs/mock.md, Faults)", v);
		return -1;
	} else {
		struct upm_suggest s;
		char near[120];
		static const char *const backends[] = { "hw", "linux", "perf", "mock", "replay:" };
		upm_suggest_init(&s, v);
		for (unsigned k = 0; k < UPM_ARRAY_LEN(backends); k++)
			upm_suggest_add(&s, backends[k]);
		upm_suggest_text(&s, near, sizeof near);
		upm_snprintf(err, size, "unknown backend '%s' (%s%suse hw, linux, perf, mock, mock:FAULTS or replay:TRACE)", v, near,
			     near[0] ? "; " : "");
		return -1;
	}
	return 0;
}

static int store_sockets(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	uint64_t n;
	if (upm_parse_u64(v, &n) < 0 || n == 0 || n > UPM_MAX_SOCKETS) {
		upm_snprintf(err, size, upm_strchr(v, ',') || upm_strchr(v, '-')
			     ? "--sockets takes a number from 1 to 8, not '%s': the sockets a kernel runs on are run's "
			       "--kernel-sockets LIST"
			     : "--sockets takes a number from 1 to 8, not '%s'", v);
		return -1;
	}
	o->sockets = (unsigned)n;
	return 0;
}

static int store_trace(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	(void)err, (void)size;
	o->trace_path = v;
	return 0;
}

static int store_dry_run(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	(void)v, (void)err, (void)size;
	o->dry_run = 1;
	return 0;
}

static int store_out(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	(void)err, (void)size;
	o->out_dir = v;
	return 0;
}

static int store_config(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	(void)err, (void)size;
	o->config_path = v;
	return 0;
}

static int store_end(struct upm_options *o, const char *v, char *err, unsigned long size)
{
	if (upm_cli_end_action(v, &o->end) < 0) {
		char near[120];
		upm_cli_end_action_suggest(v, near, sizeof near);
		upm_snprintf(err, size, "unknown end action '%s' (%s%suse return, shutdown, reboot, key or qemu-exit)", v,
			     near, near[0] ? "; " : "");
		return -1;
	}
	o->end_set = 1;
	return 0;
}

const struct upm_cli_option upm_cli_options[] = {
	/* Global options: before or after the command (core/cli/cli_args.c). */
	{ "--platform", "NAME", NULL, UPM_USAGE_PLATFORMS " (default: from CPUID)", store_platform, 0 },
	{ "--force-platform", NULL, NULL, "use --platform on the hardware although CPUID disagrees",
	  store_force_platform, UPM_OPT_SAID_LAST },
	{ "--backend", "hw|linux|perf|mock[:FAULTS]|replay:TRACE", NULL,
	  "the hardware (UEFI; the default), an installed Linux\n"
	  "machine's registers or its kernel's perf PMUs (run's\n"
	  "counts only; docs/linux.md), the mocked uncore\n"
	  "(with --platform; faults: see 'upmon help mock'), or a\n"
	  "recording made with --trace", store_backend, 0 },
	{ "--sockets", "N", NULL, "measure the first N sockets (the mock has N)", store_sockets, 0 },
	{ "--trace", "FILE", NULL, "record every register access in a new FILE", store_trace, 0 },
	{ "--dry-run", NULL, NULL,
	  "perform reads, only record writes (not for check or\n"
	  "selftest, which judge what writes do)", store_dry_run, 0 },
	{ "--out", "PATH|URL", NULL,
	  "where each run gets its folder and runs.csv (default\n"
	  "\\upmon\\results on the boot medium, ./upmon-results on a\n"
	  "host); an http[s]:// URL puts every file to an object store\n"
	  "too (docs/rack.md)", store_out, 0 },
	{ "--config", "FILE", NULL, "configuration file (default \\upmon\\upmon.cfg when there)", store_config, 0 },
	{ "--end", "ACTION", NULL, "when done: return, shutdown, reboot, key, qemu-exit", store_end, 0 },
	/* `help [COMMAND]` and `version` written as options (-h too): the overview says so. */
	{ "--help", NULL, NULL, NULL, NULL, 0 },
	{ "--version", NULL, NULL, NULL, NULL, 0 },

	/* run's (core/commands/cmd_run.c, run_kernel.c, run_interval.c read them). */
	{ "--events", "SPEC,...", "run",
	  "what to count. SPEC is BOX/EVENT[.UMASK][,TERMS]/\n"
	  "(perf's form): BOX a box type (imc: every instance) or\n"
	  "one instance (imc2); TERMS umask=, thresh= (0-255),\n"
	  "edge, inv, tid_en, filter_*=...\n"
	  "Also taken: Intel perfmon names alone\n"
	  "(UNC_M_CAS_COUNT.RD, every instance) or in a box\n"
	  "(imc2/UNC_M_CAS_COUNT.RD/), Linux perf's PMU names\n"
	  "(uncore_imc_2, cbox_3) and event aliases (cas_count_read),\n"
	  "and @NAME, an event set of upmon.cfg. Given again,\n"
	  "--events, --metrics and --group add to the list; a\n"
	  "count asked for twice (by a spec, a metric or a\n"
	  "group) is counted once, a double typed said in a note", NULL, 0 },
	{ "--metrics", "NAME,...", "run",
	  "derived metrics (their events are added); a former name\n"
	  "works too; a value that would be negative or divides by\n"
	  "zero is printed n/a with the reason", NULL, 0 },
	{ "--group", "NAME,...", "run",
	  "a shipped event group: MEM, LLC, QPI, PCIE, POWER, RING...\n"
	  "('upmon list groups'): its events and metrics", NULL, 0 },
	{ "--seconds", "S", "run", "the interval, 0.001 to 86400 (default 1)", NULL, 0 },
	{ "--per-box", NULL, "run",
	  "the console shows every box instance, not totals\n"
	  "(in each sample too, with --interval)", NULL, 0 },
	{ "--kernel", "NAME,...", "run",
	  "a stress kernel instead of the wait: read write ntwrite\n"
	  "copy scale add triad chase llc thrash flush pingpong, with\n"
	  "an idle baseline; read_avx write_avx ntwrite_avx copy_avx\n"
	  "triad_avx where the firmware enabled AVX on every\n"
	  "processor; --size S, --iterations N,\n"
	  "--threads N|all, --kernel-sockets LIST (the sockets it\n"
	  "runs on: 0,1 or 0-1; --sockets N, a global option,\n"
	  "measures the first N), --memory-socket N|local tune it", NULL, 0 },
	/* The kernels' working set and processors: run's in --kernel's line, check's in its
	 * page (core/commands/cmd_check.c). */
	{ "--size", "S", "run check", NULL, NULL, 0 },
	{ "--iterations", "N", "run", NULL, NULL, 0 },
	{ "--threads", "N|all", "run check", NULL, NULL, 0 },
	{ "--kernel-sockets", "LIST", "run", NULL, NULL, 0 },
	{ "--memory-socket", "N|local", "run", NULL, NULL, 0 },
	{ "--interval", "MS", "run",
	  "a sample every MS milliseconds (10 to 3600000), one block\n"
	  "each on the console and interval.csv, with the metrics\n"
	  "over each sample; until ESC/Ctrl-C, or --count N\n"
	  "samples, or --seconds S (with --kernel NAME:\n"
	  "--duration S, the kernel repeating meanwhile); the events\n"
	  "must fit one pass (a group needing more counts its\n"
	  "interval form: 'upmon list groups')", NULL, 0 },
	{ "--count", "N", "run", NULL, NULL, 0 },
	/* run's with --interval and --kernel (in --interval's line), check's burn-in (its page). */
	{ "--duration", "D", "run check", NULL, NULL, 0 },

	/* check's (core/commands/cmd_check.c), said in its page. */
	{ "--quick", NULL, "check", NULL, NULL, 0 },
	{ "--passes", "N", "check", NULL, NULL, 0 },
	{ "--against", "perf", "check", NULL, NULL, 0 },

	/* list's (core/commands/cmd_list.c); --box in the events line of its page. */
	{ "--box", "BOX", "list", NULL, NULL, 0 },
	{ "--format", "text|csv|json", "list", "text (default), csv (a header line, then one row each) or json", NULL,
	  0 },

	/* fault-probe's (core/commands/cmd_fault_probe.c). */
	{ "--unguarded", NULL, "fault-probe",
	  "makes the same load outside the guard, to show that a fault\n"
	  "that is not upmon's resets the machine (UEFI in a virtual\n"
	  "machine only)", NULL, 0 },
};
const unsigned upm_cli_n_options = UPM_ARRAY_LEN(upm_cli_options);

/* The parsed line keeps each option's value by row (core/cli/cli.h). */
_Static_assert(UPM_ARRAY_LEN(upm_cli_options) <= UPM_CLI_MAX_OPTIONS, "UPM_CLI_MAX_OPTIONS is too small");

const struct upm_cli_option *upm_cli_option_find(const char *name, size_t len)
{
	for (unsigned i = 0; name && i < upm_cli_n_options; i++)
		if (upm_strlen(upm_cli_options[i].name) == len && upm_memcmp(upm_cli_options[i].name, name, len) == 0)
			return &upm_cli_options[i];
	return NULL;
}

const struct upm_cli_option *upm_cli_option_named(const char *name)
{
	return name ? upm_cli_option_find(name, upm_strlen(name)) : NULL;
}

int upm_cli_option_is_global(const struct upm_cli_option *opt)
{
	return opt && !opt->commands;
}

int upm_cli_option_of(const struct upm_cli_option *opt, const char *command)
{
	if (!opt || !opt->commands || !command)
		return 0;
	size_t n = upm_strlen(command);
	for (const char *c = opt->commands; *c;) {
		size_t k = 0;
		while (c[k] && c[k] != ' ')
			k++;
		if (k == n && upm_memcmp(c, command, n) == 0)
			return 1;
		c += k;
		while (*c == ' ')
			c++;
	}
	return 0;
}

int upm_cli_command_has_options(const char *command)
{
	for (unsigned i = 0; i < upm_cli_n_options; i++)
		if (upm_cli_option_of(&upm_cli_options[i], command))
			return 1;
	return 0;
}

unsigned upm_cli_option_commands(const struct upm_cli_option *opt, char *buf, size_t size)
{
	unsigned n = 0;
	size_t k = 0;
	buf[0] = 0;
	for (const char *c = opt && opt->commands ? opt->commands : ""; *c && k < size;) {
		size_t len = 0;
		while (c[len] && c[len] != ' ')
			len++;
		k += (size_t)upm_snprintf(buf + k, size - k, "%s%.*s", n ? " or " : "", (int)len, c);
		n++;
		c += len;
		while (*c == ' ')
			c++;
	}
	return n;
}

static void option_line(const struct upm_cli_option *opt, unsigned column, int bare, struct upm_buf *b)
{
	size_t at = b->len;
	upm_buf_printf(b, "  %s%s%s", opt->name, opt->value && !bare ? " " : "", opt->value && !bare ? opt->value : "");
	size_t width = b->len - at;
	if (width < column)
		upm_buf_printf(b, "%*s", (int)(column - width), "");
	else
		upm_buf_printf(b, "\n%*s", (int)column, "");
	for (const char *h = opt->help; *h;) {
		const char *nl = upm_strchr(h, '\n');
		size_t n = nl ? (size_t)(nl - h) : upm_strlen(h);
		upm_buf_append(b, h, n);
		upm_buf_puts(b, "\n");
		h += n;
		if (*h == '\n' && *++h)
			upm_buf_printf(b, "%*s", (int)column, "");
	}
}

void upm_cli_option_lines(const char *command, unsigned column, int bare, struct upm_buf *b)
{
	/* The overview's last ones after the others. */
	for (unsigned last = 0; last < 2; last++)
		for (unsigned i = 0; i < upm_cli_n_options; i++) {
			const struct upm_cli_option *opt = &upm_cli_options[i];
			int mine = command ? upm_cli_option_of(opt, command) : upm_cli_option_is_global(opt);
			if (mine && opt->help && !(opt->flags & UPM_OPT_SAID_LAST) == !last)
				option_line(opt, column, bare, b);
		}
}

void upm_cli_global_list(const char *first, struct upm_buf *b)
{
	size_t line = upm_strlen(first), n = 0;
	upm_buf_puts(b, first);
	for (unsigned i = 0; i < upm_cli_n_options; i++) {
		const struct upm_cli_option *opt = &upm_cli_options[i];
		if (!upm_cli_option_is_global(opt) || !opt->help)
			continue;
		size_t w = upm_strlen(opt->name) + 1; /* its comma, or the full stop */
		if (line + 1 + w > 79) {
			upm_buf_puts(b, "\n");
			line = 0;
		} else {
			upm_buf_puts(b, " ");
			line++;
		}
		upm_buf_printf(b, "%s,", opt->name);
		line += w;
		n++;
	}
	/* The last comma is the full stop. */
	if (n && b->data && b->len)
		b->data[b->len - 1] = '.';
	upm_buf_puts(b, "\n");
}
