#!/usr/bin/env bash
# Robustness at command level (issue 9): the configuration file, abort (a knob and a real
# SIGINT), a socket that stops answering, MSR and PCI faults mid-run, ECAM that disagrees
# with CF8/CFC, a medium that fills up. Knobs: core/host/os_host.h (UPMON_HOST_*).
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

M=(--backend mock --platform snbep)
TWO_PASSES='cbo0/TOR_OCCUPANCY.ALL/,cbo0/TOR_OCCUPANCY.EVICTION/,cbo0/CLOCKTICKS/'

# json FILE PYTHON-ASSERTIONS: results.json as `d`.
json() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2" "$WORK/$1" 2>/dev/null
}

# --- the configuration file ---
cat >"$WORK/lab.cfg" <<'EOF'
# a lab's defaults
args = --backend mock --platform snbep --sockets 1 run --events @mem --seconds 0.05
out = labres
end = return
events.mem = imc/CAS_COUNT.RD/,imc0/DCLK/
check.memory_tolerance = 5%
check.uclk_min_mhz = 1200
EOF
run cfgset --config lab.cfg
expect cfgset host/config_event_set_and_out 0 '^run: 2 event specs, 1 pass of 50 ms on 1 socket$' \
	'^ +0  4 imc +CAS_COUNT\.RD +[0-9,]+$' '^ +0  1 imc +DCLK +[0-9,]+\.[0-9] MHz$'
[ -f "$(last_run "$WORK/labres")/results.json" ] && [ ! -e "$WORK/upmon-results" ] &&
	pass host/config_out_folder || fail host/config_out_folder "results not in labres/"
run cfgover --config lab.cfg --out cmdres run --events @mem,ubox/UCLK/ --seconds 0.05 --per-box
expect cfgover host/config_command_line_overrides 0 '^run: 3 event specs' '^ +0 ubox0 +0 fixed +UCLK '
[ -f "$(last_run "$WORK/cmdres")/results.json" ] && pass host/config_out_overridden || fail host/config_out_overridden "no cmdres/"
run cfgnoset --config lab.cfg run --events @cpu
expect cfgnoset host/config_unknown_event_set 4 \
	"^upmon: error: run: --events: no event set 'cpu' in lab.cfg \\(its sets: mem\\): use one of those, or define events.cpu = SPEC,... there$"
run cfgmme --config lab.cfg run --events @mme
expect cfgmme host/config_misspelt_event_set_names_closest 4 \
	"^upmon: error: run: --events: no event set 'mme' in lab.cfg \\(closest: mem; its sets: mem\\): use one of those, or define events.mme = SPEC,... there$"
run cfgnone "${M[@]}" run --events @mem
expect cfgnone host/config_event_set_without_a_file 4 \
	"^upmon: error: run: --events: no event set 'mem': there is no configuration file: give --config FILE, or create the default one, with a line events.mem = SPEC,... \\(docs/command-line.md, Configuration file\\)$"
# '@' alone: the sets the file defines, or where to define one (not "events. = ...").
run cfgat --config lab.cfg run --events @
expect cfgat host/config_event_set_name_missing 4 \
	"^upmon: error: run: --events: '@' names no event set: write @NAME, NAME one of lab.cfg's sets \\(mem\\)$"
run cfgat0 "${M[@]}" run --events @
expect cfgat0 host/config_event_set_name_missing_no_file 4 \
	"^upmon: error: run: --events: '@' names no event set, and there is no configuration file: write @NAME after defining events.NAME = SPEC,... in one, given with --config FILE or the default one \\(docs/command-line.md, Configuration file\\)$"
printf 'end = return\ncheck.memory_tolerance = 150\n' >"$WORK/tol.cfg"
run cfgtol --config tol.cfg version
expect cfgtol host/config_bad_value_names_the_line 4 \
	"^upmon: error: tol.cfg:2: check.memory_tolerance must be a fraction from 0 to 1 \\(0.05\\) or a percentage \\(5%\\), not '150'$"
