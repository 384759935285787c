/* Help texts (core/cli/help.h). The overview is upm_usage_text (core/cli/cli.c). */
#include "core/cli/help.h"
#include "core/base/suggest.h"
#include "core/cli/cli.h"

const char *const upm_global_options[] = { "--platform", "--force-platform", "--backend", "--sockets", "--trace", "--dry-run",
					   "--out", "--config", "--end", "--help", "--version", NULL };

static const char *const run_opts[] = { "--events", "--metrics", "--group", "--seconds", "--kernel", "--size",
					"--iterations", "--threads", "--sockets", "--memory-socket",
					"--interval", "--count", "--duration", NULL };
static const char *const check_opts[] = { "--quick", "--threads", "--size", NULL };
static const char *const list_opts[] = { "--box", "--format", NULL };
static const char *const no_opts[] = { NULL };

const struct upm_cmd_help upm_cmd_helps[] = {
	{ "info", "info", "processor, sockets, uncore platform and the uncore PCI devices found", no_opts,
	  "Prints what upmon found: the processor (CPUID), the sockets, the platform it picked and\n"
	  "every uncore PCI function it looked for. Writes nothing to the uncore.\n"
	  "\n"
	  "examples:\n"
	  "  upmon info\n"
	  "  upmon --backend mock --platform snbep info      (on a Linux host)\n" },
	{ "list", "list boxes|events|metrics|groups [SEARCH] [--box BOX] [--format text|csv|json]",
	  "the platform's box types, events, derived metrics and event groups (no backend needed)", list_opts,
	  "Prints the platform's tables. On the host --platform NAME alone is enough; on a test\n"
	  "system the platform comes from CPUID.\n"
	  "  boxes     each box type: instances, counters, fixed counter, perf and perfmon names\n"
	  "  events    each event and unit mask: code, unit mask, counters it may use, filters it\n"
	  "            needs, threshold and description. SEARCH (a word or a glob with * and ?)\n"
	  "            keeps the events whose name or description matches; --box keeps one box\n"
	  "            type (cbo) or the type of one instance (imc0)\n"
	  "  metrics   each derived metric and what it is computed from\n"
	  "  groups    each shipped event group, the question it answers, its events and metrics\n"
	  "  --format  text (default), csv (a header line, then one row each) or json\n"
	  "\n"
	  "examples:\n"
	  "  upmon --platform snbep list boxes\n"
	  "  upmon list events cas --platform ivbep\n"
	  "  upmon list events 'CAS*' --box imc0 --format csv --platform snbep\n"
	  "  upmon list metrics --format json --platform skl\n" },
	{ "run", "run --events SPEC[,SPEC...] [--metrics NAME[,...]] [--group NAME[,...]] [--seconds S] | --kernel NAME[,...] ...",
	  "count events over an interval, or around a stress kernel", run_opts,
	  "Programs the counters, waits (or runs a kernel), reads, restores every register as\n"
	  "found, prints the counts and saves results.json and counts.csv.\n"
	  "  --events SPEC,...  what to count. SPEC is BOX/EVENT[.UMASK][,TERMS]/ (perf's form):\n"
	  "                     BOX a box type (imc: every instance) or one instance (imc2);\n"
	  "                     TERMS umask=, thresh= (0-255), edge, inv, tid_en, filter_*=...\n"
	  "                     Also taken: Intel perfmon names alone (UNC_M_CAS_COUNT.RD, every\n"
	  "                     instance) or in a box (imc2/UNC_M_CAS_COUNT.RD/), Linux perf's PMU\n"
	  "                     names (uncore_imc_2, cbox_3) and event aliases (cas_count_read),\n"
	  "                     and @NAME, an event set of upmon.cfg\n"
	  "  --metrics NAME,... derived metrics (their events are added)\n"
	  "  --group NAME,...   a shipped event group: MEM, LLC, QPI, PCIE, POWER, RING... ('upmon\n"
	  "                     list groups'): its events and metrics\n"
	  "  --seconds S        the interval, 0.001 to 86400 (default 1)\n"
	  "  --kernel NAME,...  a stress kernel instead of the wait: read write ntwrite copy\n"
	  "                     scale add triad chase llc thrash flush pingpong, with an idle\n"
	  "                     baseline; --size S, --iterations N, --threads N|all,\n"
	  "                     --sockets LIST, --memory-socket N|local tune it\n"
	  "  --interval MS      a sample every MS milliseconds (10 to 3600000), one block each\n"
	  "                     on the console and interval.csv; until ESC/Ctrl-C, or --count N\n"
	  "                     samples, or --seconds S (with --kernel NAME: --duration S, the\n"
	  "                     kernel repeating meanwhile); the events must fit one pass\n"
	  "\n"
	  "examples:\n"
	  "  upmon run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/ --seconds 2\n"
	  "  upmon run --events UNC_M_CAS_COUNT.RD,uncore_cbox_3/clockticks/\n"
	  "  upmon run --events 'cbo3/LLC_LOOKUP.DATA_READ,filter_state=0x1f/'\n"
	  "  upmon run --metrics MEM_BW_READS --kernel read --size 256M --threads all\n"
	  "  upmon run --group MEM --seconds 5\n"
	  "  upmon run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/ --interval 1000 --count 60\n"
	  "  upmon run --kernel read --duration 60 --interval 1000 --events imc/CAS_COUNT.RD/\n" },
	{ "check", "check [--quick] [--threads N|all] [--size S]", "the health check: selftest, kernels, verdicts",
	  check_opts,
	  "Runs the self-test of every box, then the fixed kernels with the standard events,\n"
	  "judges each socket and box, and ends with 'upmon: PASS|WARN|FAIL|INCOMPLETE'\n"
	  "(exit status 0, 1, 2, 3). --quick runs shorter kernels; --threads sets how many\n"
	  "processors run them; --size S sets every kernel's working set (fitted to free memory).\n"
	  "\n"
	  "examples:\n"
	  "  upmon check\n"
	  "  upmon check --quick --threads 4\n"
	  "  upmon --backend mock --platform ivbep check --quick      (on a Linux host)\n" },
	{ "selftest", "selftest", "write/read-back, reset, freeze, enable and wrap tests of every box", no_opts,
	  "Tests the counters themselves: every control register written and read back, reset,\n"
	  "freeze, enable and the counter wrap; every register is restored as found.\n"
	  "\n"
	  "examples:\n"
	  "  upmon selftest\n"
	  "  upmon --sockets 1 selftest\n" },
	{ "help", "help [COMMAND]", "this text, or one command's", no_opts,
	  "Prints the overview, or the help of one command. 'upmon COMMAND --help' and\n"
	  "'upmon -h' do the same.\n"
	  "\n"
	  "examples:\n"
	  "  upmon help\n"
	  "  upmon help run\n"
	  "  upmon list --help\n" },
	{ "version", "version", "the program version (also --version)", no_opts,
	  "Prints the version.\n"
	  "\n"
	  "examples:\n"
	  "  upmon version\n"
	  "  upmon --version\n" },
	{ "fault-probe", "fault-probe", "test hook: makes accesses that fault, to prove the #GP guard", no_opts,
	  "Reads registers that do not exist, to show that a fault is caught and reported and\n"
	  "not fatal. For testing upmon itself.\n"
	  "\n"
	  "examples:\n"
	  "  upmon fault-probe\n" },
};
const unsigned upm_n_cmd_helps = sizeof upm_cmd_helps / sizeof upm_cmd_helps[0];

