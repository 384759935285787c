#!/usr/bin/env bash
# The console's last screen (core/cli/last_screen.h): on a firmware console of 80x25 the
# last 25 lines are all a lab sees, so every command ends with a block there: its result,
# what makes it no measurement (mock, dry run), then each FAIL and WARN with its reason,
# within 80 columns; what does not fit is counted and its files named. The files line
# and check's verdict line stay last.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# screen NAME: the last 25 lines of NAME's output (the screen).
screen() { tail -25 "$WORK/$1.out"; }

# A 4-socket Xeon 7500 with one dead MBox: the FAIL and its reason on the last screen,
# the verdict last, the files line before it.
run mbox --backend mock:dead=mbox1 --platform nhmex --sockets 4 check --quick
if [ "$(rc mbox)" = 2 ] && screen mbox | grep -qx 'result: check FAIL: 1 FAIL, 0 INCOMPLETE, 0 WARN of [0-9,]* verdicts' &&
	screen mbox | grep -q '^result: MOCK BACKEND: simulated registers, not measurements of this machine' &&
	screen mbox | grep -qx 'FAIL socket 0 mbox1 presence: reading all ones: control 0x[0-9a-f]* and counter 0x[0-9a-f]*' &&
	screen mbox | grep -A1 '^FAIL socket 0 mbox1 presence' | tail -1 | grep -qx '     read all ones' &&
	[ "$(tail -1 "$WORK/mbox.out")" = "upmon: FAIL" ] && tail -2 "$WORK/mbox.out" | head -1 | grep -q '^upmon: 6 files in '; then
	pass host/last_screen_check_says_the_fail_and_its_reason
else
	fail host/last_screen_check_says_the_fail_and_its_reason "$(screen mbox | tail -8 | tr '\n' '|')"
fi
# The same FAIL is still in the full list above, and the summary table between them.
if [ "$(grep -c '^FAIL socket 0 mbox1 ' "$WORK/mbox.out")" = 2 ] &&
	[ "$(grep -n '^summary: ' "$WORK/mbox.out" | tail -1 | cut -d: -f1)" -lt "$(grep -n '^result: check' "$WORK/mbox.out" | cut -d: -f1)" ]; then
	pass host/last_screen_after_the_full_tables
else
	fail host/last_screen_after_the_full_tables "$(grep -n '^FAIL\|^result' "$WORK/mbox.out" | tr '\n' '|')"
fi

# Many faults: the block from its result line to the end fits the screen, every line
# within 80 columns, the FAILs first, and it counts the findings it left out.
faults=dead=mbox0,dead=mbox1,s1.dead=mbox0,s1.dead=mbox1,s2.dead=mbox0,s2.dead=mbox1,s3.dead=mbox0,s3.dead=mbox1
faults=$faults,stuck=cbo3.ctr0,s1.stuck=cbo2.ctr1,s2.nofreeze=bbox0,s3.dead=rbox0
run many --backend "mock:$faults" --platform nhmex --sockets 4 --out out-of-a-long-lab-folder-name-many check --quick
block=$(sed -n '/^result: check /,$p' "$WORK/many.out")
fails=$(grep -c '^FAIL ' <<<"$block")
if [ "$(rc many)" = 2 ] && [ "$(wc -l <<<"$block")" -le 25 ] && [ -z "$(awk 'length($0) > 80' <<<"$block")" ] &&
	grep -q '^result: check FAIL: [0-9]* FAIL, ' <<<"$block" &&
	joined <(cat <<<"$block") | grep -q '^result: \.\.\. and [0-9]* more (' &&
	grep -q 'every one is in verdicts.csv and' <<<"$block" && grep -q 'out-of-a-long-lab-folder-name-many/' <<<"$block" &&
	[ "$fails" -ge 5 ] && ! grep -q '^WARN ' <<<"$block" && [ "$(tail -1 "$WORK/many.out")" = "upmon: FAIL" ]; then
	pass host/last_screen_many_faults_fit_and_are_counted
