#!/bin/bash
# The real upmon.efi under OVMF against the mocked Granite Rapids (two dies a socket, each
# with its own discovery table): the read kernel's IMC channels are programmed with both
# schedulers' CAS reads (0x05/0xCF and 0x06/0xCF over MMIO) and each scheduler's count is
# a number on all 8 channels of a socket; in the same boot the quick health check passes
# with every self-tested type (on one socket: tests/host/gnr.sh checks two); no firmware
# exception.
source "$(dirname "$0")/common.bash"
T=mock_gnr
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T-run.nsh" -- --backend mock --platform gnr --trace /upmon/results/trace.tsv \
	run --seconds 0.2 --events 'imc/CAS_COUNT_SCH0.RD/,imc/CAS_COUNT_SCH1.RD/,cha/CLOCKTICKS/'
e2e_shell_script "$E2E_OUT/$T-check.nsh" -- --backend mock --platform gnr --sockets 1 check --quick
e2e_boot_steps $T run="$E2E_OUT/$T-run.nsh" check="$E2E_OUT/$T-check.nsh" || { fail $T "image"; exit 1; }
img=$E2E_STEPS_IMG
e2e_step run
check $T.run_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.run_sch0 "SCH0 read line over 8 channels" log_has '^ +0 +8 imc +CAS_COUNT_SCH0\.RD +[0-9][0-9,]*$'
check $T.run_sch1 "SCH1 read line over 8 channels" log_has '^ +0 +8 imc +CAS_COUNT_SCH1\.RD +[0-9][0-9,]*$'
check $T.run_cha_both_dies "CHA line over both dies' 8" log_has '^ +0 +8 cha +CLOCKTICKS +[0-9][0-9,.]* MHz$'
trace_ok() {
	img_cat "$img" /upmon/results/trace.tsv | tr -d '\r' | awk -F'\t' '
		/^#/ { next }
		$4 == "W" && $5 == "mmio" && $7 == "0xcf05" { s0++ }
		$4 == "W" && $5 == "mmio" && $7 == "0xcf06" { s1++ }
		END { if (s0 < 16 || s1 < 16) { print "SCH0.RD " s0 ", SCH1.RD " s1 " writes"; exit 1 } }'
}
check $T.run_trace_schedulers "trace: both schedulers programmed" trace_ok
check $T.run_no_exception "firmware exception" no_exception

e2e_step check
check $T.check_status "qemu-run returned $E2E_RC, not 0" [ "$E2E_RC" = 0 ]
check $T.check_pass "no 'upmon: PASS' line" log_has '^upmon: PASS$'
every_type_summarised() { # on the one socket of this check
	local why
	why=$(summary_rows_failing "$E2E_LOG" 0 "cha iio irp pcu imc upi b2cmi b2upi")
	[ -z "$why" ] || { echo "no passing summary row for$why"; return 1; }
}
check $T.check_every_type "summary rows" every_type_summarised
check $T.check_no_exception "firmware exception" no_exception
e2e_done
