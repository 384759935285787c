#!/usr/bin/env bash
# What older vendor firmware does to the results medium (issue 42): a FAT driver that
# refuses renames or loses the renamed entry (UPMON_HOST_RENAME=refuse|lose), and a
# clock that does not answer (UPMON_HOST_NO_CLOCK=1, a flat CMOS battery). Every file is
# saved whole, runs.csv keeps every earlier row, and runs without a clock are numbered on
# the medium. Knobs: core/host/os_host.h.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)
RUN=(run --seconds 0.05 --events cbo0/CLOCKTICKS/)

# files DIR: the names in a run folder, one line each, sorted.
files() { (cd "$WORK/$1" && ls | sort); }
# rows DIR: runs.csv's folder column, one line each.
rows() {
	python3 -c 'import csv, sys; [print(r["folder"]) for r in csv.DictReader(open(sys.argv[1]))]' "$WORK/$1/runs.csv"
}

# --- renames refused or lost: every file in place, whole; runs.csv intact ---
run ok "${M[@]}" --out ren "${RUN[@]}"
expect ok host/renames_work_baseline 0 '^upmon: [0-9]+ files in ren/'
ok_dir=$(last_run ren)
for mode in refuse lose; do
	UPMON_HOST_RENAME=$mode run "ren_$mode" "${M[@]}" --out ren "${RUN[@]}"
	t=host/renames_${mode/lose/lost}
	t=${t/refuse/refused}
	if [ $mode = refuse ]; then
		said='^upmon: warning: the medium refused to rename ren/[^ ]+\.tmp to its name \(EIO\): this run.s files are written in place, directly under their names \(a cut while one is written can leave it partial\)$'
	else
		said='^upmon: warning: the medium lost ren/[^ ]+\.tmp when renaming it: this run.s files are written in place, directly under their names \(a cut while one is written can leave it partial\)$'
	fi
	expect "ren_$mode" "${t}_said_once_and_files_saved" 0 "$said" '^upmon: [0-9]+ files in ren/'
	[ "$(grep -c '^upmon: warning: the medium' "$WORK/ren_$mode.out")" = 1 ] &&
		pass "${t}_said_once" ||
		fail "${t}_said_once" "$(grep -c '^upmon: warning: the medium' "$WORK/ren_$mode.out") lines"
	dir=$(last_run ren)
	if [ "$dir" = "$ok_dir" ] || [ "$(files "$dir")" != "$(files "$ok_dir")" ]; then
		fail "${t}_every_file_saved" "files $(files "$dir" | tr '\n' ' '), with renames: $(files "$ok_dir" | tr '\n' ' ')"
	else
		pass "${t}_every_file_saved"
	fi
	# Whole: results.json parses and ends the run, counters.csv has its row, the log ends
	# with the files line and holds the warning, the report closes its page.
	if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["aborted"] is False' "$WORK/$dir/results.json" &&
		[ "$(grep -c ',CLOCKTICKS,.*,ok,' "$WORK/$dir/counters.csv")" = 2 ] &&
		grep -qE '^upmon: [0-9]+ files in ren/' "$WORK/$dir/upmon.log" &&
		grep -q '^upmon: warning: the medium' "$WORK/$dir/upmon.log" &&
		tail -c 200 "$WORK/$dir/report.html" | grep -q '</html>'; then
		pass "${t}_files_whole"
	else
		fail "${t}_files_whole" "a file of $dir is partial or missing"
	fi
	ls "$WORK/ren" "$WORK/$dir" | grep -q '\.tmp$' &&
		fail "${t}_no_tmp_left" "$(ls "$WORK/$dir" | grep '\.tmp$')" ||
		pass "${t}_no_tmp_left"
done
# The index: one row per run, the first one's among them (nothing deleted before its
# replacement was whole).
folders=$(cd "$WORK/ren" && ls -d */ | tr -d / | sort)
[ "$(rows ren | sort)" = "$folders" ] && [ "$(rows ren | wc -l)" = 3 ] && [ "$(rows ren | head -1)" = "${ok_dir#ren/}" ] &&
	pass host/renames_refused_runs_csv_keeps_every_row ||
	fail host/renames_refused_runs_csv_keeps_every_row "rows: $(rows ren | tr '\n' ' ')"

# An index of before the backend columns is rewritten once: with renames refused it is
# written in place from the complete content, every earlier row as it was.
mkdir -p "$WORK/old"
printf '%s\n' 'start,serial,command,verdict,exit_status,folder' \
	'2026-01-01T00:00:00Z,S1,check,PASS,0,first' '2026-01-02T00:00:00Z,S1,info,,0,second' >"$WORK/old/runs.csv"
