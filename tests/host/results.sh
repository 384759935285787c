#!/bin/bash
# Results a lab can file: a folder per run under the --out parent, runs.csv one line per
# run, the machine's identity from SMBIOS (a hand-built table, tests/unit/smbios_tables.h,
# through UPMON_HOST_DMI_DIR), dry runs and mock faults said first and in every file, and
# two specs that differ only in a filter told apart everywhere. counters.csv and
# verdicts.csv open with their header row (RFC 4180), each row with the run's folder,
# backend and dry run; the whole identity is in results.json and upmon.log.
source "$(dirname "$0")/lib.sh"
M=(--backend mock --platform snbep)

lab_dmi "$WORK/dmi" # serial "SN 4711/A", maker "LabCo" (lib.sh)

# --- two runs into one --out: two folders, two lines ---
UPMON_HOST_DMI_DIR=$WORK/dmi run one "${M[@]}" --out lab run --seconds 0.01 --events cbo0/CLOCKTICKS/
UPMON_HOST_DMI_DIR=$WORK/dmi run two "${M[@]}" --out lab run --seconds 0.01 --events cbo0/CLOCKTICKS/
folders=$(cd "$WORK/lab" && ls -d 2*/ 2>/dev/null | tr -d / | sort)
if [ "$(echo "$folders" | grep -cE '^[0-9]{8}-[0-9]{6}-SN_4711_A-run(-[0-9]+)?$')" = 2 ]; then
	pass host/results_two_runs_two_folders
else
	fail host/results_two_runs_two_folders "folders: $(echo $folders)"
fi
if python3 - "$WORK/lab" <<'PY'; then pass host/results_runs_csv_one_line_per_run; else fail host/results_runs_csv_one_line_per_run "$(cat "$WORK/lab/runs.csv")"; fi
import csv, os, sys
rows = list(csv.DictReader(open(os.path.join(sys.argv[1], "runs.csv"))))
assert len(rows) == 2, rows
assert [r["serial"] for r in rows] == ["SN 4711/A"] * 2
assert [r["command"] for r in rows] == ["run", "run"] and [r["exit_status"] for r in rows] == ["0", "0"]
assert rows[0]["folder"] != rows[1]["folder"]
assert [(r["backend"], r["dry_run"]) for r in rows] == [("mock", "no")] * 2, rows
for r in rows:
    assert os.path.isfile(os.path.join(sys.argv[1], r["folder"], "results.json")), r
PY
expect one host/results_machine_on_console 0 \
	'^identity: machine: LabCo Rig 7, serial SN 4711/A, UUID 00112233-4455-6677-8899-aabbccddeeff; board BoardCo X9DRi; BIOS EDK II 1\.0-test 02/06/2015; 1 of 2 sockets populated; 3 memory devices$' \
	'^identity: command line: .*upmon-san --backend mock --platform snbep --out lab run --seconds 0\.01 --events cbo0/CLOCKTICKS/$' \
	'^identity: MOCK BACKEND: '
json="$(last_run lab)/results.json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["machine"]
assert m["available"] and m["smbios"] == "2.8", m
assert m["system"] == {"manufacturer": "LabCo", "product": "Rig 7", "serial": "SN 4711/A", "uuid": "00112233-4455-6677-8899-aabbccddeeff"}
assert m["bios"]["date"] == "02/06/2015" and m["board"]["product"] == "X9DRi"
assert m["memory"][0] == {"locator": "DIMM_A1", "size_mb": 16384, "speed_mts": 1600, "part_number": "M393B2G70BH0-CK0"}
assert d["schema"] == 2 and d["command"] == "run" and d["dry_run"] is False and d["mock_faults"] is None
assert d["command_line"][-4:] == ["--seconds", "0.01", "--events", "cbo0/CLOCKTICKS/"]
assert d["folder"] == sys.argv[1].split("/")[-2]
' "$WORK/$json" && pass host/results_machine_in_json || fail host/results_machine_in_json "$(head -c 600 "$WORK/$json")"

# --- no SMBIOS: unavailable with the reason, the host name names the folder ---
UPMON_HOST_DMI_DIR=$WORK/nodmi run nosm "${M[@]}" --out lab2 info
expect nosm host/results_machine_unavailable 0 '^identity: machine: unavailable \(.*/nodmi/smbios_entry_point: no SMBIOS tables exposed\)$'
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["command"] == "info" and d["machine"]["available"] is False and "nodmi" in d["machine"]["reason"]' \
	"$(last_run "$WORK/lab2")/results.json" && pass host/results_info_files_identity || fail host/results_info_files_identity "no results.json from info"
