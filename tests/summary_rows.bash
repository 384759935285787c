# A check's summary table (docs/health-check.md, The console) read in the shell. Sourced by
# tests/host/lib.sh and tests/e2e/common.bash.

# summary_rows_failing FILE "SOCKETS" "TYPES": " socket S TYPE;" for each pair whose summary
# row is missing or not a pass (checks passed, no WARN, FAIL or INCOMPLETE); nothing when
# every one passes. FILE may hold the UEFI console's carriage returns.
summary_rows_failing() {
	local s b rows
	rows=$(tr -d '\r' <"$1" | grep -E '^summary: ')
	for s in $2; do
		for b in $3; do
			grep -Eq "^summary: +$s $b +[0-9,]+ +[1-9][0-9,]* +0 +0 +0 +[0-9,]+ +PASS$" <<<"$rows" ||
				printf ' socket %s %s;' "$s" "$b"
		done
	done
}
