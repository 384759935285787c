#!/usr/bin/env bash
# The stress kernels on this host against likwid-bench (part of `make bench`; measured,
# never asserted). Method (docs/benchmarks.md, Method):
#   - thread counts: 1, half and all of the online processors (duplicates dropped);
#   - each pair runs alternately, REPEATS times (at least 5): one upmon run (tools/kbench.c,
#     the same workload code as `run --kernel`, a process of its own) and one
#     likwid-bench run of the counterpart (first in every other round) at the same
#     working set (upmon's default for the kernel unless SIZE is given) and thread
#     count, on the processors likwid-bench chose (the cpus column), and so on; every
#     run, on either side, is a new process with buffers of its own, so both sides
#     draw their pages alike (a buffer's pages set its bandwidth on a virtual
#     machine); the iteration count is measured once, by an
#     untimed first run, so each upmon run lasts about TARGET; each side's figure is
#     the median of its runs and the ratio is median(upmon) / median(likwid-bench);
#   - pairs: read/load_sse, write/store_sse, ntwrite/store_mem_sse, copy/copy_sse,
#     triad/stream_sse, and the AVX variants read_avx/load_avx, write_avx/store_avx,
#     ntwrite_avx/store_mem_avx, copy_avx/copy_avx, triad_avx/stream_avx, all at STREAM's
#     convention (bytes the program loads and stores); llc/load_sse at llc's working set
#     (half the LLC: the cache's limit); thrash against load_sse at thrash's working set,
#     comparing thrash's bus GB/s (it loads 8 bytes of each 64-byte line, the memory
#     moves the line: memory's limit); chase against tools/chase_lat.c (an independent
#     pointer chase, ns per load, one thread, from memory as upmon's chase);
#   - the other kernels (scale, add, flush, pingpong) run REPEATS times, medians shown.
#     A kernel this machine cannot run (the AVX ones where AVX is not enabled) is one
#     line saying why.
# Output: a table on stdout and $OUT/kernels.csv (OUT defaults to build/bench), which
# opens with what it is (tools/bench_csv.sh; an earlier one is kept, renamed).
# Each pair's rounds also give a verdict (tools/paired_interval.awk): the median of the
# rounds' own ratios, the distribution-free (sign-test) interval that holds the true
# median with 95% probability or more (93.8% at five rounds), "behind" when it is all below
# the target (1; chase 0.97), "ahead" when above, "parity" when the rounds cannot tell.
# Environment: REPEATS (5), THREADS (the thread counts, e.g. "1 16"; default 1, half and
# all), SIZE (bytes, K/M/G suffixes, for the DRAM kernels; llc and thrash keep theirs,
# sized from the LLC; default: the kernel's own), KERNELS (the list),
# KERNEL_TREE (the source tree kbench is built from; default this one), KBENCH (a kbench
# to run instead of building one: the tests give a stand-in), CHASE_LAT (likewise a
# chase_lat: with both given, a machine without gcc can run the bench), LIKWID_BENCH
# (the likwid-bench command; default likwid-bench on PATH, installed from Debian's
# likwid package when missing), LIKWID_DEBS (a folder of likwid's .deb files, from
# `tools/likwid_offline.sh fetch`, for a machine with no network: unpacked under
# $OUT/likwid-root and run from there), TARGET (each upmon run's length: 1s), BUDGET
# (seconds, for a machine lent for a while: no pair starts that would end past it, judged by
# the longest pair so far; the pairs left are named on the console and in the csv).
set -uo pipefail
cd "$(dirname "$0")/.."
. tools/bench_csv.sh
out=${OUT:-build/bench}
mkdir -p "$out"
out=$(cd "$out" && pwd)
REPEATS=${REPEATS:-5}
[ "$REPEATS" -lt 5 ] && { echo "bench: REPEATS must be at least 5 (medians of five runs or more)" >&2; exit 4; }
all=$(nproc)
for t in ${THREADS:-}; do
	[[ $t =~ ^[1-9][0-9]*$ ]] && [ "$t" -le "$all" ] ||
		{ echo "bench: THREADS '$t' is not a processor count from 1 to $all; give e.g. THREADS=\"1 $all\"" >&2; exit 4; }
