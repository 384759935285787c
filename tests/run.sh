#!/usr/bin/env bash
# Runs every test suite and ends with the one line CI reads: "N passed, N failed".
# Suites print "PASS name" / "FAIL name: why" lines; this script counts them.
# JOBS suites run at once (default: processors + 1: every suite spends part of its time
# waiting, on the emulated machine, a pipe, a sleep or the disk, and two processors kept
# two suites busy only 85% of the time: make check's suites took 169 s at two at once and
# 153 s at three, with no more processor time in all). Each suite's output is kept whole and
# printed in the order below as soon as it and every suite before it have ended. The unit
# binary runs as UNIT_SHARDS processes (tests/unit/main.c, UPM_TEST_SHARD), so its tests
# share the processors. JOBS=1 runs the suites one after another. UPMON_SKIP_QEMU=1
# leaves the QEMU suites out, UPMON_SKIP_FUZZ=1 the short fuzz and UPMON_SKIP_IMAGE=1 the
# suites that read the UEFI build (make check sets all three).
set -u
cd "$(dirname "$0")/.."
began=$SECONDS
log=$(mktemp)
dir=$(mktemp -d)
trap 'rm -rf "$log" "$dir"' EXIT

. tests/run_suite.sh

# python3 is Debian's, the interpreter tools/deps.sh installs the tests' modules for
# (python3-jsonschema, python3-junitparser), even where a version manager puts its own first
# on PATH: pyenv's shim runs a dozen shell scripts to pick one, and its interpreter starts
# in twice the time, each of the tests' thousand calls. Without it, the one on PATH,
# resolved past any shim.
py=/usr/bin/python3
if [ ! -x "$py" ]; then
	py=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null)
fi
if [ -n "$py" ] && [ -x "$py" ]; then
	mkdir "$dir/bin" && ln -s "$py" "$dir/bin/python3" && PATH=$dir/bin:$PATH
fi

processors=$(nproc 2>/dev/null || echo 2)
JOBS=${JOBS:-$((processors + 1))}
UNIT_SHARDS=${UNIT_SHARDS:-4}

# The suites in the order they are printed: names[i] and its command cmds[i].
names=() cmds=()
add() { names+=("$1"); shift; cmds+=("$*"); }
for ((k = 1; k <= UNIT_SHARDS; k++)); do
	add "unit $k/$UNIT_SHARDS" env UPM_TEST_SHARD=$k/$UNIT_SHARDS ./build/test/upmon-tests
done
# Suites marked "# suite: image" read the UEFI build, which make check does not build
# (UPMON_SKIP_IMAGE=1): named as not run, never counted.
not_run=()
for t in tests/host/*.sh; do
	if [ "${UPMON_SKIP_IMAGE:-0}" = 1 ] && grep -q '^# suite: image' "$t"; then
		not_run+=("$t")
		continue
	fi
	add "host: $t" bash "$t"
done
if [ "${UPMON_SKIP_QEMU:-0}" != 1 ]; then
	for t in tests/e2e/*.sh; do
		[ -e "$t" ] || continue
		add "qemu: $t" bash "$t"
	done
fi

# Started longest first (the QEMU suites, then the unit shards, then the host suites), so
# the last to end is a short one; printed in the order above.
order=()
for i in "${!names[@]}"; do [[ ${names[$i]} == qemu:* ]] && order+=("$i"); done
for i in "${!names[@]}"; do [[ ${names[$i]} == unit* ]] && order+=("$i"); done
for i in "${!names[@]}"; do [[ ${names[$i]} == host:* ]] && order+=("$i"); done

printed=0
# flush: prints every ended suite whose predecessors have all been printed.
flush() {
	while [ "$printed" -lt "${#names[@]}" ] && [ -e "$dir/$printed.done" ]; do
		cat "$dir/$printed.out"
		cat "$dir/$printed.log" >>"$log"
		printed=$((printed + 1))
	done
}
for i in "${order[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
		wait -n
		flush
	done
	# Each suite in its own process with its own log (run_suite appends to $log).
	(
		log=$dir/$i.log
		: >"$log"
		# shellcheck disable=SC2086 # the command's words, as added above
		run_suite "${names[$i]}" ${cmds[$i]} >"$dir/$i.out" 2>&1 </dev/null
		touch "$dir/$i.done"
	) &
	flush
done
wait
flush

# A result line is "PASS name" or "FAIL name: why" with no space in the name; upmon's own
# console lines that tests echo ("FAIL socket 0 cbo0 ...") are not results.
result='^(PASS|FAIL) [^ :]+(: |$)'
passed=$(grep -E "$result" "$log" | grep -c '^PASS')
failed=$(grep -E "$result" "$log" | grep -c '^FAIL')
echo
# The console only: how long the whole run took, and the processor time its suites used.
times >"$dir/times" # a builtin's redirection: still this shell's children, not a subshell's
echo "-- all suites: $((SECONDS - began)) s wall, $JOBS at once; processor time (user, system): $(tail -1 "$dir/times")"
if [ "${#not_run[@]}" -gt 0 ]; then
	echo "-- image suites: not run (UPMON_SKIP_IMAGE=1, as make check sets: it builds no UEFI image; make test runs them): ${not_run[*]}"
fi
grep -E "$result" "$log" | grep '^FAIL' || true
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