case "$(last_run "$WORK/lab2")" in
*-"$(hostname | tr -c 'A-Za-z0-9._\n-' _)"-info) pass host/results_folder_named_by_host ;;
*) fail host/results_folder_named_by_host "$(last_run "$WORK/lab2")" ;;
esac

# --- a usage error writes nothing; a run that touched a register keeps its folder ---
# (Usage errors were 51 of 89 runs.csv rows in a lab's first hour.) lab holds two runs.
cp "$WORK/lab/runs.csv" "$WORK/runs.before"
ls "$WORK/lab" >"$WORK/lab.before"
printf 'speed = fast\n' >"$WORK/bad.cfg"
run early --config bad.cfg --out lab info
run bogus "${M[@]}" --out lab run --events bogus
run typo --out lab --bogus
run badbackend --out lab check --backend mokc
run novalue --out lab selftest --trace
run lst "${M[@]}" --out lab list events cas
run hlp --out lab help
run ver --out lab version
if [ "$(rc early)$(rc bogus)$(rc typo)$(rc badbackend)$(rc novalue)" = 44444 ] && [ "$(rc lst)$(rc hlp)$(rc ver)" = 000 ] &&
	cmp -s "$WORK/runs.before" "$WORK/lab/runs.csv" && [ "$(ls "$WORK/lab")" = "$(cat "$WORK/lab.before")" ]; then
	pass host/results_usage_error_help_list_write_nothing
else
	fail host/results_usage_error_help_list_write_nothing "status $(rc early)$(rc bogus)$(rc typo)$(rc badbackend)$(rc novalue) $(rc lst)$(rc hlp)$(rc ver); $(ls "$WORK/lab" | tr '\n' ' ')"
fi
grep -q "^upmon: error: bad.cfg:1: unknown key 'speed'" "$WORK/early.out" && [ "$(wc -l <"$WORK/bogus.out")" = 1 ] &&
	pass host/results_usage_error_said_on_console || fail host/results_usage_error_said_on_console "$(cat "$WORK/early.out" "$WORK/bogus.out")"
# Nothing at all: not even the --out folder a first run would make.
run fresh "${M[@]}" --out lab8 run --events bogus
[ "$(rc fresh)" = 4 ] && [ ! -e "$WORK/lab8" ] && pass host/results_usage_error_makes_no_out_folder ||
	fail host/results_usage_error_makes_no_out_folder "$(ls -R "$WORK/lab8" 2>&1 | head -3)"
# A check on the mock keeps its folder and its line.
run chk "${M[@]}" --out lab8 check --quick
d8=$(last_run "$WORK/lab8")
[ "$(rc chk)" = 0 ] && tail -1 "$WORK/lab8/runs.csv" | grep -qE ',check,PASS,0,[0-9]{8}-[0-9]{6}-[^,]+-check,mock,no$' &&
	[ -f "$d8/results.json" ] && [ -f "$d8/upmon.log" ] && pass host/results_check_keeps_folder_and_line ||
	fail host/results_check_keeps_folder_and_line "status $(rc chk); $(cat "$WORK/lab8/runs.csv" 2>&1)"
# Refused (exit 4) after touching registers: the run began, so it keeps its folder, its log
# (identity, what it found, the error) and its line. Here the ECAM window is refused on
# the way, and the filter behind it can then not be reached.
run late --backend mock:badecam --platform snbep --out lab3 run --events qpi/CTO_COUNT,match0=0x1c00/
d=$(last_run "$WORK/lab3")
late_log() {
	python3 - "$d/upmon.log" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
assert re.match(r"^identity: upmon \S+ \(revision \S+\) on host, started", lines[0]), lines[0]
assert any(l.startswith("identity: processor: GenuineIntel 06_2DH") for l in lines), lines
assert any(l.startswith("pci: the ECAM window") for l in lines), lines
assert any(l.startswith("upmon: error: run: qpi/CTO_COUNT,match0=0x1c00/: match0 is at config offset") for l in lines), lines
PY
}
if [ "$(rc late)" = 4 ] && tail -1 "$WORK/lab3/runs.csv" | grep -qE ',run,,4,[0-9]{8}-[0-9]{6}-[^,]+-run,mock,no$' && late_log; then
	pass host/results_refused_after_registers_keeps_folder_and_line
