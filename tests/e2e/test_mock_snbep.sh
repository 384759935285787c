#!/bin/bash
# The real upmon.efi under OVMF against the mocked two-socket Xeon E5-2600: `info` lists
# the uncore devices of both sockets, and `run --events` programs both sockets from their
# own processors and writes counters.csv and results.json to the boot medium.
source "$(dirname "$0")/common.bash"
T=mock_snbep
e2e_need_efi $T

# One boot: info, then run.
e2e_shell_script "$E2E_OUT/$T-info.nsh" -- --backend mock --platform snbep info
e2e_shell_script "$E2E_OUT/$T-run.nsh" -- --backend mock --platform snbep --trace /upmon/results/trace.tsv \
	run --per-box --seconds 0.2 --events 'imc/CAS_COUNT.RD/,cbo/CLOCKTICKS/,imc0/DCLK/,ubox/UCLK/,qpi/CTO_COUNT,match0=0x1c00/' --metrics UNCORE_FREQ
e2e_boot_steps $T info="$E2E_OUT/$T-info.nsh" run="$E2E_OUT/$T-run.nsh" || { fail $T "image"; exit 1; }
img=$E2E_STEPS_IMG
e2e_step info
check $T.info_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.info_platform "no snbep platform line" log_has '^platform: snbep, Xeon E5-2600 \(Sandy Bridge-EP\) \(from --platform\)'
check $T.info_two_sockets "processors line" log_has '^processors: 4 on 2 sockets'
check $T.info_socket0_bus "socket 0 bus" log_has '^uncore: socket 0 bus 0x7f node 0'
check $T.info_socket1_bus "socket 1 bus" log_has '^uncore: socket 1 bus 0xff node 1'
found() { [ "$(grep -c ' found$' "$E2E_LOG")" = 24 ]; }
check $T.info_24_functions "expected 24 uncore functions found" found
check $T.info_imc_socket1 "imc3 on socket 1" log_has '^uncore: socket 1 imc3 +ff:10\.5 8086:3cb5 found'
check $T.info_log_on_medium "upmon.log not on the medium" \
	bash -c "mtype -i '$img@@$E2E_PART_OFFSET' ::$(img_run "$img")/upmon.log | grep -q 'socket 1 bus 0xff'"
check $T.info_no_exception "firmware exception" no_exception

e2e_step run
check $T.run_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.run_banner "run banner" log_has '^run: 5 event specs, 1 pass of 200 ms on 2 sockets'
check $T.run_cbo7_socket1 "cbo7 on socket 1" log_has '^ +1 cbo7 +0 ctr[0-3] +CLOCKTICKS +[1-9][0-9,]*\.[0-9] MHz'
csv=$(img_cat "$img" "$(img_run "$img")/counters.csv" 2>/dev/null | tr -d '\r' | cut -d, -f4-)
csv_ok() {
	[ "$(echo "$csv" | head -1)" = "socket,box,instance,counter,pass,event,code,umask,raw,delta,status,spec,for_metrics" ] &&
		[ "$(echo "$csv" | grep -c ',CLOCKTICKS,0x0,0x0,')" = 16 ] &&
		echo "$csv" | grep -q '^1,imc,0,fixed,0,DCLK,fixed,,[1-9][0-9]*,[1-9][0-9]*,ok,.*$'
}
check $T.run_counters_csv "counters.csv: $(echo "$csv" | head -3)" csv_ok
json_ok() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["environment"] == "uefi" and d["platform"] == "snbep" and d["backend"] == "mock"
c = d["passes"][0]["counters"]
assert {x["socket"] for x in c} == {0, 1}
clk = [x for x in c if x["event"] == "UCLK"]
assert all(x["delta"] > 0 and x["status"] == "ok" for x in clk)
assert any(m["name"] == "UNCORE_FREQ" for m in d["metrics"])'
}
check $T.run_results_json "results.json did not validate" json_ok
# report.html written by upmon itself on UEFI, from the same record: a chart per event.
html_ok() {
	local page
	page=$(img_cat "$img" "$(img_run "$img")/report.html")
	echo "$page" | grep -q '<h1>upmon run: <span class="v pass">OK</span></h1>' &&
		[ "$(echo "$page" | grep -c '<svg')" -ge 5 ] && echo "$page" | grep -q '>socket 1 cbo7</text>' &&
		echo "$page" | grep -q '</html>'
}
check $T.run_report_html "report.html missing or without its charts" html_ok
# The run's last line says where the files went.
check $T.run_files_line "no files line" log_has '^upmon: 4 files in .*-run, took '
# The trace shows socket 1's MSR boxes programmed from a processor of socket 1.
trace_ok() {
	img_cat "$img" /upmon/results/trace.tsv | tr -d '\r' |
		awk -F'\t' '$5 == "msr" && $6 == "0xd04" && $4 == "W" { seen[$3] = 1; if ($3 == 1 && $2 < 2) bad = 1 }
			END { exit !(seen[0] && seen[1] && !bad) }'
}
check $T.run_trace_sockets "trace lacks CBo 0 writes on both sockets from their own processors" trace_ok
check $T.run_no_exception "firmware exception" no_exception
e2e_done
