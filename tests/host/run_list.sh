#!/usr/bin/env bash
# `run` and `list` on the host against the mocked Sandy Bridge-EP: console, counters.csv,
# results.json, errors.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

run r --backend mock --platform snbep run --seconds 0.01 --per-box \
	--events 'imc/CAS_COUNT.RD/,cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,imc0/DCLK/,ubox/UCLK/' \
	--metrics MEM_BW_WRITES,UNCORE_FREQ,DRAM_CLOCK_FREQ
# Each count once per run (core/events/once.h): UNCORE_FREQ and DRAM_CLOCK_FREQ read the
# user's UCLK and DCLK; MEM_BW_WRITES adds CAS_COUNT.WR (4 user specs, 1 of the metrics).
expect r host/run_prints_table 0 \
	'^run: 5 event specs, 1 pass of 10 ms on 2 sockets$' \
	'^socket box +pass ctr +counted for the metrics +count$' \
	'^ +0 imc0 +0 ctr[0-3] +CAS_COUNT\.WR +0$' \
	'^ +0 ubox0 +0 fixed +UCLK +[0-9,]+\.[0-9] MHz$' \
	'^ +1 cbo7 +0 ctr[01] +LLC_LOOKUP\.DATA_READ,filter_state=0x1f +0$' \
	'^ +0 imc0 +0 fixed +DCLK +[0-9,]+\.[0-9] MHz$' \
	'^ +1  UNCORE_FREQ +(1,9[89][0-9]|2,0[01][0-9])\.[0-9] MHz  1 ubox$' \
	'^ +0  DRAM_CLOCK_FREQ +(79[2-9]|80[0-7])\.[0-9] MHz  [1-4] imc$' \
	'^ +0  MEM_BW_WRITES +0\.00 kB/s  4 imc$'
csv="$(last_run "$WORK/upmon-results")/counters.csv"
if [ "$(head -1 "$csv")" = "run,backend,dry_run,socket,box,instance,counter,pass,event,code,umask,raw,delta,status,spec,for_metrics" ] &&
	csv_rows "$csv" | grep -qx '1,imc,3,ctr[0-3],0,CAS_COUNT.RD,0x4,0x3,0,0,ok,imc/CAS_COUNT.RD/,no' &&
	[ "$(grep -c ',"LLC_LOOKUP.DATA_READ,filter_state=0x1f",0x34,0x3,' "$csv")" = 16 ] &&
	[ "$(grep -c ',CAS_COUNT.WR,0x4,0xc,' "$csv")" = 8 ]; then
	pass host/run_counters_csv
else
	fail host/run_counters_csv "$(head -5 "$csv" 2>&1)"
fi
json="$(last_run "$WORK/upmon-results")/results.json"
if python3 - "$json" <<'PY'; then pass host/run_results_json; else fail host/run_results_json "$(head -c 400 "$json")"; fi
import json, sys
d = json.load(open(sys.argv[1]))
assert d["tool"] == "upmon" and d["platform"] == "snbep" and d["backend"] == "mock"
assert d["processor"]["model"] == 0x2d and d["processor"]["sockets"] == 2
p = d["passes"][0]
assert p["interval_ns"] >= 10_000_000
c = [x for x in p["counters"] if x["event"] == "UCLK" and x["socket"] == 1][0]
assert c["counter"] == "fixed" and c["delta"] > 0 and c["status"] == "ok"
m = {(x["socket"], x["name"]): x for x in d["metrics"]}
# Over the socket's own window (core/session/session.h): the mock's 2 GHz within 1%.
assert abs(m[(0, "UNCORE_FREQ")]["value"] / 2e9 - 1) < 0.01, m[(0, "UNCORE_FREQ")]
assert m[(1, "MEM_BW_WRITES")]["unit"] == "bytes/s"
assert len(d["boxes"]) == 2 * (4 + 8 + 1) and all(b["state"] == "ok" for b in d["boxes"])
PY

run passes --backend mock --platform snbep run --seconds 0.001 --per-box \
	--events 'cbo0/TOR_OCCUPANCY.ALL/,cbo0/TOR_OCCUPANCY.EVICTION/,cbo0/TOR_OCCUPANCY.MISS_ALL/'
