#!/bin/bash
# The machine's identity from the firmware's SMBIOS tables: QEMU is given a system maker
# and serial (-smbios type=1,...); upmon.efi finds the SMBIOS entry point in the UEFI
# configuration table, names its run folder after the serial (each counters.csv row names
# the folder), and results.json and upmon.log name maker and serial. A second boot of the
# same stick adds a second folder and a second runs.csv line; nothing of the first run is
# touched.
source "$(dirname "$0")/common.bash"
T=smbios_identity
e2e_need_efi $T
MAKER="Lab Rig Co"
SERIAL=LAB-0042
export UPMON_QEMU_SMBIOS="type=1,manufacturer=$MAKER,product=Rig 7,serial=$SERIAL"

e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock --platform snbep run --seconds 0.05 --events cbo0/CLOCKTICKS/
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.console "no identity line naming the maker and serial" \
	log_said_has "^identity: machine: $MAKER Rig 7, serial $SERIAL, UUID ([0-9a-f-]+|none); board [^;]+; BIOS [^;]+; [0-9]+ of [0-9]+ sockets populated; 1 memory device$"
check $T.mock_said "the mock backend is not said first" log_has '^identity: MOCK BACKEND: '
first=$(img_runs "$img")
check $T.folder_named_by_serial "run folders: $(echo $first)" \
	bash -c "[ \"\$(echo '$first' | grep -cE '^[0-9]{8}-[0-9]{6}-$SERIAL-run\$')\" = 1 ]"
json_ok() {
	img_cat "$img" "$(img_run "$img")/results.json" | tr -d '\r' >"$E2E_OUT/$T.json" &&
		python3 tools/validate_results.py "$E2E_OUT/$T.json" &&
		python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["machine"]
assert m["available"] and m["system"]["manufacturer"] == sys.argv[2] and m["system"]["serial"] == sys.argv[3], m
assert d["environment"] == "uefi" and d["backend"] == "mock" and d["command"] == "run"
assert d["processor"]["signature"] and d["start"] != "unknown"
' "$E2E_OUT/$T.json" "$MAKER" "$SERIAL"
}
check $T.results_json "results.json lacks maker or serial, or does not validate" json_ok
# counters.csv's rows name their run folder, which names the serial (results.json and
# upmon.log keep the whole identity).
csv_ok() {
	local run; run=$(img_run "$img")
	[ "$(img_cat "$img" "$run/counters.csv" | tr -d '\r' | tail -n +2 | cut -d, -f1 | sort -u)" = "${run##*/}" ] &&
		echo "${run##*/}" | grep -qE "^[0-9]{8}-[0-9]{6}-$SERIAL-run\$"
}
check $T.counters_csv "counters.csv rows do not name the run folder named after the serial" csv_ok
log_ok() { img_cat "$img" "$(img_run "$img")/upmon.log" | tr -d '\r' | grep -q "serial $SERIAL"; }
check $T.upmon_log "upmon.log does not name the serial" log_ok

# The same stick again: a second folder, a second line.
e2e_boot "$img"
check $T.second_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
second=$(img_runs "$img")
two_folders() {
	[ "$(echo "$second" | grep -cE "^[0-9]{8}-[0-9]{6}-$SERIAL-run(-[0-9]+)?\$")" = 2 ] &&
		echo "$second" | grep -qx "$first"
}
check $T.second_folder "run folders after two boots: $(echo $second)" two_folders
index_ok() {
	img_cat "$img" /upmon/results/runs.csv | tr -d '\r' >"$E2E_OUT/$T.runs.csv" &&
		python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2, rows
assert all(r["serial"] == sys.argv[2] and r["command"] == "run" and r["exit_status"] == "0" for r in rows), rows
assert rows[0]["folder"] != rows[1]["folder"]
' "$E2E_OUT/$T.runs.csv" "$SERIAL"
}
check $T.runs_csv_two_lines "runs.csv: $(cat "$E2E_OUT/$T.runs.csv" 2>/dev/null | tr '\n' ' ')" index_ok
check $T.no_exception "firmware exception" no_exception
e2e_done