else
	fail host/results_refused_after_registers_keeps_folder_and_line "status $(rc late); $(cat "$WORK/lab3/runs.csv" 2>&1)"
fi

# A configuration changes what is counted and how it is judged: the files that carry the
# run's identity name it (counters.csv's rows name the run folder whose files these are).
printf 'check.memory_tolerance = 5%%\n' >"$WORK/good.cfg"
run cfg "${M[@]}" --config good.cfg --out lab7 run --seconds 0.01 --events ubox/UCLK/
d7=$(last_run "$WORK/lab7")
if grep -qx 'identity: configuration: good.cfg' "$d7/upmon.log" &&
	python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["configuration"]["path"] == "good.cfg"' "$d7/results.json" &&
	grep -qF '<tr><th>configuration</th><td>good.cfg</td></tr>' "$d7/report.html"; then
	pass host/results_configuration_in_log_json_and_report
else
	fail host/results_configuration_in_log_json_and_report "$(grep configuration "$d7/upmon.log")"
fi

# A processor upmon has no tables for refuses the command (exit 4) before any register,
# but that is the machine's answer, not a usage error: the lab keeps its record of the
# machine it booted on. A recording whose CPUID says model 0x3a (a Core i7-3770) stands
# for that machine.
run rec "${M[@]}" --trace rec.tsv --out lab9 info
sed 's/^# cpuid\t0x1\t0x0\t0x206d7\t/# cpuid\t0x1\t0x0\t0x306a9\t/' "$WORK/rec.tsv" >"$WORK/ivb.tsv"
run unknown --backend replay:ivb.tsv --out lab9 check --quick
d9=$(last_run "$WORK/lab9")
if [ "$(rc unknown)" = 4 ] && tail -1 "$WORK/lab9/runs.csv" | grep -qE ',check,,4,[0-9]{8}-[0-9]{6}-[^,]+-check,replay,no$' &&
	grep -q '^upmon: error: check: this processor is not one upmon knows: found GenuineIntel family 6 model 0x3a' "$d9/upmon.log"; then
	pass host/results_unknown_processor_keeps_folder_and_line
else
	fail host/results_unknown_processor_keeps_folder_and_line "status $(rc unknown); $(tail -1 "$WORK/lab9/runs.csv" 2>&1) $(head -c 200 "$WORK/unknown.out")"
fi

# An index from before the backend columns gets today's header, its rows as they were,
# and this run's row with its backend.
mkdir -p "$WORK/lab6"
printf 'start,serial,command,verdict,exit_status,folder\n2026-01-01T00:00:00Z,SN1,check,PASS,0,20260101-000000-SN1-check\n' >"$WORK/lab6/runs.csv"
run upgrade "${M[@]}" --out lab6 info
if [ "$(rc upgrade)" = 0 ] && [ "$(sed -n 1p "$WORK/lab6/runs.csv")" = start,serial,command,verdict,exit_status,folder,backend,dry_run ] &&
	[ "$(sed -n 2p "$WORK/lab6/runs.csv")" = 2026-01-01T00:00:00Z,SN1,check,PASS,0,20260101-000000-SN1-check ] &&
	sed -n 3p "$WORK/lab6/runs.csv" | grep -qE ',info,,0,[^,]+-info,mock,no$' && [ "$(wc -l <"$WORK/lab6/runs.csv")" = 3 ]; then
	pass host/results_runs_csv_old_header_upgraded
else
	fail host/results_runs_csv_old_header_upgraded "$(tr '\n' '|' <"$WORK/lab6/runs.csv")"
fi

# --- dry runs and injected faults: first lines, results.json, counters.csv ---
# (No counter runs in a dry run: every clock stands still, the injected stuck one too, so
# each count is marked dry-run, in one line; no finding, exit status 0.)
run drym "${M[@]}" --dry-run --out lab4m run --seconds 0.01 --metrics UNCORE_FREQ
expect drym host/results_dry_run_metric_says_why 0 '^ +0  UNCORE_FREQ +not reported  none counted \(dry-run\)$'
run dry "${M[@]}" --backend mock:s1.stuck=ubox0.fixed --dry-run --out lab4 run --seconds 0.01 --events ubox/UCLK/
expect dry host/results_dry_run_and_faults_said_first 0 \
	'^identity: MOCK FAULTS INJECTED: s1\.stuck=ubox0\.fixed$' '^identity: DRY RUN: ' \
	'^upmon: dry run: no counter ran, so 2 counts are marked dry-run$'
