#!/usr/bin/env bash
# tests/run.sh's suites: one that dies partway (a signal, a sanitizer's abort) or a unit
# binary that stops before its summary is a FAIL of its own, not uncounted tests.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh
. tests/run_suite.sh

log="$WORK/runner.log"
: >"$log"
run_suite unit bash -c 'echo "PASS unit/a"; kill -SEGV $$' >/dev/null
run_suite unit bash -c 'echo "PASS unit/b"; exit 1' >/dev/null
run_suite unit bash -c 'echo "PASS unit/c"; echo "unit: 1 passed, 0 failed"' >/dev/null
run_suite "host: tests/host/x.sh" bash -c 'echo "PASS host/d"; kill -ABRT $$' >/dev/null
run_suite "host: tests/host/y.sh" bash -c 'echo "PASS host/e"; exit 1' >/dev/null
# What tests/run.sh counts: lines of this shape.
results=$(grep -E '^(PASS|FAIL) [^ :]+(: |$)' "$log" | sed 's/^/> /')
want='> PASS unit/a
> FAIL suite/unit: exited with status 139 partway (the tests after its last result did not run)
> PASS unit/b
> FAIL suite/unit: the unit tests stopped (status 1) before their summary line
> PASS unit/c
> PASS host/d
> FAIL suite/host/tests/host/x.sh: exited with status 134 partway (the tests after its last result did not run)
> PASS host/e'
if [ "$results" = "$want" ]; then
	pass host/runner_counts_a_dead_suite
else
	fail host/runner_counts_a_dead_suite "$(echo "$results" | tr '\n' '|')"
fi

# The unit binary's shards (UPM_TEST_SHARD=K/N, tests/unit/main.c) split its tests: every
# test in exactly one shard, none left out; a malformed shard is refused (exit 4).
unit=./build/test/upmon-tests
names() { "$@" spec | grep -E '^(PASS|FAIL) unit/' | sed 's/^[A-Z]* //' | sort; }
all=$(names "$unit")
shards=$( { names env UPM_TEST_SHARD=1/2 "$unit"; names env UPM_TEST_SHARD=2/2 "$unit"; } | sort)
one=$(names env UPM_TEST_SHARD=1/2 "$unit")
if [ -n "$all" ] && [ "$shards" = "$all" ] && [ -n "$one" ] && [ "$one" != "$all" ]; then
	pass host/unit_shards_split_the_tests
else
	fail host/unit_shards_split_the_tests "$(wc -l <<<"$all") tests, shards 1/2 + 2/2 ran $(wc -l <<<"$shards"), 1/2 alone $(wc -l <<<"$one")"
fi
UPM_TEST_SHARD=3/2 "$unit" >"$WORK/shard.out" 2>&1
st=$?
[ $st = 4 ] && grep -q "UPM_TEST_SHARD='3/2' is not K/N" "$WORK/shard.out" && pass host/unit_shard_malformed_refused ||
	fail host/unit_shard_malformed_refused "status $st: $(head -1 "$WORK/shard.out")"

# The suites make check leaves out (UPMON_SKIP_IMAGE=1) are exactly those that read the
# UEFI build, each marked "# suite: image" (the room check reads whichever objects exist).
reads=$(grep -l 'build/[e]fi/' tests/host/*.sh | grep -v -e '/rooms\.sh$' | sort)
marked=$(grep -l '^# suite: [i]mage' tests/host/*.sh | sort)
if [ -n "$marked" ] && [ "$reads" = "$marked" ]; then
	pass host/image_suites_marked
else
	fail host/image_suites_marked "read the UEFI build: $(echo $reads); marked: $(echo $marked)"
fi
