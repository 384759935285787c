#!/usr/bin/env bash
# Runs every test suite and ends with the one line CI reads: "N passed, N failed".
# Suites print "PASS name" / "FAIL name: why" lines; this script counts them.
set -u
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

. tests/run_suite.sh

run_suite unit ./build/test/upmon-tests
for t in tests/host/*.sh; do
	run_suite "host: $t" bash "$t"
done
if [ "${UPMON_SKIP_QEMU:-0}" != 1 ]; then
	for t in tests/e2e/*.sh; do
		[ -e "$t" ] || continue
		run_suite "qemu: $t" bash "$t"
	done
fi

# A result line is "PASS name" or "FAIL name: why" with no space in the name; upmon's own
# console lines that tests echo ("FAIL socket 0 cbo0 ...") are not results.
result='^(PASS|FAIL) [^ :]+(: |$)'
passed=$(grep -E "$result" "$log" | grep -c '^PASS')
failed=$(grep -E "$result" "$log" | grep -c '^FAIL')
echo
grep -E "$result" "$log" | grep '^FAIL' || true
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
