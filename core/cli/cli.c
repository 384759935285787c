#include "core/cli/cli.h"
#include "platform/base/str.h"
#include "core/cli/cli_args.h"
#include "platform/base/suggest.h"
#include "core/cli/options.h"

const char upm_usage_text[] =
	"usage: upmon [OPTIONS] COMMAND [COMMAND OPTIONS]\n"
	"\n"
	"upmon counts the uncore events of Intel Xeon processors (memory, caches, links,\n"
	"power) and checks that the counters themselves work.\n"
	"\n"
	"commands:\n"
	"  check [--quick] [--threads N|all] [--passes N] [--duration D] [--size S]\n"
	"               the health check: selftest, then stress kernels with the\n"
	"               standard events, judged per socket and box; ends with\n"
	"               'upmon: PASS|WARN|FAIL|INCOMPLETE'. --passes N and --duration D\n"
	"               (90s, 30m, 8h, 2d) repeat it as a burn-in\n"
	"  run --events SPEC,... | --group NAME,... | --metrics NAME,...\n"
	"      [--seconds S] [--per-box] [--interval MS [--count N]]\n"
	"      [--kernel NAME,... [--duration S]]\n"
	"               count events over an interval (1 s), a sample every MS ms, or\n"
	"               around a stress kernel (read, write, copy, triad, llc, ...);\n"
	"               SPEC is BOX/EVENT[.UMASK]/ (imc/CAS_COUNT.RD/), a perfmon\n"
	"               name (UNC_M_CAS_COUNT.RD) or an alias (cas_count_read)\n"
	"  list boxes|events|metrics|groups [SEARCH] [--box BOX]\n"
	"       [--format text|csv|json]\n"
	"               the platform's box types, events, derived metrics and event\n"
	"               groups (--platform NAME alone is enough)\n"
	"  selftest     write/read-back, reset, freeze, enable and wrap tests of every\n"
	"               box\n"
	"  info         processor, sockets, uncore platform and PCI devices found\n"
	"  version      the program version and revision (also --version)\n"
	"  help [COMMAND|mock]\n"
	"               this text, a command's options and examples, or the mocked\n"
	"               backend and its faults\n"
	"\n"
	"options (before or after the command, --option VALUE or --option=VALUE; given\n"
	"twice, the last wins):\n"
	;

/* The global options' lines go here: core/cli/options.c. */
const char upm_usage_after_options[] =
	"\n"
	"'upmon help COMMAND' (or 'upmon COMMAND --help') shows a command's options and\n"
	"examples.\n"
	"\n"
	"A run leaves its folder of results and a line in runs.csv; a usage error, help,\n"
	"version and list write nothing. ESC or Ctrl-C stops a run at the next safe\n"
	"point: registers are restored and the results so far saved, marked \"aborted\".\n"
	"\n"
	"exit status: 0 ok, 1 warnings, 2 failed (a fault, or registers NOT RESTORED),\n"
	"  3 incomplete (a socket's processor did not answer), 4 usage or environment\n"
	"  error (also: results not written), 5 aborted by ESC or Ctrl-C\n"
	"\n"
	"examples:\n"
	"  upmon check\n"
	"  upmon run --group MEM --seconds 5\n"
	"  upmon list groups\n"
	"  upmon --backend mock --platform snbep check --quick      (on a Linux host)\n";

