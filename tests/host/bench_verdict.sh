#!/usr/bin/env bash
# The bench's verdict on a pair (tools/paired_interval.awk): the median of the rounds'
# ratios, the sign test's interval for it with its coverage, and behind / parity /
# ahead against the target, on ratios whose answers were worked out by hand (binomial
# tails of n = 5, 6, 9, 10, 20). Then tools/bench_kernels.sh end to end on a tiny
# working set with a stand-in likwid-bench, for the columns it writes from that line
# (the figures themselves are timings and are never judged here), and with a stand-in
# kbench for the order of the rounds' runs and a verdict whose every ratio is known.
cd "$(dirname "$0")/../.." || exit 1
pass() { echo "PASS bench_verdict/$1"; }
fail() { echo "FAIL bench_verdict/$1: $2"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# kbench from the sanitized objects, which make check builds (the bench itself takes the
# optimised one): its processor list and runs are checked under the sanitizers too.
export KBENCH_TARGET=build/test/kbench

# verdict NAME TARGET EXPECTED RATIO...
verdict() {
	local name=$1 target=$2 want=$3 got
	shift 3
	got=$(printf '%s\n' "$@" | awk -v target="$target" -f tools/paired_interval.awk)
	if [ "$got" = "$want" ]; then pass "$name"; else fail "$name" "got '$got', want '$want'"; fi
}

# n = 9: P(B(9,1/2) <= 1) = 10/512, so ranks 2 and 8 (96.1%); all below 1.
verdict nine_behind 1 "0.960 0.910 1.020 0.930 0.990 96.1 behind" 0.91 0.95 0.99 1.02 0.97 0.93 0.96 0.98 0.94
# n = 5: even the whole range holds the median with only 1 - 2/32 = 93.8%.
verdict five_whole_range 1 "1.000 0.900 1.100 0.900 1.100 93.8 parity" 1.1 0.9 1.0 1.05 0.95
# n = 10: ranks 2 and 9, 1 - 2 * 11/1024 = 97.9%; the median of an even count is the mean of two.
verdict ten_ahead 1 "1.065 1.020 1.110 1.030 1.100 97.9 ahead" 1.02 1.03 1.04 1.05 1.06 1.07 1.08 1.09 1.10 1.11
# chase's target is 0.97: the same six rounds are parity against it and ahead of 0.95.
verdict six_chase_target 0.97 "0.985 0.960 1.010 0.960 1.010 96.9 parity" 0.96 0.975 0.98 0.99 1.0 1.01
verdict six_lower_target 0.95 "0.985 0.960 1.010 0.960 1.010 96.9 ahead" 0.96 0.975 0.98 0.99 1.0 1.01
# n = 20, given out of order: P(B(20,1/2) <= 5) = 21700/2^20, so ranks 6 and 15 (95.9%).
verdict twenty_unsorted 1 "1.005 0.910 1.100 0.960 1.050 95.9 parity" \
	1.05 0.91 1.10 0.98 0.93 1.02 0.96 1.07 0.99 0.92 1.03 1.09 0.94 1.01 0.97 1.08 0.95 1.06 1.00 1.04
got=$(printf '' | awk -f tools/paired_interval.awk)
if [ -z "$got" ]; then pass no_rounds_no_line; else fail no_rounds_no_line "got '$got' from no input"; fi

# likwid-bench's placement (tools/likwid_placement.awk): its thread lines come in the order
# the threads start, the set-up process's "Allocate:" line is not one of them.
g() { echo "Group: 0 Thread $1 Global Thread $1 running on hwthread $2 - Vector length 16 Offset 0"; }
alloc="Allocate: Process running on hwthread 0 (Domain N) - Vector length 64/512 Offset 0 Alignment 512"
placed() {
	local name=$1 threads=$2 want=$3 got
	shift 3
	got=$(printf '%s\n' "$@" | awk -v threads="$threads" -f tools/likwid_placement.awk)
	if [ "$got" = "$want" ]; then pass "placement/$name"; else fail "placement/$name" "got '$got', want '$want'"; fi
}
placed by_thread_not_by_line 4 "8,9,3,2" "$alloc" "$(g 2 3)" "$(g 0 8)" "$(g 3 2)" "$(g 1 9)"
placed allocate_line_not_a_thread 1 "5" "$alloc" "$(g 0 5)"
placed a_processor_twice 2 "" "$(g 0 4)" "$(g 1 4)"
placed a_thread_twice 2 "" "$(g 0 4)" "$(g 0 5)"
placed a_thread_missing 3 "" "$(g 0 1)" "$(g 2 2)" "$(g 3 3)"
placed fewer_than_asked 3 "" "$(g 0 1)" "$(g 1 2)"
placed none 2 "" "MByte/s: 1000.00"

# End to end: read at one thread, 1 MiB, five rounds of 10 ms, against a likwid-bench that
# always says 1234 MByte/s.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\nprintf "MByte/s:\\t\\t1234.00\\n"\n' >"$tmp/bin/likwid-bench"
chmod +x "$tmp/bin/likwid-bench"
if ! LIKWID_BENCH=$tmp/bin/likwid-bench OUT=$tmp/out KERNELS=read THREADS=1 SIZE=1M TARGET=0.01s \
	bash tools/bench_kernels.sh >"$tmp/table" 2>&1; then
	fail bench_runs "exit status $?: $(tail -1 "$tmp/table")"
	exit 0
fi
pass bench_runs
# kbench's processor list (the bench passes likwid-bench's placement): one line and status 1
# for a list it cannot follow, a run where it can.
kb=$tmp/out/kbench
for bad in "read 2 1M 1 0|names 1 processor for 2 threads" "read 1 1M 1 0,0|names a processor twice" \
	"read 1 1M 1 0x|bad CPUS '0x'" "read 1 1M 1 99999|bad CPUS '99999'" \
	"read 0 1M 1 0|not THREADS 0 (every processor): give THREADS 1"; do
	args=${bad%%|*} want=${bad#*|}
	# shellcheck disable=SC2086
	got=$("$kb" $args 2>&1)
	st=$?
	if [ "$st" = 1 ] && [ "$(wc -l <<<"$got")" = 1 ] && grep -qF "$want" <<<"$got"; then
		pass "kbench_cpus_refused/${args// /_}"
	else
		fail "kbench_cpus_refused/${args// /_}" "status $st: $got"
	fi
done
line=$("$kb" read 1 1M 1 0 2>&1) && [[ $line == read,1,* ]] && pass kbench_cpus_followed ||
	fail kbench_cpus_followed "$line"
csv=$tmp/out/kernels.csv
# It says what it is first (tools/bench_csv.sh): what, the revision, when, the machine,
# the command with its settings; then the column names.
rev=$(git describe --always --dirty 2>/dev/null || echo unknown)
if [ "$(sed -n 1p "$csv")" = "# upmon bench: the stress kernels against likwid-bench" ] &&
	sed -n 2p "$csv" | grep -qE "^# revision ${rev//./\\.}, started 20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z, host " &&
	sed -n 3p "$csv" | grep -qE "^# processor: .* family [0-9]+ model [0-9]+ \(.*\), $(nproc) processors online; " &&
	[ "$(sed -n 4p "$csv")" = "# command: tools/bench_kernels.sh with REPEATS=5 THREADS=\"1\" SIZE=1M TARGET=0.01s KERNELS=\"read\" LIKWID_BENCH=$tmp/bin/likwid-bench" ]; then
	pass csv_says_what_it_is
else
	fail csv_says_what_it_is "$(head -4 "$csv" | tr '\n' '|')"
fi
grep -v '^#' "$csv" | head -1 | grep -q ',paired_ratio_max,paired_interval_low,paired_interval_high,paired_interval_coverage_pct,verdict,cpus$' &&
	pass csv_header || fail csv_header "$(grep -v '^#' "$csv" | head -1)"
# Five rounds: the interval is the whole range, 93.8%, and the verdict follows from it.
row=$(awk -F, '$1 == "read" && $2 == 1' "$csv")
IFS=, read -r _ _ _ runs _ _ _ _ _ _ ref _ _ med min max lo hi cov verdict <<<"$row"
want=parity
awk -v l="$lo" 'BEGIN { exit !(l > 1) }' && want=ahead
awk -v h="$hi" 'BEGIN { exit !(h < 1) }' && want=behind
if [ "$runs" = 5 ] && [ "$ref" = load_sse ] && [ "$lo" = "$min" ] && [ "$hi" = "$max" ] && [ "$cov" = 93.8 ] &&
	[ "$verdict" = "$want" ] && [ -n "$med" ]; then
	pass csv_row_interval
else
	fail csv_row_interval "row '$row' (want 5 runs against load_sse, interval min-max, 93.8%, $want)"
fi
grep -E "^read +1 .* load_sse .*\[$lo-$hi, 93.8%\] $verdict\$" "$tmp/table" >/dev/null &&
	pass table_row || fail table_row "$(grep '^read' "$tmp/table")"

# The rounds' order and the verdict's arithmetic, with a stand-in kbench (1.1 GB/s, its
# line as tools/kbench.c prints it) and a likwid-bench at 1000 MByte/s that sets up on
# processor 0 and puts its one thread on processor 1, both noting each call: the untimed
# first run, then upmon first in even rounds and the counterpart first in odd ones,
# every kbench run on processor 1; every round's ratio is 1.1, so the verdict is ahead.
log=$tmp/calls
printf '#!/bin/sh\necho "kbench $5" >>%s\necho "$1,$2,1048576,7,1.100,1.100,0.00,0.00,0"\n' "$log" >"$tmp/bin/kbench"
printf '#!/bin/sh\necho "likwid $2" >>%s\necho "Allocate: Process running on hwthread 0 (Domain N) - Vector length 16/128 Offset 0 Alignment 512"\necho "Group: 0 Thread 0 Global Thread 0 running on hwthread 1 - Vector length 16 Offset 0"\nprintf "MByte/s:\\t\\t1000.00\\n"\n' "$log" >"$tmp/bin/likwid-bench"
chmod +x "$tmp/bin/kbench" "$tmp/bin/likwid-bench"
if ! KBENCH=$tmp/bin/kbench LIKWID_BENCH=$tmp/bin/likwid-bench OUT=$tmp/out2 KERNELS=copy THREADS=1 REPEATS=6 \
	bash tools/bench_kernels.sh >"$tmp/table2" 2>&1; then
	fail standin_runs "exit status $?: $(tail -1 "$tmp/table2")"
	exit 0
fi
order=$(grep -v '^likwid load_sse$' "$log" | sed 's/^likwid copy_sse$/likwid/' | tr '\n' ' ')
want="kbench 1 kbench 1 likwid likwid kbench 1 kbench 1 likwid likwid kbench 1 kbench 1 likwid likwid kbench 1 "
[ "$order" = "$want" ] && pass rounds_alternate_first || fail rounds_alternate_first "calls '$order', want '$want'"
grep -q '^bench: 1 thread(s) on processors 1, as likwid-bench places them$' "$tmp/table2" &&
	pass placement_shown || fail placement_shown "$(grep -i processors "$tmp/table2")"
row=$(awk -F, '$1 == "copy" && $2 == 1' "$tmp/out2/kernels.csv")
# Six rounds: ranks 1 and 6, 1 - 2/64 = 96.9%; an even count's medians are means, to three places.
[ "$row" = "copy,1,1048576,6,1.100,1.100,0.000,0.000,0.000,gbps,copy_sse,1.000,1.100,1.100,1.100,1.100,1.100,1.100,96.9,ahead,1" ] &&
	pass standin_row || fail standin_row "row '$row'"

# A second bench into the same folder keeps the first one's kernels.csv, renamed after
# the time it was written; a third, within the same second, keeps the second's beside it.
cp "$tmp/out2/kernels.csv" "$tmp/first.csv"
touch -d '2026-01-02 03:04:05 UTC' "$tmp/out2/kernels.csv"
for i in 2 3; do
	KBENCH=$tmp/bin/kbench LIKWID_BENCH=$tmp/bin/likwid-bench OUT=$tmp/out2 KERNELS=copy THREADS=1 REPEATS=5 \
		bash tools/bench_kernels.sh >"$tmp/table$i" 2>&1
	[ "$i" = 2 ] && { cp "$tmp/out2/kernels.csv" "$tmp/second.csv"; touch -d '2026-01-02 03:04:05 UTC' "$tmp/out2/kernels.csv"; }
done
if cmp -s "$tmp/first.csv" "$tmp/out2/kernels-20260102-030405.csv" &&
	cmp -s "$tmp/second.csv" "$tmp/out2/kernels-20260102-030405-2.csv" &&
	grep -q 'REPEATS=5 ' "$tmp/out2/kernels.csv" &&
	grep -q '^bench: the previous kernels.csv is kept as kernels-20260102-030405-2.csv$' "$tmp/table3"; then
	pass earlier_csv_kept
else
	fail earlier_csv_kept "$(ls "$tmp/out2" | tr '\n' ' ')"
fi

# BUDGET: a stand-in kbench that takes a second a run makes copy's pair take six seconds or
# more (the untimed first run and five rounds), so with BUDGET=3 read's pair, which would end
# past it, is not started: the table, the console and the csv say where it stopped.
printf '#!/bin/sh\nsleep 1\necho "$1,$2,1048576,7,1.100,1.100,0.00,0.00,0"\n' >"$tmp/bin/kbench_slow"
chmod +x "$tmp/bin/kbench_slow"
KBENCH=$tmp/bin/kbench_slow LIKWID_BENCH=$tmp/bin/likwid-bench OUT=$tmp/out3 KERNELS="copy read" THREADS=1 \
	BUDGET=3 bash tools/bench_kernels.sh >"$tmp/table_budget" 2>&1
if grep -q '^copy ' "$tmp/table_budget" && ! grep -q '^read ' "$tmp/table_budget" &&
	grep -qE '^bench: BUDGET=3s: stopped after [0-9]+s, before read at 1 thread\(s\) \(the longest pair took [0-9]+s\); it and the pairs after it were not run$' "$tmp/table_budget" &&
	grep -qE '^# stopped by BUDGET=3s after [0-9]+s: read at 1 thread\(s\) and the pairs after it not run$' "$tmp/out3/kernels.csv" &&
	grep -q ' BUDGET=3"*$' <(sed -n 4p "$tmp/out3/kernels.csv"); then
	pass budget_stops_before_a_pair_that_would_overrun
else
	fail budget_stops_before_a_pair_that_would_overrun "$(tail -3 "$tmp/table_budget" | tr '\n' '|') csv: $(grep '^#' "$tmp/out3/kernels.csv" | tr '\n' '|')"
fi
# Without BUDGET both pairs run (the same stand-ins).
KBENCH=$tmp/bin/kbench LIKWID_BENCH=$tmp/bin/likwid-bench OUT=$tmp/out4 KERNELS="copy read" THREADS=1 \
	bash tools/bench_kernels.sh >"$tmp/table_nobudget" 2>&1
grep -q '^copy ' "$tmp/table_nobudget" && grep -q '^read ' "$tmp/table_nobudget" && ! grep -q 'stopped' "$tmp/table_nobudget" &&
	pass no_budget_runs_all || fail no_budget_runs_all "$(tail -3 "$tmp/table_nobudget" | tr '\n' '|')"
KERNELS=copy BUDGET=soon bash tools/bench_kernels.sh >"$tmp/table_badbudget" 2>&1
st=$?
[ "$st" = 4 ] && grep -q "^bench: BUDGET 'soon' is not a number of seconds; give e.g. BUDGET=540$" "$tmp/table_badbudget" &&
	pass budget_refused_when_not_seconds || fail budget_refused_when_not_seconds "status $st: $(cat "$tmp/table_badbudget")"

# KBENCH and CHASE_LAT given: nothing is built (a gcc that always fails is first on PATH),
# chase's counterpart is the chase_lat given, and the csv's command names both.
mkdir -p "$tmp/nogcc"
printf '#!/bin/sh\necho "gcc called" >>%s\nexit 1\n' "$tmp/gcc_calls" >"$tmp/nogcc/gcc"
printf '#!/bin/sh\necho "$1,$2,1048576,7,0.050,0.400,100.00,0.00,0"\n' >"$tmp/bin/kbench_chase"
printf '#!/bin/sh\necho "chase_lat $1" >>%s\necho 98.000\n' "$tmp/chase_calls" >"$tmp/bin/chase_lat"
chmod +x "$tmp/nogcc/gcc" "$tmp/bin/kbench_chase" "$tmp/bin/chase_lat"
PATH="$tmp/nogcc:$PATH" KBENCH=$tmp/bin/kbench_chase CHASE_LAT=$tmp/bin/chase_lat LIKWID_BENCH=$tmp/bin/likwid-bench \
	OUT=$tmp/out5 KERNELS=chase THREADS=1 bash tools/bench_kernels.sh >"$tmp/table_chase" 2>&1
row=$(awk -F, '$1 == "chase" && $2 == 1' "$tmp/out5/kernels.csv" 2>/dev/null)
IFS=, read -r _ _ _ _ _ _ lat _ _ compared ref m_ref ratio _ <<<"$row"
if [ ! -e "$tmp/gcc_calls" ] && [ "$(wc -l <"$tmp/chase_calls" 2>/dev/null)" = 5 ] && [ "$compared" = ns_per_load ] &&
	[ "$ref" = chase_lat ] && [ "$lat" = 100.00 ] && [ "$m_ref" = 98.000 ] && [ "$ratio" = 0.980 ] &&
	sed -n 4p "$tmp/out5/kernels.csv" | grep -q " KBENCH=$tmp/bin/kbench_chase CHASE_LAT=$tmp/bin/chase_lat"; then
	pass prebuilt_kbench_and_chase_lat_need_no_gcc
else
	fail prebuilt_kbench_and_chase_lat_need_no_gcc "gcc: $(cat "$tmp/gcc_calls" 2>/dev/null) row '$row' $(tail -2 "$tmp/table_chase" | tr '\n' '|')"
fi

# tools/bench_loop_pair.sh: its loop_pair built and run on a tiny buffer (the figures are
# timings and are not judged): 1 MiB in three slices of an even line count (16384 / 3 =
# 5461 lines, 5460 each) is 1048320 bytes, every pair's ratio a positive number, the
# csv's "#" lines first and its columns named.
if OUT=$tmp/lp SIZE=1M PAIRS=3 THREADS=3 bash tools/bench_loop_pair.sh >"$tmp/lp_table" 2>&1; then
	row=$(grep '^ntwrite,' "$tmp/lp/loop_pair.csv")
	if [ "$(grep -c '^# ' "$tmp/lp/loop_pair.csv")" = 4 ] &&
		grep -qx 'kernel,threads,size_bytes,pairs,upmon_gbps_median,counterpart_gbps_median,ratio_median,ratio_q10,ratio_q90' "$tmp/lp/loop_pair.csv" &&
		awk -F, '$2 == 3 && $3 == 1048320 && $4 == 3 && $5 > 0 && $6 > 0 && $7 > 0 && $8 <= $7 && $7 <= $9 { ok = 1 } END { exit !ok }' <<<"$row"; then
		pass loop_pair_slices_and_columns
	else
		fail loop_pair_slices_and_columns "row '$row' csv: $(tr '\n' '|' <"$tmp/lp/loop_pair.csv")"
	fi
else
	fail loop_pair_slices_and_columns "$(tail -3 "$tmp/lp_table" | tr '\n' '|')"
fi
# Its refusals: one line, status 1, naming what is accepted.
lp=$tmp/lp/loop_pair
for args in "kernel:nt 1M 3 1:the kernels are ntwrite and ntwrite_avx" \
	"size:ntwrite 1Q 3 1:SIZE is a byte count above zero" \
	"too_small:ntwrite 64 3 1:SIZE gives each thread less than two lines" \
	"cpus:ntwrite 1M 3 1 0,1:CPUS names more processors than THREADS" \
	"cpus_range:ntwrite 1M 3 1 5000:CPUS is a comma-separated list of processor numbers (0 to 1023)" \
	"cpus_absent:ntwrite 1M 3 1 1000:cannot run a thread on processor 1000"; do
	IFS=: read -r what words want <<<"$args"
	# shellcheck disable=SC2086 # the arguments' words
	got=$("$lp" $words 2>&1)
	st=$?
	if [ "$st" = 1 ] && [ "$(wc -l <<<"$got")" = 1 ] && [[ $got == "loop_pair: "*"$want"* ]]; then
		pass "loop_pair_refuses/$what"
	else
		fail "loop_pair_refuses/$what" "status $st: $got"
	fi
done
