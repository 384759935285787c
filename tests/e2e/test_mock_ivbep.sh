#!/bin/bash
# The real upmon.efi under OVMF against the mocked two-socket Xeon E5-2600 v2: `info`
# lists the uncore devices of both sockets (the EX-only QPI port 2 and R3QPI link 2
# missing), and `run --events` programs both sockets from their own processors under the
# global control 0xC00 and writes counters.csv and results.json to the boot medium.
source "$(dirname "$0")/common.bash"
T=mock_ivbep
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T-info.nsh" -- --backend mock --platform ivbep info
e2e_shell_script "$E2E_OUT/$T-run.nsh" -- --backend mock --platform ivbep --trace /upmon/results/trace.tsv \
	run --per-box --seconds 0.2 --events 'imc/CAS_COUNT.RD/,cbo/CLOCKTICKS/,imc5/DCLK/,ubox/UCLK/,qpi/TxL_FLITS_G0.DATA/,irp/CLOCKTICKS/' --metrics UNCORE_FREQ
e2e_boot_steps $T info="$E2E_OUT/$T-info.nsh" run="$E2E_OUT/$T-run.nsh" || { fail $T "image"; exit 1; }
img=$E2E_STEPS_IMG
e2e_step info
check $T.info_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.info_platform "no ivbep platform line" log_has '^platform: ivbep, Xeon E5-2600 v2 \(Ivy Bridge-EP\) \(from --platform\)'
check $T.info_cpu_model "cpu model line" log_has '^cpu: GenuineIntel family 6 model 0x3e'
check $T.info_two_sockets "processors line" log_has '^processors: 4 on 2 sockets'
check $T.info_socket0_bus "socket 0 bus" log_has '^uncore: socket 0 bus 0x7f node 0'
check $T.info_socket1_bus "socket 1 bus" log_has '^uncore: socket 1 bus 0xff node 1'
check $T.info_msr_boxes "15 CBos" log_has '^uncore: msr boxes per socket: ubox x1 cbo x15 pcu x1'
# Per socket: 2 HAs, 8 iMC channels, QPI ports 0-1 with their filters, R2PCIe, 2 R3QPI, IRP.
found() { [ "$(grep -c ' found$' "$E2E_LOG")" = 36 ]; }
check $T.info_36_functions "expected 36 uncore functions found" found
check $T.info_ha1_socket1 "ha1 on socket 1" log_has '^uncore: socket 1 ha1 +ff:1c\.1 8086:0e38 found'
check $T.info_imc7_socket1 "imc7 on socket 1" log_has '^uncore: socket 1 imc7 +ff:1e\.1 8086:0ef1 found'
check $T.info_irp_socket0 "irp on socket 0" log_has '^uncore: socket 0 irp +7f:05\.6 8086:0e39 found'
check $T.info_qpi2_missing "qpi2 not missing" log_has '^uncore: socket 0 qpi2 +7f:0a\.2 8086:0e3a missing'
check $T.info_no_exception "firmware exception" no_exception

e2e_step run
check $T.run_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.run_banner "run banner" log_has '^run: 6 event specs, 1 pass of 200 ms on 2 sockets'
check $T.run_cbo14_socket1 "cbo14 on socket 1" log_has '^ +1 cbo14 +0 ctr[0-3] +CLOCKTICKS +[1-9][0-9,]*\.[0-9] MHz'
check $T.run_qpi2_absent "qpi2 not reported absent" log_has '^socket 1 qpi2: absent: ff:0a\.2 does not answer: some parts lack it \(no finding\) \(expected 8086:0e3a, read ffff:ffff\)$'
csv=$(img_cat "$img" "$(img_run "$img")/counters.csv" 2>/dev/null | tr -d '\r' | cut -d, -f4-)
csv_ok() {
	[ "$(echo "$csv" | head -1)" = "socket,box,instance,counter,pass,event,code,umask,raw,delta,status,spec,for_metrics" ] &&
		[ "$(echo "$csv" | grep -c ',CLOCKTICKS,0x0,0x0,')" = 32 ] &&
		echo "$csv" | grep -q '^1,imc,5,fixed,0,DCLK,fixed,,[1-9][0-9]*,[1-9][0-9]*,ok,.*$' &&
		echo "$csv" | grep -q '^0,irp,0,ctr[0-3],0,CLOCKTICKS,0x0,0x0,[1-9][0-9]*,[1-9][0-9]*,ok,.*$' &&
		echo "$csv" | grep -q '^1,qpi,2,ctr0,0,TxL_FLITS_G0.DATA,0x0,0x2,,,not-on-part,.*$'
}
check $T.run_counters_csv "counters.csv: $(echo "$csv" | head -3)" csv_ok
json_ok() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["environment"] == "uefi" and d["platform"] == "ivbep" and d["backend"] == "mock"
c = d["passes"][0]["counters"]
assert {x["socket"] for x in c} == {0, 1}
clk = [x for x in c if x["event"] == "UCLK" and not x.get("for_metrics")]
assert len(clk) == 2 and all(x["delta"] > 0 and x["status"] == "ok" for x in clk)
assert any(m["name"] == "UNCORE_FREQ" for m in d["metrics"])
assert not d["unrestored"]'
}
check $T.run_results_json "results.json did not validate" json_ok
# The global control 0xC00 is frozen (0x80000000) and unfrozen (0x20000000) on both
# sockets, each from a processor of its own socket; CBo 14's box control 0xEC4 carries
# the must-be-one bits 17:16.
trace_ok() {
	img_cat "$img" /upmon/results/trace.tsv | tr -d '\r' |
		awk -F'\t' '$5 == "msr" && $4 == "W" && $6 == "0xc00" {
				if ($7 == "0x80000000") frz[$3] = 1; if ($7 == "0x20000000") unfrz[$3] = 1
				if ($3 == 1 && $2 < 2) bad = 1 }
			$5 == "msr" && $4 == "W" && $6 == "0xec4" && $7 == "0x30102" { cbo14[$3] = 1 }
			END { exit !(frz[0] && frz[1] && unfrz[0] && unfrz[1] && cbo14[0] && cbo14[1] && !bad) }'
}
check $T.run_trace_global "trace lacks the global freeze/unfreeze or CBo 14 writes on both sockets" trace_ok
check $T.run_no_exception "firmware exception" no_exception
e2e_done
