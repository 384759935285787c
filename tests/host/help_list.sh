#!/usr/bin/env bash
# Help in every form, list without a backend in every format, other programs' names on
# the command line, and mistakes answered in one line with exit status 4.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# one_line NAME TEST: the output is exactly one line.
one_line() {
	local n
	n=$(wc -l <"$WORK/$1.out")
	[ "$n" = 1 ] && pass "$2" || fail "$2" "$n lines: $(head -c 300 "$WORK/$1.out")"
}

run h1 --help
expect h1 host/help_long_option 0 '^usage: upmon \[OPTIONS\] COMMAND' "upmon help COMMAND"
run h2 -h
expect h2 host/help_short_option 0 '^usage: upmon \[OPTIONS\] COMMAND'
for c in info list run check selftest fleet help version fault-probe; do
	run "hc_$c" help "$c"
	expect "hc_$c" "host/help_${c}_has_examples" 0 "^usage: upmon \\[OPTIONS\\] $c" '^examples:$' "^  upmon .*$c|^  upmon --version"
done
run h3 run --help
expect h3 host/command_dash_dash_help 0 '^usage: upmon \[OPTIONS\] run --events' 'UNC_M_CAS_COUNT.RD'
run h4 --platform snbep list -h
expect h4 host/command_dash_h 0 '^usage: upmon \[OPTIONS\] list boxes\|events\|metrics'
run h5 help rnu
expect h5 host/help_unknown_topic_suggests 4 "^upmon: error: help: no command or topic 'rnu' \\(closest: run;"
one_line h5 host/help_unknown_topic_one_line
# The commands an unknown topic lists are every page's: the overview's, the test hook
# and the mock's topic too.
expect h5 host/help_unknown_topic_lists_every_command 4 "commands: info list run check selftest fleet help version fault-probe; topics: mock\\)\$"
# Every help text fits the UEFI console's 80 columns: the overview, each command's
# help by 'help COMMAND' and by 'COMMAND --help' (the commands as the overview lists
# them), as the optimised build prints them. A line over 80 is named with its number
# and text.
HELP_UPMON=./build/host/upmon
[ -x "$HELP_UPMON" ] || HELP_UPMON=$UPMON
within_80() {
	local name=$1 test=$2 long
	long=$(awk 'length($0) > 80 { printf "line %d is %d columns: %s; ", NR, length($0), $0 }' "$WORK/$name.out")
	if [ "$(rc "$name")" != 0 ]; then
		fail "$test" "exit status $(rc "$name"): $(head -c 200 "$WORK/$name.out")"
	elif [ -n "$long" ]; then
		fail "$test" "$long"
	else
		pass "$test"
	fi
}
UPMON=$HELP_UPMON run w0 help
within_80 w0 host/help_within_80_columns_overview
topics=$(awk '/^commands:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }' "$WORK/w0.out" | sort -u)
# The overview is the lab's: every command but the test hook (fault-probe, in its own
# page), each with its main options, and the mock's faults only by name of their page.
[ "$(echo $topics)" = "check fleet help info list run selftest version" ] && pass host/help_overview_lists_the_commands ||
	fail host/help_overview_lists_the_commands "commands found: $(echo $topics)"
expect w0 host/help_overview_main_options 0 '^  list boxes\|events\|metrics\|groups ' '--group NAME' '--interval MS' \
	'--count N' '--per-box' '--kernel NAME' '--duration S' '--passes N' '--duration D' '--threads N\|all' '--quick' \
	"faults: see 'upmon help mock'" '^exit status: 0 ok' '^version and list write nothing' 'ESC or Ctrl-C' \
	'--option=VALUE'
expect_not w0 host/help_overview_no_fault_syntax 0 'stuckbit=|nofreeze=|@pass|onesat='
run hm help mock
expect hm host/help_mock_holds_the_fault_language 0 '^usage: upmon --backend mock\[:FAULT,\.\.\.\]' \
	'^  gp=MSR, gpr=MSR, gpw=MSR ' '^  stuckbit=BOXn\.ctlN:BIT ' '^  sN\.stall=MS ' '^  linkrate=qpiN:VALUE ' \
	'^skl only: cbos=N' 'esc@passN presses ESC in pass N' '^examples:$' '^  upmon --backend mock:'
