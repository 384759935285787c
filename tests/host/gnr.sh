#!/bin/bash
# Granite Rapids and Sierra Forest through the uncore discovery tables of every die
# (boxes/gnr/, platform/mock/gnr/model.c): offline listing; the traced read kernel programs
# each IMC channel over MMIO with both schedulers' CAS reads (0x05/0xCF and 0x06/0xCF,
# perfmon UNC_M_CAS_COUNT_SCH0/SCH1.RD) and MEM_BW_READS is the kernel's bytes within 5%
# (one scheduler alone would be half); a socket counts over both dies; the clean check
# passes on both platforms; dead=cha3 is exactly one FAIL; broken table entries and a unit
# reading all ones are each one finding, never a count.
source "$(dirname "$0")/lib.sh"

run boxes --platform gnr list boxes
grep -q '^cha  *msr ' "$WORK/boxes.out" && grep -q '^b2cmi  *pci ' "$WORK/boxes.out" &&
	grep -q '^imc  *mmio .*fixed DCLK' "$WORK/boxes.out" && pass host/gnr_list_boxes_offline ||
	fail host/gnr_list_boxes_offline "$(head -3 "$WORK/boxes.out" | tr '\n' ' ')"
run events --platform sierraforest list events --box imc
[ "$(rc events)" = 0 ] && grep -q '^imc  *CAS_COUNT_SCH1\.RD  *0x06  *0xcf' "$WORK/events.out" &&
	pass host/srf_list_events_offline || fail host/srf_list_events_offline "$(head -3 "$WORK/events.out" | tr '\n' ' ')"

# The read kernel, traced: both schedulers' reads programmed on every channel over MMIO,
# and the bytes counted.
run kread --backend mock --platform gnr --trace k.tsv run --kernel read --size 4M --iterations 2 \
	--metrics MEM_BW_READS
sched_ok() {
	awk -F'\t' '
		/^#/ { next }
		$4 == "W" && $5 == "mmio" && $7 == "0xcf05" { s0[$6] = 1 }
		$4 == "W" && $5 == "mmio" && $7 == "0xcf06" { s1[$6] = 1 }
		END {
			n0 = 0; for (a in s0) n0++; n1 = 0; for (a in s1) n1++
			if (n0 != 16 || n1 != 16) { print "channels with SCH0.RD " n0 ", SCH1.RD " n1 " (want 16 each)"; exit 1 }
		}' "$WORK/k.tsv"
}
why=$({ [ "$(rc kread)" = 0 ] || echo "status $(rc kread)"; } ; sched_ok 2>&1)
[ -z "$why" ] && pass host/gnr_imc_both_schedulers_programmed_over_mmio || fail host/gnr_imc_both_schedulers_programmed_over_mmio "$why"
kread_ok() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
k = d["kernel_runs"][0]
assert d["platform"] == "gnr" and k["bytes_read"] == 2 * (4 << 20), k["bytes_read"]
# every channel of both dies of both sockets counted by both schedulers: each channel's
# count once, the one the run asked for ahead of a copy for the metrics
by = {}
for c in sorted(k["counters"], key=lambda c: bool(c.get("for_metrics"))):
    if c["event"] in ("CAS_COUNT_SCH0.RD", "CAS_COUNT_SCH1.RD"):
        by.setdefault((c["socket"], c["instance"], c["event"]), c["net"])
assert len(by) == 2 * 8 * 2, len(by)
assert sum(by.values()) * 64 == k["bytes_read"], sum(by.values())
bw = [m for m in k["metrics"] if m["name"] == "MEM_BW_READS"]
own = k["bytes_read"] / k["seconds"]
got = sum(m["net_per_kernel_second"] for m in bw)
assert len(bw) == 2 and abs(got - own) <= 0.05 * own, (got, own)
PY
}
kread_ok 2>"$WORK/kread.err" && pass host/gnr_kernel_read_mem_bw_agrees ||
	fail host/gnr_kernel_read_mem_bw_agrees "$(tail -1 "$WORK/kread.err")"

