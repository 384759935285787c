#!/usr/bin/env bash
# The command frame on the host: info on the mock, errors, exit statuses, media errors.
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

run info --backend mock --platform snbep info
expect info host/info_mock_snbep_two_sockets 0 \
	'^cpu: GenuineIntel family 6 model 0x2d stepping 7$' \
	'^platform: snbep, Xeon E5-2600 \(Sandy Bridge-EP\) \(from --platform\)$' \
	'^processors: 4 on 2 sockets$' \
	'^pci: ecam base 0x80000000 segment 0 buses 0-255$' \
	'^pci 00:00.0 8086:3c00 cf8=0x3c008086 ecam=0x3c008086 match$' \
	'^uncore: socket 0 bus 0x7f node 0$' '^uncore: socket 1 bus 0xff node 1$' \
	'^uncore: socket 1 qpi1-filter +ff:09.6 8086:3c96 found$' \
	'^uncore: socket 0 r3qpi1 +7f:13.6 8086:3c45 found$'
n=$(grep -c ' found$' "$WORK/info.out")
[ "$(rc info)" = 0 ] && [ "$n" = 24 ] && pass host/info_lists_12_functions_per_socket || fail host/info_lists_12_functions_per_socket "found $n"
grep -q '^upmon 0.1.0 on host' "$(last_run "$WORK/upmon-results")/upmon.log" 2>/dev/null &&
	pass host/info_log_saved || fail host/info_log_saved "no upmon-results/upmon.log"

run one --backend mock --platform snbep --sockets 1 info
expect one host/info_one_socket 0 '^uncore: socket 0 bus 0x7f' 
expect_not one host/info_one_socket_only 0 'socket 1 bus'

run hidden --backend mock:absent=ff:10.4,s1.ones=ff:0e.1 --platform snbep info
expect hidden host/info_reports_hidden_device 0 \
	'^uncore: socket 1 imc2 +ff:10.4 8086:3cb4 missing \(absent or hidden by firmware\)$' \
	'^uncore: socket 1 ha +ff:0e.1 8086:3c46 found$'

run noecam --backend mock:noecam --platform snbep info
expect noecam host/info_without_mcfg_uses_cf8 0 \
	'^pci: no ACPI MCFG table: using CF8/CFC' '^pci 00:00.0 8086:3c00 cf8=0x3c008086$'

run seg1 --backend mock:s1.segment=1 --platform snbep info
expect seg1 host/info_uncore_on_segment_1 0 \
	'^pci: ecam base 0x80000000 segment 0 buses 0-127$' \
	'^pci: ecam base 0x90000000 segment 1 buses 0-255$' \
	'^uncore: socket 0 bus 0x7f node 0$' '^uncore: socket 1 segment 0001 bus 0xff node 1$' \
	'^uncore: socket 1 imc2 +0001:ff:10.4 8086:3cb4 found$' \
	'^uncore: socket 0 imc2 +7f:10.4 8086:3cb4 found$'
n=$(grep -c ' found$' "$WORK/seg1.out")
[ "$(rc seg1)" = 0 ] && [ "$n" = 24 ] && pass host/info_segment_1_all_functions_found ||
	fail host/info_segment_1_all_functions_found "found $n"

run hw info
expect hw host/hw_backend_refused_on_host 4 '^upmon: error: the hw backend needs UEFI firmware'
run unknown --backend mock --platform snbep frobnicate
expect unknown host/unknown_command 4 "^upmon: error: unknown command 'frobnicate' \\(see 'upmon help'\\)$"
run badopt --colour info
expect badopt host/unknown_option 4 "^upmon: error: unknown option '--colour'"
run noplat --backend mock info
expect noplat host/mock_needs_platform 4 '^upmon: error: --backend mock needs --platform NAME'
run badplat --backend mock --platform p6 info
expect badplat host/unknown_platform 4 "^upmon: error: unknown or unimplemented platform 'p6'"
expect noplat host/mock_needs_platform_names_registry 4 \
	'^upmon: error: --backend mock needs --platform NAME \(nhmex, wsmex, snbep, ivbep, skl, spr, emr, gnr or srf\)$'
