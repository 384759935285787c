#!/usr/bin/env bash
# `run --kernel` on the mocked Sandy Bridge-EP: the kernel runs inside the counter window,
# the mock counts what the kernel reported, the idle baseline is subtracted, results.json
# carries the kernel's accounting beside the counts; bad sizes and options are refused.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)

# The write-back's instruction: CLFLUSHOPT where this processor has it (its flags).
flush_insn=CLFLUSH
grep -qw clflushopt /proc/cpuinfo && flush_insn=CLFLUSHOPT
run kread "${M[@]}" run --kernel read --size 4M --iterations 2 --events imc/CAS_COUNT.RD/ --metrics MEM_BW_READS
# 2 x 4 MiB read = 131072 lines from memory, spread over 2 sockets x 4 channels: 65,536 a
# socket (none in the idle baseline), merged over the 4 iMCs per socket and in all.
expect kread host/run_kernel_read_counts_cas 0 \
	'^run: kernel read on 4 threads \(socket mask 0x3\)$' '^run: kernel read: memory local, not placed: the host build leaves memory$' \
	'^run: kernel read: 4 MiB x 2 iterations; 1 spec, 1 pass, 2 sockets$' \
	'^kernel read pass 0: 4 threads, 4 MiB x 2 iterations in [0-9.]+ [mu]?s$' \
	"^kernel read pass 0: [0-9,]+\\.[0-9]{2} [kMG]B/s, bus [0-9,]+\\.[0-9]{2} [kMG]B/s over the kernel's [0-9.]+ [mu]?s\$" \
	"^kernel read pass 0: write-back [0-9.]+ [mu]?s after \\($flush_insn\\)\$" \
	'^kernel read pass 0: window [0-9.]+ [mu]?s, idle baseline [0-9.]+ [mu]?s, tsc [0-9,]+\.[0-9] MHz$' \
	'^socket  boxes   event +count +baseline +net$' \
	'^ +1  4 imc   CAS_COUNT.RD +65,536 +0 +65,536$' \
	'^ +all  8 imc   CAS_COUNT.RD +131,072 +0 +131,072$' \
	'^ +1  MEM_BW_READS +[0-9,]+\.[0-9]{2} [kMG]B/s  4 imc, pass 0$'
# 2 x 4 MiB read = 131072 lines from memory, spread over 2 sockets x 4 channels.
json_check() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["command"] == "run" and d["backend"] == "mock" and d["tsc_hz"] > 0
runs = d["kernel_runs"]
assert len(runs) == 1, runs
k = runs[0]
assert k["kernel"] == "read" and k["threads"] == 4 and k["sockets"] == [0, 1]
assert k["size_bytes"] == 4 << 20 and k["iterations"] == 2
assert k["bytes_read"] == 2 * (4 << 20) and k["bytes_written"] == 0
assert k["bus_bytes"] == 2 * (4 << 20) and k["seconds"] > 0 and k["gbps"] > 0
assert k["ns_per_load"] is None and k["tsc_hz"] == d["tsc_hz"]
# The user's counts, which the metric reads: each count once (no copy for_metrics).
cas = [c for c in k["counters"] if c["event"] == "CAS_COUNT.RD" and not c.get("for_metrics")]
assert len([c for c in k["counters"] if c.get("for_metrics")]) == 0
assert len(cas) == 8 and all(c["baseline"] == 0 for c in cas)
net = sum(c["net"] for c in cas)
assert net * 64 == k["memory_read_bytes"] == k["bytes_read"], (net, k["memory_read_bytes"])
bw = [m for m in k["metrics"] if m["name"] == "MEM_BW_READS"]
assert len(bw) == 2
# Over the kernel's own seconds the counted bandwidth is the kernel's.
own = k["memory_read_bytes"] / k["seconds"]
got = sum(m["net_per_kernel_second"] for m in bw)
# (The rate divides by the run's whole nanoseconds: up to 1 ns short of the TSC seconds.)
assert abs(got - own) <= (1e-6 + 1.0 / (k["seconds"] * 1e9)) * own, (got, own)
# The write-back after the loop is timed apart from the loop's seconds.
assert k["flush_ns"] > 0, k["flush_ns"]
EOF
}
json_check && pass host/run_kernel_results_json || fail host/run_kernel_results_json "results.json"

