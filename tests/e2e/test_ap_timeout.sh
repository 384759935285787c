#!/bin/bash
# A processor that does not answer MP services in time, under real firmware: socket 1's
# processor spins 3 s in its first register access (mock fault s1.stall=3000), past the
# 1 s StartupThisAP timeout. upmon reports the socket, skips it, finishes with socket 0
# and ends INCOMPLETE (3); it never hangs. Then the same fault under `check`.
source "$(dirname "$0")/common.bash"
T=ap_timeout
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock:s1.stall=3000 --platform snbep \
	run --per-box --seconds 0.2 --events cbo0/CLOCKTICKS/,cbo1/CLOCKTICKS/
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.finished "no exit status: hung or crashed (qemu-run status $E2E_RC)" log_has '^upmon exit status '
check $T.incomplete "exit status $E2E_RC, expected 3" [ "$E2E_RC" = 3 ]
check $T.reported "socket 1 not reported" \
	log_has '^upmon: error: run: socket 1: its processor did not answer within the timeout \(EFAULT\): socket skipped'
check $T.others_go_on "socket 0 not counted" log_has '^ +0 cbo1 +0 ctr0 +CLOCKTICKS +[1-9][0-9,]*\.[0-9] MHz'
check $T.socket1_marked "socket 1's boxes not marked" log_has "^socket 1 cbo0: fault: socket 1's processor did not answer"
skipped() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["sockets_skipped"] == [1] and d["unrestored"] == []'
}
check $T.results "results.json lacks sockets_skipped [1]" skipped
check $T.no_exception "firmware exception dump on the console" no_exception

# The same under `check`: socket 1's processor times out in the self-test's register
# tests; the check goes on, says so, lists the socket in results.json as `run` does, and
# ends INCOMPLETE (3), not FAIL.
e2e_shell_script "$E2E_OUT/$T-check.nsh" -- --backend mock:s1.stall=3000 --platform snbep check --quick
img=$(e2e_image $T-check --shell-only "$E2E_OUT/$T-check.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.check_incomplete "check: exit status $E2E_RC, expected 3" [ "$E2E_RC" = 3 ]
check $T.check_reported "socket 1 not reported" \
	log_said_has "^INCOMPLETE socket 1 socket +processor +socket 1's processor did not answer within the timeout"
check $T.check_last_line "no 'upmon: INCOMPLETE' line" log_has '^upmon: INCOMPLETE'
check_skipped() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["command"] == "check" and d["verdict"] == "INCOMPLETE"
assert d["sockets_skipped"] == [1] and d["unrestored"] == [] and d["aborted"] is False
assert not [v for v in d["verdicts"] if v["result"] == "FAIL"]'
}
check $T.check_results "results.json lacks sockets_skipped [1], or a FAIL" check_skipped
check $T.check_no_exception "firmware exception dump on the console" no_exception
e2e_done
