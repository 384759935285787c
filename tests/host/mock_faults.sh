#!/usr/bin/env bash
# Box-level mock faults from the command line (syntax: platform/mock/mock.h).
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

run bad --backend mock:stuck=cbo9.ctr0 --platform snbep info
expect bad host/mock_fault_unknown_instance 4 '^upmon: error: mock fault: stuck=cbo9.ctr0: socket 0 has cbo0\.\.cbo7: name one of those$'
if [ "$(rc bad)" = 4 ] && [ "$(wc -l <"$WORK/bad.out")" = 1 ]; then
	pass host/mock_fault_error_one_line
else
	fail host/mock_fault_error_one_line "$(out bad)"
fi

run misspelt --backend mock:s0.stuk=cbo3.ctr0 --platform snbep info
expect misspelt host/mock_fault_misspelt_names_closest 4 \
	"^upmon: error: mock fault: unknown fault 'stuk' \\(closest: stuck; known: gp .* linkrate\\): use one of those \\(see 'upmon help'\\)\$"

# A word alone that is no fault: the closest fault and every one, as for NAME=VALUE.
run noecma --backend mock:noecma --platform snbep info
expect noecma host/mock_fault_flag_misspelt_names_closest 4 \
	"^upmon: error: mock fault: unknown fault 'noecma' \\(closest: noecam; known: gp .* linkrate\\): use one of those \\(see 'upmon help'\\)\$"
run foo --backend mock:foo --platform snbep info
expect foo host/mock_fault_unknown_word_lists_faults 4 \
	"^upmon: error: mock fault: unknown fault 'foo' \\(known: gp .* noecam badecam interleave .* linkrate\\): use one of those \\(see 'upmon help'\\)\$"
run novalue --backend mock:stuck --platform snbep info
expect novalue host/mock_fault_name_without_value 4 "^upmon: error: mock fault: stuck needs a value: write stuck=VALUE \\(see 'upmon help'\\)\$"

run nochan --backend mock:s0.stuck=imc7.ctr0 --platform snbep info
expect nochan host/mock_fault_missing_box_names_instances 4 \
	'^upmon: error: mock fault: s0.stuck=imc7.ctr0: socket 0 has imc0\.\.imc3: name one of those$'

# The advice names only what the box has: a CBo has no fixed counter.
run nofixed --backend mock:stuck=cbo3.fixed --platform snbep info
expect nofixed host/mock_fault_no_fixed_advice_valid 4 \
	'^upmon: error: mock fault: stuck=cbo3.fixed: cbo3 has ctr0\.\.ctr3, no fixed counter \(use cbo3\.ctr0\.\.cbo3\.ctr3\)$'

run bit --backend mock:stuckbit=cbo3.ctl0:17 --platform snbep info
expect bit host/mock_fault_bad_bit 4 'bit 17 of cbo3\.ctl0 is not a read-write bit \(read-write: 0-15,18-19,22-31\)$'

run stuck --backend mock:s1.stuck=ubox0.fixed --platform snbep run --seconds 0.01 --per-box --events 'ubox/UCLK/'
# A clock that did not move cannot be vouched for: its row says so, the console warns,
# exit status 1 (WARN).
expect stuck host/mock_fault_stuck_fixed_run 1 \
	'^ +0 ubox0 +0 fixed +UCLK +[1-9][0-9,]*\.[0-9] MHz$' \
	'^ +1 ubox0 +0 fixed +UCLK +stuck$' \
	'^upmon: warning: socket 1 ubox0 pass 0 UCLK: stuck: ' \
	'^upmon: warning: run: 1 count cannot be trusted'
# Read (raw is a reading), but no count: delta is empty, not 0.
if csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" 2>/dev/null | grep -qE '^1,ubox,0,fixed,0,UCLK,fixed,,[0-9]+,,stuck,.*$'; then
	pass host/mock_fault_stuck_fixed_csv_status
else
	fail host/mock_fault_stuck_fixed_csv_status "$(cat "$(last_run "$WORK/upmon-results")/counters.csv" 2>&1 | head -5)"
fi

# A counter that reads all ones (a dead iMC channel answering its IDs) is no count.
run dead --backend mock:dead=imc1 --platform snbep run --seconds 0.01 --per-box --events 'imc/CAS_COUNT.RD/'
expect dead host/run_flags_all_ones_counter 1 \
	'^ +0 imc1 +0 ctr0 +CAS_COUNT\.RD +all-ones$' \
	'^ +0 imc0 +0 ctr0 +CAS_COUNT\.RD +[0-9,]+$' \
	'^upmon: warning: socket 0 imc1 pass 0 CAS_COUNT\.RD: all-ones: '

