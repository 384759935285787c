#!/bin/bash
# ESC and Ctrl-C typed on the (serial) console during a run: the real upmon.efi under
# OVMF reads them through ConIn without blocking, ends the interval, restores the PMU,
# saves the partial results marked "aborted" and exits with status 5. ESC from the
# shell (status via %lasterror%); Ctrl-C with --end qemu-exit (status via isa-debug-exit:
# the shell treats Ctrl-C as its own break and would not run the rest of the script).
# Then Ctrl-C during `check`'s kernels: no further kernel starts, `upmon: INCOMPLETE` is
# the last line, results.json is marked "aborted", status 5.
source "$(dirname "$0")/common.bash"
T=abort_console
e2e_need_efi $T
EVENTS='cbo0/CLOCKTICKS/,imc0/DCLK/'

# boot_typing IMAGE KEY [PATTERN [DELAY]]: boots, skips the shell's countdown, types KEY
# (printf format) DELAY seconds (default 1) after a console line matches PATTERN (default
# upmon's run banner); sets E2E_RC and E2E_LOG.
boot_typing() {
	local img=$1 key=$2 pattern=${3:-'^run: '} delay=${4:-1} fifo=$E2E_OUT/$T.console-in
	E2E_LOG=${img%.img}.log
	rm -f "$E2E_LOG.raw" "$fifo"
	mkfifo "$fifo"
	(
		exec >"$fifo"
		wait_for() {
			for _ in $(seq 1 $((E2E_TIMEOUT * 10))); do
				grep -q "$1" "$E2E_LOG.raw" 2>/dev/null && return 0
				sleep 0.1
			done
			return 1
		}
		wait_for 'any other key to continue' && printf ' '
		wait_for "$pattern" && sleep "$delay" && printf "$key"
		exec sleep "$E2E_TIMEOUT"
	) &
	local keyboard=$!
	UPMON_QEMU_STDIN=1 UPMON_LOG=$E2E_LOG tools/qemu-run.sh "$img" "$E2E_TIMEOUT" <"$fifo" >/dev/null 2>&1
	E2E_RC=$?
	kill $keyboard 2>/dev/null
	wait $keyboard 2>/dev/null
	rm -f "$fifo"
}

results_aborted() {
	img_cat "$1" "$(img_run "$1")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["aborted"] is True and d["unrestored"] == [] and d["sockets_skipped"] == []
c = [x for x in d["passes"][0]["counters"] if x["event"] == "CLOCKTICKS"]
assert len(c) == 2 and all(x["status"] == "ok" and x["delta"] > 0 for x in c)'
}
# The run was cut short: the interval the results record is well under the 40 s asked.
interval_short() {
	img_cat "$1" "$(img_run "$1")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert 0 < d["passes"][0]["interval_ns"] < 30e9'
}

e2e_shell_script "$E2E_OUT/$T-esc.nsh" -- --backend mock --platform snbep run --seconds 40 --events "$EVENTS"
img=$(e2e_image $T-esc --shell-only "$E2E_OUT/$T-esc.nsh") || { fail $T "image"; exit 1; }
boot_typing "$img" '\033'
check $T.esc_status "ESC: exit status $E2E_RC, expected 5" [ "$E2E_RC" = 5 ]
check $T.esc_message "no abort message" log_has '^upmon: error: run: aborted \(ESC or Ctrl-C\) in pass 0 \(of 1\): registers restored'
check $T.esc_results "results.json not marked aborted, or counts missing" results_aborted "$img"
check $T.esc_interval_cut "the interval was not cut short" interval_short "$img"
check $T.esc_no_exception "firmware exception dump on the console" no_exception

e2e_shell_script "$E2E_OUT/$T-ctrlc.nsh" -- --backend mock --platform snbep --end qemu-exit \
	run --seconds 40 --events "$EVENTS"
img=$(e2e_image $T-ctrlc --shell-only "$E2E_OUT/$T-ctrlc.nsh") || { fail $T "image"; exit 1; }
boot_typing "$img" '\003'
check $T.ctrlc_status "Ctrl-C: exit status $E2E_RC, expected 5" [ "$E2E_RC" = 5 ]
check $T.ctrlc_message "no abort message" log_has '^upmon: error: run: aborted'
check $T.ctrlc_results "results.json not marked aborted" results_aborted "$img"
check $T.ctrlc_no_exception "firmware exception dump on the console" no_exception

# `check`: Ctrl-C as soon as the kernel stage starts (the self-test takes milliseconds,
# the quick kernels under TCG about two seconds). Not ESC: on the serial console a lone
# ESC reaches upmon about two seconds late (the terminal waits for an escape sequence;
# the ESC run above ends ~3.2 s after its banner, the Ctrl-C one ~1 s), as long as the
# whole kernel stage. Wherever among the kernels it lands, the same holds.
e2e_shell_script "$E2E_OUT/$T-check.nsh" -- --backend mock --platform snbep --end qemu-exit check --quick
img=$(e2e_image $T-check --shell-only "$E2E_OUT/$T-check.nsh") || { fail $T "image"; exit 1; }
boot_typing "$img" '\003' '^check: \[2/2\]' 0
check $T.check_status "check Ctrl-C: exit status $E2E_RC, expected 5" [ "$E2E_RC" = 5 ]
check $T.check_message "no abort message" \
	log_has '^upmon: error: check: aborted \(ESC or Ctrl-C\) (during|before) (kernel [a-z-]+|the idle baseline): registers restored'
check_last_line() { [ "$(tr -d '\r' <"$E2E_LOG" | grep '^upmon' | grep -v 'exit status' | tail -1)" = "upmon: INCOMPLETE" ]; }
check $T.check_last_line "'upmon: INCOMPLETE' is not upmon's last line" check_last_line
check_results_aborted() {
	img_cat "$1" "$(img_run "$1")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["command"] == "check" and d["verdict"] == "INCOMPLETE"
assert d["aborted"] is True and d["unrestored"] == [] and d["sockets_skipped"] == []
v = d["verdicts"]
assert not [x for x in v if x["result"] == "FAIL"], "a cut kernel was judged"
assert [x for x in v if x["box"] == "check" and x["check"] == "aborted" and x["result"] == "INCOMPLETE"]
assert [x for x in v if x["check"] == "presence" and x["result"] == "PASS"], "the self-test verdicts are missing"'
}
check $T.check_results "results.json not marked aborted, or verdicts wrong" check_results_aborted "$img"
check $T.check_no_exception "firmware exception dump on the console" no_exception
e2e_done