# A metric whose parts need two passes (the state filters share a register) is computed
# per kernel, each pass running it once, and says which passes it used; a clock is a
# rate over its window, never net of the idle baseline.
# A latency in ns from occupancy and inserts counted in two passes of different windows
# and the uncore clock in a third: the mock's 200 cycles at 2 GHz are 100 ns, whatever the
# passes' windows (they were skewed by their ratio: 66.8 ns).
run klat "${M[@]}" run --kernel read --group LLC --size 16M --iterations 2
lat_ok() {
	awk '$2 == "AVG_TOR_DRD_MISS_LATENCY_NS" { n++; if ($3 < 99 || $3 > 101 || $0 !~ / 8 cbo, passes 0\+4\+5$/) bad++ }
	     END { exit !(n == 2 && !bad) }' "$WORK/klat.out"
}
[ "$(rc klat)" = 0 ] && grep -qE '^ +0 +AVG_TOR_DRD_MISS_LATENCY +200\.000 uncore cycles .*passes 4\+5$' "$WORK/klat.out" && lat_ok &&
	pass host/run_kernel_latency_ns_across_passes ||
	fail host/run_kernel_latency_ns_across_passes "$(grep AVG_TOR "$WORK/klat.out" | tr '\n' '|')"

# Its coverage is over the boxes of its counts of work (the CBos), not the clock's UBox.
run klatcov --backend mock:absent=cbo1 --platform snbep run --seconds 0.05 --metrics AVG_TOR_DRD_MISS_LATENCY_NS
expect klatcov host/metric_coverage_over_work_boxes 1 '^ +0 +AVG_TOR_DRD_MISS_LATENCY_NS .* 7 of 8 cbo only$' \
	'^ +1 +AVG_TOR_DRD_MISS_LATENCY_NS .* 8 cbo$'

run kllc "${M[@]}" run --kernel llc --size 1M --iterations 1 --events ubox/UCLK/ --metrics LLC_HIT_RATE --per-box
expect kllc host/run_kernel_two_pass_metric_on_console 0 \
	'^ +0  LLC_DRD_HIT_PCT +[0-9]+\.[0-9]{3} ratio  8 cbo, passes 0\+1$' \
	'^kernel llc: counts per box \(net: less the idle baseline; clocks in MHz\)$' \
	'^ +0  ubox0  UCLK +[0-9,]+\.[0-9] MHz +- +-$'
if csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" | grep -qE '^llc,0,ubox,0,fixed,[01],UCLK,fixed,,[0-9]+,[0-9]+,,,ok,.*$' &&
	! grep -qE 'net -|,-[0-9]' "$(last_run "$WORK/upmon-results")/counters.csv" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); u=[c for r in d["kernel_runs"] for c in r["counters"] if c["event"] == "UCLK"]; assert u and all(c["baseline"] is None and c["net"] == c["delta"] for c in u)' \
		"$(last_run "$WORK/upmon-results")/results.json"; then
	pass host/run_kernel_clock_not_net_of_baseline
else
	fail host/run_kernel_clock_not_net_of_baseline "$(grep UCLK "$(last_run "$WORK/upmon-results")/counters.csv" | head -3)"
fi
head -1 "$(last_run "$WORK/upmon-results")/counters.csv" | grep -q '^run,backend,dry_run,kernel,socket,box,instance,counter,pass,event,code,umask,raw,delta,baseline,net,status,spec,for_metrics$' &&
	pass host/run_kernel_counters_csv || fail host/run_kernel_counters_csv "$(head -2 "$(last_run "$WORK/upmon-results")/counters.csv")"

# Two kernels, threads on socket 1 only, memory on socket 0: the reads are counted on
# socket 0's iMCs and cross QPI.
run ktwo "${M[@]}" run --kernel triad,chase --size 96K --iterations 3 --threads 2 --kernel-sockets 1 \
	--memory-socket 0 --events imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/
expect ktwo host/run_kernel_two_kernels 0 '^run: kernel triad on 2 threads \(socket mask 0x2\)$' '^run: kernel triad: memory on socket 0, not placed: the host build leaves memory$' \
	'^run: kernel chase on 2 threads' '^kernel chase pass 0: [0-9.]+ ns per load$'
two_check() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
t, c = d["kernel_runs"]
assert t["kernel"] == "triad" and c["kernel"] == "chase" and t["memory_socket"] == 0
lines = 96 * 1024 // 64 // 3
def net(run, sock, ev):
    return sum(x["net"] for x in run["counters"] if x["socket"] == sock and x["event"] == ev)
# triad: 3 passes x (two sources + RFO) in, 1 array out; all on socket 0's memory
assert net(t, 0, "CAS_COUNT.RD") == 3 * 3 * lines and net(t, 0, "CAS_COUNT.WR") == 3 * lines
assert net(t, 1, "CAS_COUNT.RD") == 0 and net(t, 1, "CAS_COUNT.WR") == 0
assert t["activity"][0]["remote_lines"] == 3 * 3 * lines and t["activity"][1]["remote_lines"] == 3 * lines
assert c["ns_per_load"] > 0 and c["loads"] == 3 * 96 * 1024 // 64
EOF
}
two_check && pass host/run_kernel_memory_on_another_socket || fail host/run_kernel_memory_on_another_socket "results.json"

