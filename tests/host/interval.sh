#!/usr/bin/env bash
# `run --interval` on the mocks, under the host's virtual clock (UPMON_HOST_VIRTUAL_CLOCK=1:
# time passes only in sleeps, so the samples' spacing is exact): how many samples and when,
# interval.csv's rows (its header row first) and each sample's metrics in it, results.json's
# intervals, the console's block fitting 80 columns, --per-box, a spec given twice counted
# once, every shipped group sampled (its interval form where the whole needs more passes),
# ESC/Ctrl-C, a kernel repeating between samples (real clock: no timing asserted), and
# the usage errors (one line, closest choices, exit 4).
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

S=(--backend mock --platform snbep)
VC=(env UPMON_HOST_VIRTUAL_CLOCK=1)
vrun() { # vrun NAME ARGS...: run under the virtual clock
	local name=$1
	shift
	(cd "$WORK" && UPMON_HOST_VIRTUAL_CLOCK=1 exec "$OLDPWD/$UPMON" "$@" >"$name.out" 2>&1)
	echo $? >"$WORK/$name.rc"
}

# --- three samples a second apart ---
vrun c3 "${S[@]}" run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,cbo0/CLOCKTICKS/ --interval 1000 --count 3
expect c3 host/interval_count_runs 0 \
	'^run: a sample every 1000 ms, 3 samples; 3 event specs on 2 sockets$' \
	'^\[ +1\.000 s\] s0 read 0\.00 write 0\.00 GB/s; s1 read 0\.00 write 0\.00 GB/s;$' \
	'^  s1 r/w GB/s: imc0 0\.00/0\.00 imc1 0\.00/0\.00 imc2 0\.00/0\.00 imc3 0\.00/0\.00$' \
	'^  cbo/CLOCKTICKS: s0 2000\.0 MHz s1 2000\.0 MHz$' \
	'^\[ +3\.000 s\]' \
	'^run: 3 samples \(3 kept\); each sample: [0-9]+ register accesses, [0-9.]+ us \(at most [0-9.]+ us\)$' \
	'^run: socket 0 read by box freeze$'
F=$(last_run "$WORK/upmon-results")
# Per socket 1 CBo (freeze, read, unfreeze) and 4 channels (freeze, 2 counters of 2
# dwords, unfreeze): 3 + 4 x 6 = 27; two sockets.
if grep -qE '^run: 3 samples \(3 kept\); each sample: 54 register accesses' "$WORK/c3.out"; then
	pass host/interval_accesses_per_sample
else
	fail host/interval_accesses_per_sample "$(grep 'each sample' "$WORK/c3.out")"
fi
# 18 counts (2 sockets x (8 channel counts + 1 CBo)) x 3 samples, spaced exactly 1 s.
csv_check() {
	python3 - "$F/interval.csv" <<'EOF'
import csv, sys
lines = open(sys.argv[1]).read().splitlines()
# The header row first (RFC 4180), no comment lines; the run's identity in its first columns.
assert not [l for l in lines if l.startswith("#")], "no comment lines"
rows = list(csv.DictReader(lines))
assert list(rows[0].keys()) == ["run", "backend", "dry_run", "time", "seconds", "kind", "socket", "box", "instance", "spec",
                                "count", "rate", "status", "for_metrics", "metric", "value", "unit"], rows[0].keys()
assert len(rows) == 3 * 18, len(rows)
folder = sys.argv[1].split("/")[-2]
assert all((r["run"], r["backend"], r["dry_run"], r["kind"]) == (folder, "mock", "no", "count") for r in rows)
assert sorted(set(r["seconds"] for r in rows)) == ["1.000000", "2.000000", "3.000000"]
import re
for r in rows:
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$", r["time"]), r["time"]
    assert r["status"] == "ok"
times = sorted(set(r["time"] for r in rows))
assert len(times) == 3
cbo = [r for r in rows if r["box"] == "cbo"]
assert len(cbo) == 6 and all(r["spec"] == "cbo0/CLOCKTICKS/" and r["instance"] == "0" for r in cbo)
# The mock's uncore clock is 2.0 GHz: a whole second of it per sample.
assert all(int(r["count"]) == 2000000000 and r["rate"] == "2000000000.000" for r in cbo), cbo
assert len([r for r in rows if r["spec"] == "imc/CAS_COUNT.WR/"]) == 3 * 8
EOF
}
csv_check && pass host/interval_csv_rows_and_spacing || fail host/interval_csv_rows_and_spacing "$F/interval.csv"
# report.html renders the same record: the samples' section with a line chart per event
# (one polyline per socket: 2 sockets x 3 specs).
if grep -q '<section id="intervals">' "$F/report.html" &&
	[ "$(grep -o '<polyline' "$F/report.html" | wc -l)" -eq 6 ]; then
	pass host/interval_report_html_charts
