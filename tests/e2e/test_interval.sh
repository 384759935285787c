#!/bin/bash
# The real upmon.efi under OVMF against the mocked two-socket Xeon E5-2600: `run --interval`
# takes its samples on both sockets from their own processors, prints a block per sample,
# and writes interval.csv (identity lines first, a row per count per sample) and the
# samples in results.json to the boot medium. Timing is the firmware's: only the count of
# samples and their order are checked, never their spacing.
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
	echo "$csv" | head -1 | grep -q '^# upmon ' &&
		[ "$(echo "$csv" | grep -v '^# ' | head -1)" = "time,seconds,socket,box,instance,spec,count,rate,status" ] &&
		[ "$(echo "$csv" | grep -v '^# ' | tail -n +2 | wc -l)" = 54 ] &&
		[ "$(echo "$csv" | grep -c ',1,cbo,0,cbo0/CLOCKTICKS/,[1-9][0-9]*,[0-9.]*,ok$')" = 3 ] &&
		[ "$(echo "$csv" | grep -v '^# ' | tail -n +2 | cut -d, -f2 | sort -u | wc -l)" = 3 ]
}
check $T.interval_csv "interval.csv: $(echo "$csv" | grep -v '^# ' | head -3 | tr '\n' ' ')" csv_ok
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
e2e_done