done
tree=${KERNEL_TREE:-.}
SIZE=${SIZE:-0}
LIKWID_BENCH=${LIKWID_BENCH:-likwid-bench}
# Each upmon run lasts about TARGET (likwid-bench's own runs last a second or more).
TARGET=${TARGET:-1s}
BUDGET=${BUDGET:-}
[ -z "$BUDGET" ] || [[ $BUDGET =~ ^[0-9]+$ ]] ||
	{ echo "bench: BUDGET '$BUDGET' is not a number of seconds; give e.g. BUDGET=540" >&2; exit 4; }

kbench_given=${KBENCH:-} # named in the csv's command line when given
# kbench is linked from the tree's host objects (make build/host/kbench: -O2, as the host
# program), so only tools/kbench.c and what changed since the last build compile.
# KBENCH_TARGET: another make target to build it as (the bench's test takes the sanitized
# build/test/kbench, whose objects make check has built).
kbench_target=${KBENCH_TARGET:-build/host/kbench}
if [ -z "${KBENCH:-}" ]; then
	KBENCH=$out/kbench
	{ make -C "$tree" --no-print-directory -s "$kbench_target" >&2 && cp "$tree/$kbench_target" "$KBENCH"; } ||
		{ echo "bench: cannot build tools/kbench.c (make $kbench_target in $tree)" >&2; exit 1; }
fi
chase_given=${CHASE_LAT:-} # named in the csv's command line when given
if [ -z "${CHASE_LAT:-}" ]; then
	CHASE_LAT=$out/chase_lat
	gcc -std=c11 -Wall -Wextra -Werror -O2 -o "$CHASE_LAT" tools/chase_lat.c ||
		{ echo "bench: cannot build tools/chase_lat.c" >&2; exit 1; }
fi

likwid_why=""
if [ -n "${LIKWID_DEBS:-}" ]; then
	# A machine without network: likwid's packages carried in (tools/likwid_offline.sh),
	# unpacked under the output folder and run from there.
	if vars=$(bash tools/likwid_offline.sh unpack "$LIKWID_DEBS" "$out/likwid-root"); then
		eval "$vars"
		export LD_LIBRARY_PATH PATH
	else
		likwid_why="cannot unpack LIKWID_DEBS ($LIKWID_DEBS)"
	fi
elif ! command -v "$LIKWID_BENCH" >/dev/null 2>&1; then
	sudo=""
	[ "$(id -u)" -ne 0 ] && sudo="sudo"
	echo "bench: installing likwid (Debian package) for likwid-bench"
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends likwid >/dev/null 2>&1 ||
		likwid_why="apt-get install likwid failed"
fi
if [ -z "$likwid_why" ] && ! command -v "$LIKWID_BENCH" >/dev/null 2>&1; then
	likwid_why="likwid-bench not installed"
fi
if [ -z "$likwid_why" ]; then
	probe=$("$LIKWID_BENCH" -t load_sse -w N:1MB:1 2>&1)
	if ! grep -q 'MByte/s' <<<"$probe"; then
		likwid_why="likwid-bench cannot run here: $(grep -v '^\s*$' <<<"$probe" | head -1)"
	fi
fi
[ -n "$likwid_why" ] && echo "bench: no likwid-bench figures: $likwid_why"

# The counterpart of a kernel: likwid-bench test, or chase_lat.
counterpart() {
	case $1 in
	read | llc | thrash) echo load_sse ;; write) echo store_sse ;; ntwrite) echo store_mem_sse ;;
	copy) echo copy_sse ;; triad) echo stream_sse ;; chase) echo chase_lat ;;
	read_avx) echo load_avx ;; write_avx) echo store_avx ;; ntwrite_avx) echo store_mem_avx ;;
	copy_avx) echo copy_avx ;; triad_avx) echo stream_avx ;; *) echo "" ;;
	esac
}

# One counterpart run, as a figure: likwid-bench's GB/s for test $1 at $2 bytes and $3
# threads (likwid's sizes are decimal kB and cover all its streams; its MByte/s are 10^6
# bytes per second); chase_lat's ns per load, one thread, $2 bytes, $4 loads.
ref_run() {
	if [ "$1" = chase_lat ]; then
		"$CHASE_LAT" "$2" "$4" 1 2>/dev/null
	else
		"$LIKWID_BENCH" -t "$1" -w "N:$(($2 / 1000))kB:$3" 2>/dev/null |
			awk '/^MByte\/s:/ { printf "%.3f", $2 / 1000 }'
	fi
}

