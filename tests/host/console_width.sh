#!/usr/bin/env bash
# The check's and the self-test's consoles fit 80 columns (the UEFI console is often
# 80x25) on every mock platform, with faults whose reasons are long: every line within
# 80, every FAIL of verdicts.csv said on the console with its place, the summary's
# columns aligned, and what was wrapped still whole in the files.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# platform sockets faults (long reasons: a stuck counter, a dead box, a frozen box moving)
cases=(
	"snbep 4 stuck=cbo3.ctr0,dead=imc1,s1.nofreeze=ha0,skew=cbo2:3"
	"ivbep 4 s3.stuck=cbo14.ctr0,s2.dead=imc7,s1.nofreeze=ha1,skew=cbo2:3"
	"nhmex 4 stuck=cbo3.ctr0,s3.dead=mbox1"
	"skl 1 stuck=ncu0.fixed"
)
for c in "${cases[@]}"; do
	set -- $c
	for cmd in selftest check; do
		name=$1-$cmd
		args=("$cmd")
		[ "$cmd" = check ] && args+=(--quick)
		run "$name" --backend "mock:$3" --platform "$1" --sockets "$2" --out "out-of-a-long-lab-folder-name-$name" "${args[@]}"
		test=host/console_width_${1}_$cmd
		f=$WORK/$name.out
		long=$(awk 'length($0) > 80' "$f" | head -2)
		if [ "$(rc "$name")" != 2 ]; then
			fail "$test" "exit status $(rc "$name"), expected 2 (the faults fail): $(tail -3 "$f")"
		elif [ -n "$long" ]; then
			fail "$test" "lines over 80 columns: $long"
		else
			pass "$test"
		fi
		# Every FAIL in verdicts.csv is on the console with its place and check; the
		# reason, wrapped there, begins the same as the file's (counts grouped aside).
		csv="$(last_run "out-of-a-long-lab-folder-name-$name")/verdicts.csv"
		if out=$(python3 - "$WORK/$csv" <(joined "$f") <<'PY'
import csv, re, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline="")) if r["result"] == "FAIL"]
said = open(sys.argv[2]).read().splitlines()
assert rows, "no FAIL in verdicts.csv"
for r in rows:
    where = r["box"] + r["instance"]
    lines = [l for l in said if re.match(r"FAIL socket %s %s +%s +" % (r["socket"], re.escape(where), re.escape(r["check"])), l)]
    assert lines, "not on the console: %s" % r
    reason = re.sub(r"(?<=\d),(?=\d{3})", "", lines[0].split(None, 5)[5].lstrip())
    if reason.endswith("..."):
        reason = reason[:-3].rstrip()
    assert r["reason"].startswith(reason), (reason, r["reason"])
print(len(rows))
PY
		); then
			pass "host/console_width_${1}_${cmd}_fails_said"
		else
			fail "host/console_width_${1}_${cmd}_fails_said" "$(echo "$out" | tail -2)"
		fi
		# The summary's columns: every row's result starts where the header's does.
		cols=$(grep '^summary: ' "$f" | grep -v 'did not fit' | awk '{ print index($0, $NF) }' | sort -u | wc -l)
		rows=$(grep -c '^summary: ' "$f")
		if [ "$cols" = 1 ] && [ "$rows" -ge 2 ]; then
			pass "host/console_width_${1}_${cmd}_summary_aligned"
		else
			fail "host/console_width_${1}_${cmd}_summary_aligned" "$rows rows, results in $cols columns: $(grep '^summary: ' "$f" | head -3)"
		fi
	done
done
