#!/bin/bash
# The real upmon.efi under OVMF against the mocked two-socket Xeon E5-2600: `run --interval`
# takes its samples on both sockets from their own processors, prints a block per sample,
# and writes interval.csv (its header row first, a row per count per sample) and the
# samples in results.json to the boot medium. Timing is the firmware's: only the count of
# samples and their order are checked, never their spacing. Then ESC ends an open-ended
# run cleanly.
source "$(dirname "$0")/common.bash"
T=interval
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock --platform snbep \
	run --events 'imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/,cbo0/CLOCKTICKS/' --interval 100 --count 3
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.banner "banner" log_has '^run: a sample every 100 ms, 3 samples; 3 event specs on 2 sockets'
check $T.first_block "first sample's memory line" log_has '^\[ +0\.[0-9]+ s\] s0 read [0-9.]+ write [0-9.]+ GB/s; s1 read'
check $T.channels "socket 1's channels" log_has '^  s1 r/w GB/s: imc0 [0-9.]+/[0-9.]+ imc1'
check $T.clock "CBo 0's clock on both sockets" log_has '^  cbo/CLOCKTICKS: s0 [0-9.]+ MHz s1 [0-9.]+ MHz'
check $T.cost "per-sample cost" log_has '^run: 3 samples \(3 kept\); each sample: 54 register accesses, [0-9.]+ us'
csv=$(img_cat "$img" "$(img_run "$img")/interval.csv" 2>/dev/null | tr -d '\r')
csv_ok() {
	[ "$(echo "$csv" | head -1)" = "run,backend,dry_run,time,seconds,kind,socket,box,instance,spec,count,rate,status,for_metrics,metric,value,unit" ] &&
		! echo "$csv" | grep -q '^#' &&
		[ "$(echo "$csv" | tail -n +2 | wc -l)" = 54 ] &&
		[ "$(echo "$csv" | grep -c ',count,1,cbo,0,cbo0/CLOCKTICKS/,[1-9][0-9]*,[0-9.]*,ok,no,,,$')" = 3 ] &&
		[ "$(echo "$csv" | tail -n +2 | cut -d, -f5 | sort -u | wc -l)" = 3 ]
}
check $T.interval_csv "interval.csv: $(echo "$csv" | head -3 | tr '\n' ' ')" csv_ok
json_ok() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["environment"] == "uefi" and d["aborted"] is False
iv = d["intervals"]
assert len(iv) == 3 and [t["sample"] for t in iv] == [0, 1, 2]
assert iv[0]["seconds"] < iv[1]["seconds"] < iv[2]["seconds"]
assert all(len(t["counts"]) == 18 and t["accesses"] == 54 for t in iv)
assert d["interval_sampling"]["samples"] == 3'
}
check $T.results_json "results.json intervals" json_ok
check $T.no_exception "firmware exception" no_exception

# ESC typed on the serial console while samples tick (no --count: until ESC): a last
# sample, every register restored, the files saved marked "aborted", status 5.
# boot_typing IMAGE KEY PATTERN: as tests/e2e/test_abort_console.sh types keys.
boot_typing() {
	local img=$1 key=$2 pattern=$3 fifo=$E2E_OUT/$T.console-in
	E2E_LOG=${img%.img}.log
	rm -f "$E2E_LOG.raw" "$fifo"
	mkfifo "$fifo"
	(
		exec >"$fifo"
		wait_for() {
			for _ in $(seq 1 $((E2E_TIMEOUT * 10))); do
				grep -q "$1" "$E2E_LOG.raw" 2>/dev/null && return 0
				sleep 0.1
			done
			return 1
		}
		wait_for 'any other key to continue' && printf ' '
		wait_for "$pattern" && sleep 1 && printf "$key"
		exec sleep "$E2E_TIMEOUT"
	) &
	local keyboard=$!
	UPMON_QEMU_STDIN=1 UPMON_LOG=$E2E_LOG tools/qemu-run.sh "$img" "$E2E_TIMEOUT" <"$fifo" >/dev/null 2>&1
	E2E_RC=$?
	kill $keyboard 2>/dev/null
	wait $keyboard 2>/dev/null
	rm -f "$fifo"
}
e2e_shell_script "$E2E_OUT/$T-esc.nsh" -- --backend mock --platform snbep run --events 'cbo0/CLOCKTICKS/' --interval 200
img=$(e2e_image $T-esc --shell-only "$E2E_OUT/$T-esc.nsh") || { fail $T "image"; exit 1; }
boot_typing "$img" '\033' '^\[ '
check $T.esc_status "ESC: exit status $E2E_RC, expected 5" [ "$E2E_RC" = 5 ]
check $T.esc_message "no abort message" log_has '^upmon: error: run: aborted \(ESC or Ctrl-C\) after [0-9]+ samples: registers restored'
esc_files() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["aborted"] is True and d["unrestored"] == [] and len(d["intervals"]) >= 2
assert d["interval_sampling"]["samples"] == len(d["intervals"])' &&
		[ "$(img_cat "$img" "$(img_run "$img")/interval.csv" | tr -d '\r' | grep -c ',cbo0/CLOCKTICKS/,')" -ge 4 ]
}
check $T.esc_files "results.json or interval.csv after ESC" esc_files
check $T.esc_no_exception "firmware exception" no_exception
e2e_done