expect passes host/run_multi_pass 0 '^run: 3 event specs, 3 passes' \
	'^ +0 cbo0 +2 ctr0 +TOR_OCCUPANCY\.MISS_ALL +[0-9,]+$'

run absent --backend mock:absent=ff:0e.1 --platform snbep run --seconds 0.001 --events ha/CLOCKTICKS/
expect absent host/run_absent_box_reported 1 \
	'^socket 1 ha0: absent: ff:0e.1 does not answer \(absent or hidden by firmware\)' \
	'^upmon: warning: socket 1 ha0 pass 0 CLOCKTICKS: box-absent: '

run noecam --backend mock:noecam --platform snbep run --events 'qpi/CTO_COUNT,match0=0x1c00/'
expect noecam host/run_qpi_match_without_ecam 4 'reachable only through ECAM.*the filter is unavailable$'
run badev --backend mock --platform snbep run --events 'imc/CAS_CNT/'
expect badev host/run_unknown_event 4 "^upmon: error: run: unknown event 'CAS_CNT' for box imc"
run badbox --backend mock --platform snbep run --events 'gpu/X/'
expect badbox host/run_absent_box_type 4 "^upmon: error: run: no box 'gpu' on snbep"
run badsec --backend mock --platform snbep run --events 'ha/CLOCKTICKS/' --seconds 1s
expect badsec host/run_bad_seconds 4 "--seconds takes 0.001 to 86400 \\(a day\\), not '1s'"
run noev --backend mock --platform snbep run
expect noev host/run_needs_events 4 'give --events'
run badmetric --backend mock --platform snbep run --metrics BOGUS
expect badmetric host/run_unknown_metric 4 "unknown metric 'BOGUS' on snbep"

run boxes --backend mock --platform snbep list boxes
expect boxes host/list_boxes 0 '^ubox +msr +x1  2 counters of 44 bits, fixed UCLK' \
	'^r3qpi +pci +x2  3 counters of 44 bits' '^imc +pci +x4  4 counters of 48 bits, fixed DCLK'
run events --backend mock --platform snbep list events --box imc --format csv
expect events host/list_events_csv 0 '^platform,box,event,code,umask,counters,filters,thresh,sub,description,matched_as$' \
	'^snbep,imc,CAS_COUNT\.RD,0x04,0x03,0-3,,,,DRAM read' '^snbep,imc,DCLK,fixed,,fixed,,,,fixed counter,$'
expect_not events host/list_events_box_filter 0 '^snbep,cbo,'
run qev --backend mock --platform snbep list events --box qpi --format csv
expect qev host/list_events_ext_code 0 '^snbep,qpi,CTO_COUNT,0x138,,0-3,match0\|match1\|mask0\|mask1,,,'
run metrics --backend mock --platform snbep list metrics
expect metrics host/list_metrics 0 '^MEM_BW_READS +memory read bandwidth' '^LLC_DRD_HIT_PCT .*\(alias: LLC_HIT_RATE\)$' '^ += \(imc/ACT_COUNT/ - imc/PRE_COUNT\.PAGE_MISS/\) / imc/CAS_COUNT\.ALL/$'
run listbad --backend mock --platform snbep list events --box gpu
expect listbad host/list_unknown_box 4 "no box 'gpu' on snbep"

# Event groups (boxes/snbep/groups.c): listed, expanded by run --group, refused by name.
run groups --backend mock --platform snbep list groups
expect groups host/list_groups 0 '^MEM +memory bandwidth' '^QPI ' '^PCIE ' '^POWER ' '^RING ' \
	'^ +interval: its interval form \(the whole group needs 2 passes\)$' \
	'^ +events: +imc/CAS_COUNT\.RD/,imc/CAS_COUNT\.WR/,imc/RPQ_INSERTS/,imc/RPQ_OCCUPANCY/$' \
	'^ +events: +qpi/CLOCKTICKS/,qpi/TxL_FLITS_G0\.DATA/,.*qpi/RxL_FLITS_G0\.DATA/' \
	'^ +metrics: +MEM_BW_READS,MEM_BW_WRITES,MEM_BW_TOTAL,RPQ_AVG_LATENCY,RPQ_AVG_LATENCY_NS,PCT_RD_REQUESTS,PCT_REQUESTS_PAGE_HIT,PCT_REQUESTS_PAGE_EMPTY,PCT_REQUESTS_PAGE_MISS$' \
	'^ +metrics: +QPI_LINK_UTIL,QPI_TX_LINK_UTIL,QPI_DATA_BW,DATA_FROM_QPI,PCT_LINK_HALF_DISABLED_CYCLES,PCT_LINK_SHUTDOWN_CYCLES$'