else
	fail host/interval_report_html_charts "$(grep -c '<polyline' "$F/report.html" 2>&1) polylines in $F/report.html"
fi
# A metric of the user's spec reads the user's count: each channel counted once, and the
# metric's row of each sample is that sample's counts: MEM_BW_READS = 64 x the socket's
# CAS_COUNT.RD per second of the window (a kernel reads between the samples).
run own "${S[@]}" run --events imc/CAS_COUNT.RD/ --metrics MEM_BW_READS --kernel read --size 1M --iterations 1 \
	--interval 100 --duration 0.3
own_csv() {
	python3 - "$(last_run "$WORK/upmon-results")/interval.csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
counts = [r for r in rows if r["kind"] == "count"]
samples = sorted(set(r["seconds"] for r in rows))
assert samples and all(r["for_metrics"] == "no" for r in counts), "one count a channel, the user's"
assert len(counts) == 8 * len(samples), len(counts)
busy = 0
for t in samples:
    for sock in ("0", "1"):
        m = [r for r in rows if r["kind"] == "metric" and r["seconds"] == t and r["socket"] == sock]
        assert len(m) == 1 and m[0]["metric"] == "MEM_BW_READS" and m[0]["unit"] == "bytes/s" and m[0]["status"] == "ok", m
        want = 64 * sum(float(r["rate"]) for r in counts if r["seconds"] == t and r["socket"] == sock)
        got = float(m[0]["value"])
        assert abs(got - want) <= 1e-6 * max(want, 1) + 1, (t, sock, got, want)
        busy += want > 0
assert busy, "the kernel's reads were counted"
EOF
}
own_csv && pass host/interval_csv_metric_from_the_samples_counts || fail host/interval_csv_metric_from_the_samples_counts "$(last_run "$WORK/upmon-results")/interval.csv"
expect own host/interval_metrics_each_sample 0 '^  MEM_BW_READS: s0 [0-9.]+ [kMG]?B/s s1 [0-9.]+ [kMG]?B/s$'
expect_not own host/interval_no_double_note 0 'note:'

# --per-box: each box instance's count in each sample's block, every socket on a line.
vrun pb "${S[@]}" run --events cbo/CLOCKTICKS/,imc/CAS_COUNT.RD/ --interval 500 --count 1 --per-box
expect pb host/interval_per_box 0 '^  cbo/CLOCKTICKS: s0 cbo0 2000\.0 MHz cbo1 2000\.0 MHz cbo2 2000\.0 MHz' \
	'^ +cbo7 2000\.0 MHz$' '^     s1 cbo0 2000\.0 MHz cbo1 ' '^  s1 r/w GB/s: imc0 0\.00/0\.00 imc1 0\.00/0\.00 imc2 '
if [ "$(grep -c ',count,[01],cbo,[0-7],cbo/CLOCKTICKS/,1000000000,2000000000.000,ok,no,,,$' "$(last_run "$WORK/upmon-results")/interval.csv")" = 16 ]; then
	pass host/interval_per_box_csv
else
	fail host/interval_per_box_csv "$(grep -c ',cbo,' "$(last_run "$WORK/upmon-results")/interval.csv") cbo rows"
fi

# The same spec twice is counted once, said in one line, on every platform (the skl IMC's
# free-running counters were refused as "given twice", the snbep channels counted twice).
vrun tw "${S[@]}" run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.RD/ --interval 500 --count 1
expect tw host/interval_same_spec_twice_once 0 '^run: note: imc/CAS_COUNT\.RD/ is asked for twice: counted once$' \
	'^run: a sample every 500 ms, 1 sample; 1 event spec on 2 sockets$'
