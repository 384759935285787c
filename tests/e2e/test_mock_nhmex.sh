#!/bin/bash
# The real upmon.efi under OVMF against the mocked two-socket Xeon 7500 (--platform
# nhmex) and Xeon E7 (--platform wsmex): `info` names the platform and its seven MSR box
# types (8 or 10 C-Boxes), and `run --events` programs both sockets from their own
# processors under U_MSR_PMON_GLOBAL_CTL 0xC00 (rst_all, then en_all with rst_all clear,
# 002:414-458), with R-Box port sub-configuration and M-Box PLD, and writes counters.csv
# and results.json to the boot medium.
source "$(dirname "$0")/common.bash"
e2e_need_efi mock_nhmex

for P in nhmex wsmex; do
	T=mock_$P
	case $P in
	nhmex) title='Xeon 7500 \(Nehalem-EX\)' model=0x2e cbos=8 ;;
	wsmex) title='Xeon E7 \(Westmere-EX\)' model=0x2f cbos=10 ;;
	esac

	e2e_shell_script "$E2E_OUT/$T-info.nsh" -- --backend mock --platform $P info
	e2e_shell_script "$E2E_OUT/$T-run.nsh" -- --backend mock --platform $P --trace /upmon/results/trace.tsv \
		run --per-box --seconds 0.2 --events 'wbox/UCLK/,mbox/CYCLES/,mbox0/DRAM_CMD.CAS_RD_OPN/,rbox/NULL_IDLE,port=1/,rbox/FLITS_SENT,port=1/,rbox/FLITS_SENT,port=4/,cbo/LLC_HITS.ALL/' --metrics UNCORE_FREQ
	e2e_boot_steps $T info="$E2E_OUT/$T-info.nsh" run="$E2E_OUT/$T-run.nsh" || { fail $T "image"; continue; }
	img=$E2E_STEPS_IMG
	e2e_step info
	check $T.info_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
	check $T.info_platform "no $P platform line" log_has "^platform: $P, $title \(from --platform\)"
	check $T.info_cpu_model "cpu model line" log_has "^cpu: GenuineIntel family 6 model $model"
	check $T.info_two_sockets "processors line" log_has '^processors: 4 on 2 sockets'
	check $T.info_msr_boxes "box types" \
		log_has "^uncore: msr boxes per socket: ubox x1 cbo x$cbos bbox x2 sbox x2 mbox x2 rbox x2 wbox x1$"
	check $T.info_no_pci "no PCI boxes line" log_has "^uncore: $P has no PCI uncore boxes"
	check $T.info_no_exception "firmware exception" no_exception

	e2e_step run
	check $T.run_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
	check $T.run_banner "run banner" log_has '^run: 7 event specs, 1 pass of 200 ms on 2 sockets'
	last=$((cbos - 1))
	check $T.run_last_cbo_socket1 "cbo$last on socket 1" log_has "^ +1 cbo$last +0 ctr[0-5] +LLC_HITS.ALL +0"
	check $T.run_uclk "W-Box fixed counter" log_has '^ +1 wbox0 +0 fixed +UCLK +[1-9][0-9,]*\.[0-9] MHz'
	csv=$(img_cat "$img" "$(img_run "$img")/counters.csv" 2>/dev/null | tr -d '\r' | cut -d, -f4-)
	# The R-Box selects carry the port: port 1 in rbox0 is 0x6 (IPERF0) and 0x7 (IPERF1,
	# the second home), port 4 in rbox1 is 0x0 (002:3882-3940).
	csv_ok() {
		[ "$(echo "$csv" | head -1)" = "socket,box,instance,counter,pass,event,code,umask,raw,delta,status,spec,for_metrics" ] &&
			[ "$(echo "$csv" | grep -c ",LLC_HITS.ALL,0x15,0xf,")" = $((2 * cbos)) ] &&
			echo "$csv" | grep -q '^1,wbox,0,fixed,0,UCLK,fixed,,[1-9][0-9]*,[1-9][0-9]*,ok,.*$' &&
			echo "$csv" | grep -q '^0,mbox,1,ctr[0-5],0,CYCLES,0x1b,,[1-9][0-9]*,[1-9][0-9]*,ok,.*$' &&
			echo "$csv" | grep -q '^1,rbox,0,ctr[0-7],0,"NULL_IDLE,port=1",0x[67],,[1-9][0-9]*,[1-9][0-9]*,ok,.*$' &&
			echo "$csv" | grep -q '^0,rbox,1,ctr[0-7],0,"FLITS_SENT,port=4",0x0,,0,0,ok,.*$'
	}
	check $T.run_counters_csv "counters.csv: $(echo "$csv" | head -3)" csv_ok
	json_ok() {
		img_cat "$img" "$(img_run "$img")/results.json" | PLAT=$P python3 -c '
import json, os, sys
d = json.load(sys.stdin)
assert d["environment"] == "uefi" and d["platform"] == os.environ["PLAT"] and d["backend"] == "mock"
c = d["passes"][0]["counters"]
assert {x["socket"] for x in c} == {0, 1}
clk = [x for x in c if x["event"] == "UCLK" and not x.get("for_metrics")]
assert len(clk) == 2 and all(x["delta"] > 0 and x["status"] == "ok" for x in clk)
assert any(m["name"] == "UNCORE_FREQ" for m in d["metrics"])
assert not d.get("unrestored")'
	}
	check $T.run_results_json "results.json did not validate" json_ok
	# Each socket: 0xC00 gets rst_all (0x20000000), then en_all alone (0x10000000), then
	# 0 (stop), from a processor of that socket (APIC IDs 0-1 socket 0, 2-3 socket 1);
	# PORT1_IPERF_CFG0 0xE05 takes FLT_SENT or NULL_IDLE; the M-Box 0 PLD 0xCAA dram_cmd 3.
	trace_ok() {
		img_cat "$img" /upmon/results/trace.tsv | tr -d '\r' |
			awk -F'\t' '$5 == "msr" && $4 == "W" && $6 == "0xc00" {
					seq[$3] = seq[$3] " " $7; if (($3 == 1) != ($2 >= 2)) bad = 1 }
				$5 == "msr" && $4 == "W" && $6 == "0xe05" && ($7 == "0x80000000" || $7 == "0x40000000") { iperf[$3] = 1 }
				$5 == "msr" && $4 == "W" && $6 == "0xcaa" && $7 == "0x300" { pld[$3] = 1 }
				END { for (s = 0; s < 2; s++)
						if (seq[s] !~ /^ 0x20000000 0x10000000 0x0 0x0$/ || !iperf[s] || !pld[s]) bad = 1
					exit bad }'
	}
	check $T.run_trace_session "trace: global control sequence, IPERF or PLD writes wrong" trace_ok
	check $T.run_no_exception "firmware exception" no_exception
done
e2e_done
