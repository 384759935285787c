#include "core/cli/cli.h"
#include "platform/base/str.h"
#include "core/cli/cli_args.h"
#include "platform/base/suggest.h"

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
	"  --platform NAME    " UPM_USAGE_PLATFORMS " (default: from CPUID)\n"
	"  --backend hw|mock[:FAULTS]|replay:TRACE\n"
	"                     the hardware (UEFI; the default), the mocked uncore\n"
	"                     (with --platform; faults: see 'upmon help mock'), or a\n"
	"                     recording made with --trace\n"
	"  --sockets N        measure the first N sockets (the mock has N)\n"
	"  --trace FILE       record every register access in a new FILE\n"
	"  --dry-run          perform reads, only record writes (not for check or\n"
	"                     selftest, which judge what writes do)\n"
	"  --out PATH         where each run gets its folder and runs.csv (default\n"
	"                     \\upmon\\results on the boot medium, ./upmon-results on a\n"
	"                     host)\n"
	"  --config FILE      configuration file (default \\upmon\\upmon.cfg when there)\n"
	"  --end ACTION       when done: return, shutdown, reboot, key, qemu-exit\n"
	"  --force-platform   use --platform on the hardware although CPUID disagrees\n"
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

static int parse_ordered(int argc, char **argv, struct upm_options *o, char *err, unsigned long err_size);

/* Options before or after the command, -h, --help, --version: core/cli/cli_args.c. */
int upm_cli_parse(int argc, char **argv, struct upm_options *o, char *err, unsigned long err_size)
{
	char *words[UPM_CLI_MAX_WORDS];
	int n = upm_cli_normalise(argc, argv, words, UPM_CLI_MAX_WORDS, err, err_size);
	return n < 0 ? -1 : parse_ordered(n, words, o, err, err_size);
}

static int parse_ordered(int argc, char **argv, struct upm_options *o, char *err, unsigned long err_size)
{
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] != '-' || a[1] != '-')
			break;
		const char *name = a + 2;
		/* Every global option except --dry-run and --force-platform takes a value. */
		if (upm_strcmp(name, "dry-run") == 0) {
			o->dry_run = 1;
			continue;
		}
		if (upm_strcmp(name, "force-platform") == 0) {
			o->force_platform = 1;
			continue;
		}
		static const char *const with_value[] = { "platform", "backend", "sockets", "trace",
							  "out", "config", "end" };
		int known = 0;
		for (unsigned k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
			known |= upm_strcmp(name, with_value[k]) == 0;
		if (!known)
			return fail(err, err_size,
				    "unknown option '%s' (see 'upmon help')", a);
		if (i + 1 >= argc || argv[i + 1][0] == 0)
			return fail(err, err_size, "option '%s' needs a value (see 'upmon help')", a);
		const char *v = argv[++i];

		if (upm_strcmp(name, "platform") == 0) {
			o->platform = v;
		} else if (upm_strcmp(name, "backend") == 0) {
			if (upm_strcmp(v, "hw") == 0) {
				o->backend = UPM_BACKEND_HW;
				o->mock_faults = NULL;
			} else if (upm_strcmp(v, "mock") == 0) {
				o->backend = UPM_BACKEND_MOCK;
				o->mock_faults = NULL;
			} else if (upm_starts_with(v, "mock:") && v[5]) {
				o->backend = UPM_BACKEND_MOCK;
				o->mock_faults = v + 5;
			} else if (upm_starts_with(v, "replay:") && v[7]) {
				o->backend = UPM_BACKEND_REPLAY;
				o->replay_path = v + 7;
			} else if (upm_strcmp(v, "replay:") == 0 || upm_strcmp(v, "mock:") == 0) {
				return fail(err, err_size, "--backend %s needs what follows the colon: replay:TRACE (a file "
					    "--trace wrote) or mock:FAULTS (docs/mock.md, Faults)", v);
			} else {
				struct upm_suggest s;
				char near[120];
				static const char *const backends[] = { "hw", "mock", "replay:" };
				upm_suggest_init(&s, v);
				for (unsigned k = 0; k < 3; k++)
					upm_suggest_add(&s, backends[k]);
				upm_suggest_text(&s, near, sizeof near);
				upm_snprintf(err, err_size, "unknown backend '%s' (%s%suse hw, mock, mock:FAULTS or replay:TRACE)",
					     v, near, near[0] ? "; " : "");
				return -1;
			}
		} else if (upm_strcmp(name, "sockets") == 0) {
			uint64_t n;
			if (upm_parse_u64(v, &n) < 0 || n == 0 || n > UPM_MAX_SOCKETS)
				return fail(err, err_size, upm_strchr(v, ',') || upm_strchr(v, '-')
					    ? "--sockets takes a number from 1 to 8, not '%s': the sockets a kernel runs on "
					      "are run's --kernel-sockets LIST"
					    : "--sockets takes a number from 1 to 8, not '%s'", v);
			o->sockets = (unsigned)n;
		} else if (upm_strcmp(name, "trace") == 0) {
			o->trace_path = v;
		} else if (upm_strcmp(name, "out") == 0) {
			o->out_dir = v;
		} else if (upm_strcmp(name, "config") == 0) {
			o->config_path = v;
		} else { /* end */
			if (upm_cli_end_action(v, &o->end) < 0) {
				char near[120];
				upm_cli_end_action_suggest(v, near, sizeof near);
				upm_snprintf(err, err_size, "unknown end action '%s' (%s%suse return, shutdown, reboot, key or "
					     "qemu-exit)", v, near, near[0] ? "; " : "");
				return -1;
			}
			o->end_set = 1;
		}
	}
	if (i >= argc) {
		/* A command from the configuration file stands when none is given here. */
		if (o->command)
			return 0;
		return fail(err, err_size, "%s", "no command given (try 'upmon help')");
	}
	o->command = argv[i++];
	o->cmd_argc = 0;
	for (; i < argc; i++) {
		if (o->cmd_argc >= UPM_MAX_CMD_ARGS)
			return fail(err, err_size, "%s", "too many arguments");
		o->cmd_argv[o->cmd_argc++] = argv[i];
	}
	return 0;
}