vrun tws --backend mock --platform skl run --events imc/DRAM_DATA_READS/,imc/DRAM_DATA_READS/ --interval 500 --count 1
expect tws host/interval_same_spec_twice_once_skl 0 '^run: note: imc/DRAM_DATA_READS/ is asked for twice: counted once$' \
	'^run: a sample every 500 ms, 1 sample; 1 event spec on 1 socket$'

# A group whose whole needs more than one pass counts its interval form, said in one line;
# its rows and metrics once each: per socket 4 channels x 4 events, and channel 0's DRAM
# clock for RPQ_AVG_LATENCY_NS; 4 metrics.
vrun gm "${S[@]}" run --group MEM --interval 1000 --count 1
expect gm host/interval_group_interval_form 0 \
	'^run: MEM with --interval: its interval form \(events imc/CAS_COUNT\.RD/,imc/CAS_COUNT\.WR/,imc/RPQ_INSERTS/,imc/RPQ_OCCUPANCY/; metrics MEM_BW_READS,MEM_BW_WRITES,RPQ_AVG_LATENCY,RPQ_AVG_LATENCY_NS\), since the whole group needs 2 passes$' \
	'^  RPQ_AVG_LATENCY_NS: s0 ' '^  imc/RPQ_INSERTS: s0 0 \(0/s\) s1 0 \(0/s\)$'
if [ "$(grep -c '^  imc/RPQ_INSERTS:' "$WORK/gm.out")" = 1 ] &&
	[ "$(grep -c ',1.000000,count,' "$(last_run "$WORK/upmon-results")/interval.csv")" = $((2 * (4 * 4 + 1))) ] &&
	[ "$(grep -c ',1.000000,metric,' "$(last_run "$WORK/upmon-results")/interval.csv")" = $((2 * 4)) ]; then
	pass host/interval_group_rows_once
else
	fail host/interval_group_rows_once "$(grep -c ',count,' "$(last_run "$WORK/upmon-results")/interval.csv") count rows"
fi

# Every shipped group of every platform (from the tables: the platforms the program names,
# their groups as list groups gives them) samples with --interval.
every_group() {
	local platforms bad=0 n=0
	platforms=$("$UPMON" --backend mock --platform none list groups 2>&1 | sed -n 's/.*(implemented: \(.*\))$/\1/p' | tr -d ',')
	[ -n "$platforms" ] || return 1
	for p in $platforms; do
		for g in $("$UPMON" --backend mock --platform "$p" list groups --format csv 2>/dev/null | grep -v '^identity' |
			python3 -c 'import csv, sys; [print(r["group"]) for r in csv.DictReader(sys.stdin)]'); do
			n=$((n + 1))
			vrun "eg_${p}_$g" --backend mock --platform "$p" run --group "$g" --interval 1000 --count 1
			local f
			f=$(last_run "$WORK/upmon-results")
			if [ "$(rc "eg_${p}_$g")" != 0 ] || ! grep -q '^\[ *1\.000 s\]' "$WORK/eg_${p}_$g.out" ||
				[ "$(grep -c ',1.000000,' "$f/interval.csv")" -lt 1 ]; then
				echo "$p $g: status $(rc "eg_${p}_$g"): $(grep error "$WORK/eg_${p}_$g.out" | head -1)"
				bad=1
			fi
		done
	done
	[ "$n" -ge 20 ] && [ "$bad" = 0 ]
}
eg=$(every_group) && pass host/interval_every_group_of_every_platform || fail host/interval_every_group_of_every_platform "$eg"
# A clock's chart is its frequency: eight CBos at 2 GHz peak at 2 GHz, not 16 G/s.
vrun clk "${S[@]}" run --events cbo/CLOCKTICKS/ --interval 500 --count 2
h=$(last_run "$WORK/upmon-results")/report.html
if grep -qF "cbo CLOCKTICKS per second (a clock: Hz, the mean of the socket's boxes)</text>" "$h" &&
	grep -q 'text-anchor="end">2000000000</text>' "$h"; then
	pass host/interval_clock_chart_is_the_mean
else
	fail host/interval_clock_chart_is_the_mean "$(grep -o 'text-anchor="end">[0-9]*</text>' "$h" | head -2)"
