#!/bin/bash
# The real upmon.efi under OVMF against the mocked Sapphire Rapids: the uncore discovery
# tables are found through the backend before the session, CHA 0 is programmed at the
# registers its record names (unit control 0x2000, counter control 0x2002, counter
# 0x2008), the IMC's read CAS count is a number, and the broken third UPI entry is one
# warning naming it (boxes/spr/quirks.c), with no firmware exception. In the same boot,
# the quick health check passes with every unit type the mock places self-tested (on one
# socket: tests/host/spr_check.sh checks two), and its verdicts.csv on the image says so too.
source "$(dirname "$0")/common.bash"
T=mock_spr
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T-run.nsh" -- --backend mock --platform spr --trace /upmon/results/trace.tsv \
	run --seconds 0.2 --events 'cha0/CLOCKTICKS/,imc/CAS_COUNT.RD/'
e2e_shell_script "$E2E_OUT/$T-check.nsh" -- --backend mock --platform spr --sockets 1 check --quick
e2e_boot_steps $T run="$E2E_OUT/$T-run.nsh" check="$E2E_OUT/$T-check.nsh" || { fail $T "image"; exit 1; }
img=$E2E_STEPS_IMG
e2e_step run
check $T.run_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.run_cha0 "cha0 count line" log_has '^ +0 +1 cha +CLOCKTICKS +[1-9][0-9,]*'
check $T.run_imc_cas "imc read CAS line" log_has '^ +0 +8 imc +CAS_COUNT\.RD +[0-9][0-9,]*$'
check $T.run_broken_upi "the broken UPI entry's warning" \
	log_has '^upmon: warning: uncore discovery: .*\(upi2\): .*the entry is broken'
trace_ok() {
	img_cat "$img" /upmon/results/trace.tsv | tr -d '\r' | awk -F'\t' '
		/^#/ { next }
		$4 == "W" && $5 == "msr" && $6 == "0x2000" && !frz { frz = NR }
		$4 == "W" && $5 == "msr" && $6 == "0x2002" && frz && !ctl { ctl = NR }
		$4 == "R" && $5 == "msr" && $6 == "0x2008" && ctl { rd = NR }
		END { if (!frz || !ctl || !rd) { print "CHA0 not at 0x2000/0x2002/0x2008"; exit 1 } }'
}
check $T.run_trace_cha0 "trace: CHA0 registers" trace_ok
check $T.run_no_exception "firmware exception" no_exception

e2e_step check
check $T.check_status "qemu-run returned $E2E_RC, not 0" [ "$E2E_RC" = 0 ]
check $T.check_pass "no 'upmon: PASS' line" log_has '^upmon: PASS$'
every_type_summarised() { # on the one socket of this check
	local why
	why=$(summary_rows_failing "$E2E_LOG" 0 "cha iio irp m2pcie pcu imc m2m upi m3upi")
	[ -z "$why" ] || { echo "no passing summary row for$why"; return 1; }
}
check $T.check_every_type "summary rows" every_type_summarised
csv_types() {
	img_cat "$img" "$(img_run "$img")/verdicts.csv" | tr -d '\r' | cut -d, -f4- | awk -F, 'NR > 1 { print $2 }' |
		sort -u | tr '\n' ' ' | grep -qx 'cha iio imc irp m2m m2pcie m3upi pcu upi '
}
check $T.check_verdicts_csv "verdicts.csv box types" csv_types
check $T.check_no_exception "firmware exception" no_exception
e2e_done
