#!/bin/bash
# The lab's default job on the removable-media path: the firmware starts
# \EFI\BOOT\BOOTX64.EFI (= upmon) with no command line and no shell, and nothing names
# a command, so upmon runs `check` (core/commands/app_options.c, efi/args.c).
#  1. \upmon\upmon.cfg selects the mock and the end action but names no command: the
#     full health check runs, `upmon: PASS` is the console's last line, QEMU exits
#     through the configured `end = qemu-exit` with status 0, and results.json,
#     verdicts.csv and upmon.log are on the image.
#  2. No upmon.cfg at all, and an upmon.cfg that cannot be read (a folder): not an
#     error; `check` runs on the hardware backend (QEMU's processor is unsupported, so
#     it says so) and its log is on the image; the firmware then falls back to the shell.
#     Nobody configured an end, so the verdict stays on screen until a key (the test
#     presses one); upmon sets the volatile variable upmon_ran_from_firmware (this boot
#     only: efi/boot_marker.c), and the lab's startup.nsh then says so, does NOT run
#     check a second time (one run folder, one runs.csv line) and deletes the variable.
#  3. A bad upmon.cfg: one error line naming FILE:LINE, nothing runs.
#  4. end = key with end_timeout = 2 and end_action = shutdown: no key is sent, the wait
#     ends by itself and the machine powers off.
source "$(dirname "$0")/common.bash"
T=removable_default_check
e2e_need_efi $T
# Should the firmware fall back to its shell, this script says so and powers off.
printf '@echo -off\necho "e2e: reached the UEFI shell"\nreset -s\n' >"$E2E_OUT/$T.nsh"

# 1. The mock, no command. The Skylake client mock: of the mocks, the one whose full check
# costs least under emulation (one socket, no remote kernels: a quarter of the two-socket
# snbep check's memory traffic, which runs minutes here). The mock has no CPUID leaf 4, so
# `check` sizes its kernels for an assumed 32 MiB LLC (256 MiB working sets): with the
# firmware's own, more than qemu-run's 512 MiB guest.
printf '# e2e: no command: the default job\nargs = --backend mock --platform skl\nend = qemu-exit\n' \
	>"$E2E_OUT/$T.cfg"
img=$(e2e_image $T "$E2E_OUT/$T.nsh" "$E2E_OUT/$T.cfg") || { fail $T "image"; exit 1; }
E2E_TIMEOUT=${E2E_CHECK_TIMEOUT:-600} UPMON_QEMU_EXTRA="-m 2048" e2e_boot "$img"

check $T.booted_bootx64 "firmware did not start the disk's boot loader" \
	log_has 'BdsDxe: starting Boot[0-9A-F]+ "UEFI QEMU HARDDISK'
check $T.ran_check "check did not run on the mock (no 'check: skl on 1 socket')" \
	log_has '^check: skl on 1 socket$'
check $T.status "qemu-run status $E2E_RC, not 0 (124: timeout, 125: powered off)" \
	[ "$E2E_RC" = 0 ]
last_line() { [ "$(grep -v '^[[:space:]]*$' "$E2E_LOG" | tail -n 1)" = "upmon: PASS" ]; }
check $T.pass_is_last_line "the console's last line is '$(grep -v '^[[:space:]]*$' "$E2E_LOG" | tail -n 1)'" \
	last_line
results_saved() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["command"] == "check" and d["backend"] == "mock" and d["verdict"] == "PASS", d.get("verdict")
assert d["verdicts"], "no verdicts"' &&
		img_cat "$img" "$(img_run "$img")/verdicts.csv" | tr -d '\r' | cut -d, -f4- | head -n 1 |
		grep -qx 'socket,box,instance,check,result,reason,measured,expected,low,high,tolerance,unit,register,address,value,written,pass' &&
		img_cat "$img" "$(img_run "$img")/upmon.log" | tr -d '\r' | grep -qx 'upmon: PASS'
}
check $T.results_on_image "results.json (check, PASS), verdicts.csv or upmon.log missing or wrong" \
	results_saved
check $T.no_shell "the firmware fell back to the shell" not_in_log 'e2e: reached the UEFI shell'
check $T.no_exception "firmware exception dump on the console" no_exception

# 2. No configuration, then one that cannot be read: check on the hardware backend.
# Boots with a key pressed once upmon waits for one (its own wait discards earlier keys).
boot_pressing_key() {
	local raw=${1%.img}.log.raw
	rm -f "$raw"
	UPMON_QEMU_STDIN=1 e2e_boot "$1" < <(
		until grep -q 'press any key' "$raw" 2>/dev/null; do sleep 0.2; done
		printf ' '
		sleep "${E2E_TIMEOUT:-120}")
}
# The lab's startup.nsh, then power off so that QEMU ends.
{ cat startup.nsh; printf 'echo "e2e: mark [%%upmon_ran_from_firmware%%]"\necho "e2e: reached the UEFI shell"\nreset -s\n'; } \
	>"$E2E_OUT/$T-lab.nsh"