# Lists of platform names are made from the registry (boxes/platforms.c), never typed.
typed=$(grep -rnE '"[^"]*\b(nhmex|wsmex|snbep|ivbep|skl)(, | or | and )(nhmex|wsmex|snbep|ivbep|skl)\b' \
	core efi platform boxes kernels --include=*.c --include=*.h | grep -v '^boxes/platforms.c:' |
	grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/?\*|//)')
[ -z "$typed" ] && pass host/platform_names_not_typed ||
	fail host/platform_names_not_typed "$(head -2 <<<"$typed" | tr '\n' ' ')"
# Every registered platform (help's list) has table tests that name it.
run plist help
untested=
for p in $(sed -n 's/^  --platform NAME  *\(.*[a-z]\)\( (default: from CPUID)\)\{0,1\}$/\1/p' "$WORK/plist.out" | sed 's/,\| or / /g'); do
	grep -lq "\"$p\"\|upm_platform_$p\b" $(find tests/unit -name 'test_tables_*.c') || untested="$untested $p"
done
[ -z "$untested" ] && grep -q '^  --platform NAME  *nhmex' "$WORK/plist.out" && pass host/platforms_each_table_tested ||
	fail host/platforms_each_table_tested "no tests/unit/test_tables_*.c names:${untested:- (help lists no platforms)}"
# ... and is one folder as docs/porting.md lays it out: its registration in boxes/GEN/, its
# mock model in the mirror folder platform/mock/GEN/, the table tests of the folder
# (tests/unit/test_tables_GEN.c) and its mock's end-to-end test (tests/e2e/test_mock_GEN.sh).
unhoused=
for p in $(sed -n 's/^  --platform NAME  *\(.*[a-z]\)\( (default: from CPUID)\)\{0,1\}$/\1/p' "$WORK/plist.out" | sed 's/,\| or / /g'); do
	reg=$(grep -l "^const struct upm_platform upm_platform_$p = {" boxes/*/*.c | head -1)
	gen=$(basename "$(dirname "${reg:-none/none}")")
	[ -n "$reg" ] || { unhoused="$unhoused $p: no boxes/*/ registration;"; continue; }
	grep -q "^const struct upm_mock_model upm_mock_model_$p = {" "platform/mock/$gen/model.c" 2>/dev/null ||
		unhoused="$unhoused $p: no upm_mock_model_$p in platform/mock/$gen/model.c;"
	grep -q "\.mock = &upm_mock_model_$p," "$reg" || unhoused="$unhoused $p: $reg has no .mock;"
	[ -n "$(find tests/unit -name "test_tables_$gen.c")" ] || unhoused="$unhoused $p: no tests/unit/test_tables_$gen.c;"
	[ -f "tests/e2e/test_mock_$gen.sh" ] || unhoused="$unhoused $p: no tests/e2e/test_mock_$gen.sh;"
done
[ -z "$unhoused" ] && grep -q '^  --platform NAME  *nhmex' "$WORK/plist.out" && pass host/platforms_each_one_folder ||
	fail host/platforms_each_one_folder "${unhoused:- help lists no platforms}"
run badfault --backend mock:gp=nowhere --platform snbep info
expect badfault host/bad_fault_spec 4 "^upmon: error: mock fault: 'nowhere' is not an MSR number$"
run help help
expect help host/help 0 '^usage: upmon \[OPTIONS\] COMMAND' '--backend hw\|linux\|perf\|mock'
run version version
expect version host/version 0 '^upmon 0\.1\.0 \(revision [^)]+\)$'
# A word beside --version is refused, not dropped unseen.
run version_extra --version foo
expect version_extra host/version_refuses_an_extra_word 4 "^upmon: error: --version takes no command or argument, not 'foo': write upmon --version \\(or upmon help\\)\$"
run version_cmd foo --version
expect version_cmd host/version_refuses_a_command 4 "^upmon: error: --version takes no command or argument, not 'foo': "
run version_glob --platform snbep --version
expect version_glob host/version_with_a_global_option 0 '^upmon 0\.1\.0 \(revision [^)]+\)$'
lines=$(wc -l <"$WORK/unknown.out")
[ "$(rc unknown)" = 4 ] && [ "$lines" = 1 ] && pass host/errors_are_one_line ||
	fail host/errors_are_one_line "status $(rc unknown), $lines lines"

# A medium that cannot be written: results stay on the console, the exit is non-zero.
mkdir -p "$WORK/ro" && chmod 555 "$WORK/ro"
if [ "$(id -u)" = 0 ]; then outdir=/proc/upmon-results; else outdir=ro/results; fi
run media --backend mock --platform snbep --out "$outdir" info
expect media host/unwritable_medium 4 '^uncore: socket 1 bus 0xff' \
	'^upmon: error: cannot create the results folder .*/[0-9]{8}-[0-9]{6}-[^/]+-info \(EIO\): the medium may be read-only or full, or a file is in its way; the results are on the console only: free space on the medium, or give --out a folder on another one$'

# --out naming a file: the cause is among those said.
: >"$WORK/a_file"
run outfile --backend mock --platform snbep --out a_file info
expect outfile host/out_is_a_file 4 \
	'^upmon: error: cannot create the results folder a_file/[0-9]{8}-[0-9]{6}-[^/]+-info \(EIO\): the medium may be read-only or full, or a file is in its way; the results are on the console only: free space on the medium, or give --out a folder on another one$'

# The configuration file: args are defaults, the command line overrides, bad keys name the line.
printf 'args = --backend mock --platform snbep --sockets 1 info\nend = return\n' >"$WORK/lab.cfg"
run cfg --config lab.cfg
expect cfg host/config_args_run 0 '^uncore: socket 0 bus 0x7f' 
expect_not cfg host/config_args_respected 0 'socket 1 bus'
run cfgover --config lab.cfg version
expect cfgover host/config_overridden_by_command_line 0 '^upmon 0\.1\.0 \(revision [^)]+\)$'
printf 'end = return\nspeed = fast\n' >"$WORK/bad.cfg"
run cfgbad --config bad.cfg info
expect cfgbad host/config_unknown_key 4 "^upmon: error: bad.cfg:2: unknown key 'speed' \\(the keys are args, end, end_timeout, end_action, out with its out_\* keys, events.NAME and check.NAME; docs/command-line.md, Configuration file\\)$"
# An unknown check.* key: the line ends with the last key check reads and its parenthesis.
printf 'check.memory_tolrance = 5%%\n' >"$WORK/tol.cfg"
run cfgtol --config tol.cfg --backend mock --platform snbep check --quick
expect cfgtol host/config_unknown_tolerance_whole_line 4 \
	"^upmon: error: tol.cfg:1: unknown tolerance 'check.memory_tolrance' \\(closest: check.memory_tolerance; check reads memory_tolerance, .*, link_rate_max_gts\\)\$"
printf 'args = --backend mock --platform snbep infp\n' >"$WORK/typo.cfg"
run cfgtypo --config typo.cfg
expect cfgtypo host/config_args_unknown_command_names_the_line 4 \
	"^upmon: error: typo.cfg:1: args: unknown command 'infp' \\(closest: info; see 'upmon help'\\)\$"
run cfgmissing --config nowhere.cfg info
expect cfgmissing host/config_missing_file 4 '^upmon: error: cannot read configuration file nowhere.cfg \(missing or not readable\): check the path'
mkdir -p "$WORK/cfgdir"
run cfgdir --config cfgdir info
expect cfgdir host/config_is_a_folder 4 '^upmon: error: cannot read configuration file cfgdir \(EIO\): check the path, and that it names a readable file, not a folder$'

# A value forgotten before the next option is refused, never that option taken as the
# value: '--trace --dry-run' would otherwise trace into a file named '--dry-run' and do
# the writes the dry run was asked to spare.
run novalue --backend mock --platform snbep --trace --dry-run run --events imc/CAS_COUNT.RD/ --seconds 0.01
expect novalue host/global_value_missing_before_option 4 \
	"^upmon: error: option '--trace' needs a value before the next option '--dry-run' \\(see 'upmon help'\\)\$"
[ ! -e "$WORK/--dry-run" ] && [ "$(wc -l <"$WORK/novalue.out")" = 1 ] && pass host/global_value_missing_writes_nothing ||
	fail host/global_value_missing_writes_nothing "$(ls "$WORK" | head -5)"
run novalue_run --backend mock --platform snbep run --events --seconds 0.01
expect novalue_run host/run_value_missing_before_option 4 "^upmon: error: run: --events needs a value: event specs \\(--events imc/CAS_COUNT.RD/; 'upmon list events' shows them\\)\$"
# Each of run's options says what it takes when its value is left out.
run novalue_seconds --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ --seconds
expect novalue_seconds host/run_seconds_value_missing_says_what 4 '^upmon: error: run: --seconds needs a value: seconds, 0\.001 to 86400 \(--seconds 1\)$'
run novalue_interval --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ --interval
expect novalue_interval host/run_interval_value_missing_says_what 4 '^upmon: error: run: --interval needs a value: milliseconds, 10 to 3600000 \(--interval 1000\)$'
run novalue_size --backend mock --platform snbep run --kernel read --events imc/CAS_COUNT.RD/ --size
expect novalue_size host/run_size_value_missing_says_what 4 '^upmon: error: run: --size needs a value: a size in bytes with an optional K, M or G suffix \(--size 64M\)$'
run novalue_kernel --backend mock --platform snbep run --kernel --events imc/CAS_COUNT.RD/
expect novalue_kernel host/kernel_value_missing_before_option 4 '^upmon: error: run: --kernel needs a value: NAME\[,NAME\.\.\.\] \(--kernel read; kernels: read, write, ntwrite, copy, '
run novalue_check --backend mock --platform snbep check --size --quick
expect novalue_check host/check_value_missing_before_option 4 "^upmon: error: check: --size takes a working set in bytes .*, not ''\$"
run novalue_list --platform snbep list events --box --format csv
expect novalue_list host/list_value_missing_before_option 4 '^upmon: error: list: --box needs a value \(--box imc or --box imc0\)$'
run novalue_empty --out '' info
[ "$(rc novalue_empty)" = 4 ] && [ "$(wc -l <"$WORK/novalue_empty.out")" = 1 ] &&
	grep -q "^upmon: error: option '--out' needs a value" "$WORK/novalue_empty.out" && pass host/empty_out_one_line ||
	fail host/empty_out_one_line "$(head -3 "$WORK/novalue_empty.out")"

# A command without options of its own refuses words after it, which it would ignore.
run stray_info --backend mock --platform snbep info --box cbo
expect stray_info host/info_refuses_stray_words 4 "^upmon: error: info takes no arguments, not '--box' \\(see 'upmon help info'\\)\$"
run stray_version version extra
expect stray_version host/version_refuses_stray_words 4 "^upmon: error: version takes no arguments, not 'extra'"
run stray_probe --backend mock --platform snbep fault-probe --x
expect stray_probe host/fault_probe_refuses_stray_words 4 "^upmon: error: fault-probe: unknown argument '--x' \\(it takes --unguarded only"
run unguarded_host --backend mock --platform snbep fault-probe --unguarded
expect unguarded_host host/fault_probe_unguarded_refused_on_host 4 \
	'^upmon: error: fault-probe --unguarded faults outside the guard on purpose and resets the machine: it runs only under UEFI in a virtual machine'

run skl2 --backend mock --platform skl --sockets 2 info
expect skl2 host/mock_sockets_over_the_model 4 '^upmon: error: the skl mock has 1 socket, not 2: give --sockets 1$'

# perf's and GNU habits are answered with upmon's spelling, which edit distance would miss.
run habit_e --backend mock --platform snbep run -e imc/CAS_COUNT.RD/
expect habit_e host/habit_perf_e 4 "^upmon: error: run: unknown argument '-e' \\('-e' is '--events' in upmon; see 'upmon help run'\\)\$"
# perf stat's -a, --per-socket and '-- COMMAND' are what upmon does without asking: each
# says what to do instead; -A is --per-box.
# ... with perf's value glued on too.
run habit_eg --backend mock --platform snbep run -eimc/CAS_COUNT.RD/
expect habit_eg host/habit_perf_e_glued 4 "^upmon: error: run: unknown argument '-eimc/CAS_COUNT.RD/' \\('-eimc/CAS_COUNT.RD/' is perf's '-e imc/CAS_COUNT.RD/': write '--events imc/CAS_COUNT.RD/'; see 'upmon help run'\\)\$"
run habit_ig --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ -I100
expect habit_ig host/habit_perf_interval_glued 4 "^upmon: error: run: unknown argument '-I100' \\('-I100' is perf's '-I 100': write '--interval 100'"
run habit_a --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ -a
expect habit_a host/habit_perf_all_cpus 4 "^upmon: error: run: unknown argument '-a' \\(upmon counts every socket's uncore always: leave it out; see 'upmon help run'\\)\$"
run habit_sleep --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ -- sleep 1
expect habit_sleep host/habit_perf_command 4 "^upmon: error: run: unknown argument '--' \\(upmon starts no program: give --seconds N for an idle window, or --kernel NAME for a load; see 'upmon help run'\\)\$"
# ... and so is the program itself, given without "--" as perf stat and likwid-perfctr take it,
# but not a stray number, and a word that is an option without its dashes gets that option.
run habit_prog --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ ./a.out
expect habit_prog host/habit_program_word 4 "^upmon: error: run: unknown argument './a.out' \\(upmon starts no program: give --seconds N for an idle window, or --kernel NAME for a load; see 'upmon help run'\\)\$"
run habit_num --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ --seconds 1 2
expect habit_num host/habit_stray_number_no_program 4 "^upmon: error: run: unknown argument '2' \\(see 'upmon help run'\\)\$"
run habit_nodash --backend mock --platform snbep check quick
expect habit_nodash host/option_without_dashes 4 "^upmon: error: check: unknown argument 'quick' \\(closest: --quick; see 'upmon help check'\\)\$"
# likwid-perfctr's -g GROUP and -C CPULIST.
run habit_g --backend mock --platform snbep run -g MEM
expect habit_g host/habit_likwid_g 4 "^upmon: error: run: unknown argument '-g' \\('-g' is '--group' in upmon; see 'upmon help run'\\)\$"
run habit_C --backend mock --platform snbep run -C 0-3 --group MEM
expect habit_C host/habit_likwid_cpu_list 4 "^upmon: error: run: unknown argument '-C' \\(the uncore is counted per socket, not per processor: leave it out \\(a kernel's processors: --threads N\\); see 'upmon help run'\\)\$"
run habit_check_a --backend mock --platform snbep check -- ls
expect_not habit_check_a host/habit_perf_command_run_only 4 'upmon starts no program'
run habit_A --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ -A
expect habit_A host/habit_perf_no_aggregate 4 "^upmon: error: run: unknown argument '-A' \\('-A' is '--per-box' in upmon; see 'upmon help run'\\)\$"
# --force-platform where it would do nothing (another backend, no --platform) is refused.
run forcemock --backend mock --platform snbep --force-platform --out fm info
expect forcemock host/force_platform_with_mock_refused 4 \
	'^upmon: error: --force-platform acts only with --platform NAME on the hardware or a replay \(it uses that platform although CPUID names another\): leave it out with the mock; nothing was touched$'
run forcelist --platform snbep --force-platform list boxes
expect forcelist host/force_platform_with_tables_only_refused 4 'this command reads only the tables, no processor, so leave it out; nothing was touched$'
run forcebare --force-platform --out fb info
expect forcebare host/force_platform_without_platform_refused 4 'give --platform NAME too; nothing was touched$'
# Intel's perfmon names of a platform are taken as its name.
run jkt --backend mock --platform jaketown --out jk info
expect jkt host/platform_perfmon_name_taken 0 '^identity: platform snbep \(forced by --platform\), backend mock$'
run habit_stat --backend mock --platform snbep stat
expect habit_stat host/habit_perf_stat 4 "^upmon: error: unknown command 'stat' \\('stat' is 'run' in upmon; see 'upmon help'\\)\$"
# A habit's spelling is offered only where the command takes it: run has no --format,
# check no --events or --interval (each would be refused in turn).
# perf stat's CSV separator, as typed apart or glued: run writes CSV anyway, so it says
# so and where; list takes --format csv.
run habit_x --backend mock --platform snbep run -x ,
expect habit_x host/habit_perf_x_run_writes_csv 4 "^upmon: error: run: unknown argument '-x' \\(upmon's run writes CSV always, counters.csv in its folder \\(--out PATH\\): leave it out; see 'upmon help run'\\)\$"
run habit_xg --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ -x,
expect habit_xg host/habit_x_glued_run 4 "^upmon: error: run: unknown argument '-x,' \\(upmon's run writes CSV always"
run habit_xl --platform snbep list events -x,
expect habit_xl host/habit_x_glued_list 4 "^upmon: error: list: unknown option '-x,' \\('-x,' is '--format csv' in upmon; list takes a SEARCH word alone, --box BOX and --format text\\|csv\\|json\\)\$"
# A search given with a flag (as grep -e, or an option it never had) is told the word goes alone.
run list_q --platform snbep list events -q cas
expect list_q host/list_search_flag_told_word_alone 4 "^upmon: error: list: unknown option '-q' \\(list takes a SEARCH word alone, --box BOX and --format text\\|csv\\|json\\)\$"
run habit_ce --backend mock --platform snbep check -e imc/CAS_COUNT.RD/
expect habit_ce host/habit_e_not_offered_to_check 4 "^upmon: error: check: unknown argument '-e' \\(see 'upmon help check'\\)\$"
run habit_ci --backend mock --platform snbep check -I 100
expect habit_ci host/habit_i_not_offered_to_check 4 "^upmon: error: check: unknown argument '-I' \\(see 'upmon help check'\\)\$"
run habit_ct --backend mock --platform snbep check -t 2
expect habit_ct host/habit_t_offered_to_check 4 "^upmon: error: check: unknown argument '-t' \\('-t' is '--threads' in upmon; see 'upmon help check'\\)\$"
# An abbreviation edit distance would miss is answered with the option it abbreviates.
run abbrev --backend mock --platform snbep run --secs 1
expect abbrev host/option_abbreviation_suggests 4 "^upmon: error: run: unknown argument '--secs' \\(closest: --seconds; see 'upmon help run'\\)\$"
# perf's and GNU's --option=value, for every option that takes a value, global and a
# command's (split at the first '=': a value may hold more); a flag takes none.
run habit_eq --platform=snbep list boxes
expect habit_eq host/option_equals_value_global 0 '^ubox +msr +x1 '
run eq_cmd --backend=mock:dead=cbo0 --platform=snbep run --events=cbo0/CLOCKTICKS/ --seconds=0.01
expect eq_cmd host/option_equals_value_command_and_faults 1 '^identity: MOCK FAULTS INJECTED: dead=cbo0$' \
	'^run: 1 event spec, 1 pass of 10 ms on 2 sockets$'
run eq_flag --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ --dry-run=yes
expect eq_flag host/option_equals_value_flag_refused 4 \
	"^upmon: error: option '--dry-run' takes no value, not '--dry-run=yes': write --dry-run alone \\(see 'upmon help'\\)\$"
# A global option after the command means what it means before it (run took --sockets as
# its kernel's socket list, which is --kernel-sockets now).
run sockets_after --backend mock --platform snbep run --events imc/CAS_COUNT.RD/ --seconds 0.01 --sockets 1
expect sockets_after host/global_option_after_command 0 '^run: 1 event spec, 1 pass of 10 ms on 1 socket$'
run sockets_list --backend mock --platform snbep run --kernel read --events imc/CAS_COUNT.RD/ --sockets 0,1
expect sockets_list host/sockets_list_names_kernel_sockets 4 \
	"^upmon: error: --sockets takes a number from 1 to 8, not '0,1': the sockets a kernel runs on are run's --kernel-sockets LIST\$"

# --config given twice: the last one, as every option (docs/command-line.md, Options and
# their order).
printf 'args = --backend mock --platform snbep --sockets 1 info\n' >"$WORK/first.cfg"
printf 'args = --backend mock --platform snbep info\n' >"$WORK/second.cfg"
run cfgtwice --config first.cfg --config second.cfg
expect cfgtwice host/config_given_twice_last_wins 0 'uncore: socket 1 bus 0xff'

# A dry run performs no write, so a command that judges what its writes do refuses it in
# one line (else every box would fail its self-test for that one cause).
for c in check selftest; do
	run "dry_$c" --backend mock --platform snbep --dry-run "$c"
	expect "dry_$c" "host/dry_run_refused_by_$c" 4 \
		"^upmon: error: $c --dry-run: $c judges what its writes do and a dry run performs none, so every verdict would be false; to see its accesses, run it against the mock with --trace FILE \\(--backend mock --platform NAME\\); nothing was touched\$"
	[ "$(wc -l <"$WORK/dry_$c.out")" = 1 ] && pass "host/dry_run_refusal_one_line_$c" ||
		fail "host/dry_run_refusal_one_line_$c" "$(head -3 "$WORK/dry_$c.out")"
done

# The trace: every access, the documented columns named once, before the first access
# (after the identity: tests/host/replay.sh).
run trace --backend mock --platform snbep --trace t.tsv info
columns() { awk -v c=$'# seq\tcpu\tsocket\top\tspace\taddress\tvalue' '$0 == c { n++ } /^[0-9]/ { exit } END { print n + 0 }' "$WORK/t.tsv"; }
if [ "$(rc trace)" = 0 ] && [ "$(columns)" = 1 ] &&
	grep -qE $'^[0-9]+\t0\t0\tR\tpci\tff:0b\\.0\\+0x054\t0x' "$WORK/t.tsv" &&
	! grep -qvE $'^(#.*|[0-9]+\t[0-9]+\t[0-9]+\t[RW]!?\t(msr|pci|mmio)\t[0-9a-fx:.+]+\t0x[0-9a-f]+)$' "$WORK/t.tsv"; then
	pass host/trace_file_format
else
	fail host/trace_file_format "$(head -5 "$WORK/t.tsv" 2>&1)"
fi