fi
json_check() {
	python3 - "$F/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
iv = d["intervals"]
assert [t["seconds"] for t in iv] == [1.0, 2.0, 3.0]
assert all(t["window_ns"] == 1000000000 and len(t["counts"]) == 18 for t in iv)
assert d["interval_sampling"]["period_ms"] == 1000 and d["interval_sampling"]["samples"] == 3
assert d["interval_sampling"]["accesses_per_sample"] == 54
assert [m["method"] for m in d["interval_sampling"]["read_as"]] == ["box freeze", "box freeze"]
# The run's totals are the samples' sums.
c = [x for x in d["passes"][0]["counters"] if x["box"] == "cbo" and x["socket"] == 1][0]
assert c["delta"] == 3 * 2000000000, c
assert d["aborted"] is False
EOF
}
json_check && pass host/interval_results_json || fail host/interval_results_json "$F/results.json"

# --- --seconds ends the run; the last sample closes a shorter window ---
vrun sec "${S[@]}" run --events ubox/UCLK/ --interval 1000 --seconds 2.5
expect sec host/interval_seconds_ends_run 0 '^run: a sample every 1000 ms, for 2\.500 s;' '^\[ +2\.500 s\]'
if [ "$(cut -d, -f5 "$(last_run "$WORK/upmon-results")/interval.csv" | tail -n +2 | tr '\n' ' ')" = \
	"1.000000 1.000000 2.000000 2.000000 2.500000 2.500000 " ]; then
	pass host/interval_seconds_spacing
else
	fail host/interval_seconds_spacing "$(cut -d, -f5 "$(last_run "$WORK/upmon-results")/interval.csv" | tr '\n' ' ')"
fi

# --- the console fits 80 columns, with many counts on many sockets ---
vrun wide "${S[@]}" run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,cbo/CLOCKTICKS/,pcu/CLOCKTICKS/,ha/CLOCKTICKS/,'cbo/LLC_LOOKUP.DATA_READ,filter_state=0x1f,filter_opc=0x182,filter_nid=0x1,filter_tid=0x1/',qpi/TxL_FLITS_G0.DATA/ \
	--interval 100 --count 2
if [ "$(rc wide)" = 0 ] && ! grep -v '^identity: ' "$WORK/wide.out" | grep -E '^\[|^  ' | awk 'length($0) > 79 { bad = 1 } END { exit !bad }'; then
	pass host/interval_console_fits_80_columns
else
	fail host/interval_console_fits_80_columns "status $(rc wide): $(grep -v '^identity: ' "$WORK/wide.out" | awk 'length($0) > 79' | head -2)"
fi

# A metric's events beside four of the user's need a second pass: sampled, the user's
# events alone.
vrun grp "${S[@]}" run --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,imc/RPQ_INSERTS/,imc/WPQ_INSERTS/ --metrics MEM_BW_TOTAL \
	--interval 100 --count 1
expect grp host/interval_group_events_alone 0 '^run: --interval: the metrics are left out \(with their events the run needs [0-9]+ passes\); the events given are sampled$' \
	'^\[ +0\.100 s\] s0 read 0\.00 write 0\.00 GB/s;'

# Without memory events a sample is one line: the first event on the time's line.
vrun one "${S[@]}" run --events ubox/UCLK/ --interval 250 --count 2
expect one host/interval_one_line_per_sample 0 '^\[ +0\.250 s\] ubox/UCLK: s0 2000\.0 MHz s1 2000\.0 MHz$' \
	'^\[ +0\.500 s\] ubox/UCLK: s0 2000\.0 MHz s1 2000\.0 MHz$'

# A channel whose counters read all ones: the others are sampled, it is flagged in every
# sample (no count of 0 said ok), and the socket's line says it is over the others only.
vrun dead --backend mock:dead=imc1 --platform snbep run --events imc/CAS_COUNT.RD/ --interval 100 --count 2
expect dead host/interval_dead_box_flagged 1 '^\[ +0\.200 s\] s0 read 0\.00 write 0\.00 GB/s \(3 of 4 imc only\);' \
	'cannot be trusted'
expect_not dead host/interval_dead_box_not_shown_as_a_channel 1 '^  s0 r/w GB/s:.* imc1 '
if grep -q ',count,0,imc,0,imc/CAS_COUNT.RD/,0,0.000,ok,no,,,$' "$(last_run "$WORK/upmon-results")/interval.csv"; then
	pass host/interval_dead_box_others_sampled
else
	fail host/interval_dead_box_others_sampled "$(head -4 "$(last_run "$WORK/upmon-results")/interval.csv")"
