#!/bin/bash
# The real upmon.efi under OVMF against the mocked 6th-generation Core (Skylake client):
# `info` shows the CBo count MSR_UNC_CBO_CONFIG gives and the IMC's MCHBAR, or why the
# IMC is not touched (a host bridge that is not a Skylake one); `run --events` counts the
# CBos, the ARB, the fixed UCLK counter and the memory-mapped IMC counters under the
# global enable, and the trace shows the session's order.
source "$(dirname "$0")/common.bash"
T=mock_skl
e2e_need_efi $T

# Two invocations in one boot: with a foreign host bridge, then clean (whose status the
# script reports).
nsh="$E2E_OUT/$T-info.nsh"
e2e_shell_script "$nsh" -- --backend mock --platform skl info
sed -i '2i fs0:\\upmon.efi --backend mock:hostbridge=0x0c00,cbos=2 --platform skl info' "$nsh"
e2e_shell_script "$E2E_OUT/$T-run.nsh" -- --backend mock --platform skl --trace /upmon/results/trace.tsv \
	run --per-box --seconds 0.2 --metrics UNCORE_FREQ,MEM_BW_READS \
	--events 'cbo/CACHE_LOOKUP.ANY_MESI/,arb/TRK_REQUESTS.ALL/,arb/TRK_OCCUPANCY.ALL/,ncu/UCLK/,imc/DRAM_DATA_READS/,imc/DRAM_DATA_WRITES/'
e2e_boot_steps $T info="$nsh" run="$E2E_OUT/$T-run.nsh" || { fail $T "image"; exit 1; }
img=$E2E_STEPS_IMG
e2e_step info
check $T.info_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.info_platform "no skl platform line" \
	log_has '^platform: skl, 6th-generation Core \(Skylake client\) \(from --platform\)'
check $T.info_cbo_count "CBo count from CBO_CONFIG" \
	log_has '^uncore: socket 0 cbo x4 present \(MSR_UNC_CBO_CONFIG\.NO_CBO_BANKS, MSR 0x396, reads 5, minus 1\)'
check $T.info_cbo_count_two "cbos=2" \
	log_has '^uncore: socket 0 cbo x2 present \(MSR_UNC_CBO_CONFIG\.NO_CBO_BANKS, MSR 0x396, reads 3, minus 1\)'
check $T.info_mchbar "MCHBAR line" \
	log_has '^uncore: imc \(mmio\): host bridge 00:00\.0 8086:191f, MCHBAR 0xfed10000 \(enabled\); 5 free-running counters at 0xfed15040-0xfed15057'
check $T.info_foreign_bridge "foreign host bridge not reported" \
	log_has '^uncore: imc \(mmio\) unavailable: host bridge 00:00\.0 8086:0c00 is not a 6th-generation Core host bridge: imc not touched'
check $T.info_no_exception "firmware exception" no_exception

e2e_step run
check $T.run_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.run_banner "run banner" log_has '^run: [0-9]+ event specs, 1 pass of 200 ms on 1 socket'
check $T.run_uclk "UCLK count" log_has '^ +0 ncu0 +0 fixed +UCLK +[1-9][0-9,]*\.[0-9] MHz'
check $T.run_cbo3 "cbo3 count line" log_has '^ +0 cbo3 +0 ctr[01] +CACHE_LOOKUP\.ANY_MESI +[0-9,]+'
csv=$(img_cat "$img" "$(img_run "$img")/counters.csv" 2>/dev/null | tr -d '\r' | cut -d, -f4-)
csv_ok() {
	[ "$(echo "$csv" | grep -c '^0,cbo,[0-3],ctr[01],0,CACHE_LOOKUP.ANY_MESI,0x34,0x8f,')" = 4 ] &&
		echo "$csv" | grep -q '^0,arb,0,ctr0,0,TRK_OCCUPANCY.ALL,0x80,0x1,[0-9]*,[0-9]*,ok,.*$' &&
		echo "$csv" | grep -q '^0,arb,0,ctr1,0,TRK_REQUESTS.ALL,0x81,0x1,[0-9]*,[0-9]*,ok,.*$' &&
		echo "$csv" | grep -q '^0,imc,0,free,0,DRAM_DATA_READS,free,,[0-9]*,[0-9]*,ok,.*$' &&
		echo "$csv" | grep -q '^0,ncu,0,fixed,0,UCLK,fixed,,[1-9][0-9]*,[1-9][0-9]*,ok,.*$'
}
check $T.run_counters_csv "counters.csv: $(echo "$csv" | head -4)" csv_ok
json_ok() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["environment"] == "uefi" and d["platform"] == "skl" and d["backend"] == "mock"
m = {x["name"]: x["value"] for x in d["metrics"]}
# The mock counts 2.0 GHz over the time that passed; under emulation the reads of the
# clock and of the TSC are apart by a little, so 1% (a wrong clock is off by far more).
assert abs(m["UNCORE_FREQ"] - 2.0e9) < 2e7, m
assert "MEM_BW_READS" in m, m'
}
check $T.run_results_json "results.json did not validate" json_ok
# The trace: global disable before any event select, the global enable after the last
# counter is cleared, disable again before the reads; MCHBAR read only after the host
# bridge's IDs; MMIO only read; never the previous generation's 0x391/0x392.
trace_ok() {
	img_cat "$img" /upmon/results/trace.tsv | tr -d '\r' | awk -F'\t' '
		/^#/ { next }
		$5 == "msr" && ($6 == "0x391" || $6 == "0x392") { bad = "0x391/0x392 touched" }
		$5 == "mmio" && $4 != "R" { bad = "MMIO written" }
		$5 == "pci" && $4 == "W" { bad = "PCI written" }
		$5 == "pci" && $6 == "00:00.0+0x000" && !ids { ids = $1 }
		$5 == "pci" && $6 == "00:00.0+0x048" && !bar { bar = $1 }
		$5 == "mmio" && $6 == "0xfed15050" { n5050++ }
		$5 == "msr" && $4 == "W" && $6 == "0xe01" { e01[++ne] = $1; v01[ne] = $7 }
		$5 == "msr" && $4 == "W" && $6 == "0x700" && !sel { sel = $1 }
		$5 == "msr" && $4 == "W" && $6 == "0x736" && !clr3 { clr3 = $1 }
		END {
			if (bad) { print bad; exit 1 }
			if (!ids || !bar || ids > bar) { print "MCHBAR read before the IDs"; exit 1 }
			# start and end, once: the spec given and the metric MEM_BW_READS share the count
			if (n5050 != 2) { print "DRAM_DATA_READS read " n5050 " times"; exit 1 }
			if (ne != 4 || !(e01[1] < sel) || v01[2] != "0x20000000" || !(e01[2] > clr3) ||
			    v01[3] != "0x0" || v01[4] != "0x0") { print "global control order"; exit 1 }
		}'
}
check $T.run_trace_order "trace order" trace_ok
check $T.run_no_exception "firmware exception" no_exception
e2e_done
