# Helpers for command-level tests of the host program (sanitizer build).
UPMON=${UPMON:-./build/test/upmon-san}
# AddressSanitizer and UBSan check every run; the leak check at exit is kept for the suites
# that set UPMON_LEAK_CHECK=1 before this file (every help example, the commands, the
# mock's faults, robustness, the Linux backend, the check's safety, the OCP output: between
# them every command and path), since it doubles each start's cost (about 20 ms: it scans
# the sanitizers' own 9 MB of tables), and the other suites start upmon a thousand times
# more over the same paths. The unit binary checks for leaks in every test.
if [ "${UPMON_LEAK_CHECK:-0}" != 1 ]; then
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi
. tests/runs_csv.bash # runs_csv_last_folder, csv_fields
. tests/summary_rows.bash # summary_rows_failing
WORK=$(mktemp -d)
# Every results.json a test script's runs left is validated against the schema
# (docs/results.schema.json) before the work folder goes.
validate_results() {
	local name out
	name=host/$(basename "$0" .sh)_results_json_valid
	find "$WORK" -name results.json | grep -q . || return 0
	if out=$(python3 tools/validate_results.py "$WORK" 2>&1); then
		echo "PASS $name"
	else
		echo "FAIL $name: $(echo "$out" | head -3 | tr '\n' ' ')"
	fi
}
trap 'validate_results; rm -rf "$WORK"' EXIT

# lab_dmi DIR: the DMI files as Linux exposes them (UPMON_HOST_DMI_DIR), from the SMBIOS
# fuzz seed: one length byte, the 2.8 entry point, then the structure table (serial
# "SN 4711/A", maker "LabCo").
lab_dmi() {
	mkdir -p "$1"
	python3 - tests/fuzz/corpus/smbios/ep21_table "$1" <<'PY'
import sys
d = open(sys.argv[1], "rb").read()
n = d[0]
open(sys.argv[2] + "/smbios_entry_point", "wb").write(d[1:1 + n])
open(sys.argv[2] + "/DMI", "wb").write(d[1 + n:])
PY
}
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# fleet_lab TEST: two mock checks (snbep, ivbep) into $WORK/src, and from them a lab of
# machines' runs in $WORK/lab (tests/host/fleet_lab.py); status 1, with a FAIL named
# host/TEST, when a check did not end 0.
fleet_lab() {
	run snb --backend mock --platform snbep --out src check --quick
	run ivb --backend mock --platform ivbep --out src check --quick
	if [ "$(rc snb)" != 0 ] || [ "$(rc ivb)" != 0 ]; then
		fail "host/$1" "the mock checks ended $(rc snb) and $(rc ivb): $(tail -2 "$WORK/snb.out" | tr '\n' ' ')"
		return 1
	fi
	python3 tests/host/fleet_lab.py "$WORK/src" "$WORK/lab"
}

# The helpers below fork as little as they can: a fork costs a few milliseconds here (and
# more on a virtual machine), and the scripts call them thousands of times.

# run NAME ARGS...: runs upmon in $WORK, output in $WORK/NAME.out, status in $WORK/NAME.rc
# (the one process is upmon itself, started in $WORK).
run() {
	local name=$1
	shift
	(cd "$WORK" && exec "$OLDPWD/$UPMON" "$@" >"$name.out" 2>&1)
	echo $? >"$WORK/$name.rc"
}
# rc NAME: the run's exit status (read by the shell, no cat).
rc() {
	local st
	read -r st <"$WORK/$1.rc"
	echo "$st"
}
out() { cat "$WORK/$1.out"; }

# joined FILE: the console's lines as said before they were wrapped within 80 columns
# (core/cli/console_wrap.h): an identity line's continuations ("identity:   ...") and a
# verdict's, a "run: " or a "fleet: " line's (five spaces) joined to the line they continue.
joined() {
	awk '/^identity:   / && n { prev = prev " " substr($0, 13); next }
	/^     [^ ]/ && verdict { prev = prev " " substr($0, 6); next }
	/^     [^ ]/ && said { prev = prev " " substr($0, 6); next }
	{ if (n) print prev; prev = $0; n = 1; verdict = ($0 ~ /^(FAIL|WARN|INCOMPLETE) /); said = ($0 ~ /^(run|fleet): /) }
	END { if (n) print prev }' "$1"
}

# expect NAME TESTNAME STATUS [grep -E patterns that must all match the output, as
# said (joined) or as shown...]
expect() {
	local name=$1 test=$2 status=$3 st
	shift 3
	read -r st <"$WORK/$name.rc"
	if [ "$st" != "$status" ]; then
		fail "$test" "exit status $st, expected $status; output: $(head -c 300 "$WORK/$name.out")"
		return
	fi
	for pat in "$@"; do
		if ! grep -qE -- "$pat" "$WORK/$name.out" && ! joined "$WORK/$name.out" | grep -qE -- "$pat"; then
			fail "$test" "output lacks /$pat/: $(head -c 300 "$WORK/$name.out")"
			return
		fi
	done
	pass "$test"
}

# one_fail_of NAME TESTNAME UNIT TYPE: run NAME ended FAIL (status 2) with one failing
# summary row, TYPE's on socket 0, FAIL lines naming UNIT and none naming another (one
# cause, one FAIL: docs/health-check.md).
one_fail_of() {
	local out=$WORK/$1.out n
	n=$(grep -Ec '^summary: .* FAIL$' "$out")
	if [ "$(rc "$1")" = 2 ] && [ "$n" = 1 ] && grep -Eq "^summary: +0 $4 .* FAIL$" "$out" &&
		grep -Eq "^FAIL .*\b$3\b" "$out" && ! grep -E '^FAIL ' "$out" | grep -vq "\b$3\b"; then
		pass "$2"
	else
		fail "$2" "status $(rc "$1"), $n failing rows: $(grep -E '^(FAIL|summary: .*FAIL)' "$out" | head -3 | tr '\n' ' ')"
	fi
}

# expect_not NAME TESTNAME STATUS PATTERN: the status matches and the output lacks PATTERN.
expect_not() {
	local name=$1 test=$2 status=$3 pat=$4 st
	read -r st <"$WORK/$name.rc"
	if [ "$st" != "$status" ]; then
		fail "$test" "exit status $st, expected $status"
	elif grep -qE -- "$pat" "$WORK/$name.out"; then
		fail "$test" "output has /$pat/"
	else
		pass "$test"
	fi
}

# last_run DIR: the folder of the last run recorded in DIR/runs.csv (DIR relative to $WORK
# unless absolute), printed as DIR/FOLDER. Every run writes into its own folder under the
# --out parent (docs/results.md, A folder per run).
last_run() {
	local d=$1 f
	case $d in /*) f=$d/runs.csv ;; *) f=$WORK/$d/runs.csv ;; esac
	echo "$d/$(runs_csv_last_folder <"$f" 2>/dev/null)"
}
# csv_body FILE: a results CSV without its leading "# " identity lines.
csv_body() { grep -v '^# ' "$1"; }
# csv_rows FILE: counters.csv or verdicts.csv, header row included, without the identity
# columns each row opens with (run, backend, dry_run: none holds a comma).
csv_rows() { cut -d, -f4- "$1"; }
# lines NAME: the output's lines after the run's "identity: " lines (the console's first
# lines say what the run is; a refusal after them is still one line).
lines() { grep -vc '^identity: ' "$WORK/$1.out"; }