printf 'args = --colour info\n' >"$WORK/args.cfg"
run cfgargs --config args.cfg
expect cfgargs host/config_bad_args_names_the_line 4 "^upmon: error: args.cfg:1: args: unknown option '--colour'"
printf 'end = return\n\0speed = 1\n' >"$WORK/bin.cfg"
run cfgbin --config bin.cfg version
expect cfgbin host/config_binary_file_refused 4 '^upmon: error: bin.cfg: not a configuration file \(holds a NUL byte\)'
# Notepad's "Unicode" (UTF-16LE, FF FE) and "Unicode big endian" (FE FF) are read; UTF-16
# without a byte-order mark is refused naming the encoding (core/cli/config_text.c).
utf16_cfg() { # FILE ENCODING BOM-HEX: lab.cfg's lines in that encoding
	{ [ -n "$3" ] && printf "$3"; printf 'args = --backend mock --platform snbep --sockets 1 info\r\nend = return\r\n' |
		iconv -f ASCII -t "$2"; } >"$WORK/$1"
}
utf16_cfg u16le.cfg UTF-16LE '\xff\xfe'
run cfgu16le --config u16le.cfg
expect cfgu16le host/config_utf16le_with_bom_read 0 '^identity: platform snbep \(forced by --platform\), backend mock$' '^processors: 2 on 1 socket$'
utf16_cfg u16be.cfg UTF-16BE '\xfe\xff'
run cfgu16be --config u16be.cfg
expect cfgu16be host/config_utf16be_with_bom_read 0 '^identity: platform snbep \(forced by --platform\), backend mock$' '^processors: 2 on 1 socket$'
json "$(last_run upmon-results)/results.json" 'c = d["configuration"]; assert c["content"].startswith("args = --backend mock"), c' &&
	pass host/config_utf16_kept_as_utf8 || fail host/config_utf16_kept_as_utf8 "results.json's configuration is not the file's text"
utf16_cfg u16nobom.cfg UTF-16LE ''
run cfgu16nobom --config u16nobom.cfg
expect cfgu16nobom host/config_utf16_without_bom_named 4 \
	'^upmon: error: u16nobom.cfg: looks like UTF-16 without a byte-order mark: save it as UTF-8 or ANSI$'

# --- abort ---
# The second poll (inside the first pass's interval) reports ESC: pass 1 is read, pass 2
# never starts, registers are restored, results are saved and marked.
UPMON_HOST_ABORT_AFTER=2 run abort "${M[@]}" --trace t.tsv run --seconds 5 --per-box --events "$TWO_PASSES"
expect abort host/abort_exit_status_and_message 5 \
	'^upmon: error: run: aborted \(ESC or Ctrl-C\) in pass 0 \(of 2\): registers restored' \
	'^ +0 cbo0 +0 ctr[0-3] +TOR_OCCUPANCY\.ALL +[0-9,]+$' \
	'^ +0 cbo0 +1 ctr[0-3] +TOR_OCCUPANCY\.EVICTION +not counted$'
json "$(last_run upmon-results)/results.json" 'assert d["aborted"] is True and d["unrestored"] == []' &&
	pass host/abort_results_marked || fail host/abort_results_marked "results.json lacks \"aborted\": true"
# The first pass says it was cut short; the second, never run, has no window (not 0).
json "$(last_run upmon-results)/results.json" 'p = d["passes"]; assert [(x["pass"], x["cut_short"], x["interval_ns"] is None) for x in p] == [(0, True, False), (1, False, True)], p' &&
	pass host/abort_passes_say_cut_short || fail host/abort_passes_say_cut_short "$(grep -o '"pass": [0-9], "interval_ns": [^,]*, "cut_short": [a-z]*' "$WORK/$(last_run upmon-results)/results.json")"
# Every control written is written back to what it was: the last write to each MSR is the
# value the first read found (the mock starts at reset values, 0 for these).
awk -F'\t' '$4 == "W" && $5 == "msr" { last[$3 " " $6] = $7; n++ }
	END { for (k in last) if (last[k] != "0x0") { print k; bad = 1 } exit bad || n < 3 }' \
	"$WORK/t.tsv" >/dev/null && pass host/abort_restores_every_register ||
	fail host/abort_restores_every_register "an MSR was left programmed: $(head -3 "$WORK/t.tsv")"

# A real Ctrl-C (SIGINT) in the middle of a 60 s interval.
(cd "$WORK" && exec "$OLDPWD/$UPMON" "${M[@]}" run --seconds 60 --per-box --events cbo0/CLOCKTICKS/ >sigint.out 2>&1) &
pid=$!
for _ in $(seq 1 300); do
	grep -q '^run:' "$WORK/sigint.out" 2>/dev/null && break
	sleep 0.1
done
kill -INT $pid 2>/dev/null
wait $pid
echo $? >"$WORK/sigint.rc"
expect sigint host/ctrl_c_aborts_the_run 5 '^upmon: error: run: aborted' '^ +1 cbo0 +0 ctr0 +CLOCKTICKS +[0-9,]+\.[0-9] MHz$'

# --- processors that do not answer ---
UPMON_HOST_HANG=1 run hang "${M[@]}" run --seconds 0.05 --per-box --events cbo0/CLOCKTICKS/
expect hang host/silent_socket_is_reported_and_skipped 3 \
	'^upmon: error: run: socket 1: its processor did not answer within the timeout \(EFAULT\): socket skipped' \
	'^ +0 cbo0 +0 ctr0 +CLOCKTICKS +[1-9][0-9,]*\.[0-9] MHz$' \
	"^socket 1 cbo0: fault: socket 1's processor did not answer \\(EFAULT\\): skipped$"