# pingpong: one processor per socket, every handoff crosses QPI (8 data flits a line).
run kpp "${M[@]}" run --kernel pingpong --iterations 2000 --events qpi/TxL_FLITS_G0.DATA/
expect kpp host/run_kernel_pingpong 0 '^kernel pingpong pass 0: 2000 round trips, [0-9.]+ ns per handoff$'
pp_check() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF'
import json, sys
k = json.load(open(sys.argv[1]))["kernel_runs"][0]
assert k["kernel"] == "pingpong" and k["threads"] == 2 and k["sockets"] == [0, 1]
assert k["round_trips"] == 2000 and k["check"] == 4000
for s in (0, 1):
    flits = sum(x["net"] for x in k["counters"] if x["socket"] == s)
    assert flits == 8 * 2000, flits
EOF
}
pp_check && pass host/run_kernel_pingpong_crosses_qpi || fail host/run_kernel_pingpong_crosses_qpi "results.json"

# Refusals: one line each, exit 4, nothing run.
run kbig "${M[@]}" run --kernel read --size 100000G --events imc/CAS_COUNT.RD/
expect kbig host/run_kernel_size_does_not_fit 4 \
	'^upmon: error: run: read: a working set of [0-9.]+ TiB does not fit in the [0-9.]+ [KMGT]iB of free memory \([0-9.]+ [KMGT]iB of it stays free\): give a smaller --size$'
[ "$(lines kbig)" = 1 ] && pass host/run_kernel_size_error_one_line ||
	fail host/run_kernel_size_error_one_line "$(cat "$WORK/kbig.out")"
run kname "${M[@]}" run --kernel stream --events imc/CAS_COUNT.RD/
expect kname host/run_kernel_unknown 4 "^upmon: error: run: unknown kernel 'stream' \\(kernels: read, write, ntwrite, copy, scale, add, triad, chase, llc, thrash, flush, read_avx, write_avx, ntwrite_avx, copy_avx, triad_avx, pingpong\\)$"
# With the closest names, the line still ends with the last kernel and its parenthesis.
run kname2 "${M[@]}" run --kernel triad_avx512 --events imc/CAS_COUNT.RD/
expect kname2 host/run_kernel_unknown_whole_line 4 "^upmon: error: run: unknown kernel 'triad_avx512' \\(closest: triad, triad_avx; kernels: read, .*, triad_avx, pingpong\\)$"
# A --size the kernel rounds is said with the size run, as check says a size it fitted.
run kround "${M[@]}" run --kernel read --size 1000 --events imc/CAS_COUNT.RD/
expect kround host/run_kernel_size_rounded_said 0 \
	'^run: kernel read: 960 bytes, not 1000: rounded down to a multiple of 64 bytes \(a$' \
	'^     line in each of its arrays\)$'
run kpp1 "${M[@]}" run --kernel pingpong --threads 1 --events imc/CAS_COUNT.RD/
expect kpp1 host/run_kernel_pingpong_threads_says_what_to_give 4 \
	'^upmon: error: run: pingpong runs on exactly two processors, not 1: give --threads 2 \(or leave --threads out\)$'
run kthr "${M[@]}" run --kernel read --threads 9 --size 1M --events imc/CAS_COUNT.RD/
expect kthr host/run_kernel_too_many_threads 4 '^upmon: error: run: read needs 9 processors; the chosen sockets have 4$'
run ksock "${M[@]}" run --kernel read --kernel-sockets 2 --events imc/CAS_COUNT.RD/
expect ksock host/run_kernel_socket_not_in_run 4 '^upmon: error: run: socket 2 is not part of this run'
run ksize "${M[@]}" run --kernel read --size 12Q --events imc/CAS_COUNT.RD/
expect ksize host/run_kernel_bad_size 4 "^upmon: error: run: --size takes a size above 0, in bytes with an optional K, M or G suffix \\(64M\\), not '12Q'$"
run korphan "${M[@]}" run --size 1M --events imc/CAS_COUNT.RD/
expect korphan host/run_kernel_options_need_kernel 4 '^upmon: error: run: --size, --iterations, --threads, --kernel-sockets and --memory-socket need --kernel NAME$'
run ksec "${M[@]}" run --kernel read --seconds 1 --events imc/CAS_COUNT.RD/
expect ksec host/run_kernel_no_seconds 4 '^upmon: error: run: --seconds does not go with --kernel'

# ESC/Ctrl-C (the host's abort knob: the 3rd poll) during the kernel: the threads stop
# between passes, the counts cover the passes that ran, exit 5, results marked aborted.
UPMON_HOST_ABORT_AFTER=3 run kabort "${M[@]}" run --kernel read,triad --threads 1 --size 1M --iterations 50 \
	--events imc/CAS_COUNT.RD/
