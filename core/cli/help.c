/* Help texts (core/cli/help.h). The overview is upm_usage_text (core/cli/usage_text.c); every
 * option line comes from the option table (core/cli/options.c). */
#include "core/cli/help.h"
#include "platform/base/suggest.h"
#include "core/cli/cli.h"
#include "boxes/platform.h"
#include "core/cli/options.h"

const struct upm_cmd_help upm_cmd_helps[] = {
	{ "info", "info", "processor, sockets, uncore platform and the uncore PCI devices found",
	  "Prints what upmon found: the processor (CPUID), the sockets, the platform it\n"
	  "picked and every uncore PCI function it looked for, and whether every\n"
	  "processor can run the AVX kernels (the firmware must have enabled AVX).\n"
	  "Writes nothing to the uncore.\n"
	  "\n"
	  "examples:\n"
	  "  upmon info\n"
	  "  upmon --backend mock --platform snbep info      (on a Linux host)\n",
	  0, 0, NULL },
	{ "list", "list boxes|events|metrics|groups [SEARCH] [--box BOX]\n"
		  "                            [--format text|csv|json]",
	  "the platform's box types, events, derived metrics and event groups\n(no backend needed)",
	  "Prints the platform's tables. On the host --platform NAME alone is enough; on a\n"
	  "test system the platform comes from CPUID.\n"
	  "  boxes     each box type: instances, counters, fixed counter, perf and perfmon\n"
	  "            names. SEARCH keeps the types whose name, title, perf or perfmon\n"
	  "            name matches (imc, uncore_cbox, 'UNC_M*')\n"
	  "  events    each event and unit mask: code, unit mask, counters it may use,\n"
	  "            filters it needs, threshold and description. SEARCH (a word or a\n"
	  "            glob with * and ?) keeps the events whose name or description\n"
	  "            matches; --box keeps one box type (cbo) or the type of one\n"
	  "            instance (imc0)\n"
	  "  metrics   each derived metric, its formula and its former names (aliases)\n"
	  "  groups    each shipped event group, the question it answers, its events and\n"
	  "            metrics\n",
	  12, 1,
	  "\n"
	  "examples:\n"
	  "  upmon --platform snbep list boxes\n"
	  "  upmon list events cas --platform ivbep\n"
	  "  upmon list events 'CAS*' --box imc0 --format csv --platform snbep\n"
	  "  upmon list metrics --format json --platform skl\n" },
	{ "run", "run --events SPEC[,SPEC...] [--metrics NAME[,...]]\n"
		 "                           [--group NAME[,...]] [--seconds S] [--per-box]\n"
		 "                         | --kernel NAME[,...] ...",
	  "count events over an interval, or around a stress kernel",
	  "Programs the counters, waits (or runs a kernel), reads, restores every register\n"
	  "as found, prints the counts and saves counters.csv, results.json and\n"
	  "report.html. The console merges each event over the box instances of a socket\n"
	  "and of the system (as perf does), with thousands separators, clocks in MHz and\n"
	  "metrics in their units (GB/s, MHz, MiB); the files keep every instance.\n",
	  21, 0,
	  "\n"
	  "examples:\n"
	  "  upmon run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/ --seconds 2\n"
	  "  upmon run --events UNC_M_CAS_COUNT.RD,uncore_cbox_3/clockticks/\n"
	  "  upmon run --events 'cbo3/LLC_LOOKUP.DATA_READ,filter_state=0x1f/'\n"
	  "  upmon run --metrics MEM_BW_READS --kernel read --size 256M --threads all\n"
	  "  upmon run --group MEM --seconds 5\n"
	  "  upmon run --events imc/CAS_COUNT.RD/ --per-box\n"
	  "  upmon run --events cas_count_read,cas_count_write --interval 1000 --count 60\n"
	  "  upmon run --group MEM --interval 1000 --count 60\n"
	  "  upmon run --kernel read --duration 60 --interval 1000 --events cas_count_read\n" },
	{ "check", "check [--quick] [--threads N|all] [--size S]\n"
		   "                             [--passes N] [--duration D] [--against perf]",
	  "the health check: selftest, kernels, verdicts",
	  "Runs the self-test of every box, then the fixed kernels with the standard\n"
	  "events, judges each socket and box, and ends with\n"
	  "'upmon: PASS|WARN|FAIL|INCOMPLETE' (exit status 0, 1, 2, 3). --quick runs\n"
	  "shorter kernels; --threads N sets how many processors run them (a kernel whose\n"
	  "sockets have fewer runs on all of them, said before it starts); --size S sets\n"
	  "every kernel's working set (fitted to free memory).\n"
	  "Burn-in: --passes N repeats the whole check N times (1-100000); --duration D\n"
	  "(90s, 30m, 8h, 2d; at most 30d) starts passes until D has gone by, finishing\n"
	  "the pass under way; with both, whichever ends first. Each pass prints one line;\n"
	  "every verdict records its pass; the final verdict is the worst; results.json\n"
	  "and report.html give each box's first failing pass and its numbers over the\n"
	  "passes. ESC or Ctrl-C stops a burn-in, keeping every finished pass (exit status\n"
	  "5 unless something FAILed).\n"
	  "A second opinion: --against perf (the Linux build, --backend linux) runs the\n"
	  "read and ntwrite kernels once more, counted by the kernel's perf through its\n"
	  "own uncore_imc aliases (cas_count_read, cas_count_write), and holds each\n"
	  "socket's bytes to upmon's within 5% (perf.read, perf.write).\n"
	  "\n"
	  "examples:\n"
	  "  upmon check\n"
	  "  upmon check --quick --threads 4\n"
	  "  upmon check --duration 8h                 (a night's burn-in)\n"
	  "  upmon check --passes 10 --duration 2h     (10 passes, at most 2 hours)\n"
	  "  upmon --backend mock --platform ivbep check --quick      (on a Linux host)\n",
	  0, 0, NULL },
	{ "selftest", "selftest", "write/read-back, reset, freeze, enable and wrap tests of every box",
	  "Tests the counters themselves: every control register written and read back,\n"
	  "reset, freeze, enable and the counter wrap; every register is restored as\n"
	  "found.\n"
	  "\n"
	  "examples:\n"
	  "  upmon selftest\n"
	  "  upmon --sockets 1 selftest\n",
	  0, 0, NULL },
	{ "fleet", "fleet DIR|URL", "compare many machines' runs by processor SKU: medians, spread, outliers",
	  "Reads every results.json under DIR (the run folders of many machines, a copy of\n"
	  "their sticks' \\upmon\\results; 8 folders deep at most, 4096 files), or below URL,\n"
	  "rack mode's store (http://HOST:PORT/BUCKET/PREFIX, listed with S3's\n"
	  "ListObjectsV2: it needs read access to the prefix, which rack mode's write-only\n"
	  "prefix does not give; the URL's query, a token, goes with every request and is\n"
	  "never shown). Groups the runs by processor SKU (its brand string) and platform,\n"
	  "and for each number (check's measured values and kernel bandwidth, run's\n"
	  "metrics) gives the machines' median, median absolute deviation (MAD), minimum\n"
	  "and maximum, and the machines outside |x - median| > 3 x 1.4826 x MAD (when the\n"
	  "MAD is 0: more than 5% off the median), by serial with their run folder. A\n"
	  "machine's latest run counts. Mock, replay and dry runs are left out and counted;\n"
	  "a results.json that cannot be read is listed, never dropped. Saves fleet.html (a\n"
	  "strip plot per number), fleet.csv, fleet-outliers.csv and fleet-runs.csv in its\n"
	  "own run folder. Exit status 1 when a machine is an outlier or a file was\n"
	  "unreadable. Reads files only: the Linux build (build/host/upmon); UEFI refuses\n"
	  "it.\n"
	  "\n"
	  "examples:\n"
	  "  upmon fleet upmon-results\n"
	  "  upmon --out fleet-reports fleet lab-runs     (lab-runs: the sticks' runs)\n"
	  "  (from the store: upmon fleet http://store.lab:9000/upmon/runs?token=...)\n",
	  0, 0, NULL },
	{ "help", "help [COMMAND|mock]", "this text, one command's, or the mocked backend's",
	  "Prints the overview, the help of one command, or with 'mock' the mocked backend\n"
	  "and the faults it can inject. 'upmon COMMAND --help' and 'upmon -h' do the same.\n"
	  "\n"
	  "examples:\n"
	  "  upmon help\n"
	  "  upmon help run\n"
	  "  upmon help mock\n"
	  "  upmon list --help\n",
	  0, 0, NULL },
	{ "version", "version", "the program version and revision (also --version)",
	  "Prints the version and the source revision the program was built from\n"
	  "(git describe; \"-dirty\": with changes not committed).\n"
	  "\n"
	  "examples:\n"
	  "  upmon version\n"
	  "  upmon --version\n",
	  0, 0, NULL },
	{ "fault-probe", "fault-probe [--unguarded]", "test hook: makes accesses that fault, to prove the #GP guard",
	  "Reads registers that do not exist, to show that a fault is caught and reported\n"
	  "and not fatal. For testing upmon itself.\n"
	  "\n",
	  16, 0,
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

/* perf stat's and likwid-perfctr's trailing program (after "--", or alone) */
#define UPM_HELP_NO_PROGRAM "upmon starts no program: give --seconds N for an idle window, or --kernel NAME for a load"

/* Other programs' spellings people type from habit (perf stat, GNU tools), with upmon's:
 * offered before the edit-distance guesses, which would not find them. */
static const struct {
	const char *theirs, *ours;
} habits[] = {
	{ "-e", "--events" }, { "-M", "--metrics" }, { "-I", "--interval" }, { "-x", "--format csv" },
	{ "-x,", "--format csv" },
	{ "-o", "--out" }, { "-v", "--version" }, { "-V", "--version" }, { "stat", "run" },
	{ "record", "run" }, { "bench", "run --kernel" }, { "-t", "--threads" },
	{ "-A", "--per-box" }, { "--no-aggregate", "--per-box" },
	/* likwid-perfctr -g GROUP (its performance groups; upmon answers LIKWID's group names) */
	{ "-g", "--group" },
};

/* perf stat's options whose behaviour upmon's run has without one: what to do instead
 * (said for run only: another command's advice would differ). */
static const struct {
	const char *theirs, *instead;
} habits_built_in[] = {
	{ "-a", "upmon counts every socket's uncore always: leave it out" },
	{ "--all-cpus", "upmon counts every socket's uncore always: leave it out" },
	{ "--per-socket", "upmon's counts are per socket already, and per box with --per-box: leave it out" },
	/* perf stat -x SEP, --field-separator SEP: CSV on stdout (perf-stat(1)); run always
	 * writes CSV, and "-x," is how it is usually typed. */
	{ "-x", "upmon's run writes CSV always, counters.csv in its folder (--out PATH): leave it out" },
	{ "-x,", "upmon's run writes CSV always, counters.csv in its folder (--out PATH): leave it out" },
	{ "--field-separator", "upmon's run writes CSV always, counters.csv in its folder (--out PATH): leave it out" },
	{ "--", UPM_HELP_NO_PROGRAM },
	/* likwid-perfctr -C/-c CPULIST: the processors to count on and pin to */
	{ "-C", "the uncore is counted per socket, not per processor: leave it out (a kernel's processors: "
		"--threads N)" },
	{ "-c", "the uncore is counted per socket, not per processor: leave it out (a kernel's processors: "
		"--threads N)" },
};

/* Whether upmon's spelling of a habit works where it was typed: a global option
 * anywhere, a command's option after that command (or before any command, where the
 * error names the command it belongs to), a command only in the command's place
 * (command NULL). Advice the command would refuse in turn is no advice. */
static int habit_applies(const char *command, const char *ours)
{
	char opt[40];
	if (ours[0] != '-')
		return !command;
	unsigned n = 0;
	while (ours[n] && ours[n] != ' ' && n + 1 < sizeof opt) {
		opt[n] = ours[n];
		n++;
	}
	opt[n] = 0;
	const struct upm_cli_option *o = upm_cli_option_named(opt);
	return !command || upm_cli_option_is_global(o) || upm_cli_option_of(o, command);
}

/* "'-e' is '--events' in upmon" for a habit; 0 when word is none (or the habit's spelling
 * would not work there). */
static int habit_text(const char *command, const char *word, char *buf, unsigned long size)
{
	for (unsigned i = 0; i < sizeof habits_built_in / sizeof habits_built_in[0]; i++)
		if (command && upm_strcmp(command, "run") == 0 && upm_strcmp(word, habits_built_in[i].theirs) == 0) {
			upm_snprintf(buf, size, "%s", habits_built_in[i].instead);
			return 1;
		}
	for (unsigned i = 0; i < sizeof habits / sizeof habits[0]; i++)
		if (upm_strcmp(word, habits[i].theirs) == 0 && habit_applies(command, habits[i].ours)) {
			upm_snprintf(buf, size, "'%s' is '%s' in upmon", habits[i].theirs, habits[i].ours);
			return 1;
		}
	/* perf takes a short option's value glued on ("-eimc/cas_count_read/", "-I1000"). */
	static const char *const takes_value[] = { "--events", "--metrics", "--interval", "--out", "--threads" };
	for (unsigned i = 0; word[0] == '-' && word[1] && word[1] != '-' && word[2] &&
			     i < sizeof habits / sizeof habits[0]; i++) {
		int valued = 0;
		for (unsigned k = 0; k < sizeof takes_value / sizeof takes_value[0]; k++)
			valued |= upm_strcmp(habits[i].ours, takes_value[k]) == 0;
		if (valued && upm_strlen(habits[i].theirs) == 2 && habits[i].theirs[1] == word[1] &&
		    habit_applies(command, habits[i].ours)) {
			upm_snprintf(buf, size, "'%s' is perf's '%s %s': write '%s %s'", word, habits[i].theirs, word + 2,
				     habits[i].ours, word + 2);
			return 1;
		}
	}
	return 0;
}

void upm_help_suggest_command(const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	if (habit_text(NULL, word, buf, size))
		return;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < upm_n_cmd_helps; i++)
		upm_suggest_add(&s, upm_cmd_helps[i].name);
	upm_suggest_text(&s, buf, size);
}

/* The command's own options first, then the global ones, each in the table's order. */
static void suggest_options(const struct upm_cmd_help *h, const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; h && i < upm_cli_n_options; i++)
		if (upm_cli_option_of(&upm_cli_options[i], h->name))
			upm_suggest_add(&s, upm_cli_options[i].name);
	for (unsigned i = 0; i < upm_cli_n_options; i++)
		if (upm_cli_option_is_global(&upm_cli_options[i]))
			upm_suggest_add(&s, upm_cli_options[i].name);
	upm_suggest_text(&s, buf, size);
}