d=$(last_run "$WORK/lab4")
if ! grep -q 'warning' "$WORK/dry.out" && [ "$(grep -cE ',UCLK,.*,dry-run,[^,]*,(yes|no)$' "$d/counters.csv")" = 2 ] &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=[x for p in d["passes"] for x in p["counters"]]; assert c and all(x["status"] == "dry-run" for x in c)' "$d/results.json"; then
	pass host/results_dry_run_counts_marked_once
else
	fail host/results_dry_run_counts_marked_once "$(grep -E 'warning|dry run' "$WORK/dry.out" | head -3)"
fi
# What a dry run's reads found still stands: an absent box is a finding (exit 1), the
# other boxes' counts are dry-run.
run dryabs "${M[@]}" --backend mock:absent=cbo3 --dry-run --out lab4b run --seconds 0.01 --per-box --events cbo/CLOCKTICKS/
expect dryabs host/results_dry_run_keeps_read_findings 1 \
	'^upmon: warning: socket 0 cbo3 pass 0 CLOCKTICKS: box-absent: ' '^ +0 cbo2 +0 ctr[0-3] +CLOCKTICKS +dry-run$' \
	'^ +0 cbo3 +0 ctr[0-3] +CLOCKTICKS +box-absent$'

# The marks once in the "# " lines of counters.csv: every row's backend and dry_run now,
# the whole of them in upmon.log and results.json.
if joined "$WORK/dry.out" | head -2 | grep -q '^identity: DRY RUN' &&
	grep -qx 'identity: MOCK FAULTS INJECTED: s1.stuck=ubox0.fixed' "$d/upmon.log" && grep -q '^identity: DRY RUN: ' "$d/upmon.log" &&
	[ "$(tail -n +2 "$d/counters.csv" | grep -c '^[^,]*,mock,yes,')" = 2 ] && ! grep -q '^#' "$d/counters.csv" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["dry_run"] is True and d["mock_faults"] == "s1.stuck=ubox0.fixed"' "$d/results.json" &&
	tail -1 "$WORK/lab4/runs.csv" | grep -qE ',mock,yes$' &&
	grep -qF '<b>MOCK BACKEND</b>, faults injected: s1.stuck=ubox0.fixed, <b>DRY RUN</b>' "$d/report.html"; then
	pass host/results_dry_run_and_faults_in_files
else
	fail host/results_dry_run_and_faults_in_files "$(head -3 "$d/counters.csv" 2>&1)"
fi

# --- two specs that differ only in a filter print differently everywhere ---
run filt "${M[@]}" --out lab5 run --seconds 0.01 --per-box \
	--events 'cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1e/'
expect filt host/results_filters_apart_on_console 0 \
	'^ +0 cbo0 +[01] ctr[0-3] +LLC_LOOKUP\.DATA_READ,filter_state=0x1f +[0-9,]+$' \
	'^ +0 cbo0 +[01] ctr[0-3] +LLC_LOOKUP\.DATA_READ,filter_state=0x1e +[0-9,]+$'
d=$(last_run "$WORK/lab5")
if [ "$(csv_rows "$d/counters.csv" | grep -c '^0,cbo,0,ctr[0-3],[01],"LLC_LOOKUP.DATA_READ,filter_state=0x1f",0x34,0x3,')" = 1 ] &&
	[ "$(csv_rows "$d/counters.csv" | grep -c '^0,cbo,0,ctr[0-3],[01],"LLC_LOOKUP.DATA_READ,filter_state=0x1e",0x34,0x3,')" = 1 ]; then
	pass host/results_filters_apart_in_counters_csv
else
	fail host/results_filters_apart_in_counters_csv "$(grep LLC "$d/counters.csv")"
fi