fi
dead_rows=$(grep -c ',count,0,imc,1,' "$(last_run "$WORK/upmon-results")/interval.csv")
if [ "$dead_rows" = 2 ] &&
	[ "$(grep -c ',count,0,imc,1,imc/CAS_COUNT.RD/,,,all-ones,no,,,$' "$(last_run "$WORK/upmon-results")/interval.csv")" = 2 ]; then
	pass host/interval_dead_box_rows_all_ones
else
	fail host/interval_dead_box_rows_all_ones "$(grep ',0,imc,1,' "$(last_run "$WORK/upmon-results")/interval.csv" | head -2)"
fi

# --- the 6th-generation Core: its IMC counters run free, nothing is written ---
vrun skl --backend mock --platform skl run --events imc/DRAM_DATA_READS/,imc/DRAM_DATA_WRITES/ --interval 500 --count 2
expect skl host/interval_skl_free_running 0 \
	'^\[ +0\.500 s\] s0 read 0\.00 write 0\.00 GB/s;$' \
	'^run: 2 samples \(2 kept\); each sample: 2 register accesses' '^run: socket 0 read by free-running$'

# --- ESC/Ctrl-C: a last sample, registers restored, everything saved marked aborted ---
(cd "$WORK" && env UPMON_HOST_VIRTUAL_CLOCK=1 UPMON_HOST_ABORT_AFTER=40 "$OLDPWD/$UPMON" "${S[@]}" run --events ubox/UCLK/ \
	--interval 200 >ab.out 2>&1; echo $? >ab.rc)
expect ab host/interval_abort_saves 5 '^run: a sample every 200 ms, until ESC or Ctrl-C;' \
	'^upmon: error: run: aborted \(ESC or Ctrl-C\) after [0-9]+ samples: registers restored'
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["aborted"] is True and len(d["intervals"]) >= 2' \
	"$(last_run "$WORK/upmon-results")/results.json" && [ -s "$(last_run "$WORK/upmon-results")/interval.csv" ]; then
	pass host/interval_abort_files
else
	fail host/interval_abort_files "results.json or interval.csv"
fi

# ESC in the middle of the kernel's repetition (its passes poll too): the files say the
# last repetition was cut short, not that it ran whole.
(cd "$WORK" && env UPMON_HOST_ABORT_AFTER=40 "$OLDPWD/$UPMON" "${S[@]}" run --kernel read --size 1M --iterations 5000 \
	--events ubox/UCLK/ --interval 100 --duration 5 >abk.out 2>&1; echo $? >abk.rc)
expect abk host/interval_abort_kernel_cut_short 5 '^run: kernel read ran 1 time \(the last cut short\), '
python3 -c 'import json,sys; k=json.load(open(sys.argv[1]))["interval_kernel"]; assert k["last_cut_short"] is True and k["repetitions"] == 1 and k["bytes_read"] < 5000 << 20, k' \
	"$(last_run "$WORK/upmon-results")/results.json" && pass host/interval_abort_kernel_cut_short_json ||
	fail host/interval_abort_kernel_cut_short_json "$(last_run "$WORK/upmon-results")/results.json"

# --- a kernel repeating while the samples tick (real clock: counts, not timing) ---
run kr "${S[@]}" run --kernel read --size 1M --iterations 1 --duration 0.3 --interval 100 --events imc/CAS_COUNT.RD/
expect kr host/interval_kernel_repeats 0 '^run: a sample every 100 ms, for 0\.300 s; 1 event spec on 2 sockets; kernel read$' \
	'^\[ +[0-9.]+ s\] s0 read [0-9.]+ write 0\.00 GB/s;' '^run: kernel read ran [1-9][0-9]* times?, '