json "$(last_run upmon-results)/results.json" 'assert d["sockets_skipped"] == [1]' &&
	pass host/silent_socket_in_results || fail host/silent_socket_in_results "no sockets_skipped [1]"
# A silent socket's total says why it has none (box-fault), not another socket's "ok"; a
# total over part of the instances says how many in report.html's cell, not only on hover.
UPMON_HOST_HANG=1 run hangt "${M[@]}" run --seconds 0.05 --events imc/CAS_COUNT.RD/
expect hangt host/silent_socket_total_says_why 3 '^ +1  0/4 imc +CAS_COUNT\.RD +box-fault$' '^ +0  4 imc +CAS_COUNT\.RD +[0-9,]+$'
h="$WORK/$(last_run upmon-results)/report.html"
grep -q '<td class="n" title="0 of 4 instances">box-fault</td>' "$h" && grep -q ' <small>(4 of 8)</small></td>' "$h" &&
	pass host/silent_socket_total_in_report || fail host/silent_socket_total_in_report "$(grep -o '<td class="n"[^/]*' "$h" | head -4)"
UPMON_HOST_HANG=1@2 run hang2 "${M[@]}" run --seconds 0.05 --events cbo0/CLOCKTICKS/
expect hang2 host/socket_lost_mid_run_lists_unrestored 2 \
	'^upmon: error: NOT RESTORED: socket 1 cbo0 msr 0xd10 \(EFAULT\): it should hold 0x0$' \
	'^upmon: error: 3 registers NOT RESTORED \(listed above and in results.json\)'

# --- MSR faults: read only, write only, on restore ---
run gpr "${M[@]}" --backend mock:gpr=0xD16@1 run --seconds 0.05 --per-box --events cbo0/CLOCKTICKS/,cbo1/CLOCKTICKS/
expect_not gpr host/msr_read_fault_restores_everything 2 'NOT RESTORED'
expect gpr host/msr_read_fault_named 2 '^upmon: error: run: socket 0 cbo0: counter 0xd16: EFAULT$' \
	'^ +0 cbo1 +0 ctr0 +CLOCKTICKS +[1-9][0-9,]*\.[0-9] MHz'
run gpw "${M[@]}" --backend mock:gpw=0xD10@2 run --seconds 0.05 --per-box --events cbo0/CLOCKTICKS/
expect gpw host/msr_restore_fault_is_loud 2 \
	'^upmon: error: NOT RESTORED: socket 0 cbo0 msr 0xd10 \(EFAULT\): it should hold 0x0$' \
	'^upmon: error: NOT RESTORED: socket 0 cbo0 msr 0xd16 \(written back, but its control 0xd10 was not \(EFAULT\): it may count on\): it should hold 0x0$' \
	'^upmon: error: 2 registers NOT RESTORED' '^ +0 cbo0 +0 ctr0 +CLOCKTICKS +[1-9][0-9,]*\.[0-9] MHz'
# The counter written back behind the control left enabled is listed with that control.
json "$(last_run upmon-results)/results.json" \
	'u = d["unrestored"]; assert len(u) == 2 and u[0]["address"] == "0xd10" and u[0]["socket"] == 0 and u[0]["error"] == "EFAULT" and "counts_on" not in u[0]; assert u[1]["address"] == "0xd16" and u[1]["counts_on"] == "0xd10" and u[1]["error"] == "EFAULT"' &&
	pass host/msr_restore_fault_in_results || fail host/msr_restore_fault_in_results "unrestored list wrong"

# --- PCI: a function reading all ones mid-run, ECAM that disagrees, no MCFG ---
run ones "${M[@]}" --backend mock:onesat=ff:10.1 run --seconds 0.05 --per-box --events imc/CAS_COUNT.RD/
expect ones host/pci_all_ones_mid_run 2 \
	'^upmon: error: run: socket 1 imc1: counter 0xa0: EABSENT \(the device reads all ones: gone from the bus\)$' \
	'^upmon: error: NOT RESTORED: socket 1 imc1 pci ff:10\.1\+0x0a0 \(2 dwords\) \(EABSENT\)' \
	'^ +1 imc0 +0 ctr0 +CAS_COUNT\.RD +[0-9,]+$' '^ +0 imc1 +0 ctr0 +CAS_COUNT\.RD +[0-9,]+$'