for c in $topics fault-probe mock; do
	UPMON=$HELP_UPMON run "w_$c" help "$c"
	within_80 "w_$c" "host/help_within_80_columns_help_$c"
	UPMON=$HELP_UPMON run "wd_$c" "$c" --help
	within_80 "wd_$c" "host/help_within_80_columns_${c}_dash_dash_help"
done

# The version and the revision the program was built from (the Makefile's stamp).
run v1 --version
expect v1 host/version_option 0 "^upmon 0\\.1\\.0 \\(revision $(sed 's/[.]/\\./g' build/revision)\\)\$"

# Options before or after the command; the last of a repeated option wins.
run o1 list boxes --platform snbep
expect o1 host/options_after_the_command 0 '^imc +pci +x4'
run o2 --platform ivbep list boxes --platform snbep
expect o2 host/repeated_option_last_wins 0 '^imc +pci +x4 '
run o3 --platfrom snbep list boxes
expect o3 host/unknown_option_suggests 4 "^upmon: error: unknown option '--platfrom' \\(closest: --platform;"
one_line o3 host/unknown_option_one_line
run o4 lst boxes --platform snbep
expect o4 host/unknown_command_suggests 4 "^upmon: error: unknown command 'lst' \\(closest: list;"
run o5 --platform snbp list boxes
expect o5 host/unknown_platform_suggests 4 "^upmon: error: unknown or unimplemented platform 'snbp' \\(closest: snbep;"
# An option means the same before and after the command: a command's own option before
# it is taken when that command has it, else refused saying where it goes.
run o6 --events imc/CAS_COUNT.RD/ --backend mock --platform snbep run --seconds 0.01
expect o6 host/command_option_before_command_taken 0 '^ +all +8 imc +CAS_COUNT\.RD '
run o7 --quick --backend mock --platform snbep run --events imc/CAS_COUNT.RD/
expect o7 host/command_option_before_other_command 4 \
	"^upmon: error: option '--quick' is not run's: it goes after the command check \\(upmon check --quick \\.\\.\\.; see 'upmon help run'\\)\$"
one_line o7 host/command_option_before_other_command_one_line
run o8 --events imc/CAS_COUNT.RD/
expect o8 host/command_option_without_command 4 \
	"^upmon: error: option '--events' belongs to a command: write it after the command run \\(upmon run --events \\.\\.\\.\\)\$"

# list needs no backend with --platform; text, csv and json for all three lists.
run l1 --platform snbep list boxes
expect l1 host/list_boxes_without_backend 0 '^cbo +msr +x8 .*\(perf: uncore_cbox\)  \(perfmon: UNC_C_\)$'
run l2 --platform snbep list boxes --format csv
expect l2 host/list_boxes_csv 0 '^platform,box,space,instances,counters,width,fixed,perf_pmu,perfmon_prefix,title$' \
	'^snbep,imc,pci,4,4,48,DCLK,imc,UNC_M_,'
run l3 --platform snbep list boxes --format json
expect l3 host/list_boxes_json 0 '^\[$' '^  \{"platform": "snbep", "box": "qpi", "space": "pci", "instances": "2"' '^\]$'
run l4 --platform skl list metrics --format json
expect l4 host/list_metrics_json 0 '"metric": "MEM_BW_READS", "formula": "imc/DRAM_DATA_READS/ \* 64 / SECONDS"'
run l5 --platform snbep list metrics --format csv
expect l5 host/list_metrics_csv 0 '^platform,metric,formula,unit,description,aliases$' '^snbep,MEM_BW_READS,imc/CAS_COUNT\.RD/ \* 64 / SECONDS,' '^snbep,LLC_DRD_HIT_PCT,.*,LLC_HIT_RATE$'
# The E7 guide's own metrics are listed on the E7 alone (boxes/nhmex/metrics.c).
run l7 --platform wsmex list metrics DRS
expect l7 host/list_metrics_e7_drs_writes 0 '^RBOX_DRS_WRITES +DRS writeback and non-snoop write messages' \
	'^ += \(\(rbox/XBAR_MM,port=0,xbr_match=0x1C00,xbr_mask=0x1E00,xbr_match_flit_cnt=1/ \+ ' \
	'rbox/XBAR_MM,port=7,xbr_match=0x1C00,xbr_mask=0x1F80,xbr_match_flit_cnt=1/\)\) / SECONDS$'