const struct upm_cmd_help *upm_help_find(const char *command)
{
	for (unsigned i = 0; command && i < upm_n_cmd_helps; i++)
		if (upm_strcmp(upm_cmd_helps[i].name, command) == 0)
			return &upm_cmd_helps[i];
	return NULL;
}

int upm_help_command_has_option(const char *command, const char *opt)
{
	const struct upm_cmd_help *h = upm_help_find(command);
	for (unsigned i = 0; h && h->options[i]; i++)
		if (upm_strcmp(h->options[i], opt) == 0)
			return 1;
	return 0;
}

int upm_is_global_option(const char *opt)
{
	for (unsigned i = 0; upm_global_options[i]; i++)
		if (upm_strcmp(upm_global_options[i], opt) == 0)
			return 1;
	return 0;
}

int upm_global_option_takes_value(const char *opt)
{
	return upm_is_global_option(opt) && upm_strcmp(opt, "--dry-run") != 0 &&
	       upm_strcmp(opt, "--force-platform") != 0 && upm_strcmp(opt, "--help") != 0 &&
	       upm_strcmp(opt, "--version") != 0;
}

void upm_help_suggest_command(const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < upm_n_cmd_helps; i++)
		upm_suggest_add(&s, upm_cmd_helps[i].name);
	upm_suggest_text(&s, buf, size);
}

void upm_help_suggest_option(const char *command, const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	const struct upm_cmd_help *h = upm_help_find(command);
	upm_suggest_init(&s, word);
	for (unsigned i = 0; h && h->options[i]; i++)
		upm_suggest_add(&s, h->options[i]);
	for (unsigned i = 0; upm_global_options[i]; i++)
		upm_suggest_add(&s, upm_global_options[i]);
	upm_suggest_text(&s, buf, size);
}

int upm_help_write(const char *topic, struct upm_buf *b, char *err, unsigned long err_size)
{
	if (!topic) {
		upm_buf_puts(b, upm_usage_text);
		upm_buf_puts(b, "\n'upmon help COMMAND' (or 'upmon COMMAND --help') shows a command's options and examples.\n");
		return 0;
	}
	const struct upm_cmd_help *h = upm_help_find(topic);
	if (!h) {
		char near[120];
		upm_help_suggest_command(topic, near, sizeof near);
		upm_snprintf(err, err_size, "help: no command '%s' (%s%scommands: info list run check selftest help version)",
			     topic, near, near[0] ? "; " : "");
		return -1;
	}
	upm_buf_printf(b, "usage: upmon [OPTIONS] %s\n\n%s.\n\n%s", h->usage, h->summary, h->text);
	upm_buf_puts(b, "\nGlobal options (before or after the command; see 'upmon help'): --platform,\n"
			"--force-platform, --backend, --sockets, --trace, --dry-run, --out, --config, --end.\n");
	return 0;
}
