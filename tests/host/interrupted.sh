#!/usr/bin/env bash
# A run cut short by a reset (docs/safety.md, A run cut short by a reset): the
# marker written before the hardware names its step; the next start reports it, records it
# as INTERRUPTED in its folder and runs.csv, removes the marker, and, started as by the
# firmware, does not run the same job again. UPMON_HOST_RESET_AT kills the process (as a
# reset: nothing more is written) once the marker holds a step; UPMON_HOST_FROM_FIRMWARE
# starts it as the stick's removable boot does (core/host/os_host.h).
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)
csv_col() { # csv_col FILE ROW COLUMN: a runs.csv cell by the column's name (row 0 is the first)
	python3 -c 'import csv, sys; print(list(csv.DictReader(open(sys.argv[1])))[int(sys.argv[2])][sys.argv[3]])' "$@"
}

# said NAME: the output's lines as said, a wrapped sentence's continuations (7 spaces,
# under "upmon: ") joined to it (core/cli/console_wrap.h).
said() {
	awk '/^       [^ ]/ && n { prev = prev " " substr($0, 8); next }
	{ if (n) print prev; prev = $0; n = 1 } END { if (n) print prev }' "$WORK/$1.out"
}
# said_has NAME TESTNAME PATTERN...: every pattern matches a line as said.
said_has() {
	local name=$1 test=$2 pat
	shift 2
	for pat in "$@"; do
		if ! said "$name" | grep -qE -- "$pat"; then
			fail "$test" "output lacks /$pat/: $(head -c 400 "$WORK/$name.out")"
			return
		fi
	done
	pass "$test"
}

# A run that returns leaves no marker, on every path: a clean end, and a usage error
# found after identification (its --out folder goes with it).
run clean "${M[@]}" --out lab run --seconds 0.05 --events cbo0/CLOCKTICKS/
run usage "${M[@]}" --out lab9 run --events bogus
if [ "$(rc clean)" = 0 ] && [ -f "$WORK/lab/runs.csv" ] && [ ! -e "$WORK/lab/in-progress.txt" ] &&
	[ "$(rc usage)" = 4 ] && [ ! -e "$WORK/lab9" ]; then
	pass host/interrupted_marker_gone_after_every_return
else
	fail host/interrupted_marker_gone_after_every_return "status $(rc clean) $(rc usage); $(ls "$WORK/lab" "$WORK/lab9" 2>&1 | tr '\n' ' ')"
fi

# The first run is cut short in the self-test's sessions: the marker holds its step.
printf 'args = --backend mock --platform snbep --out lab check --quick\n' >"$WORK/boot.cfg"
UPMON_HOST_FROM_FIRMWARE=1 UPMON_HOST_RESET_AT='session of ' run cut --config boot.cfg 2>/dev/null
marker=$WORK/lab/in-progress.txt
if [ "$(rc cut)" = 137 ] && grep -q '^step: check pass 1: \[1/2\] self-test of every box$' "$marker" &&
	grep -qE '^detail: session of [a-z0-9, ]+: saving the registers, socket 0$' "$marker" &&
	grep -qE '^folder: [0-9]{8}-[0-9]{6}-[^/]+-check$' "$marker" && grep -q '^command: check$' "$marker"; then
	pass host/interrupted_marker_holds_the_step
else
	fail host/interrupted_marker_holds_the_step "status $(rc cut); $(cat "$marker" 2>&1 | tr '\n' '|')"
fi
folder=$(sed -n 's/^folder: //p' "$marker" 2>/dev/null)

# The next start as by the firmware: the report, no second check, the end it is given.
UPMON_HOST_FROM_FIRMWARE=1 run boot --config boot.cfg
[ "$(rc boot)" = 3 ] && pass host/interrupted_next_boot_status || fail host/interrupted_next_boot_status "$(rc boot)"
said_has boot host/interrupted_reported_at_next_boot \
	'^upmon: the last run did not finish: the machine reset, hung or lost power during it$' \
	"^upmon: it was .*upmon-san --config boot.cfg \\(the configuration's args: --backend mock --platform snbep --out lab check --quick\\), started [0-9T:Z-]+$" \
	'^upmon: its last step: check pass 1: \[1/2\] self-test of every box; session of .*: saving the registers, socket 0$' \
	"^upmon: recorded as INTERRUPTED in lab/$folder/interrupted.txt and lab/runs.csv$" \
	'^upmon: not running check again: started by the firmware'
expect_not boot host/interrupted_job_not_run_again_from_firmware 3 '^(check|selftest|identity):'
[ ! -e "$marker" ] && pass host/interrupted_marker_cleared || fail host/interrupted_marker_cleared "still there"
if grep -q '^INTERRUPTED: this run did not finish' "$WORK/lab/$folder/interrupted.txt" 2>/dev/null &&
	grep -q '^last step: check pass 1: \[1/2\] self-test of every box; session of ' "$WORK/lab/$folder/interrupted.txt" &&
	grep -q 'which did not run the job again$' "$WORK/lab/$folder/interrupted.txt"; then
	pass host/interrupted_run_folder_gets_its_result