expect kabort host/run_kernel_abort_between_passes 5 \
	'^upmon: error: run: aborted \(ESC or Ctrl-C\) in pass 0 \(of 1\) of kernel read'
expect_not kabort host/run_kernel_abort_no_further_kernel 5 '^run: kernel triad'
abort_check() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["aborted"] is True
k = d["kernel_runs"][0]
assert k["aborted"] is True and 0 < k["bytes_read"] < 50 * (1 << 20)
assert k["bytes_read"] % (1 << 20) == 0
lines = sum(c["delta"] for c in k["counters"])
assert lines * 64 == k["bytes_read"], (lines, k["bytes_read"])
# No baseline ran after the abort: none is said, nor a net (not 0 and the count).
assert all(c["baseline"] is None and c["net"] is None for c in k["counters"]), k["counters"]
EOF2
}
abort_check && pass host/run_kernel_abort_counts_what_ran || fail host/run_kernel_abort_counts_what_ran "results.json"
expect kabort host/run_kernel_abort_no_baseline_said 5 '^ +all  8 imc   CAS_COUNT\.RD +[0-9,]+ +- +-$'
if csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" | grep -qE '^read,0,imc,0,ctr0,0,CAS_COUNT\.RD,0x4,0x3,[0-9]+,[0-9]+,,,ok,'; then
	pass host/run_kernel_abort_csv_no_baseline
else
	fail host/run_kernel_abort_csv_no_baseline "$(csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" | grep '^read,0,imc,0')"
fi
# A metric whose counts are in several passes has no value per pass (its other part is in
# another pass): only its whole-run value, which names the passes.
run kmem "${M[@]}" run --kernel read --threads 1 --size 1M --group MEM
per_pass() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))
whole = {(m["name"], m["socket"]): m["passes"] for m in d["metrics"]}
assert whole[("PCT_RD_REQUESTS", 0)] == "0+1", whole
assert not any(m["name"] == "PCT_RD_REQUESTS" for k in d["kernel_runs"] for m in k["metrics"])
for k in d["kernel_runs"]:
    for m in k["metrics"]:
        assert whole[(m["name"], m["socket"])] == str(k["pass"]), (k["pass"], m)
        # Socket 0 has the thread's traffic: nothing there is a zero division.
        assert m["socket"] != 0 or m.get("why") != "division by zero", m
assert any(m["name"] == "RPQ_AVG_LATENCY" for k in d["kernel_runs"] for m in k["metrics"])
EOF2
}
per_pass && pass host/run_kernel_pass_metrics_of_one_pass_only || fail host/run_kernel_pass_metrics_of_one_pass_only "results.json"
# A dead counter (all ones) has no count, so no baseline and no net either: not a 0.
run kdead --backend mock:dead=imc1 --platform snbep run --kernel read --threads 1 --size 1M --events imc/CAS_COUNT.RD/
if csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" | grep -qE '^read,0,imc,1,ctr0,0,CAS_COUNT\.RD,0x4,0x3,[0-9]+,,,,all-ones,'; then
	pass host/run_kernel_dead_counter_no_baseline
else
	fail host/run_kernel_dead_counter_no_baseline "$(csv_rows "$(last_run "$WORK/upmon-results")/counters.csv" | grep '^read,0,imc,1')"
fi
# A metric's net needs the baseline too: after an abort it has a value, no net.
UPMON_HOST_ABORT_AFTER=3 run kabm "${M[@]}" run --kernel read --threads 1 --size 1M --iterations 50 --metrics MEM_BW_READS
abort_metric() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF2'
import json, sys
ms = json.load(open(sys.argv[1]))["kernel_runs"][0]["metrics"]
assert len(ms) == 2 and ms[0]["socket"] == 0 and ms[0]["value"] > 0, ms  # one thread, on socket 0
assert all(m["baseline"] is None and m["net"] is None and m["net_per_kernel_second"] is None for m in ms), ms
EOF2
}
abort_metric && pass host/run_kernel_abort_metric_no_net || fail host/run_kernel_abort_metric_no_net "results.json"
# Aborted before the kernel's pass ran: the files still say so (counts not counted, no net
# metric), as the console promises.
UPMON_HOST_ABORT_AFTER=1 run kab1 "${M[@]}" run --kernel read --threads 1 --size 1M --metrics MEM_BW_READS
expect kab1 host/run_kernel_abort_first_poll_saved 5 '^ +all  0/8 imc CAS_COUNT\.RD +not counted +- +-$' \
	'^upmon: 4 files in '
abort_first() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["aborted"] is True and d["kernel_runs"] == [], d["kernel_runs"]
assert len(d["metrics"]) == 2 and all(m["value"] is None and not m["reported"] for m in d["metrics"]), d["metrics"]
EOF2
}
abort_first && pass host/run_kernel_abort_first_poll_json || fail host/run_kernel_abort_first_poll_json "results.json"