static int is_number(const char *w)
{
	unsigned digits = 0;
	for (; *w; w++) {
		if (*w >= '0' && *w <= '9')
			digits++;
		else if (*w != '.')
			return 0;
	}
	return digits > 0;
}

void upm_help_suggest_option(const char *command, const char *word, char *buf, unsigned long size)
{
	const struct upm_cmd_help *h = upm_help_find(command);
	if (habit_text(command, word, buf, size))
		return;
	/* --name=value: the closest to its name (a known name was split off before). */
	char name[64];
	const char *eq = word[0] == '-' ? upm_strchr(word, '=') : NULL;
	upm_snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - word) : 63, word);
	suggest_options(h, name, buf, size);
	if (buf[0] || word[0] == '-')
		return;
	/* An option written without its dashes ("events"). */
	char dashed[64];
	upm_snprintf(dashed, sizeof dashed, "--%s", word);
	suggest_options(h, dashed, buf, size);
	/* A word no option is near, where run takes only options: the program perf stat and
	 * likwid-perfctr would start ("sleep 1", "./a.out"); not a stray number. */
	if (!buf[0] && !is_number(word) && upm_strcmp(command, "run") == 0)
		upm_snprintf(buf, size, "%s", UPM_HELP_NO_PROGRAM);
}

