#!/bin/bash
# The health check, the self-test, burn-in, the report and intervals on the Sapphire and
# Emerald Rapids mocks (platform/mock/spr/model.c, boxes/spr/check.c): the clean mock
# passes with every unit type it places self-tested (CHA, IIO, IRP, M2PCIe, PCU, IMC, M2M,
# UPI, M3UPI) on both sockets; one dead unit of a discovered type is one FAIL naming it;
# two burn-in passes judge the same checks; report.html names the units; intervals show
# the clock events as MHz and the PCU's cores in C0; UPI utilisation is what its counts say.
source "$(dirname "$0")/lib.sh"

TYPES="cha iio imc irp m2m m2pcie m3upi pcu upi"
# types_passed NAME: every type's summary row on both sockets passes, with no FAIL.
types_passed() {
	local why
	why=$(summary_rows_failing "$WORK/$1.out" "0 1" "$TYPES")
	[ -z "$why" ] || echo "no passing summary row for$why"
}

for p in spr emr; do
	run "check_$p" --backend mock --platform "$p" --out "res_$p" check --quick
	why=$(types_passed "check_$p")
	[ "$(rc "check_$p")" = 0 ] && [ "$(tail -1 "$WORK/check_$p.out")" = "upmon: PASS" ] && [ -z "$why" ] &&
		pass "host/${p}_check_clean_mock_every_type" ||
		fail "host/${p}_check_clean_mock_every_type" "status $(rc "check_$p"): $why $(tail -1 "$WORK/check_$p.out")"
done

# The check's files: verdicts.csv holds every type's verdicts, report.html has a section
# for unit 0 of each type on each socket.
d=$WORK/$(last_run res_spr)
got=$(tail -n +2 "$d/verdicts.csv" 2>/dev/null | cut -d, -f5 | sort -u | tr '\n' ' ')
[ "$got" = "$TYPES " ] && pass host/spr_check_verdicts_every_type ||
	fail host/spr_check_verdicts_every_type "box types in verdicts.csv: $got"
missing=""
for b in $TYPES; do
	grep -q "id=\"s0-${b}0\"" "$d/report.html" 2>/dev/null && grep -q "id=\"s1-${b}0\"" "$d/report.html" ||
		missing="$missing $b"
done
[ -f "$d/report.html" ] && [ -z "$missing" ] && pass host/spr_check_report_names_units ||
	fail host/spr_check_report_names_units "report.html lacks:$missing"

# One cause, one FAIL: a dead unit of each kind of place (a PCI M2M, a PCI M3UPI placed by
# the quirk table, an MSR IRP, the MMIO IMC) fails its own unit and nothing else.
one_fail() { # NAME FAULT BOX TYPE
	run "$1" --backend "mock:$2" --platform spr selftest
	one_fail_of "$1" "host/spr_selftest_$1_one_fail" "$3" "$4"
}
one_fail dead_m2m dead=m2m1 m2m1 m2m
one_fail dead_m3upi dead=m3upi2 m3upi2 m3upi
one_fail dead_irp dead=irp3 irp3 irp
one_fail dead_imc dead=imc5 imc5 imc

# The check's one cause: dead=cha3 (the issue's example) is one FAIL naming cha3.
run cha3 --backend mock:dead=cha3 --platform spr --sockets 1 check --quick
one_fail_of cha3 host/spr_check_dead_cha3_one_fail cha3 cha

# Burn-in: two passes, each judging the same number of verdicts.
run burn --backend mock --platform emr --sockets 1 --out res_burn check --quick --passes 2
d=$WORK/$(last_run res_burn)
counts=$(tail -n +2 "$d/verdicts.csv" 2>/dev/null | awk -F, '{ print $NF }' | sort -n | uniq -c | awk '{ print $2 ":" $1 }' | tr '\n' ' ')
n1=${counts%% *}
n1=${n1#1:}
[ "$(rc burn)" = 0 ] && grep -q '^pass 1/2 PASS ' "$WORK/burn.out" && grep -q '^pass 2/2 PASS ' "$WORK/burn.out" &&
	[ "$counts" = "1:$n1 2:$n1 " ] && [ "$n1" -gt 150 ] && pass host/emr_burnin_two_passes ||
	fail host/emr_burnin_two_passes "status $(rc burn), verdicts per pass: $counts"

# Intervals, on the virtual clock: the CHA's and the IMC's fixed DCLK clocks as MHz (the
# mock's 1800 and 2400), the PCU's cores in C0 (8 cores at 1000 MHz: 8G a second).
(cd "$WORK" && UPMON_HOST_VIRTUAL_CLOCK=1 exec "$OLDPWD/$UPMON" --backend mock --platform spr run \
	--events cha/CLOCKTICKS/,imc/DCLK/,pcu/POWER_STATE_OCCUPANCY_CORES_C0/ --interval 500 --count 2 >iv.out 2>&1)
echo $? >"$WORK/iv.rc"
expect iv host/spr_interval_clocks_and_c0 0 '^run: a sample every 500 ms, 2 samples; 3 event specs on 2 sockets$' \
	'^\[ +0\.500 s\] cha/CLOCKTICKS: s0 1800\.0 MHz s1 1800\.0 MHz$' '^  imc/DCLK: s0 2400\.0 MHz s1 2400\.0 MHz$' \
	'^  pcu/POWER_STATE_OCCUPANCY_CORES_C0: s0 4\.00G \(8\.00G/s\) s1 4\.00G \(8\.00G/s\)$' '^\[ +1\.000 s\]'

# UPI utilisation (PCM's reckoning: data and non-data flit counts / 3 over 5/6 of a flit a
# link clock), from the very counts results.json lists for it, on the socket that sends
# the remote reads' data; a share, never above 1.
run util --backend mock --platform spr run --kernel read --memory-socket 1 --size 16M --iterations 2 \
	--metrics UPI_TX_UTILIZATION,UPI_DATA_TX_BW
util_ok() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ctrs = d["kernel_runs"][0]["counters"]
seen = 0
for m in d["metrics"]:
    if m["name"] != "UPI_TX_UTILIZATION":
        continue
    c = [ctrs[i] for i in m["counts"]]
    flits = sum(x["delta"] for x in c if x["event"] in ("TxL_FLITS.ALL_DATA", "TxL_FLITS.NON_DATA"))
    clk = sum(x["delta"] for x in c if x["event"] == "CLOCKTICKS")
    want = flits / 3 / (clk * 5 / 6)
    # results.json gives a ratio to 6 decimals
    assert abs(m["value"] - want) <= 1e-6, (m["socket"], m["value"], want)
    assert 0 <= m["value"] <= 1, m["value"]
    seen += m["value"] > 0
assert seen >= 1, "no socket sent anything"
PY
}
[ "$(rc util)" = 0 ] && util_ok 2>"$WORK/util.err" && pass host/spr_upi_utilization_from_its_counts ||
	fail host/spr_upi_utilization_from_its_counts "status $(rc util): $(tail -1 "$WORK/util.err")"
