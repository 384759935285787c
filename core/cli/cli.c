#include "core/cli/cli.h"
#include "core/base/str.h"
#include "core/cli/cli_args.h"
#include "core/base/suggest.h"

const char upm_usage_text[] =
	"usage: upmon [OPTIONS] COMMAND [ARGS]\n"
	"\n"
	"commands:\n"
	"  info         processor, sockets, uncore platform and the uncore PCI devices\n"
	"               found\n"
	"  help [CMD]   this text, or a command's with examples (-h, --help, CMD --help)\n"
	"  version      the program version and revision (also --version)\n"
	"  list boxes|events|metrics [SEARCH] [--box B] [--format text|csv|json]\n"
	"               the platform's box types, events and derived metrics\n"
	"  run --events SPEC[,SPEC...] [--metrics NAME[,...]] [--seconds S]\n"
	"               count events over an interval; SPEC is\n"
	"               BOX/EVENT[.UMASK][,TERMS]/, e.g. imc/CAS_COUNT.RD/ or\n"
	"               cbo3/LLC_LOOKUP.DATA_READ,filter_state=0x1f/; perf's and\n"
	"               perfmon's names too: UNC_M_CAS_COUNT.RD,\n"
	"               uncore_imc_2/cas_count_read/\n"
	"  run --kernel NAME[,NAME...] --events ... [--size S] [--iterations N]\n"
	"      [--threads N|all] [--sockets LIST] [--memory-socket N|local]\n"
	"               the same around a stress kernel (read write ntwrite copy scale\n"
	"               add triad chase llc thrash flush pingpong; read_avx write_avx\n"
	"               ntwrite_avx copy_avx triad_avx where the firmware enabled\n"
	"               AVX), with an idle baseline\n"
	"  check [--quick] [--threads N] [--size S]\n"
	"               the health check: selftest, then the fixed kernels with the\n"
	"               standard events, judged per socket and box; ends with\n"
	"               'upmon: PASS|WARN|FAIL|INCOMPLETE' (exit 0, 1, 2, 3)\n"
	"  selftest     write/read-back, reset, freeze, enable and wrap tests of every\n"
	"               box\n"
	"  fault-probe  test hook: makes accesses that fault, to prove the #GP guard\n"
	"\n"
	"options (before or after the command; given twice, the last wins):\n"
	"  --platform NAME      nhmex, wsmex, snbep, ivbep or skl (default: from\n"
	"                       CPUID); with --backend hw it must match CPUID\n"
	"  --force-platform     use --platform with --backend hw although CPUID disagrees\n"
	"  --backend hw|mock[:FAULTS]|replay:TRACE\n"
	"                       hardware (UEFI only) or the mocked uncore; FAULTS is a\n"
	"                       comma list: gp=MSR, gpr=MSR, gpw=MSR, absent=BB:DD.F,\n"
	"                       ones=BB:DD.F, noecam, each optionally prefixed sN.;\n"
	"                       sN.segment=1 (socket N's uncore on PCI segment 1).\n"
	"                       Mid-run faults: gp|gpr|gpw=MSR@N (after N accesses) or\n"
	"                       @run (from the interval on), onesat=BB:DD.F[@N|@run]\n"
	"                       (the function reads all ones), badecam (ECAM disagrees\n"
	"                       with CF8), sN.stall=MS (socket N's processor stalls once,\n"
	"                       MS ms)\n"
	"                       Box faults (BOXn as in cbo3, imc0):\n"
	"                       stuck=BOXn.ctrN|.fixed, dead=BOXn, absent=BOXn,\n"
	"                       nofreeze=BOXn, locked=BOXn,\n"
	"                       stuckbit=BOXn.ctlN|.box|.fixed:BIT,\n"
	"                       nochannel=imcN, unpopulated=imcN, skew=cboN:F,\n"
	"                       linkrate=qpiN:VALUE (platform/mock/mock.h)\n"
	"                       skl: cbos=N, hostbridge=0xDDDD, mchbar=off\n"
	"                       Burn-in (check --passes): a fault ending @passN acts\n"
	"                       from pass N on; esc@passN presses ESC in pass N (a\n"
	"                       plain check, selftest and run are pass 1)\n"
	"  --sockets N          how many sockets the mock has / are measured\n"
	"  --trace FILE         record every register access, one line each, in a\n"
	"                       new FILE (one that exists is refused)\n"
	"  --dry-run            perform reads, only record writes in the trace (not\n"
	"                       for check or selftest, which judge what writes do)\n"
	"  --out PATH           where each run gets its folder and runs.csv (default\n"
	"                       \\upmon\\results on the boot medium, ./upmon-results\n"
	"                       on the host)\n"
	"  --config FILE        configuration file (default \\upmon\\upmon.cfg when\n"
	"                       present)\n"
	"  --end ACTION         when done: return, shutdown, reboot, key, qemu-exit\n"
	"\n"
	"ESC or Ctrl-C stops a run at the next safe point: registers are restored and the\n"
	"results so far saved, marked \"aborted\".\n"
	"\n"
	"exit status: 0 ok, 1 warnings, 2 failed (a fault, or registers NOT RESTORED),\n"
	"  3 incomplete (a socket's processor did not answer), 4 usage or environment\n"
	"  error (also: results not written), 5 aborted by ESC or Ctrl-C\n";

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
				return fail(err, err_size,
					    "--sockets takes a number from 1 to 8, not '%s'", v);
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