# --- counters.csv and verdicts.csv as a CSV reader takes them (RFC 4180) ---
# csv_table TEST FILE BACKEND DRY_RUN COLUMNS [PYTHON]: python3's csv.DictReader takes the
# first row as the header: run, backend, dry_run, then COLUMNS; each row names the run's
# folder, BACKEND and DRY_RUN, and has every column (no field split by a comma inside it).
# PYTHON, when given, checks the rows further (rows).
csv_table() {
	local why
	if why=$(python3 - "$2" "$3" "$4" "$5" "${6:-}" <<'PY' 2>&1
import csv, os, sys
path, backend, dry, cols, more = sys.argv[1:6]
with open(path, newline="") as f:
    rows = list(csv.DictReader(f))
assert rows, "no rows"
assert list(rows[0].keys()) == ["run", "backend", "dry_run"] + cols.split(","), list(rows[0].keys())
folder = os.path.basename(os.path.dirname(path))
for r in rows:
    assert None not in r and None not in r.values(), r
    assert (r["run"], r["backend"], r["dry_run"]) == (folder, backend, dry), (r["run"], r["backend"], r["dry_run"], folder)
exec(more)
PY
	); then
		pass "$1"
	else
		fail "$1" "$(echo "$why" | tail -1)"
	fi
}
COUNTERS=socket,box,instance,counter,pass,event,code,umask,raw,delta,status,spec,for_metrics
VERDICTS=socket,box,instance,check,result,reason,measured,expected,low,high,tolerance,unit,register,address,value,written,pass
csv_table host/results_counters_csv_header_first "$WORK/$(last_run lab5)/counters.csv" mock no "$COUNTERS" \
	'assert sorted(r["event"] for r in rows if r["socket"] == "0") == ["LLC_LOOKUP.DATA_READ,filter_state=0x1e", "LLC_LOOKUP.DATA_READ,filter_state=0x1f"], rows'
csv_table host/results_counters_csv_dry_run_in_each_row "$WORK/$(last_run lab4)/counters.csv" mock yes "$COUNTERS" \
	'assert [r["status"] for r in rows] == ["dry-run", "dry-run"], rows'
run st "${M[@]}" --out lab8 selftest
csv_table host/results_verdicts_csv_header_first "$WORK/$(last_run lab8)/verdicts.csv" mock no "$VERDICTS" \
	'assert any(r["check"] == "presence" and r["reason"] == "present and working" for r in rows), rows[0]'
run kern "${M[@]}" --out lab9 run --kernel read --threads 1 --size 1M --events imc/CAS_COUNT.RD/
csv_table host/results_kernel_counters_csv_header_first "$WORK/$(last_run lab9)/counters.csv" mock no \
	"kernel,socket,box,instance,counter,pass,event,code,umask,raw,delta,baseline,net,status,spec,for_metrics" \
	'assert {r["kernel"] for r in rows} == {"read"}, rows[0]'
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = [c for p in d["passes"] for c in p["counters"] if c["socket"] == 0]
f = sorted((x["spec"], x["label"], x["filters"]["filter_state"]) for x in c)
assert f == [("cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1e/", "LLC_LOOKUP.DATA_READ,filter_state=0x1e", "0x1e"),
             ("cbo0/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", "LLC_LOOKUP.DATA_READ,filter_state=0x1f", "0x1f")], f
' "$d/results.json" && pass host/results_filters_apart_in_json || fail host/results_filters_apart_in_json "$(grep -o '"spec[^}]*' "$d/results.json" | head -4)"

# --- the schema refuses what it should (so that validating means something) ---
# Each wrong document alone, and the validator must name the rule it broke (not merely
# fail, as it would on a file that was never written).
refuses() { # refuses TEST PYTHON-MUTATION EXPECTED-MESSAGE
	rm -f "$WORK/broken.json"
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); $2
json.dump(d, open(sys.argv[2], 'w'))
" "$d/results.json" "$WORK/broken.json"
	local out status
	out=$(python3 tools/validate_results.py "$WORK/broken.json")
	status=$?
	if [ -s "$WORK/broken.json" ] && [ "$status" -ne 0 ] && echo "$out" | grep -qF -- "$3"; then
		pass "$1"
	else
		fail "$1" "status $status: $out"
	fi
}
refuses host/results_schema_refuses_another_schema 'd["schema"] = 3' "schema: 2 was expected"
refuses host/results_schema_refuses_missing_machine 'del d["machine"]' "'machine' is a required property"
rm -f "$WORK/broken.json"