/* Topics of `help` that are no command: their pages. */
static const struct {
	const char *name, *text;
} topics[] = { { "mock", upm_help_mock_text } };

/* The registry's platform names where the overview says UPM_USAGE_PLATFORMS (in
 * --platform's line: platform/platforms.c), so no list of names is typed twice. What
 * follows them on the line goes to the next, under them, when the line would pass the
 * console's 80 columns. */
static void name_platforms(struct upm_buf *b, size_t from)
{
	const size_t mark = sizeof UPM_USAGE_PLATFORMS - 1;
	for (size_t at = from; b->data && at + mark <= b->len; at++)
		if (upm_strncmp(b->data + at, UPM_USAGE_PLATFORMS, mark) == 0) {
			char names[160];
			struct upm_buf rest;
			upm_platform_names(names, sizeof names, " or ");
			upm_buf_init(&rest);
			upm_buf_puts(&rest, b->data + at + mark);
			size_t col = 0, tail = 0;
			while (col < at && b->data[at - col - 1] != '\n')
				col++;
			while (rest.data && rest.data[tail] && rest.data[tail] != '\n')
				tail++;
			b->len = at;
			b->data[at] = 0;
			upm_buf_puts(b, names);
			if (rest.data && rest.data[0] == ' ' && col + upm_strlen(names) + tail > 80) {
				upm_buf_printf(b, "\n%*s", (int)col, "");
				upm_buf_puts(b, rest.data + 1);
			} else if (rest.data)
				upm_buf_puts(b, rest.data);
			rest.failed |= b->failed;
			b->failed = rest.failed;
			upm_buf_free(&rest);
			return;
		}
}