hw_default() {
	local name=$1 img=$2
	boot_pressing_key "$img"
	check $T.$name.waited_for_key "the verdict did not wait for a key" log_has '^press any key'
	check $T.$name.fallback_no_second_check "the shell fallback ran check again" \
		not_in_log 'upmon exit status'
	check $T.$name.fallback_said_why "startup.nsh did not say why it skips check" \
		log_has 'upmon already ran from the firmware'
	runs_csv_rows() { img_cat "$img" /upmon/results/runs.csv | tr -d '\r' | python3 -c 'import csv, sys; print(len(list(csv.DictReader(sys.stdin))))'; }
	one_run() { [ "$(img_runs "$img" | wc -l)" = 1 ] && [ "$(runs_csv_rows)" = 1 ]; }
	check $T.$name.one_run "$(img_runs "$img" | wc -l) run folders, $(runs_csv_rows) runs.csv rows: not 1 and 1" one_run
	check $T.$name.marker_deleted "startup.nsh left upmon_ran_from_firmware: $(grep -a '^e2e: mark' "$E2E_LOG")" \
		log_has '^e2e: mark \[\]$'
	check $T.$name.ran_check "no check on the hardware backend" \
		log_has '^upmon: error: check: this processor is not one upmon knows: found .* family 6 model 0x3a stepping '
	check $T.$name.not_an_error "the configuration was reported" not_in_log 'upmon.cfg'
	check $T.$name.no_usage_error "upmon asked for a command" not_in_log 'no command given'
	log_saved() { img_cat "$img" "$(img_run "$img")/upmon.log" | grep -q '^upmon: error: check: this processor is not one upmon knows'; }
	check $T.$name.results_log "\\upmon\\results\\upmon.log missing or without check's line" log_saved
	check $T.$name.returned "upmon did not return to the firmware (qemu-run $E2E_RC)" \
		log_has '^e2e: reached the UEFI shell'
	check $T.$name.no_exception "firmware exception dump on the console" no_exception
}
img=$(e2e_image $T-nocfg "$E2E_OUT/$T-lab.nsh") || { fail $T "image"; exit 1; }
hw_default nocfg "$img"
img=$(e2e_image $T-dircfg "$E2E_OUT/$T-lab.nsh") || { fail $T "image"; exit 1; }
mmd -i "$img@@$E2E_PART_OFFSET" ::/upmon/upmon.cfg || { fail $T "image"; exit 1; }
hw_default dircfg "$img"

# 3. A bad configuration: one line, FILE:LINE, and nothing runs.
printf '# e2e: bad\nend = qemu-exit\nspeed = fast\n' >"$E2E_OUT/$T-bad.cfg"
img=$(e2e_image $T-bad "$E2E_OUT/$T.nsh" "$E2E_OUT/$T-bad.cfg") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.bad.error_names_file_line "no error naming /upmon/upmon.cfg:3" \
	log_has "^upmon: error: /upmon/upmon.cfg:3: unknown key 'speed'"
one_upmon_line() { [ "$(grep -c '^upmon\|^check' "$E2E_LOG")" = 1 ]; }
check $T.bad.one_line "upmon printed $(grep -c '^upmon\|^check' "$E2E_LOG") lines" one_upmon_line
check $T.bad.nothing_ran "upmon ran past the bad configuration" not_in_log 'check:'
check $T.bad.returned "upmon did not return to the firmware (qemu-run $E2E_RC)" \
	log_has '^e2e: reached the UEFI shell'
# 4. The wait ends by itself after end_timeout, then end_action (no key is sent).
printf 'args = --backend mock --platform snbep info\nend = key\nend_timeout = 2\nend_action = shutdown\n' \
	>"$E2E_OUT/$T-timeout.cfg"
img=$(e2e_image $T-timeout "$E2E_OUT/$T.nsh" "$E2E_OUT/$T-timeout.cfg") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.timeout.waited "no 'press any key (or wait 2 s)'" log_has '^press any key \(or wait 2 s\)'
check $T.timeout.ended_by_itself "no end_timeout line" log_has '^upmon: no key pressed: end_timeout reached'
check $T.timeout.powered_off "qemu-run status $E2E_RC, not 125 (powered off)" [ "$E2E_RC" = 125 ]
check $T.timeout.no_shell "the firmware fell back to the shell" not_in_log 'e2e: reached the UEFI shell'
e2e_done