/* `help mock`: the mocked backend and its fault language (platform/mock/mock.h). */
const char upm_help_mock_text[] =
	"usage: upmon --backend mock[:FAULT,...] --platform NAME [--sockets N] COMMAND\n"
	"\n"
	"The mocked uncore: a model of the platform's boxes in memory, for trying upmon\n"
	"and testing it without the hardware (on a Linux host it is the only backend).\n"
	"Its counts are not measurements of this machine: the console and every file\n"
	"say MOCK BACKEND. FAULTS, a comma list, make it fail as broken hardware would;\n"
	"each term may start with sN. to act on socket N (default socket 0). MSR is a\n"
	"number (0xD04), BB:DD.F a PCI function, BOXn a box instance (cbo3, imc0, qpi1).\n"
	"\n"
	"register and device faults:\n"
	"  gp=MSR, gpr=MSR, gpw=MSR  that MSR raises #GP on read and write, read, write\n"
	"  absent=BB:DD.F            the PCI function does not answer\n"
	"  ones=BB:DD.F              it answers with its IDs, every other offset all ones\n"
	"  noecam                    no ECAM window: configuration space through CF8/CFC\n"
	"  sN.segment=1              socket N's uncore sits on PCI segment 1 (ECAM only)\n"
	"  interleave                node interleaving: every socket's memory takes an\n"
	"                            even share of the traffic\n"
	"  cores=N                   N cores per package: the CBos from cboN on are idle\n"
	"mid-run faults:\n"
	"  gp|gpr|gpw=MSR@N          the first N accesses succeed, the later ones fault;\n"
	"  gp|gpr|gpw=MSR@run        ... or from the first measured interval on\n"
	"  onesat=BB:DD.F[@N|@run]   the function reads all ones from then on\n"
	"  badecam                   the ECAM window is off by one bus (CF8/CFC is right)\n"
	"  sN.stall=MS               socket N's processor stalls once, MS ms (1-60000)\n"
	"box faults:\n"
	"  stuck=BOXn.ctrN           general counter N never moves\n"
	"  stuck=BOXn.fixed          the box's fixed counter never moves\n"
	"  dead=BOXn                 the box reads all ones and drops writes\n"
	"  absent=BOXn               the box is not there (PCI: no answer; MSR: #GP)\n"
	"  nofreeze=BOXn             the box ignores its freeze: counters keep counting\n"
	"  locked=BOXn               every register reads 0 and keeps nothing written\n"
	"  stuckbit=BOXn.ctlN:BIT    that bit of counter control N never sets (also\n"
	"                            BOXn.box:BIT, the box control; BOXn.fixed:BIT)\n"
	"  nochannel=imcN            the channel takes no traffic; its peers take it all\n"
	"  unpopulated=imcN          ... and its clock stops too (no DIMMs)\n"
	"  skew=cboN:F               the CBo takes F times its even share of the traffic\n"
	"  linkrate=qpiN:VALUE       the QPI port's rate status register reads VALUE\n"
	"skl only: cbos=N (1-4 CBos), hostbridge=0xDDDD (00:00.0's device ID), mchbar=off\n"
	"burn-in (check --passes N): any term may end in @passN: it acts from pass N on;\n"
	"  esc@passN presses ESC in pass N. A plain check, selftest and run are pass 1.\n"
	"A box, counter, bit or device that does not exist is refused in one line naming\n"
	"what does.\n"
	"\n"
	"examples:\n"
	"  upmon --backend mock --platform snbep info\n"
	"  upmon --backend mock:dead=cbo3 --platform snbep run --events cbo/CLOCKTICKS/\n"
	"  upmon --backend mock:s1.stuck=imc2.ctr0 --platform ivbep selftest\n"
	"  upmon --backend mock:gpw=0xD10@run --platform snbep run --events ubox/UCLK/\n"
	"  upmon --backend mock:dead=cbo1@pass2 --platform snbep check --passes 2\n";

static const struct {
	const char *name;
	enum upm_end_action action;
	int other_name; /* another name of an action above it: accepted, not offered */
} end_actions[] = {
	{ "return", UPM_END_RETURN, 0 }, { "shell", UPM_END_RETURN, 1 },
	{ "shutdown", UPM_END_SHUTDOWN, 0 }, { "reboot", UPM_END_REBOOT, 0 },
	{ "key", UPM_END_WAITKEY, 0 }, { "qemu-exit", UPM_END_QEMU_EXIT, 0 },
};

void upm_cli_end_action_suggest(const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < sizeof end_actions / sizeof end_actions[0]; i++)
		if (!end_actions[i].other_name)
			upm_suggest_add(&s, end_actions[i].name);
	upm_suggest_text(&s, buf, size);
}