# A box that does not answer: each of its rows says box-absent, the run warns.
run gone --backend mock:absent=imc2 --platform snbep run --seconds 0.01 --events 'imc/CAS_COUNT.RD/'
expect gone host/run_flags_absent_box 1 \
	'^upmon: warning: socket 0 imc2 pass 0 CAS_COUNT\.RD: box-absent: .*7f:10\.4 does not answer' \
	'^upmon: warning: run: 1 count cannot be trusted'
# Never read: raw and delta are empty (null in results.json), not 0.
absent_json() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF'
import json, sys
cs = [c for p in json.load(open(sys.argv[1]))["passes"] for c in p["counters"]]
gone = [c for c in cs if c["box"] == "imc" and c["instance"] == 2 and c["socket"] == 0]
assert len(gone) == 1 and gone[0]["status"] == "box-absent", gone
assert gone[0]["raw"] is None and gone[0]["delta"] is None, gone
assert all(isinstance(c["raw"], int) and isinstance(c["delta"], int) for c in cs if c["status"] == "ok"), cs
EOF
}
absent_json && pass host/run_absent_box_json_no_number || fail host/run_absent_box_json_no_number "results.json"
if csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" 2>/dev/null | grep -qE '^0,imc,2,ctr0,0,CAS_COUNT\.RD,0x4,0x3,,,box-absent,.*$'; then
	pass host/run_absent_box_csv_status
else
	fail host/run_absent_box_csv_status "$(csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" 2>&1 | grep '^0,imc,2')"
fi
# One cause, one line: the absent box under the user's spec, which a metric reads too
# (one count: each is counted once per run).
run gone2 --backend mock:absent=imc2 --platform snbep run --seconds 0.01 --events 'imc/CAS_COUNT.RD/' --metrics MEM_BW_READS
[ "$(grep -c '^upmon: warning: socket 0 imc2 ' "$WORK/gone2.out")" = 1 ] &&
	grep -q '^upmon: warning: run: 1 count cannot be trusted' "$WORK/gone2.out" &&
	pass host/run_absent_box_warned_once || fail host/run_absent_box_warned_once "$(grep warning "$WORK/gone2.out" | head -3)"

# The fault language is the mock's own page (the overview names it only).
run help help mock
expect help host/help_lists_box_faults 0 '^  stuck=BOXn\.ctrN ' '^  stuck=BOXn\.fixed ' '^  skew=cboN:F '

# Diagnostics go where a Linux program's go: on the host the warning and error lines are on
# stderr and nothing else is; the identity and the table stay on stdout.
(cd "$WORK" && "$OLDPWD/$UPMON" --backend mock:absent=imc2 --platform snbep run --seconds 0.01 \
	--events 'imc/CAS_COUNT.RD/' >streams.stdout 2>streams.stderr)
(cd "$WORK" && "$OLDPWD/$UPMON" --backend mock --platform snbep run --events 'imc/NO_SUCH/' \
	>streams_err.stdout 2>streams_err.stderr)
if grep -q '^upmon: warning: socket 0 imc2 pass 0 CAS_COUNT\.RD: box-absent: ' "$WORK/streams.stderr" &&
	grep -q '^upmon: warning: run: 1 count cannot be trusted' "$WORK/streams.stderr" &&
	! grep -v '^upmon: warning: ' "$WORK/streams.stderr" | grep -q . &&
	! grep -q 'upmon: warning' "$WORK/streams.stdout" &&
	grep -q '^identity: upmon 0\.1\.0 ' "$WORK/streams.stdout" &&
	grep -qE '^ +1 +4 imc +CAS_COUNT\.RD +[0-9,]+$' "$WORK/streams.stdout" &&
	grep -q '^upmon: error: ' "$WORK/streams_err.stderr" &&
	! grep -v '^upmon: error: ' "$WORK/streams_err.stderr" | grep -q . &&
	! grep -q 'upmon: error' "$WORK/streams_err.stdout"; then
	pass host/warnings_and_errors_on_stderr
else
	fail host/warnings_and_errors_on_stderr "stdout: $(head -c 200 "$WORK/streams.stdout") stderr: $(head -c 300 "$WORK/streams.stderr") / $(head -c 200 "$WORK/streams_err.stderr")"
fi