int upm_help_write(const char *topic, struct upm_buf *b, char *err, unsigned long err_size)
{
	if (!topic) {
		size_t from = b->len;
		upm_buf_puts(b, upm_usage_text);
		upm_cli_option_lines(NULL, 21, 0, b);
		upm_buf_puts(b, upm_usage_after_options);
		name_platforms(b, from);
		return 0;
	}
	for (unsigned i = 0; i < sizeof topics / sizeof topics[0]; i++)
		if (upm_strcmp(topic, topics[i].name) == 0) {
			upm_buf_puts(b, topics[i].text);
			return 0;
		}
	const struct upm_cmd_help *h = upm_help_find(topic);
	if (!h) {
		/* Every command the overview lists, fault-probe too, from the one table. */
		char near[120], names[160];
		size_t k = 0;
		struct upm_suggest s;
		names[0] = 0;
		for (unsigned i = 0; i < upm_n_cmd_helps && k < sizeof names; i++)
			k += (size_t)upm_snprintf(names + k, sizeof names - k, "%s%s", i ? " " : "", upm_cmd_helps[i].name);
		for (unsigned i = 0; i < sizeof topics / sizeof topics[0] && k < sizeof names; i++)
			k += (size_t)upm_snprintf(names + k, sizeof names - k, "%s%s", i ? " " : "; topics: ", topics[i].name);
		if (!habit_text(NULL, topic, near, sizeof near)) {
			upm_suggest_init(&s, topic);
			for (unsigned i = 0; i < upm_n_cmd_helps; i++)
				upm_suggest_add(&s, upm_cmd_helps[i].name);
			for (unsigned i = 0; i < sizeof topics / sizeof topics[0]; i++)
				upm_suggest_add(&s, topics[i].name);
			upm_suggest_text(&s, near, sizeof near);
		}
		upm_snprintf(err, err_size, "help: no command or topic '%s' (%s%scommands: %s)", topic, near,
			     near[0] ? "; " : "", names);
		return -1;
	}
	upm_buf_printf(b, "usage: upmon [OPTIONS] %s\n\n%s.\n\n%s", h->usage, h->summary, h->text);
	if (h->option_column)
		upm_cli_option_lines(h->name, h->option_column, h->option_bare, b);
	if (h->after)
		upm_buf_puts(b, h->after);
	upm_cli_global_list("\nGlobal options (before or after the command; see 'upmon help'):", b);
	return 0;
}
