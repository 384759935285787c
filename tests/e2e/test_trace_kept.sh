#!/bin/bash
# On the boot medium as on the host: a trace says what it is (the run's identity under its
# first line) and an existing trace file is never overwritten. Two runs from one shell
# script name the same --trace: the first writes it, the second is refused in one line
# with exit status 4, and the file is still the first run's.
source "$(dirname "$0")/common.bash"
T=trace_kept
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock --platform snbep --trace /upmon/results/trace.tsv info
# The same command twice, the first one's status said between them.
awk '/^fs0:/ { print; print "echo \"first status %lasterror%\""; print; next } { print }' \
	"$E2E_OUT/$T.nsh" >"$E2E_OUT/$T-twice.nsh"
img=$(e2e_image $T --shell-only "$E2E_OUT/$T-twice.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"

check $T.first_run_ok "the first run's status is not 0x0" log_has '^first status 0x0$'
check $T.second_run_refused "no one-line refusal of the existing trace" \
	log_said_has '^upmon: error: --trace /upmon/results/trace\.tsv: that file exists and upmon overwrites nothing; name a new file, or move the old one away; nothing was touched$'
check $T.second_run_status "the second run's status is not 0x4" log_has '^upmon exit status 0x4$'
trace=$(img_cat "$img" /upmon/results/trace.tsv | tr -d '\r')
first=$(img_runs "$img" | sort | head -1)
check $T.trace_header "the trace does not open with upmon's version, revision and backend" \
	grep -qE '^# upmon trace: upmon 0\.1\.0 \(revision [^)]+\), uefi, backend mock$' <<<"$(echo "$trace" | head -1)"
check $T.trace_is_the_first_runs "the trace does not name the first run's folder ($first)" \
	grep -qE "^# upmon 0\\.1\\.0 \\(revision [^)]+\\) on uefi, started [0-9T:+-]+Z?, folder $first\$" <<<"$trace"
check $T.trace_command_line "the trace lacks the command line" \
	grep -qF '# command line: FS0:\upmon.efi --backend mock --platform snbep --trace /upmon/results/trace.tsv info' <<<"$trace"
check $T.trace_machine "the trace's machine line is not the console's (an empty serial is 'none')" \
	grep -qxF '# machine: QEMU Standard PC (Q35 + ICH9, 2009), serial none' <<<"$trace"
check $T.trace_records "the trace has no access records" grep -qE $'^[0-9]+\t[0-9]+\t[0-9]+\tR\tpci\t' <<<"$trace"
check $T.no_exception "firmware exception" no_exception
e2e_done