kernel_sum() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" "$WORK/kr.out" <<'EOF'
import json, re, sys
d = json.load(open(sys.argv[1]))
reps = int(re.search(r"kernel read ran (\d+) time", open(sys.argv[2]).read()).group(1))
lines = sum(c["count"] for t in d["intervals"] for c in t["counts"])
# 1 MiB read once per repetition: 16384 lines, every one counted by some sample.
assert lines == reps * (1 << 20) // 64, (lines, reps)
EOF
}
kernel_sum && pass host/interval_kernel_lines_all_counted || fail host/interval_kernel_lines_all_counted "samples' lines"
# The kernel is in every file, not only in the command line: what it was and what it did.
kernel_files() {
	python3 - "$(last_run "$WORK/upmon-results")" "$WORK/kr.out" <<'EOF'
import json, re, sys
folder, out = sys.argv[1], open(sys.argv[2]).read()
reps = int(re.search(r"kernel read ran (\d+) time", out).group(1))
assert re.search(r"^run: kernel read: 1 MiB x 1 iterations, repeated between the samples$", out, re.M), out
k = json.load(open(folder + "/results.json"))["interval_kernel"]
assert (k["name"], k["size_bytes"], k["iterations"], k["repetitions"], k["error"]) == ("read", 1 << 20, 1, reps, None), k
assert k["bytes_read"] == reps << 20 and k["bytes_written"] == 0 and k["sockets"] == [0, 1], k
assert k["seconds"] > 0 and k["gbps"] > 0 and k["memory_socket"] == "local", k
# counters.csv and interval.csv open with their header rows: the kernel is results.json's
# interval_kernel and report.html's.
assert open(folder + "/counters.csv").readline().startswith("run,backend,dry_run,"), "counters.csv header"
assert open(folder + "/interval.csv").readline().startswith("run,backend,dry_run,time,"), "interval.csv header"
html = open(folder + "/report.html").read()
assert re.search(r'<p id="interval-kernel">kernel read between the samples: .*; ran %d time' % reps, html), "report.html"
EOF
}
kernel_files && pass host/interval_kernel_in_every_file || fail host/interval_kernel_in_every_file "$(last_run "$WORK/upmon-results")"
# A metric over the whole sampled run reaches the console too (the virtual clock: exact).
vrun im "${S[@]}" run --metrics UNCORE_FREQ --interval 500 --count 2
expect im host/interval_metrics_on_console 0 \
	'^run: metrics over the 1\.00 s counting window, the whole run to the last sample$' \
	'^ +0  UNCORE_FREQ +2,000\.0 MHz  1 ubox$' '^ +1  UNCORE_FREQ +2,000\.0 MHz  1 ubox$'

# --- usage errors: one line, exit 4 ---
usage() { # usage NAME TEST PATTERN ARGS...
	local name=$1 test=$2 pat=$3
	shift 3
	run "$name" "${S[@]}" run "$@"
	if [ "$(rc "$name")" = 4 ] && [ "$(lines "$name")" = 1 ] && grep -qE -- "$pat" "$WORK/$name.out"; then
		pass "$test"
	else
		fail "$test" "status $(rc "$name"), $(lines "$name") lines: $(grep -v '^identity: ' "$WORK/$name.out" | head -c 300)"
	fi
}
usage u1 host/interval_usage_too_short '^upmon: error: run: --interval takes milliseconds, 10 to 3600000 \(an hour\), not .5.$' \
	--events ubox/UCLK/ --interval 5
usage u2 host/interval_usage_not_a_number "not 'abc'" --events ubox/UCLK/ --interval abc
usage u3 host/interval_usage_too_long "not '3600001'" --events ubox/UCLK/ --interval 3600001
usage u4 host/interval_usage_count_alone '^upmon: error: run: --count and --duration go with --interval MS' --events ubox/UCLK/ --count 3
usage u5 host/interval_usage_count_and_seconds 'give one of them' --events ubox/UCLK/ --interval 100 --count 3 --seconds 2
usage u6 host/interval_usage_duration_without_kernel 'without one use --seconds S or --count N' --events ubox/UCLK/ --interval 100 --duration 2
usage u7 host/interval_usage_two_passes 'these need 2 passes: give fewer events' \
	--events cbo0/LLC_VICTIMS.M_STATE/,cbo0/LLC_VICTIMS.E_STATE/,cbo0/LLC_VICTIMS.S_STATE/ --interval 100
usage u8 host/interval_usage_closest_option "unknown argument '--intervall' \(closest: --interval;" --events ubox/UCLK/ --intervall 100
usage u9 host/interval_usage_count_zero "--count takes a number of samples, 1 or more, not '0'" --events ubox/UCLK/ --interval 100 --count 0
usage u10 host/interval_usage_one_kernel 'takes one --kernel NAME' --events ubox/UCLK/ --interval 100 --kernel read,write
usage u11 host/interval_usage_kernel_seconds "with --kernel, --interval's run lasts --duration S" \
	--events ubox/UCLK/ --interval 100 --kernel read --seconds 2

