#!/usr/bin/env bash
# Benchmarks (timings are measured here, never asserted in tests).
#   tools/bench_interval.sh: what a run --interval sample costs per platform (build/bench/interval.csv)
#   tools/bench_kernels.sh: the stress kernels against likwid-bench (build/bench/kernels.csv)
#   tools/bench_loop_pair.sh: the non-temporal store loops against likwid-bench's, pass
#     against pass on the same pages (build/bench/loop_pair.csv)
#   tools/bench_report.sh: writing report.html of a 4-socket ivbep check (target: under
#     50 ms on the host; build/bench/report.csv)
#   make run on a built tree: seconds from the make command to upmon's exit under QEMU
#   TCG (target: under 20 s), best and median of three, written to build/bench/run.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/bench_csv.sh
mkdir -p build/bench
csv=build/bench/run.csv
bench_csv_start "$csv" "seconds from make run on a built tree to upmon's exit under QEMU TCG (target under 20 s)" \
	"make run, three times (tools/bench.sh)"
echo "run,seconds,status" >>"$csv"
times=()
for i in 1 2 3; do
	t0=$(date +%s.%N)
	set +e
	make --no-print-directory run >/dev/null 2>&1
	status=$?
	set -e
	t1=$(date +%s.%N)
	s=$(echo "$t1 - $t0" | bc -l 2>/dev/null || python3 -c "print($t1 - $t0)")
	times+=("$s")
	printf '%s,%.2f,%s\n' "$i" "$s" "$status" >>"$csv"
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
best=$(echo "$sorted" | head -1)
median=$(echo "$sorted" | sed -n 2p)
printf 'make run (built tree, QEMU TCG): best %.2f s, median %.2f s (target < 20 s); %s\n' "$best" "$median" "$csv"
bash tools/bench_interval.sh
bash tools/bench_kernels.sh
bash tools/bench_loop_pair.sh
bash tools/bench_report.sh
