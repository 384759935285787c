# run_suite NAME COMMAND...: runs one test suite, its output to the console and appended
# to $log (which tests/run.sh counts). Sourced by tests/run.sh and tests/host/runner.sh.
# A suite that dies (a signal, a sanitizer's abort, a missing interpreter) would leave the
# tests after its last result uncounted, not failed: its death is a result of its own.
run_suite() {
	local name=$1 out status began=$SECONDS
	echo "== $name"
	shift
	out=$(mktemp)
	"$@" 2>&1 | tee "$out" | tee -a "$log"
	status=${PIPESTATUS[0]}
	if [ "$status" -ge 126 ]; then
		echo "FAIL suite/$(echo "$name" | tr -d ' ' | tr : /): exited with status $status partway (the tests after its last result did not run)" |
			tee -a "$log"
	elif [[ $name == unit* ]] && ! tail -1 "$out" | grep -qE '^unit: [0-9]+ passed, [0-9]+ failed$'; then
		echo "FAIL suite/unit: the unit tests stopped (status $status) before their summary line" | tee -a "$log"
	fi
	# The console only (not $log): which suites a run's time went to, wall and processor
	# (the children's user and system time: each suite runs in a shell of its own).
	times >"$out" # the builtin redirected, not piped: a pipe would ask a subshell
	echo "-- $name: $((SECONDS - began)) s, processor $(tail -1 "$out")"
	rm -f "$out"
	return 0
}

