#!/bin/bash
# link.rate under OVMF on the mocked two-socket Xeon E5-2600: socket 1's QPI port 0 reports
# slow mode (QPI_RATE_STATUS 0x13: slow_mode bit 4 over a 6.4 GT/s rate field, 327043-001
# Table 2-93), so `check` ends with `upmon: WARN` and exit status 1, with the one WARN line
# on that port. verdicts.csv read back from the image holds the four link.rate rows, the
# other three PASS at 8.0 GT/s, and the trace shows the misc functions 08.0/09.0 read and
# never written.
source "$(dirname "$0")/common.bash"
T=check_link_rate
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock:s1.linkrate=qpi0:0x13 --platform snbep \
	--trace /upmon/results/trace.tsv check --quick
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.status "qemu-run returned $E2E_RC, not 1" [ "$E2E_RC" = 1 ]
check $T.warn_line "no 'upmon: WARN' line" log_has '^upmon: WARN$'
check $T.names_port "no WARN line for socket 1 qpi0 link.rate" \
	log_has '^WARN socket 1 qpi0 +link\.rate +ff:08\.0\+0xd4 = 0x13: slow mode is set'
only_one() { [ "$(findings_above_last_screen)" = 1 ] && [ "$(findings_on_last_screen)" = 1 ]; }
check $T.only_that_port "other verdicts moved: $(findings_above_last_screen) in the table, $(findings_on_last_screen) on the last screen" only_one
csv=$(img_cat "$img" "$(img_run "$img")/verdicts.csv" 2>/dev/null | tr -d '\r' | cut -d, -f4-)
rows_ok() {
	[ "$(echo "$csv" | grep -c ',qpi,[01],link\.rate,')" = 4 ] &&
		[ "$(echo "$csv" | grep -c ',qpi,[01],link\.rate,PASS,"\{0,1\}8\.0 GT/s')" = 3 ] &&
		echo "$csv" | grep -q '^1,qpi,0,link\.rate,WARN,'
}
check $T.verdicts_csv "verdicts.csv link.rate rows: $(echo "$csv" | grep -c link.rate)" rows_ok
trace=$(img_cat "$img" /upmon/results/trace.tsv 2>/dev/null | tr -d '\r')
read_only() {
	echo "$trace" | grep -qE $'\tR\tpci\tff:08\\.0\\+0x0d4\t0x13$' &&
		echo "$trace" | grep -qE $'\tR\tpci\t7f:09\\.0\\+0x0d4\t0x5$' &&
		! echo "$trace" | grep -qE $'\tW\tpci\t(7f|ff):0[89]\\.0\\+'
}
check $T.read_only "the trace lacks the reads or has a write to 08.0/09.0" read_only
check $T.no_exception "firmware exception" no_exception
e2e_done
