#!/usr/bin/env bash
# `check` and `selftest` under abort, restore faults and silent sockets, at command level
# (issue 9; core/check/check_safety.c): exit status, the console's last line, and results.json's
# "aborted", "sockets_skipped", "unrestored" read exactly as `run`'s are.
# Knobs: core/host/os_host.h (UPMON_HOST_*). CBo 0 counter control 0 is MSR 0xD10
# (327043-001 table 2-8).
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

M=(--backend mock --platform snbep)

# json FILE PYTHON-ASSERTIONS: results.json as `d`.
json() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $2" "$WORK/$1" 2>/dev/null
}
last_line() { tail -n 1 "$WORK/$1.out"; }
safety_keys='assert isinstance(d["aborted"], bool) and isinstance(d["sockets_skipped"], list) and isinstance(d["unrestored"], list); '

# --- ESC/Ctrl-C ---
# The first poll (before the self-test) reports ESC: nothing runs, the results say so.
rm -rf "$WORK/upmon-results"
UPMON_HOST_ABORT_AFTER=1 run ab1 "${M[@]}" check --quick
expect ab1 host/check_abort_status_and_line 5 \
	'^upmon: error: check: aborted \(ESC or Ctrl-C\) before the self-test: registers restored'
[ "$(last_line ab1)" = "upmon: INCOMPLETE" ] && pass host/check_abort_last_line ||
	fail host/check_abort_last_line "last line: $(last_line ab1)"
json "$(last_run upmon-results)/results.json" "$safety_keys"'assert d["aborted"] is True and d["unrestored"] == [] and d["sockets_skipped"] == [] and d["verdict"] == "INCOMPLETE"' &&
	pass host/check_abort_results_marked || fail host/check_abort_results_marked "results.json"

# ESC during the idle baseline: the kernel before it is judged, but its reason does not
# claim a baseline was taken off that was never counted.
UPMON_HOST_ABORT_AFTER=25 run abbase "${M[@]}" check --quick
expect abbase host/check_abort_in_baseline 5 '^check: idle baseline: aborted \(ESC or Ctrl-C\)'
if csv_rows "$WORK/$(last_run upmon-results)/verdicts.csv" |
	grep -q '^0,imc,,memory.read,PASS,"4.00 MiB counted (reads x 64 B, no idle baseline removed: it was not counted) vs '; then
	pass host/check_abort_in_baseline_not_claimed_removed
else
	fail host/check_abort_in_baseline_not_claimed_removed "$(grep memory.read "$WORK/$(last_run upmon-results)/verdicts.csv")"
fi

UPMON_HOST_ABORT_AFTER=1 run sab "${M[@]}" selftest
expect sab host/selftest_abort_status 5 '^upmon: error: selftest: aborted \(ESC or Ctrl-C\)' '^upmon: INCOMPLETE$'
json "$(last_run upmon-results)/results.json" 'assert d["command"] == "selftest" and d["aborted"] is True' &&
	pass host/selftest_abort_results_marked || fail host/selftest_abort_results_marked "results.json"

# A real Ctrl-C (SIGINT) while the full-size read kernel runs (seconds long): it stops
# between passes, no further kernel starts, the PMU is put back (the trace's last write
# to each MSR is the value its first read found; never read, as the write-only box
# controls, its reset value 0; MSR 0x8b is the microcode-revision read, not the PMU), exit 5.
rm -rf "$WORK/upmon-results"
(cd "$WORK" && exec "$OLDPWD/$UPMON" "${M[@]}" --trace t.tsv check >sigint.out 2>&1) &
pid=$!
for _ in $(seq 1 600); do
	grep -q '^check: kernel read: ' "$WORK/sigint.out" 2>/dev/null && break
	sleep 0.1
done
kill -INT $pid 2>/dev/null
wait $pid
echo $? >"$WORK/sigint.rc"
expect sigint host/check_ctrl_c_aborts 5 '^upmon: error: check: aborted \(ESC or Ctrl-C\) during kernel read' \
	'^INCOMPLETE socket 0 kernel +ntwrite +not run: aborted'
[ "$(last_line sigint)" = "upmon: INCOMPLETE" ] && pass host/check_ctrl_c_last_line ||
	fail host/check_ctrl_c_last_line "last line: $(last_line sigint)"
