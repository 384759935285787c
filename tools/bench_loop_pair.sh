#!/usr/bin/env bash
# upmon's non-temporal store loops against likwid-bench's, pass against pass on the same
# pages (tools/loop_pair.c; part of `make bench`; measured, never asserted in tests), into
# build/bench/loop_pair.csv: at 1, half and all processors, ntwrite and (where the
# processor has AVX) ntwrite_avx, PAIRS passes of each (default 60) over SIZE bytes
# (default 512M), every pass alternating which loop goes first. The ratio's median is
# the loops' own difference: kbench against likwid-bench (tools/bench_kernels.sh) also
# holds each process's draw of pages and the machine's drift between runs
# (docs/benchmarks.md, ntwrite at parity). OUT: the folder (default build/bench).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/bench_csv.sh
out=${OUT:-build/bench}
mkdir -p "$out"
SIZE=${SIZE:-512M}
PAIRS=${PAIRS:-60}
all=$(nproc)
counts=$(printf '%s\n' ${THREADS:-1 $((all / 2)) $all} | awk '$1 >= 1 && !seen[$1]++')
bin=$out/loop_pair
gcc -std=c11 -Wall -Wextra -Werror -O2 -I. -o "$bin" tools/loop_pair.c tools/loop_pair_shapes.S \
	kernels/loops_sse2.S kernels/loops_avx.S -lpthread ||
	{ echo "bench: cannot build tools/loop_pair.c" >&2; exit 1; }
csv=$out/loop_pair.csv
bench_csv_start "$csv" "upmon's non-temporal store loops against likwid-bench's shapes, pass against pass on the same pages" \
	"tools/bench_loop_pair.sh with SIZE=$SIZE PAIRS=$PAIRS THREADS=\"$(echo $counts)\""
echo "kernel,threads,size_bytes,pairs,upmon_gbps_median,counterpart_gbps_median,ratio_median,ratio_q10,ratio_q90" >>"$csv"
printf '%-12s %4s %10s %10s %8s %17s\n' kernel thr upmon likwid ratio "ratio q10-q90"
for k in ntwrite ntwrite_avx; do
	for t in $counts; do
		if ! line=$("$bin" "$k" "$SIZE" "$PAIRS" "$t" 2>&1); then
			echo "bench: $k at $t thread(s): $line"
			continue
		fi
		echo "$line" >>"$csv"
		awk -F, '{ printf "%-12s %4s %10s %10s %8s %8s-%s\n", $1, $2, $5, $6, $7, $8, $9 }' <<<"$line"
	done
done
echo "bench: $csv (GB/s medians over the pairs; ratio: a pair's upmon GB/s over likwid's shape's, median and deciles)"