run grp --backend mock --platform snbep run --seconds 0.01 --group MEM,PCIE --events ha/CLOCKTICKS/ --per-box
expect grp host/run_group 0 '^run: 15 event specs, 5 passes' \
	'^ +0 imc0 +[0-9]+ ctr[0-3] +CAS_COUNT\.RD ' '^ +0  MEM_BW_TOTAL ' \
	'^ +0  RPQ_AVG_LATENCY ' '^ +0 ha0? +[0-9]+ ctr[0-3] +CLOCKTICKS ' \
	'^ +0  PCT_REQUESTS_PAGE_EMPTY +n/a  \(division by zero\) 4 imc$' '^ +0  IO_READ_BW +[1-9][0-9.,]+ [kMG]B/s  8 cbo$'
# A metric with no value is null in results.json, with the reason beside it.
if python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'PYEOF'
import json, sys
m = [x for x in json.load(open(sys.argv[1]))["metrics"] if x["name"] == "PCT_REQUESTS_PAGE_EMPTY"]
assert m and all(x["value"] is None and x["why"] == "division by zero" for x in m), m
PYEOF
then
	pass host/run_metric_no_value_json
else
	fail host/run_metric_no_value_json "$(grep -o '"name": "PCT_REQUESTS_PAGE_EMPTY"[^}]*' "$(last_run "$WORK/upmon-results")/results.json" | head -1)"
fi
# --events, --metrics and --group given again add up in order, as perf's repeated -e; a
# group named twice counts once.
run twice --backend mock --platform snbep run --seconds 0.01 --events imc/CAS_COUNT.RD/ --events imc/CAS_COUNT.WR/ \
	--metrics MEM_BW_READS --metrics MEM_BW_WRITES
expect twice host/run_events_and_metrics_given_twice_add_up 0 '^run: 2 event specs, ' \
	'^ +all +8 imc +CAS_COUNT\.RD ' '^ +all +8 imc +CAS_COUNT\.WR ' '^ +0  MEM_BW_READS ' '^ +0  MEM_BW_WRITES '
run grp1 --backend mock --platform snbep run --seconds 0.01 --group MEM
run grp2 --backend mock --platform snbep run --seconds 0.01 --group MEM,MEM
run grp3 --backend mock --platform snbep run --seconds 0.01 --group MEM --group mem
n1=$(grep -o '^run: [0-9]* event specs, [0-9]* pass' "$WORK/grp1.out")
for g in grp2 grp3; do
	n2=$(grep -o '^run: [0-9]* event specs, [0-9]* pass' "$WORK/$g.out")
	[ "$(rc $g)" = 0 ] && [ -n "$n1" ] && [ "$n1" = "$n2" ] && pass host/run_group_named_twice_counts_once_$g ||
		fail host/run_group_named_twice_counts_once_$g "once: '$n1', twice: '$n2' (status $(rc $g))"
done
# An empty value is refused as such, before or after another: joined, it would pass or
# read as a comma never typed.
for o in events metrics group; do
	run "empty_$o" --backend mock --platform snbep run --seconds 0.01 --$o '' --$o MEM
	expect "empty_$o" "host/run_empty_${o}_refused" 4 "^upmon: error: run: --$o '' is empty: give it a list, or leave it out\$"
done
run badgrp --backend mock --platform skl run --group QPI
expect badgrp host/run_unknown_group 4 \
	"^upmon: error: run: --group: no group 'QPI' on skl: choose one of MEM, LLC, PCIE, ARB \(see 'upmon list groups'\)$"

# An EX-only QPI port absent on this part (Ivy Bridge-EP has two of the three) is no
# instance of the totals or a metric, and no finding: not "2/3 qpi", "2 of 3 qpi only".
run exonly --backend mock --platform ivbep run --seconds 0.05 --events qpi/TxL_FLITS_G0.DATA/ --metrics QPI_DATA_BW
expect exonly host/ex_only_port_not_a_missing_instance 0 \
	'^socket 1 qpi2: absent: ff:0a\.2 does not answer: some parts lack it \(no finding\) \(expected 8086:0e3a, read ffff:ffff\)$' \
	'^ +1 +2 qpi +TxL_FLITS_G0\.DATA ' '^ +all +4 qpi +TxL_FLITS_G0\.DATA ' '^ +1 +QPI_DATA_BW .* 2 qpi$'