run l8 --platform nhmex list metrics
expect_not l8 host/list_metrics_7500_lacks_the_e7s 0 'RBOX_DRS_WRITES|LOC_NCS'
run l6 --platform snbep list events cas
expect l6 host/list_events_search_word 0 '^imc +CAS_COUNT\.RD +0x04 +0x03 +ctr 0-3  DRAM read'
expect_not l6 host/list_events_search_keeps_only_matches 0 '^cbo '
run l7g --platform snbep list events 'CAS*' --box imc0 --format csv
expect l7g host/list_events_glob_and_instance_box 0 '^snbep,imc,CAS_COUNT\.WR,0x04,0x0c,0-3,' 
expect_not l7g host/list_events_glob_is_whole_name 0 'ACT_COUNT'
run l8g --platform snbep list events LLC_LOOKUP.DATA_READ --box cbo
expect l8g host/list_events_filters 0 '^cbo +LLC_LOOKUP\.DATA_READ +0x34 +0x03 +ctr 0-1  needs filter_state  '
run l9 --platform skl list events --box arb --format json
expect l9 host/list_events_json_thresh 0 '"event": "TRK_OCCUPANCY.CYCLES_WITH_ANY_REQUEST", "code": "0x80", "umask": "0x01", "counters": "0", "filters": "", "thresh": "1"'
run l10 --platform snbep list evnts
expect l10 host/list_unknown_kind_suggests 4 "^upmon: error: list: no list 'evnts' \\(closest: events;"
run l11 --platform snbep list events --box imcc
expect l11 host/list_unknown_box_suggests 4 "^upmon: error: list: no box 'imcc' on snbep \\(closest: imc;"
run l12 --platform snbep list events --format xml
expect l12 host/list_bad_format 4 "^upmon: error: list: --format takes text, csv or json, not 'xml'$"
# perf's PMU name picks the box type: only the iMC's events, none of another box's.
run l13a --platform snbep list events --box uncore_imc_1
expect l13a host/list_box_by_perf_name 0 '^imc +CAS_COUNT\.RD '
expect_not l13a host/list_box_by_perf_name_only_that_box 0 '^(cbo|ha|qpi|ubox|pcu|r2pcie|r3qpi) '
run l13 --platform snbep list events --box uncore_imc_1 UNC_M_CAS
# perfmon's names, as specs take them: UNC_M_ is the iMC's prefix.
expect l13 host/list_search_by_perfmon_name 0 '^imc +CAS_COUNT\.RD '
run l13b --platform snbep list events 'UNC_C_LLC_LOOKUP*'
expect l13b host/list_glob_by_perfmon_name 0 '^cbo +LLC_LOOKUP\.DATA_READ '
# A search that matches nothing is a mistake more often than an answer: one line with the
# closest names and the usage status, not an empty list and success.
run l13e --platform snbep list groups --box imc
expect l13e host/list_box_refused_for_groups 4 \
	"^upmon: error: list: --box narrows boxes and events, not groups; leave it out \\(or 'upmon list events --box imc'\\)\$"
run l13c --platform snbep list events cas_count_reed
expect l13c host/list_no_match_says_so 4 \
	"^upmon: error: list: no events on snbep match 'cas_count_reed' \\(closest: CAS_COUNT, cas_count_read; a word of the name or description, or a glob such as 'CAS\\*'; 'upmon list events' shows them all\\)\$"
# Every name run takes is searched: perf's alias alone or in its PMU's spelling, perfmon's
# name (uncore_snbep.c cas_count_read event=0x04,umask=0x03; perfmon JKT UNC_M_CAS_COUNT.RD
# and UNC_M_CLOCKTICKS), each row saying by which name it matched.
run l14 --platform snbep list events cas_count_read
expect l14 host/list_events_by_perf_alias 0 \
	'^imc +CAS_COUNT\.RD +0x04 +0x03 +ctr 0-3  DRAM read.*  \(matched as perf.s event alias cas_count_read\)$'
[ "$(grep -c . "$WORK/l14.out")" = 1 ] && pass host/list_events_by_perf_alias_only_its_event ||
	fail host/list_events_by_perf_alias_only_its_event "$(cat "$WORK/l14.out")"
run l14b --platform snbep list events UNC_M_CAS_COUNT.RD
expect l14b host/list_events_by_perfmon_name 0 \
	'^imc +CAS_COUNT\.RD +0x04 +0x03 +ctr 0-3  DRAM read.*  \(matched as perfmon.s name UNC_M_CAS_COUNT\.RD\)$'
