#!/bin/bash
# A reset mid-run does not loop (docs/safety.md, A run cut short by a reset). The
# stick boots upmon from removable media with `args = --backend hw fault-probe --unguarded`:
# the first boot writes the run-in-progress marker, faults outside the guard and resets
# (-no-reboot ends QEMU there). The second boot of the same image finds the marker: it says
# what the last run was doing, records it as INTERRUPTED in that run's folder and runs.csv,
# removes the marker, does not fault again, and does the configured end (qemu-exit, status 3).
source "$(dirname "$0")/common.bash"
T=reset_loop
e2e_need_efi $T
printf '# e2e: a fault that resets the machine on every boot\nargs = --backend hw fault-probe --unguarded\nend = qemu-exit\n' \
	>"$E2E_OUT/$T.cfg"
printf '@echo -off\necho "e2e: reached the UEFI shell"\nreset -s\n' >"$E2E_OUT/$T.nsh"
img=$(e2e_image $T "$E2E_OUT/$T.nsh" "$E2E_OUT/$T.cfg") || { fail $T "image"; exit 1; }

e2e_boot "$img"
cp "$E2E_LOG" "$E2E_OUT/$T.first.log"
check $T.first_boot_reset "the first boot did not end by a reset (qemu-run status $E2E_RC)" [ "$E2E_RC" = 125 ]
marker() { img_cat "$img" /upmon/results/in-progress.txt | tr -d '\r'; }
marker_step() { marker | grep -q '^step: fault-probe$'; }
check $T.marker_left "no run-in-progress marker with the step fault-probe after the reset" marker_step
folder=$(marker | sed -n 's/^folder: //p')

e2e_boot "$img"
check $T.second_boot_ends_configured "qemu-run status $E2E_RC, not 3 (the configured qemu-exit with INCOMPLETE)" \
	[ "$E2E_RC" = 3 ]
check $T.reported "the second boot did not report the interrupted run" \
	log_has '^upmon: the last run did not finish: the machine reset, hung or lost power during it'
check $T.last_step "the report lacks the last step" log_has '^upmon: its last step: fault-probe'
check $T.not_rerun "the second boot ran fault-probe again" not_in_log 'fault-probe: unguarded load'
check $T.said_not_rerun "no line saying the job is not run again" log_has '^upmon: not running fault-probe again'
result() { img_cat "$img" "/upmon/results/$folder/interrupted.txt" | tr -d '\r' | grep -q '^last step: fault-probe$'; }
check $T.folder_result "no interrupted.txt with the last step in /upmon/results/$folder" result
row() {
	img_cat "$img" /upmon/results/runs.csv | tr -d '\r' | python3 -c 'import csv, sys
rows = list(csv.DictReader(sys.stdin))
sys.exit(not (len(rows) == 1 and rows[0]["verdict"] == "INTERRUPTED" and rows[0]["folder"] == sys.argv[1]))' "$folder"
}
check $T.runs_csv "runs.csv lacks the one INTERRUPTED row for $folder" row
gone() { ! img_ls "$img" /upmon/results 2>/dev/null | grep -qi 'in-progress'; }
check $T.marker_gone "the marker is still on the image" gone
check $T.no_exception "firmware exception dump on the console" no_exception
e2e_done
