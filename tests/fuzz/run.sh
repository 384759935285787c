#!/usr/bin/env bash
# Runs the libFuzzer targets (build/fuzz/fuzz-TARGET, `make fuzz-build`) over their seed
# corpus (tests/fuzz/corpus/TARGET) and then for FUZZ_SECONDS each, all at once, and
# prints one line per target: "PASS fuzz/TARGET: ..." or "FAIL fuzz/TARGET: why".
#
#   tests/fuzz/run.sh [TARGET...]      (default: every target)
#
# FUZZ_SECONDS (default 15) per target, one process per target, with tests/fuzz/TARGET.dict
# when present. New
# inputs go to build/fuzz/corpus/TARGET (the seeds stay as they are); a crash or a
# sanitizer report leaves its input in build/fuzz/artifacts/TARGET/ and the log in
# build/fuzz/TARGET.log. Reproduce with: build/fuzz/fuzz-TARGET ARTIFACT
set -u
cd "$(dirname "$0")/../.." || exit 1
seconds=${FUZZ_SECONDS:-15}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(cli spec config faults smbios replay acpi discovery json http s3list)

pids=()
for t in "${targets[@]}"; do
	bin=build/fuzz/fuzz-$t
	if [ ! -x "$bin" ]; then
		echo "FAIL fuzz/$t: $bin missing (make fuzz-build; needs clang and libclang-rt-14-dev)"
		pids+=(0)
		continue
	fi
	mkdir -p "build/fuzz/corpus/$t" "build/fuzz/artifacts/$t"
	dict=()
	[ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
	# -max_total_time bounds the run; the seeds are read first (a regression check).
	"$bin" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
		-print_final_stats=1 -artifact_prefix="build/fuzz/artifacts/$t/" \
		"build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" >"build/fuzz/$t.log" 2>&1 &
	pids+=($!)
done

status=0
for i in "${!targets[@]}"; do
	t=${targets[$i]}
	[ "${pids[$i]}" = 0 ] && { status=1; continue; }
	wait "${pids[$i]}"
	rc=$?
	log=build/fuzz/$t.log
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	if [ "$rc" = 0 ] && ! grep -qE 'ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:' "$log"; then
		echo "PASS fuzz/$t: ${runs:-?} inputs in ${seconds}s, no crash, no sanitizer report"
	else
		why=$(grep -m1 -E 'ERROR:|runtime error:|deadly signal|Test unit written' "$log")
		echo "FAIL fuzz/$t: exit $rc: ${why:-see $log} (inputs in build/fuzz/artifacts/$t/)"
		status=1
	fi
done
exit $status