run badecam "${M[@]}" --backend mock:badecam run --seconds 0.05 --per-box --events imc/CAS_COUNT.RD/
expect badecam host/ecam_disagreeing_is_refused 0 \
	'^pci: the ECAM window \(MCFG base 0x80000000\) disagrees with CF8/CFC at 00:00\.0 \(cf8 8086:3c00, ecam ffff:ffff\): ECAM refused, using CF8/CFC' \
	'^ +1 imc3 +0 ctr0 +CAS_COUNT\.RD +[0-9,]+$'
grep -q '^pci: the ECAM window .* ECAM refused' "$(last_run "$WORK/upmon-results")/upmon.log" &&
	pass host/ecam_refusal_in_log || fail host/ecam_refusal_in_log "not in upmon.log"
run badecamq "${M[@]}" --backend mock:badecam run --events qpi/CTO_COUNT,match0=0x1c00/
expect badecamq host/ecam_refused_filters_need_ecam 4 'reachable only through ECAM'
run noecam "${M[@]}" --backend mock:noecam run --seconds 0.05 --events imc/CAS_COUNT.RD/
expect noecam host/no_mcfg_said_in_run 0 '^pci: no ACPI MCFG table: using CF8/CFC \(config offsets above 0xFF unreachable\)$'
grep -q '^pci: no ACPI MCFG table' "$(last_run "$WORK/upmon-results")/upmon.log" &&
	pass host/no_mcfg_in_log || fail host/no_mcfg_in_log "not in upmon.log"

# --- a medium that fills up ---
rm -rf "$WORK/upmon-results"
# 1200 bytes: counters.csv (identity lines and two rows) fits, results.json does not.
UPMON_HOST_FULL_AFTER=1200 run full "${M[@]}" run --seconds 0.05 --events cbo0/CLOCKTICKS/
expect full host/full_medium_error_and_status 4 \
	'^upmon: error: cannot write upmon-results/[0-9]{8}-[0-9]{6}-[^/]+-run/results.json \(ENOSPC\): the medium is full; it and the files after it that the medium refuses are shown on the console below \(up to 64 KiB each; 1 saved before it\); free space on the medium or give --out a folder on another one$' \
	'^----- upmon-results/[^/]+/results.json \(not saved\) -----$' '^  "aborted": false,$' '^----- end of upmon-results/[^/]+/results.json -----$'
# The page shown on the console says what the exit status will be, not OK; the last line
# counts what was saved and what was not.
expect full host/full_medium_page_and_files_line_say_so 4 \
	'^<h1>upmon run: <span class="v fail">FILES NOT SAVED</span></h1>$' \
	'^<tr><th>files</th><td class="fail"><b>NOT SAVED</b>: the medium refused a results file before this page; the run.s exit status is not 0 \(4 where it would have been 0\)</td></tr>$' \
	'^upmon: 1 file in upmon-results/[^ ]+-run, 2 not saved \(the medium'
expect_not full host/full_medium_page_not_ok 4 'class="v pass">OK<'
# A --trace the full medium refuses is said on its own line, even after the results
# were: it is shown nowhere else; the last line counts only the folder's files.
UPMON_HOST_FULL_AFTER=1200 run fulltr "${M[@]}" --trace fulltr.tsv --out ftr run --seconds 0.05 --events cbo0/CLOCKTICKS/
expect fulltr host/full_medium_trace_said 4 \
	'^upmon: error: cannot write the trace fulltr\.tsv \(ENOSPC\): the medium is full; it is not saved: free space on the medium, or give --trace a file on another one$' \
	'^upmon: 1 file in ftr/[^ ]+-run, 2 not saved \(the medium'
# --- a write-protected medium: said as such, with what to do ---
UPMON_HOST_READ_ONLY=1 run rofs "${M[@]}" --out rofs run --seconds 0.05 --events cbo0/CLOCKTICKS/
expect rofs host/read_only_medium_said 4 \
	'^upmon: error: cannot create the results folder rofs/[0-9]{8}-[0-9]{6}-[^/]+-run \(EROFS\): the medium is write-protected; the results are on the console only: turn the medium.s write protection off, or give --out a folder on another one$'
[ ! -e "$WORK/rofs" ] && pass host/read_only_medium_untouched || fail host/read_only_medium_untouched "rofs was created"
mkdir -p "$WORK/rofs2"
UPMON_HOST_READ_ONLY=1 run rofs2 "${M[@]}" --trace rofs2/t.tsv run --seconds 0.05 --events cbo0/CLOCKTICKS/
expect rofs2 host/read_only_trace_refused_before_any_register 4 \
	'^upmon: error: --trace rofs2/t\.tsv: cannot write there \(EROFS\): the medium is write-protected; name another FILE; nothing was touched$'
left=$(cd "$WORK/upmon-results"/*-run 2>/dev/null && ls)
[ "$left" = counters.csv ] && pass host/full_medium_leaves_only_complete_files ||
	fail host/full_medium_leaves_only_complete_files "files left: $left"