# The health check on the clean mocks: every self-tested type on both sockets passes.
for p in gnr srf; do
	run "check_$p" --backend mock --platform "$p" --out "res_$p" check --quick
	why=$(summary_rows_failing "$WORK/check_$p.out" "0 1" "cha iio irp pcu imc upi b2cmi b2upi")
	[ "$(rc "check_$p")" = 0 ] && [ "$(tail -1 "$WORK/check_$p.out")" = "upmon: PASS" ] && [ -z "$why" ] &&
		pass "host/${p}_check_clean_mock" || fail "host/${p}_check_clean_mock" "status $(rc "check_$p"):$why"
done
# Each socket's CHAs and channels are both dies' (4 + 4 each in the mock): verdicts on
# cha0-7 and imc0-7 of socket 1.
d=$WORK/$(last_run res_gnr)
got=$(awk -F, 'NR > 1 && $4 == 1 && $6 != "" && ($5 == "cha" || $5 == "imc") { print $5 $6 }' "$d/verdicts.csv" 2>/dev/null | sort -u | tr '\n' ' ')
[ "$got" = "cha0 cha1 cha2 cha3 cha4 cha5 cha6 cha7 imc0 imc1 imc2 imc3 imc4 imc5 imc6 imc7 " ] &&
	pass host/gnr_check_counts_both_dies || fail host/gnr_check_counts_both_dies "socket 1 units judged: $got"

# One cause, one FAIL: dead=cha3 (die 0) and dead=cha6 (die 1's cha2).
for c in cha3 cha6; do
	run "dead_$c" --backend "mock:dead=$c" --platform gnr --sockets 1 check --quick
	one_fail_of "dead_$c" "host/gnr_check_dead_${c}_one_fail" "$c" cha
done

# A unit reading all ones (LIKWID #639: "Sometimes, they return 0xFFFFFFFF"): one finding
# naming it, and its count is no number, never a zero or all ones.
run ones --backend mock:dead=upi1 --platform gnr --sockets 1 run --events upi/CLOCKTICKS/ --seconds 0.01
[ "$(grep -c '^upmon: warning: socket 0 upi1 pass 0 CLOCKTICKS: all-ones' "$WORK/ones.out")" = 1 ] &&
	grep -Eq '^ +0 +1/2 upi +CLOCKTICKS +[0-9,.]+ MHz$' "$WORK/ones.out" &&
	grep -q '^result: run WARN: 1 of 2 counts has no number (all-ones)' "$WORK/ones.out" && pass host/gnr_all_ones_unit_left_out ||
	fail host/gnr_all_ones_unit_left_out "$(grep -E 'upi' "$WORK/ones.out" | head -3 | tr '\n' ' ')"

# Broken table entries, on die 1's table too (disc1.*): one warning naming the record; the
# CHAs the tables still name count.
run d1ones --backend mock:disc1.ones=2 --platform gnr --sockets 1 run --events cha/CLOCKTICKS/ --seconds 0.01
n=$(grep -c '^upmon: warning: uncore discovery: socket 0 table 1: discovery record 2: ' "$WORK/d1ones.out")
[ "$(rc d1ones)" = 0 ] && [ "$n" = 1 ] && grep -Eq '^ +0 +7 cha +CLOCKTICKS +[1-9]' "$WORK/d1ones.out" &&
	pass host/gnr_table_die1_broken_record || fail host/gnr_table_die1_broken_record \
	"status $(rc d1ones), $n warnings: $(grep -m2 -E 'uncore discovery|CLOCKTICKS' "$WORK/d1ones.out" | tr '\n' ' ')"

# Perf's cas_count_read and cas_count_write: on these parts each a sum of both schedulers,
# counted as CAS_COUNT_READ/_WRITE (MiB, perf's scale): the read kernel's bytes, never half.
run sum --backend mock --platform gnr --out sum run --events uncore_imc/cas_count_read/,imc/cas_count_write/ \
	--kernel read --size 4M --iterations 2