int upm_cli_end_action(const char *name, enum upm_end_action *out)
{
	for (unsigned i = 0; i < sizeof end_actions / sizeof end_actions[0]; i++) {
		if (upm_strcmp(name, end_actions[i].name) == 0) {
			*out = end_actions[i].action;
			return 0;
		}
	}
	return -1;
}

static int fail(char *err, unsigned long size, const char *fmt, const char *what)
{
	upm_snprintf(err, size, fmt, what);
	return -1;
}

/* The normalised words (ARGV0 GLOBALS COMMAND COMMAND-WORDS, core/cli/cli_args.c) into o:
 * each global through its row of the option table, its value recorded in given (when not
 * NULL) by row; the command and its words. No command leaves o's as it was. */
static int parse_ordered(int argc, char **argv, struct upm_options *o, const char **given, char *err,
			 unsigned long err_size)
{
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] != '-' || a[1] != '-')
			break;
		const struct upm_cli_option *opt = upm_cli_option_named(a);
		if (!upm_cli_option_is_global(opt) || !opt->store)
			return fail(err, err_size, "unknown option '%s' (see 'upmon help')", a);
		const char *v = NULL;
		if (opt->value) {
			if (i + 1 >= argc || argv[i + 1][0] == 0)
				return fail(err, err_size, "option '%s' needs a value (see 'upmon help')", a);
			v = argv[++i];
		}
		if (opt->store(o, v, err, err_size) < 0)
			return -1;
		if (given)
			given[opt - upm_cli_options] = v ? v : "";
	}
	if (i >= argc)
		return 0;
	o->command = argv[i++];
	o->cmd_argc = 0;
	for (; i < argc; i++) {
		if (o->cmd_argc >= UPM_MAX_CMD_ARGS)
			return fail(err, err_size, "%s", "too many arguments");
		o->cmd_argv[o->cmd_argc++] = argv[i];
	}
	return 0;
}

/* Options before or after the command, -h, --help, --version: core/cli/cli_args.c. */
int upm_cli_parse(int argc, char **argv, struct upm_options *o, char *err, unsigned long err_size)
{
	char *words[UPM_CLI_MAX_WORDS];
	int n = upm_cli_normalise(argc, argv, words, UPM_CLI_MAX_WORDS, err, err_size);
	if (n < 0 || parse_ordered(n, words, o, NULL, err, err_size) < 0)
		return -1;
	/* A command from the configuration file stands when none is given here. */
	if (!o->command)
		return fail(err, err_size, "%s", "no command given (try 'upmon help')");
	return 0;
}

int upm_cli_read(int argc, char **argv, struct upm_cli_line *line)
{
	char *words[UPM_CLI_MAX_WORDS];
	upm_memset(line, 0, sizeof *line);
	line->argc = argc;
	int n = upm_cli_normalise(argc, argv, words, UPM_CLI_MAX_WORDS, line->err, sizeof line->err);
	if (n < 0 || parse_ordered(n, words, &line->opts, line->given, line->err, sizeof line->err) < 0) {
		line->failed = 1;
		return -1;
	}
	return 0;
}

int upm_cli_apply(const struct upm_cli_line *line, struct upm_options *o, char *err, unsigned long err_size)
{
	if (line->failed)
		return fail(err, err_size, "%s", line->err);
	/* Each store succeeded on the same value when the line was read. */
	for (unsigned i = 0; i < upm_cli_n_options; i++)
		if (line->given[i] && upm_cli_options[i].store)
			(void)upm_cli_options[i].store(o, upm_cli_options[i].value ? line->given[i] : NULL, err, err_size);
	if (line->opts.command) {
		o->command = line->opts.command;
		o->cmd_argc = line->opts.cmd_argc;
		for (int i = 0; i < o->cmd_argc; i++)
			o->cmd_argv[i] = line->opts.cmd_argv[i];
	}
	return 0;
}

const char *upm_cli_line_value(const struct upm_cli_line *line, const char *name)
{
	const struct upm_cli_option *opt = upm_cli_option_named(name);
	if (line->failed || !opt || !opt->value)
		return NULL;
	return line->given[opt - upm_cli_options];
}