else
	fail host/interrupted_run_folder_gets_its_result "$(ls "$WORK/lab/$folder" 2>&1 | tr '\n' ' ')"
fi
if [ "$(csv_col "$WORK/lab/runs.csv" 1 verdict)" = INTERRUPTED ] &&
	[ "$(csv_col "$WORK/lab/runs.csv" 1 folder)" = "$folder" ] &&
	[ "$(csv_col "$WORK/lab/runs.csv" 1 command)" = check ] &&
	[ "$(csv_col "$WORK/lab/runs.csv" 1 backend)" = mock ] && [ "$(wc -l <"$WORK/lab/runs.csv")" = 3 ]; then
	pass host/interrupted_runs_csv_row
else
	fail host/interrupted_runs_csv_row "$(tr '\n' '|' <"$WORK/lab/runs.csv")"
fi

# Reported once: the boot after it runs the job again.
UPMON_HOST_FROM_FIRMWARE=1 run again --config boot.cfg
expect again host/interrupted_reported_once 0 '^check: snbep on 2 sockets \(quick\)$'
expect_not again host/interrupted_not_reported_twice 0 'did not finish'

# Cut short before its folder existed (identification): the report makes the folder, named
# as the run's would have been.
rm -rf "$WORK/lab2"
UPMON_HOST_RESET_AT='step: identification' run early "${M[@]}" --out lab2 info 2>/dev/null
UPMON_HOST_FROM_FIRMWARE=1 run early2 "${M[@]}" --out lab2 info
made=$(ls -d "$WORK"/lab2/*-info 2>/dev/null | head -1)
if [ "$(rc early)" = 137 ] && [ "$(rc early2)" = 3 ] && [ -f "$made/interrupted.txt" ] &&
	grep -q '^last step: identification$' "$made/interrupted.txt" &&
	[ "$(csv_col "$WORK/lab2/runs.csv" 0 folder)" = "$(basename "$made")" ]; then
	pass host/interrupted_before_its_folder_gets_one
else
	fail host/interrupted_before_its_folder_gets_one "status $(rc early) $(rc early2); $(ls -R "$WORK/lab2" 2>&1 | tr '\n' ' ')"
fi

# Typed in a shell: the report, then the command runs (its upmon.log keeps the report).
UPMON_HOST_RESET_AT='step: run' run cut3 "${M[@]}" --out lab3 run --seconds 0.05 --events cbo0/CLOCKTICKS/ 2>/dev/null
run typed "${M[@]}" --out lab3 run --seconds 0.05 --events cbo0/CLOCKTICKS/
[ "$(rc typed)" = 0 ] && pass host/interrupted_typed_status || fail host/interrupted_typed_status "$(rc typed)"
said_has typed host/interrupted_reported_then_typed_command_runs \
	'^upmon: the last run did not finish' '^upmon: its last step: run$' '^run: 1 event spec, 1 pass of 50 ms on 2 sockets$'
last=$(last_run "$WORK/lab3")
if [ "$(csv_col "$WORK/lab3/runs.csv" 0 verdict)" = INTERRUPTED ] && [ "$(csv_col "$WORK/lab3/runs.csv" 1 exit_status)" = 0 ] &&
	grep -q '^upmon: the last run did not finish' "$last/upmon.log" && [ ! -e "$WORK/lab3/in-progress.txt" ] &&
	grep -q 'by the next upmon start, which went on to run run$' "$WORK/lab3/$(csv_col "$WORK/lab3/runs.csv" 0 folder)/interrupted.txt"; then
	pass host/interrupted_typed_command_keeps_both_rows
else
	fail host/interrupted_typed_command_keeps_both_rows "$(tr '\n' '|' <"$WORK/lab3/runs.csv")"
fi

# A marker written by hand (a reset's leftover from another upmon) is read by its fields.
mkdir -p "$WORK/lab4"
printf 'upmon: a run in progress.\nstart: 2026-01-02T03:04:05Z\ncommand_line: upmon check\ncommand: check\nserial: SN7\nbackend: hw\ndry_run: no\nfolder: \nstep: check pass 1: [2/2] kernels with the standard event set\ndetail: session of imc: starting, pass 1 of 1, socket 1\n' >"$WORK/lab4/in-progress.txt"
UPMON_HOST_FROM_FIRMWARE=1 run hand "${M[@]}" --out lab4 info
if [ "$(rc hand)" = 3 ] && [ -f "$WORK/lab4/20260102-030405-SN7-check/interrupted.txt" ] &&
	[ "$(csv_col "$WORK/lab4/runs.csv" 0 serial)" = SN7 ] && [ "$(csv_col "$WORK/lab4/runs.csv" 0 backend)" = hw ] &&
	[ "$(csv_col "$WORK/lab4/runs.csv" 0 start)" = 2026-01-02T03:04:05Z ]; then
	pass host/interrupted_marker_fields_name_folder_and_row
else
	fail host/interrupted_marker_fields_name_folder_and_row "status $(rc hand); $(ls "$WORK/lab4"; cat "$WORK/lab4/runs.csv" 2>&1 | tr '\n' '|')"
fi