json "$(last_run upmon-results)/results.json" 'assert d["aborted"] is True and d["unrestored"] == [] and not [v for v in d["verdicts"] if v["result"] == "FAIL"]' &&
	pass host/check_ctrl_c_results || fail host/check_ctrl_c_results "results.json"
first_last=$(awk -F'\t' '$5 == "msr" && $6 != "0x8b" {
		k = $3 " " $6; if ($4 == "R" && !(k in found)) found[k] = $7; if ($4 == "W") { last[k] = $7; n++ } }
	END { for (k in last) if (last[k] != (k in found ? found[k] : "0x0")) { print k, last[k]; bad = 1 }
		exit bad || n < 10 }' "$WORK/t.tsv")
[ $? = 0 ] && pass host/check_ctrl_c_restores_every_msr ||
	fail host/check_ctrl_c_restores_every_msr "left programmed: $(echo "$first_last" | head -3)"

# --- a register that cannot be put back ---
rm -rf "$WORK/upmon-results"
run gpw "${M[@]}" --backend mock:gpw=0xD10@run check --quick
expect gpw host/check_restore_fault_is_loud 2 \
	'^upmon: error: NOT RESTORED: socket 0 cbo0 msr 0xd10 \(EFAULT\): it should hold 0x0$' \
	'^upmon: error: NOT RESTORED: socket 0 cbo0 msr 0xd16 \(written back, but its control 0xd10 was not \(EFAULT\): it may count on\): it should hold 0x0$' \
	'^FAIL socket 0 pmu +restore +2 registers NOT RESTORED: cbo0 msr$' \
	'^ +0xd10 \(EFAULT after the self-test\), cbo0 msr 0xd16 \(counts on behind 0xd10,$' '^upmon: FAIL$'
cp "$(last_run "$WORK/upmon-results")/results.json" "$WORK/check-gpw.json"
# The same fault under `run`: a parser reads both lists alike.
run rgpw "${M[@]}" --backend mock:gpw=0xD10@2 run --seconds 0.05 --events cbo0/CLOCKTICKS/
python3 - "$WORK/check-gpw.json" "$(last_run "$WORK/upmon-results")/results.json" <<'EOF' && pass host/check_unrestored_reads_as_run ||
import json, sys
c, r = (json.load(open(p)) for p in sys.argv[1:3])
assert c["aborted"] is False and r["aborted"] is False
assert c["sockets_skipped"] == r["sockets_skipped"] == []
assert c["unrestored"] == r["unrestored"] == [{"socket": 0, "where": "cbo0", "space": "msr", "address": "0xd10", "expected": "0x0", "error": "EFAULT"},
                                              {"socket": 0, "where": "cbo0", "space": "msr", "address": "0xd16", "expected": "0x0", "error": "EFAULT", "counts_on": "0xd10"}]
EOF
	fail host/check_unrestored_reads_as_run "unrestored lists differ"

# --- a socket whose processor does not answer ---
rm -rf "$WORK/upmon-results"
UPMON_HOST_HANG=1 run hang "${M[@]}" check --quick
expect hang host/check_silent_socket_incomplete 3 \
	"^INCOMPLETE socket 1 socket +processor +socket 1's processor did not answer within the timeout" '^upmon: INCOMPLETE$'
json "$(last_run upmon-results)/results.json" 'assert d["sockets_skipped"] == [1] and d["aborted"] is False and d["unrestored"] == []' &&
	pass host/check_silent_socket_in_results || fail host/check_silent_socket_in_results "no sockets_skipped [1]"
# Lost in the self-test, the socket is not asked again: the kernels run on the others and
# their sockets are judged; only the two-socket kernels, which need it, are not run.
expect_not hang host/check_silent_socket_asked_once 3 '^check: kernel [a-z-]+: socket 1: its processor did not answer' \
	'^INCOMPLETE socket 0 ' '^FAIL '
expect hang host/check_silent_socket_others_judged 3 '^summary: +0 imc +[0-9]+ +[0-9]+ +0 +0 +0 +[0-9]+ +PASS$' \
	'^INCOMPLETE socket 1 kernel   read-remote        not run: it needs socket 1,$'
