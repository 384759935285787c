#!/usr/bin/env bash
# The stress kernels on this host (part of `make bench`; measured, never asserted):
# every kernel at one thread and at every processor, best of five runs, GB/s (STREAM's
# convention) and ns per load, as a table and as build/bench/kernels.csv. Beside them,
# from the same machine, likwid-bench at the same working set and thread count
# (read/load_sse, write/store_sse, ntwrite/store_mem_sse, copy/copy_sse,
# triad/stream_sse) as ratios ours/likwid, and chase against tools/chase_lat.c, an
# independent pointer chase at the same working set. Targets: every ratio >= 1, chase
# within 5% of chase_lat.
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/bench
mkdir -p "$out"
REPEATS=${REPEATS:-5}

srcs=$(ls $(ls -d core/*/ | grep -v host/ | sed 's#$#*.c#') platform/*.c platform/mock/*.c boxes/*.c boxes/*/*.c kernels/*.c 2>/dev/null)
host=$(ls core/host/*.c | grep -v '/main\.c$')
# shellcheck disable=SC2086
gcc -std=c11 -Wall -Wextra -Werror -O2 -I. -o "$out/kbench" tools/kbench.c $srcs $host -lpthread ||
	{ echo "bench: cannot build tools/kbench.c" >&2; exit 1; }
gcc -std=c11 -Wall -Wextra -Werror -O2 -o "$out/chase_lat" tools/chase_lat.c ||
	{ echo "bench: cannot build tools/chase_lat.c" >&2; exit 1; }

# likwid-bench: installed like tools/deps.sh installs the build's packages.
likwid_why=""
if ! command -v likwid-bench >/dev/null 2>&1; then
	sudo=""
	[ "$(id -u)" -ne 0 ] && sudo="sudo"
	echo "bench: installing likwid (Debian package) for likwid-bench"
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends likwid >/dev/null 2>&1 ||
		likwid_why="apt-get install likwid failed"
fi
if [ -z "$likwid_why" ] && ! command -v likwid-bench >/dev/null 2>&1; then
	likwid_why="likwid-bench not installed"
fi
if [ -z "$likwid_why" ]; then
	probe=$(likwid-bench -t load_sse -w N:1MB:1 2>&1)
	if ! grep -q 'MByte/s' <<<"$probe"; then
		likwid_why="likwid-bench cannot run here: $(grep -v '^\s*$' <<<"$probe" | head -1)"
	fi
fi
[ -n "$likwid_why" ] && echo "bench: no likwid-bench figures: $likwid_why"

likwid_test() {
	case $1 in
	read) echo load_sse ;; write) echo store_sse ;; ntwrite) echo store_mem_sse ;;
	copy) echo copy_sse ;; triad) echo stream_sse ;; *) echo "" ;;
	esac
}

# likwid-bench GB/s for test $1, working set $2 bytes, $3 threads (likwid's sizes are
# decimal kB; its MByte/s are 10^6 bytes per second).
likwid_gbps() {
	[ -n "$likwid_why" ] || [ -z "$1" ] && return
	local kb=$(($2 / 1000))
	likwid-bench -t "$1" -w "N:${kb}kB:$3" 2>/dev/null | awk '/^MByte\/s:/ { printf "%.3f", $2 / 1000 }'
}

all=$(nproc)
csv=$out/kernels.csv
echo "kernel,threads,size_bytes,iterations,gbps,bus_gbps,ns_per_load,ns_per_handoff,likwid_test,likwid_gbps,ratio,chase_lat_ns,chase_ratio" >"$csv"
printf '%-9s %7s %12s %9s %9s %12s %22s %7s %11s\n' kernel threads size GB/s bus_GB/s ns/load "likwid-bench GB/s" ratio chase_lat
for k in read write ntwrite copy scale add triad chase llc thrash flush pingpong; do
	for t in 1 "$all"; do
		[ "$k" = pingpong ] && { [ "$t" = 1 ] && continue; t=2; }
		line=$("$out/kbench" "$k" "$t" 0 0 "$REPEATS" 2>&1) || { echo "$k x$t: $line"; continue; }
		IFS=, read -r name threads size iters gbps bus lat handoff <<<"$line"
		test=$(likwid_test "$k")
		lk=$(likwid_gbps "$test" "$size" "$threads")
		ratio=""
		[ -n "$lk" ] && ratio=$(awk -v a="$gbps" -v b="$lk" 'BEGIN { if (b > 0) printf "%.3f", a / b }')
		ref="" cratio=""
		if [ "$k" = chase ] && [ "$threads" = 1 ]; then
			# One thread, the same working set, as many loads as the kernel made (with
			# more threads their chases share the memory: no single-thread reference).
			ref=$("$out/chase_lat" "$size" $((size / 64 * iters)) "$REPEATS" 2>/dev/null)
			[ -n "$ref" ] && cratio=$(awk -v a="$lat" -v b="$ref" 'BEGIN { if (b > 0) printf "%.3f", a / b }')
		fi
		shown_lat=-
		[ "$k" = chase ] && shown_lat=$lat
		[ "$k" = pingpong ] && shown_lat="$handoff/handoff"
		printf '%-9s %7s %12s %9s %9s %12s %22s %7s %11s\n' "$name" "$threads" "$size" "$gbps" "$bus" \
			"$shown_lat" "${test:--} ${lk:--}" "${ratio:--}" "${ref:--}${cratio:+ ($cratio)}"
		echo "$name,$threads,$size,$iters,$gbps,$bus,$lat,$handoff,$test,$lk,$ratio,$ref,$cratio" >>"$csv"
	done
done
echo "bench: $csv (ratio = ours / likwid-bench, target >= 1; chase target within 5% of chase_lat)"