sum_ok() {
	python3 - "$(last_run "$WORK/sum")/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
k = d["kernel_runs"][0]
per = {}
for c in k["counters"]:
    if c["event"] in ("CAS_COUNT_SCH0.RD", "CAS_COUNT_SCH1.RD"):
        per[c["socket"]] = per.get(c["socket"], 0) + c["net"]
rd = {m["socket"]: m for m in k["metrics"] if m["name"] == "CAS_COUNT_READ"}
wr = [m for m in k["metrics"] if m["name"] == "CAS_COUNT_WRITE"]
assert sorted(rd) == [0, 1] and len(wr) == 2, (sorted(rd), len(wr))
for s, m in rd.items():
    assert m["unit"] == "MiB", m["unit"]
    assert abs(m["net"] - per[s] * 64 / 1048576) < 1e-6, (m["net"], per[s])
got = sum(m["net"] for m in rd.values()) * 1048576
assert abs(got - k["bytes_read"]) <= 0.05 * k["bytes_read"], (got, k["bytes_read"])
PY
}
why=$({ [ "$(rc sum)" = 0 ] || echo "status $(rc sum): $(grep -m1 error "$WORK/sum.out")"; }; sum_ok 2>&1 | tail -1)
[ -z "$why" ] && pass host/gnr_perf_cas_count_read_is_both_schedulers || fail host/gnr_perf_cas_count_read_is_both_schedulers "$why"
expect sum host/gnr_perf_cas_count_read_said 0 \
	'^run: uncore_imc/cas_count_read/ on gnr is perf.s cas_count_read, the sum of both$' \
	'^ +\(imc/CAS_COUNT_SCH0\.RD/ \+ imc/CAS_COUNT_SCH1\.RD/\)$'
# One channel's sum has no metric: its parts are named; more terms after the alias neither.
run sum1 --backend mock --platform srf run --events uncore_imc_1/cas_count_read/
expect sum1 host/srf_perf_cas_count_read_one_channel_refused 4 \
	"^upmon: error: run: --events: 'uncore_imc_1/cas_count_read/': cas_count_read on srf is a sum over both command schedulers, counted for every imc \(write imc/cas_count_read/\); for one imc give its parts: imc/CAS_COUNT_SCH0\.RD/,imc/CAS_COUNT_SCH1\.RD/$"
[ "$(wc -l <"$WORK/sum1.out")" = 1 ] && pass host/srf_perf_cas_count_read_one_channel_one_line ||
	fail host/srf_perf_cas_count_read_one_channel_one_line "$(wc -l <"$WORK/sum1.out") lines"

# The self-test, two burn-in passes and intervals, as on the older platforms.
run st --backend mock --platform srf selftest
expect st host/srf_selftest_clean 0 '^upmon: PASS$'
run burn --backend mock --platform gnr --sockets 1 check --quick --passes 2
expect burn host/gnr_burnin_two_passes 0 '^pass 1/2 PASS ' '^pass 2/2 PASS ' '^upmon: PASS$'
(cd "$WORK" && UPMON_HOST_VIRTUAL_CLOCK=1 exec "$OLDPWD/$UPMON" --backend mock --platform gnr run \
	--group MEM --interval 500 --count 2 >iv.out 2>&1)
echo $? >"$WORK/iv.rc"
expect iv host/gnr_interval_mem_group 0 '^run: a sample every 500 ms, 2 samples; ' '^\[ +1\.000 s\]' \
	'^  s1 r/w GB/s: imc0 0\.00/0\.00 .*imc3 0\.00/0\.00'

# The channels' own peak from their clock (DCLK a quarter of the data rate, 8 bytes a
# transfer): the mock's 8 channels a socket at DDR5-6400 are 8 x 51.2 GB/s.
(cd "$WORK" && UPMON_HOST_VIRTUAL_CLOCK=1 exec "$OLDPWD/$UPMON" --backend mock --platform gnr run \
	--metrics MEM_BW_PEAK,MEM_BW_USE --seconds 1 >peak.out 2>&1)
echo $? >"$WORK/peak.rc"
expect peak host/gnr_mem_bw_peak_from_dclk 0 '^ +0 +MEM_BW_PEAK +409\.60 GB/s +8 imc$' '^ +1 +MEM_BW_USE +0\.000 ratio +8 imc$'

# A unit reading all ones is one finding naming its table entry: dead=b2cmi2 is die 1's
# b2cmi0, table 1's record 8 (the mock's die-1 table: 4 CHAs, 4 channels, then B2CMIs).
run b2dead --backend mock:dead=b2cmi2 --platform gnr --sockets 1 selftest
expect b2dead host/gnr_all_ones_finding_names_its_record 2 \
	'^FAIL socket 0 b2cmi2 presence: reading all ones: control 0x468 and counter 0x440 read all ones \(discovery table 1 record 8\)$'
one_fail_of b2dead host/gnr_all_ones_one_fail b2cmi2 b2cmi