else
	fail host/last_screen_many_faults_fit_and_are_counted "$(wc -l <<<"$block") lines, $fails FAIL: $(tr '\n' '|' <<<"$block" | head -c 600)"
fi
# The count is right: the FAILs said and those left out are the FAILs of verdicts.csv.
more=$(sed -n 's/^result: \.\.\. and \([0-9]*\) more (\([0-9]*\) FAIL.*/\2/p' <<<"$block")
csv_fails=$(python3 - "$WORK/$(last_run out-of-a-long-lab-folder-name-many)/verdicts.csv" <<'PY'
import csv, sys
print(sum(r["result"] == "FAIL" for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("# "))))
PY
)
if [ -n "$more" ] && [ $((fails + more)) = "$csv_fails" ] && grep -q "^result: check FAIL: $csv_fails FAIL, " <<<"$block"; then
	pass host/last_screen_counts_what_it_left_out
else
	fail host/last_screen_counts_what_it_left_out "$fails said, '$more' left out, $csv_fails in verdicts.csv"
fi

# selftest ends the same way.
run st --backend mock:s1.stuck=imc2.ctr1 --platform ivbep selftest
if [ "$(rc st)" = 2 ] && screen st | grep -q '^result: selftest FAIL: ' &&
	screen st | grep -q '^FAIL socket 1 imc2 selftest\.[a-z]*: ' && [ "$(tail -1 "$WORK/st.out")" = "upmon: FAIL" ]; then
	pass host/last_screen_selftest
else
	fail host/last_screen_selftest "$(screen st | tail -6 | tr '\n' '|')"
fi

# run: its status and what did not go as planned (a dead channel: a metric over 3 of 4
# iMCs), the files line last. The metric reads the user's CAS_COUNT.RD, each channel
# counted once (core/events/once.h): one count of 8 is lost.
run r --backend mock:dead=imc1 --platform snbep run --seconds 0.01 --events imc/CAS_COUNT.RD/ --metrics MEM_BW_READS
if [ "$(rc r)" = 1 ] && screen r | grep -qx 'result: run WARN: 1 of 8 counts has no number (all-ones)' &&
	screen r | grep -qx 'WARN socket 0 MEM_BW_READS over 3 of 4 imc only' &&
	screen r | grep -q '^warning: run: 1 count cannot be trusted' &&
	tail -1 "$WORK/r.out" | grep -q '^upmon: 4 files in '; then
	pass host/last_screen_run
else
	fail host/last_screen_run "$(screen r | tail -8 | tr '\n' '|')"
fi
# A dry run says so on its last screen, as loud as its result.
run dry --backend mock --platform snbep --dry-run run --seconds 0.01 --events imc/CAS_COUNT.RD/
if screen dry | grep -q '^result: run OK: 8 of 8 counts have no number (dry-run)$' &&
	screen dry | grep -q '^result: DRY RUN: no register was written, counts are not measurements; MOCK$'; then
	pass host/last_screen_dry_run_says_so
else
	fail host/last_screen_dry_run_says_so "$(screen dry | tail -5 | tr '\n' '|')"
fi

# info: what was found and what was not.
run info --backend mock:absent=ff:10.1 --platform snbep info
if [ "$(rc info)" = 0 ] && screen info | tr '\n' ' ' | tr -s ' ' |
	grep -q 'result: info: snbep on 2 sockets; an uncore bus on 2 of them; 23 of 24 PCI uncore functions present' &&
	screen info | grep -qx 'WARN socket 1 imc1 ff:10.1: missing (absent or hidden by firmware)' &&
	tail -1 "$WORK/info.out" | grep -q '^upmon: 2 files in '; then
	pass host/last_screen_info
else
	fail host/last_screen_info "$(screen info | tail -6 | tr '\n' '|')"
fi