run l14c --platform snbep list events UNC_M_CLOCKTICKS --format csv
expect l14c host/list_events_by_perfmon_second_name 0 \
	"^snbep,imc,DCLOCKTICKS,0x00,,0-3,,,,.*,perfmon's name UNC_M_CLOCKTICKS\$"
run l14d --platform snbep list events uncore_imc_2/cas_count_write/
expect l14d host/list_events_by_perf_spec 0 '^imc +CAS_COUNT\.WR .*\(matched as uncore_imc_2/cas_count_write/\)$'
run l14e --platform skl list events data_reads
expect l14e host/list_events_skl_by_perf_alias 0 \
	'^imc +DRAM_DATA_READS +free-running counter  \(matched as perf.s event alias data_reads\)$'
run l14f --platform skl list events UNC_M_CAS_COUNT.RD
expect l14f host/list_events_foreign_name_says_whose 4 \
	"^upmon: error: list: no events on skl match 'UNC_M_CAS_COUNT\\.RD': 'UNC_M_CAS_COUNT\\.RD' \\(perfmon's name\\) is an event of snbep, ivbep, spr and emr, not of skl: the nearest on skl is imc/DRAM_DATA_READS/"
run l13d --platform snbep list groups memm
expect l13d host/list_no_group_match_says_so 4 "^upmon: error: list: no groups on snbep match 'memm' \\(closest: MEM;"
# A LIKWID group's name says what LIKWID's counts and upmon's nearest group.
run l13j --platform snbep list groups L3CACHE
expect l13j host/list_likwid_group_says_nearest 4 \
	"^upmon: error: list: no groups on snbep match 'L3CACHE' \\(LIKWID's L3CACHE is the L3 miss rate, from core events; upmon's nearest is LLC: 'upmon list groups LLC'; 'upmon list groups' shows them all\\)\$"
run l13k --backend mock --platform snbep run --group L3 --seconds 0.05
expect l13k host/run_likwid_group_says_nearest 4 \
	"^upmon: error: run: --group: no group 'L3' on snbep: LIKWID's L3 is the L2-L3 bandwidth, from core events; upmon's nearest is LLC: write --group LLC, or choose one of MEM, LLC, QPI, PCIE, POWER, RING \\(see 'upmon list groups'\\)\$"
# list boxes takes a search as the other lists do: it narrows, and one matching nothing is refused.
run l13f --platform snbep list boxes zzz
expect l13f host/list_no_box_match_says_so 4 \
	"^upmon: error: list: no boxes on snbep match 'zzz' \\(a word of the name or title, perf's or perfmon's name, or a glob such as 'c\\*'; 'upmon list boxes' shows them all\\)\$"
run l13g --platform snbep list boxes imcc
expect l13g host/list_no_box_match_suggests 4 "^upmon: error: list: no boxes on snbep match 'imcc' \\(closest: imc;"
run l13h --platform snbep list boxes uncore_cbox
expect l13h host/list_boxes_search_by_perf_name 0 '^cbo +msr +x8 '
expect_not l13h host/list_boxes_search_keeps_only_matches 0 '^(imc|ha|qpi|ubox|pcu|r2pcie|r3qpi) '
# perf's name of one instance, as --box takes it, finds its type.
run l13i --platform snbep list boxes uncore_imc_1
expect l13i host/list_boxes_search_by_perf_instance 0 '^imc +pci +x4 '

# Other programs' names on the command line (the unit tests hold every encoding).
M=(--backend mock --platform snbep)
run n1 "${M[@]}" run --seconds 0.01 --per-box --events UNC_M_CAS_COUNT.RD,uncore_cbox_3/clockticks/,imc/cas_count_write/
expect n1 host/run_takes_perf_and_perfmon_names 0 '^ +0 imc0 +0 ctr[0-3] +CAS_COUNT\.RD ' \
	'^ +0 cbo3 +0 ctr[0-3] +CLOCKTICKS ' '^ +1 imc3 +0 ctr[0-3] +CAS_COUNT\.WR '