# rate COMPARED OURS THEIRS: ours / theirs for a bandwidth, theirs / ours for a latency
# (ns_per_load), so that above 1 is always upmon ahead.
rate() {
	awk -v c="$1" -v a="$2" -v b="$3" 'BEGIN { if (c == "ns_per_load") { if (a > 0) printf "%.3f", b / a }
		else if (b > 0) printf "%.3f", a / b }'
}

median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit; if (NR % 2) printf "%s", v[(NR + 1) / 2];
		else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

counts=$(printf '%s\n' ${THREADS:-1 $((all / 2)) $all} | awk '$1 >= 1 && !seen[$1]++')

# Where likwid-bench puts T threads (tools/likwid_placement.awk): kbench's threads go to the
# same processors, so that where cores have two hardware threads both sides double up on
# cores alike (likwid-bench takes its domain's processors in order; kbench alone would
# take processors 0 to T-1). None without likwid-bench.
placement() {
	[ -z "$likwid_why" ] || return 0
	"$LIKWID_BENCH" -t load_sse -w "N:$(($1 * 64))kB:$1" 2>/dev/null |
		awk -v threads="$1" -f tools/likwid_placement.awk
}
declare -A cpus_of
for t in $counts; do
	p=$(placement "$t")
	if [ -n "$p" ]; then
		cpus_of[$t]=$p
		echo "bench: $t thread(s) on processors $p, as likwid-bench places them"
	fi
done
csv=$out/kernels.csv
kernel_list=${KERNELS:-read write ntwrite copy triad read_avx write_avx ntwrite_avx copy_avx triad_avx llc thrash chase scale add flush pingpong}
bench_csv_start "$csv" "the stress kernels against likwid-bench${likwid_why:+ (no likwid-bench: $likwid_why)}" \
	"tools/bench_kernels.sh with REPEATS=$REPEATS THREADS=\"$(echo $counts)\" SIZE=$SIZE TARGET=$TARGET KERNELS=\"$kernel_list\" LIKWID_BENCH=$LIKWID_BENCH${kbench_given:+ KBENCH=$kbench_given}${chase_given:+ CHASE_LAT=$chase_given}${BUDGET:+ BUDGET=$BUDGET}" "$tree"
echo "kernel,threads,size_bytes,runs,gbps,bus_gbps,ns_per_load,ns_per_handoff,flush_ns,compared,counterpart,counterpart_median,ratio,paired_ratio_median,paired_ratio_min,paired_ratio_max,paired_interval_low,paired_interval_high,paired_interval_coverage_pct,verdict,cpus" >>"$csv"
printf '%-11s %4s %11s %8s %8s %8s %9s  %-13s %9s %6s  %s\n' kernel thr size GB/s bus_GB/s ns/load flush_ms counterpart median ratio 'paired [interval, coverage] verdict'