expect_not exonly host/ex_only_port_no_warning 0 'warning|of 3 qpi'

# One event spelled three ways (the whole type, one instance of it, perfmon's name) and a
# metric of it: programmed once a channel, one row each in counters.csv, each double said
# in one line (core/events/once.h).
run specs --backend mock --platform snbep --out sp run --events imc/CAS_COUNT.RD/,imc0/CAS_COUNT.RD/,UNC_M_CAS_COUNT.RD \
	--metrics MEM_BW_READS --seconds 0.01
expect specs host/run_same_count_said_once 0 \
	'^run: note: imc0/CAS_COUNT\.RD/ is within imc/CAS_COUNT\.RD/ \(every imc\): counted once$' \
	'^run: note: UNC_M_CAS_COUNT\.RD is imc/CAS_COUNT\.RD/, asked for already: counted once$' \
	'^run: 1 event spec, 1 pass of 10 ms on 2 sockets$'
spcsv=$WORK/$(last_run sp)/counters.csv
if [ "$(csv_rows "$spcsv" | grep -cE '^0,imc,0,ctr[0-3],0,CAS_COUNT\.RD,')" = 1 ] &&
	csv_rows "$spcsv" | grep -qE '^0,imc,0,ctr[0-3],0,CAS_COUNT\.RD,0x4,0x3,[0-9]+,[0-9]+,ok,imc/CAS_COUNT\.RD/,no$'; then
	pass host/counters_csv_each_count_once
else
	fail host/counters_csv_each_count_once "$(csv_rows "$spcsv" | grep '^0,imc,0,' | head -4 | tr '\n' '|')"
fi
# The same on the 6th-generation Core, whose IMC counters run free (they were refused as
# "given twice" there), and for the same spec twice on Sandy Bridge-EP (counted twice).
run skl2 --backend mock --platform skl run --events imc/DRAM_DATA_READS/,imc/DRAM_DATA_READS/ --seconds 0.01
expect skl2 host/run_same_spec_twice_skl 0 '^run: note: imc/DRAM_DATA_READS/ is asked for twice: counted once$' \
	'^run: 1 event spec, 1 pass of 10 ms on 1 socket$' '^ +0 +1 imc +DRAM_DATA_READS +[0-9,]+$'
run snb2 --backend mock --platform snbep run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.RD/ --seconds 0.01
expect snb2 host/run_same_spec_twice_snbep 0 '^run: note: imc/CAS_COUNT\.RD/ is asked for twice: counted once$' \
	'^run: 1 event spec, 1 pass of 10 ms on 2 sockets$'
if [ "$(grep -v "^identity" "$WORK/snb2.out" | grep -c "CAS_COUNT.RD")" = 4 ]; then # the note, and sockets 0, 1 and all
	pass host/run_same_spec_twice_rows_once
else
	fail host/run_same_spec_twice_rows_once "$(grep 'CAS_COUNT.RD' "$WORK/snb2.out" | tr '\n' '|')"
fi
# A group's events and metrics, counted once each: MEM needs the passes of its distinct
# counts on an iMC channel's 4 counters (9: 8 general and the fixed DCLK), its rows once.
run memk --backend mock --platform snbep run --group MEM --kernel read --size 64M
expect memk host/run_group_distinct_counts_passes 0 '^run: kernel read: 64 MiB x [0-9]+ iterations; 9 specs, 2 passes, 2 sockets$'
if [ "$(grep -cE '^ +0 +4 imc +CAS_COUNT\.RD ' "$WORK/memk.out")" = 1 ] && [ "$(grep -cE '^ +0 +4 imc +RPQ_INSERTS ' "$WORK/memk.out")" = 1 ]; then
	pass host/run_group_rows_once
else
	fail host/run_group_rows_once "$(grep -E 'CAS_COUNT.RD|RPQ_INSERTS' "$WORK/memk.out" | tr '\n' '|')"
fi