UPMON_HOST_RENAME=refuse run old "${M[@]}" --out old "${RUN[@]}"
expect old host/renames_refused_old_index_upgraded 0 '^upmon: [0-9]+ files in old/'
{ [ "$(head -1 "$WORK/old/runs.csv")" = start,serial,command,verdict,exit_status,folder,backend,dry_run ] &&
	[ "$(rows old | tr '\n' ' ')" = "first second $(basename "$(last_run old)") " ] &&
	[ ! -e "$WORK/old/runs.csv.tmp" ]; } && pass host/renames_refused_old_index_keeps_every_row ||
	fail host/renames_refused_old_index_keeps_every_row "$(cat "$WORK/old/runs.csv")"

# --- no clock: runs numbered on the medium, never limited to 99 ---
# 123 runs of info, each its own folder and row: the first and last three under the
# sanitizers, the rest with the plain build (a sanitizer start costs ten times more).
BULK=./build/host/upmon
[ -x "$BULK" ] || BULK=$UPMON
for i in $(seq 1 123); do
	bin=$BULK
	[ "$i" -le 3 ] || [ "$i" -gt 120 ] && bin=$UPMON
	UPMON_HOST_NO_CLOCK=1 UPMON=$bin run "nc$i" "${M[@]}" --out nc info
	[ "$(rc "nc$i")" = 0 ] || { fail host/no_clock_runs_each_saved "run $i: exit status $(rc "nc$i"): $(head -c 300 "$WORK/nc$i.out")"; break; }
done
folders=$(cd "$WORK/nc" && ls -d notime-[0-9]* | sort)
want=$(for i in $(seq 1 123); do printf 'notime-%07d\n' "$i"; done)
[ "$(echo "$folders" | sed 's/^\(notime-[0-9]*\)-.*/\1/')" = "$want" ] &&
	[ "$(echo "$folders" | grep -c -- '-info$')" = 123 ] &&
	pass host/no_clock_runs_each_own_folder ||
	fail host/no_clock_runs_each_own_folder "$(echo "$folders" | wc -l) folders: $(echo "$folders" | sed -n '1p;$p' | tr '\n' ' ')"
[ "$(rows nc | sort)" = "$folders" ] &&
	[ "$(python3 -c 'import csv, sys; print(sorted({r["start"] for r in csv.DictReader(open(sys.argv[1]))}))' "$WORK/nc/runs.csv")" = "['unknown']" ] &&
	pass host/no_clock_runs_csv_row_each || fail host/no_clock_runs_csv_row_each "$(wc -l <"$WORK/nc/runs.csv") lines"
[ "$(cat "$WORK/nc/runs-notime-counter.txt")" = 123 ] && pass host/no_clock_counter_on_medium ||
	fail host/no_clock_counter_on_medium "counter: $(cat "$WORK/nc/runs-notime-counter.txt")"
expect nc123 host/no_clock_said_in_identity 0 '^identity: upmon .* on host, started unknown$' \
	'^identity: NO CLOCK: the firmware.s clock did not answer \(a flat CMOS battery\?\): the run has no date, its folder is numbered notime-N instead; set the clock in the firmware setup$' \
	'^upmon: 2 files in nc/notime-0000123-[^ ]+-info, took '
last=$(last_run nc)
grep -q '^identity: NO CLOCK' "$WORK/$last/upmon.log" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["start"] == "unknown" and d["folder"].startswith("notime-0000123-")' "$WORK/$last/results.json" &&
	pass host/no_clock_in_results || fail host/no_clock_in_results "$last: upmon.log or results.json does not say it"
# Past a million runs: the counter goes on and the names still sort.
echo 999998 >"$WORK/nc/runs-notime-counter.txt"
UPMON_HOST_NO_CLOCK=1 run nc_m1 "${M[@]}" --out nc info
UPMON_HOST_NO_CLOCK=1 run nc_m2 "${M[@]}" --out nc info
[ "$(cd "$WORK/nc" && ls -d notime-[0-9]* | sort | tail -2 | cut -c1-14 | tr '\n' ' ')" = "notime-0999999 notime-1000000 " ] &&
	[ "$(rows nc | tail -2 | cut -c1-14 | tr '\n' ' ')" = "notime-0999999 notime-1000000 " ] &&
	pass host/no_clock_past_a_million || fail host/no_clock_past_a_million "$(cd "$WORK/nc" && ls | tail -3 | tr '\n' ' ')"