pair_started="" longest=0 stopped=""
for k in $kernel_list; do
	for t in $counts; do
		if [ "$k" = pingpong ]; then
			[ "$all" -ge 2 ] && [ "$t" = "$all" ] || continue
			t=2
		fi
		# BUDGET: the longest pair so far says whether this one would end in time.
		if [ -n "$pair_started" ] && ((SECONDS - pair_started > longest)); then
			longest=$((SECONDS - pair_started))
		fi
		if [ -n "$BUDGET" ] && ((SECONDS + longest > BUDGET)); then
			stopped="$k at $t thread(s)"
			break 2
		fi
		pair_started=$SECONDS
		ref=$(counterpart "$k")
		[ "$k" = chase ] && [ "$t" != 1 ] && ref="" # chase_lat is one thread
		ksize=$SIZE
		case $k in llc | thrash) ksize=0 ;; esac
		use_ref=""
		[ -n "$ref" ] && { [ "$ref" = chase_lat ] || [ -z "$likwid_why" ]; } && use_ref=$ref
		iters=$TARGET
		[ "$k" = pingpong ] && iters=0
		pin=()
		[ -n "${cpus_of[$t]:-}" ] && pin=("${cpus_of[$t]}")
		# The iteration count for about TARGET, from an untimed run; then the rounds.
		first=$("$KBENCH" "$k" "$t" "$ksize" "$iters" "${pin[@]}" 2>&1) ||
			{ echo "$k x$t: $(tail -1 <<<"$first")"; continue; }
		IFS=, read -r name threads size iters _ <<<"$first"
		ours=() theirs=() failed=""
		# Rounds alternate which side goes first (upmon in even rounds, the counterpart
		# in odd ones), so neither always follows the other's exit and its freed pages.
		ref_round() { theirs+=("$(ref_run "$use_ref" "$size" "$threads" $((size / 64 * iters)))"); }
		for ((i = 0; i < REPEATS; i++)); do
			ref_first=""
			[ -n "$use_ref" ] && ((i % 2)) && ref_first=1
			[ -n "$ref_first" ] && ref_round
			line=$("$KBENCH" "$k" "$t" "$ksize" "$iters" "${pin[@]}" 2>&1) || { failed=$(tail -1 <<<"$line"); break; }
			IFS=, read -r name threads size iters gbps bus lat handoff flush <<<"$line"
			ours+=("$gbps,$bus,$lat,$handoff,$flush")
			[ -n "$use_ref" ] && [ -z "$ref_first" ] && ref_round
		done
		[ -n "$failed" ] && { echo "$k x$t: $failed"; continue; }
		col() { printf '%s\n' "${ours[@]}" | cut -d, -f"$1" | grep -v '^$' | median; }
		m_gbps=$(col 1) m_bus=$(col 2) m_lat=$(col 3) m_hand=$(col 4) m_flush=$(col 5)
		m_ref=$(printf '%s\n' "${theirs[@]}" | grep -v '^$' | median)
		compared=gbps mine=$m_gbps
		[ "$k" = thrash ] && compared=bus_gbps mine=$m_bus
		[ "$k" = chase ] && compared=ns_per_load mine=$m_lat
		# Bandwidth: ours / theirs (>= 1 is as fast or faster); latency: theirs / ours.
		ratio="" paired=() p_med="" p_min="" p_max="" p_lo="" p_hi="" p_cov="" verdict=""
		if [ -n "$m_ref" ]; then
			ratio=$(rate "$compared" "$mine" "$m_ref")
			# Each round's own ratio (the two runs a few seconds apart): the median and
			# range show whether a ratio of medians below 1 is more than the drift of
			# the machine between rounds.
			field=1
			[ "$compared" = bus_gbps ] && field=2
			[ "$compared" = ns_per_load ] && field=3
			for ((i = 0; i < ${#theirs[@]}; i++)); do
				one=$(cut -d, -f"$field" <<<"${ours[$i]}")
				[ -n "${theirs[$i]}" ] && paired+=("$(rate "$compared" "$one" "${theirs[$i]}")")
			done
			# The median's interval and whether the rounds put upmon behind its
			# target, ahead of it, or cannot tell (tools/paired_interval.awk).
			goal=1
			[ "$k" = chase ] && goal=0.97
			read -r p_med p_min p_max p_lo p_hi p_cov verdict < <(printf '%s\n' "${paired[@]}" | grep -v '^$' |
				awk -v target="$goal" -f tools/paired_interval.awk)
		fi
		flush_ms=$(awk -v f="${m_flush:-0}" 'BEGIN { printf "%.1f", f / 1e6 }')
		shown_lat=-
		[ "$k" = chase ] && shown_lat=$m_lat
		[ "$k" = pingpong ] && shown_lat="$m_hand/h"
		shown_paired=-
		[ -n "$p_med" ] && shown_paired="$p_med [$p_lo-$p_hi, $p_cov%] $verdict"
		printf '%-11s %4s %11s %8s %8s %8s %9s  %-13s %9s %6s  %s\n' "$name" "$threads" "$size" "$m_gbps" "$m_bus" \
			"$shown_lat" "$flush_ms" "${ref:--}" "${m_ref:--}" "${ratio:--}" "$shown_paired"
		echo "$name,$threads,$size,$REPEATS,$m_gbps,$m_bus,$m_lat,$m_hand,$m_flush,$compared,$ref,$m_ref,$ratio,$p_med,$p_min,$p_max,$p_lo,$p_hi,$p_cov,$verdict,${pin[*]:+${pin[0]//,/ }}" >>"$csv"
	done
done
if [ -n "$stopped" ]; then
	echo "bench: BUDGET=${BUDGET}s: stopped after ${SECONDS}s, before $stopped (the longest pair took ${longest}s); it and the pairs after it were not run"
	echo "# stopped by BUDGET=${BUDGET}s after ${SECONDS}s: $stopped and the pairs after it not run" >>"$csv"
fi
echo "bench: $csv (ratio: median upmon / median counterpart for bandwidth, chase_lat / chase for latency; paired: each round's ratio, its median, the interval that holds the true median with the coverage shown, and the verdict against the target: behind when the whole interval is below it, ahead when above, else parity; target >= 1, chase >= 0.97)"