# A dry run samples no counter that ran: every sample has no value (empty in interval.csv,
# null in results.json, "-" on the console, memory's socket line included), its status
# dry-run; no warning, exit status 0.
# (On the virtual clock, as the others: the sample times are then exact, not late under load.)
vrun dry --backend mock --platform snbep --dry-run --out dry run --events imc/CAS_COUNT.RD/,ubox/UCLK/ --interval 10 --count 3
d=$(last_run "$WORK/dry")
if [ "$(rc dry)" = 0 ] && ! grep -q warning "$WORK/dry.out" && grep -q '^  ubox/UCLK: s0 - s1 -$' "$WORK/dry.out" &&
	[ "$(grep -cE '^\[ +0\.0[123]0 s\] s0 -; s1 -;$' "$WORK/dry.out")" = 3 ] &&
	[ "$(tail -n +2 "$d/interval.csv" | grep -vc '^[^,]*,mock,yes,.*,count,.*,,,dry-run,no,,,$')" = 0 ] &&
	[ "$(tail -n +2 "$d/interval.csv" | wc -l)" = 30 ] &&
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = [x for s in d["intervals"] for x in s["counts"]]
assert len(c) == 30 and all(x["count"] is None and x["rate"] is None and x["status"] == "dry-run" for x in c)
' "$d/results.json"; then
	pass host/interval_dry_run_samples_no_value
else
	fail host/interval_dry_run_samples_no_value "status $(rc dry): $(grep -E 'warning|UCLK' "$WORK/dry.out" | head -2 | tr '\n' '|') $(sed -n 2p "$d/interval.csv")"
fi

# A clock that stood still over a sample is no value there ("stuck"), not a 0 averaged
# into its socket's clock rate; memory traffic over fewer channels says so on its line.
run istuck --backend mock:stuck=cbo0.ctr0 --platform snbep --out ist run --interval 100 --count 2 --events cbo/CLOCKTICKS/
ist=$WORK/$(last_run ist)
if grep -qE ',[0-9.]+,count,0,cbo,0,cbo/CLOCKTICKS/,,,stuck,no,,,$' "$ist/interval.csv" &&
	! grep -qE 's0 1[0-8][0-9]{2}\.[0-9] MHz' "$WORK/istuck.out" && grep -qE 's0 (19|20)[0-9]{2}\.[0-9] MHz' "$WORK/istuck.out"; then
	pass host/interval_stuck_clock_is_no_value
else
	fail host/interval_stuck_clock_is_no_value "$(grep -E ',cbo,0,|MHz' "$ist/interval.csv" "$WORK/istuck.out" | head -3 | tr '\n' '|')"
fi
run ipart --backend mock:absent=imc1 --platform snbep run --interval 100 --count 1 --events imc/CAS_COUNT.RD/
expect ipart host/interval_memory_over_part_of_a_socket 1 '^\[ +[0-9.]+ s\] s0 read [0-9.]+ write [0-9.]+ GB/s \(3 of 4 imc only\);$' \
	'^ +s1 read [0-9.]+ write [0-9.]+ GB/s;$'

# The found values go back while nothing counts: a sampled run leaves the global enable
# on between samples, and Skylake's boxes have no freeze of their own. No box register
# is written while MSR_UNC_PERF_GLOBAL_CTL (0xE01) has its enable (bit 29) set.
vrun iglob --backend mock --platform skl --trace iglob.tsv run --events cbo0/CLOCKTICKS/,arb/TRK_OCCUPANCY.ALL/ --interval 10 --count 3
if python3 - "$WORK/iglob.tsv" <<'PY'
import sys
enabled, box_writes, bad = False, 0, []
for line in open(sys.argv[1]):
    f = line.split()
    if line.startswith("#") or len(f) < 7 or f[3] != "W" or f[4] != "msr":
        continue
    addr, value = int(f[5], 16), int(f[6], 16)
    if addr == 0xE01:
        enabled = bool(value >> 29 & 1)
    elif addr != 0x8B:
        box_writes += 1
        if enabled:
            bad.append(line.strip())
assert box_writes > 4 and not bad, (box_writes, bad)
PY
then
	pass host/interval_restores_with_global_stopped
else
	fail host/interval_restores_with_global_stopped "status $(cat "$WORK/iglob.rc")"
fi