run n2 "${M[@]}" run --seconds 0.01 --events imc/CAS_COUNT.RD
expect n2 host/spec_lacking_slash_said 4 "^upmon: error: run: 'imc/CAS_COUNT.RD' lacks its closing '/': write imc/CAS_COUNT.RD/$"
one_line n2 host/spec_lacking_slash_one_line
# A box and a '/' alone lack the event: the advice is not 'imc//', which is refused too.
run n2b "${M[@]}" run --seconds 0.01 --events imc/
expect n2b host/spec_box_alone_asks_for_event 4 "^upmon: error: run: 'imc/' names no event after its '/': write imc/EVENT/ \\(see 'upmon list events'\\)$"
# An empty item, a comma too many wherever it is, is refused in one line alike: a
# trailing one is not dropped unseen while ',,' is refused.
for c in "ev_trail|--events imc/CAS_COUNT.RD/,|empty event spec after 'imc/CAS_COUNT.RD/' \\(a trailing ','\\): remove the extra comma" \
	"ev_double|--events imc/CAS_COUNT.RD/,,imc/CAS_COUNT.WR/|empty event spec after 'imc/CAS_COUNT.RD/' \\(a doubled ','\\): remove the extra comma" \
	"term_trail|--events imc/CAS_COUNT.RD,/|empty term in 'imc/CAS_COUNT.RD,/' \\(a trailing ','\\): remove the extra comma" \
	"met_trail|--metrics MEM_BW_READS,|empty metric name after 'MEM_BW_READS' \\(a trailing ','\\): remove the extra comma" \
	"grp_trail|--group MEM,|--group: empty group name after 'MEM' \\(a trailing ','\\): remove the extra comma"; do
	IFS='|' read -r name args want <<<"$c"
	run "$name" "${M[@]}" run --seconds 0.01 $args
	expect "$name" "host/list_${name}_comma_refused" 4 "^upmon: error: run: $want\$"
	one_line "$name" "host/list_${name}_comma_one_line"
done
# An unknown term names the box's terms; an empty value is said as such.
run n2c "${M[@]}" run --seconds 0.01 --events 'imc/CAS_COUNT.RD,foo=1/'
expect n2c host/spec_unknown_term_names_the_terms 4 \
	"^upmon: error: run: unknown term 'foo' for box imc \\(imc takes event, umask, thresh, edge, inv; see 'upmon list events --box imc'\\)\$"
run n2d "${M[@]}" run --seconds 0.01 --events 'imc/CAS_COUNT.RD,thresh=/'
expect n2d host/spec_empty_term_value_said 4 \
	"^upmon: error: run: thresh= in 'imc/CAS_COUNT.RD,thresh=/' has an empty value: write thresh=N\$"
run n3 "${M[@]}" run --seconds 0.01 --events 'cbo/CLOCKTICKS,thresh=256/'
expect n3 host/thresh_range_said 4 "thresh=256 is out of range: thresh takes 0-255"
run n4 "${M[@]}" run --seconds 0.01 --events cbo/LLC_LOOKUP.DATA_READ/
expect n4 host/usual_filter_value_named 4 "add filter_state=0x1f \\(every state\\)$"
run n5 "${M[@]}" run --seconds 100000 --events cbo/CLOCKTICKS/
expect n5 host/seconds_range_said 4 "^upmon: error: run: --seconds takes 0\\.001 to 86400 \\(a day\\), not '100000'$"
run n6 "${M[@]}" run --seconds 0.01 --metrics MEM_BW_READ
expect n6 host/unknown_metric_suggests 4 "unknown metric 'MEM_BW_READ' on snbep \\(closest: MEM_BW_READS"
run n7 "${M[@]}" run --kernel tirad --events cbo/CLOCKTICKS/
expect n7 host/unknown_kernel_suggests 4 "unknown kernel 'tirad' \\(closest: triad;"

# list's csv and json are for programs: nothing but the table on standard output (the
# run's identity is in its upmon.log).
run lj --platform snbep list boxes --format json
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert isinstance(d, list) and d' "$WORK/lj.out" 2>/dev/null; then
	pass host/list_json_is_json
else
	fail host/list_json_is_json "$(head -3 "$WORK/lj.out")"
fi
run lc --platform snbep list groups --format csv
if head -1 "$WORK/lc.out" | grep -q '^platform,group,question,events,metrics,interval_events,interval_metrics$' &&
	grep -q '^snbep,MEM,' "$WORK/lc.out"; then
	pass host/list_groups_csv
else
	fail host/list_groups_csv "$(head -3 "$WORK/lc.out")"
fi
