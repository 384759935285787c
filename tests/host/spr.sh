#!/bin/bash
# Sapphire/Emerald Rapids through the uncore discovery tables (boxes/spr/,
# boxes/discovered.c): offline, the templates list their boxes and perfmon's events; on
# the mock, the traced session reaches CHA 0 at the registers the table names (unit
# control 0x2000, counter control 0x2002, counter 0x2008: PCM types.h), and the broken
# third UPI entry is one warning naming it, never a crash and never a count.
source "$(dirname "$0")/lib.sh"

run boxes --platform spr list boxes
grep -q '^cha  *msr  *x60 4 counters of 48 bits' "$WORK/boxes.out" &&
	grep -q '^upi  *pci  *x4 ' "$WORK/boxes.out" && grep -q '^imc  *mmio  *x12 .*fixed DCLK' "$WORK/boxes.out" &&
	pass host/spr_list_boxes_offline || fail host/spr_list_boxes_offline "$(head -3 "$WORK/boxes.out" | tr '\n' ' ')"
run events --platform emeraldrapids list events --box imc
[ "$(rc events)" = 0 ] && grep -q '^imc  *CAS_COUNT\.RD  *0x05  *0xcf' "$WORK/events.out" &&
	pass host/emr_list_events_offline || fail host/emr_list_events_offline "$(head -3 "$WORK/events.out" | tr '\n' ' ')"

# The traced run: every access through the backend, CHA 0 where its record says.
run trace --backend mock --platform spr --sockets 1 --trace t.tsv run --events cha0/CLOCKTICKS/ --seconds 0.01
trace_ok() {
	awk -F'\t' '
		/^#/ { next }
		$4 == "W" && $5 == "msr" && $6 == "0x2000" && !frz { frz = NR }
		$4 == "W" && $5 == "msr" && $6 == "0x2002" && frz && !ctl { ctl = NR; v = $7 }
		$4 == "R" && $5 == "msr" && $6 == "0x2008" && ctl { rd = NR }
		END {
			if (!frz || !ctl || !rd) { print "0x2000 " frz ", 0x2002 " ctl ", 0x2008 " rd; exit 1 }
			if (v != "0x1") { print "counter control 0x2002 = " v ", not event 0x01"; exit 1 }
		}' "$WORK/t.tsv"
}
why=$( { [ "$(rc trace)" = 0 ] || echo "status $(rc trace): $(grep -m1 error "$WORK/trace.out")"; } ; trace_ok 2>&1)
[ -z "$why" ] && pass host/spr_trace_cha0_registers || fail host/spr_trace_cha0_registers "$why"
# The count is a number upmon vouches for, not a zero.
grep -Eq '^ +0 +1 cha +CLOCKTICKS +[1-9]' "$WORK/trace.out" && pass host/spr_cha0_counts ||
	fail host/spr_cha0_counts "$(grep -m2 cha0 "$WORK/trace.out" | tr '\n' ' ')"
# The broken third UPI entry (Linux: "the third UPI table may include a wrong address"):
# one warning naming it, the link placed where Linux places it.
n=$(grep -c '^upmon: warning: uncore discovery: .*record [0-9]* (upi2): .*the entry is broken' "$WORK/trace.out")
[ "$n" = 1 ] && pass host/spr_broken_upi_entry_one_finding ||
	fail host/spr_broken_upi_entry_one_finding "$n warnings: $(grep -m2 'uncore discovery' "$WORK/trace.out" | tr '\n' ' ')"

# Broken table entries (the mock's disc.* faults): each is one warning naming its record,
# never a crash; the units the table still names count, the one it lost is not a zero.
# Record 3 is cha3, record 9 imc1 (platform/mock/spr/model.c).
table_fault() { # NAME FAULT REGEX CHA_COUNT
	run "$1" --backend "mock:$2" --platform spr --sockets 1 run --events cha/CLOCKTICKS/ --seconds 0.01
	local n why=""
	n=$(grep -c "^upmon: warning: uncore discovery: socket 0 table 0: discovery record $3" "$WORK/$1.out")
	[ "$(rc "$1")" = 0 ] || why="status $(rc "$1")"
	[ "$n" = 1 ] || why="$why; $n warnings for the record"
	grep -Eq "^ +0 +$4 cha +CLOCKTICKS +[1-9]" "$WORK/$1.out" || why="$why; no count over $4 CHAs"
	[ -z "$why" ] && pass "host/spr_table_$1" || fail "host/spr_table_$1" "$why: $(grep -m2 'uncore discovery' "$WORK/$1.out" | tr '\n' ' ')"
}
table_fault all_ones_record disc.ones=3 '3: table1 is all ones' 7
table_fault zero_control disc.zeroctl=3 '3 (box type 0 id 3): unit control address is 0' 7
table_fault duplicate_id disc.dup=3 '3 (box type 0 id 2): repeats box type 0 id 2' 7
table_fault truncated disc.truncate=10 '10: past the 352 bytes read .*(truncated table)' 8
# A BAR of zero: no table read (never at address 0), one warning, every box absent, no count.
run bar0 --backend mock:disc.bar=0 --platform spr --sockets 1 run --events cha/CLOCKTICKS/ --seconds 0.01
grep -q '^upmon: warning: uncore discovery: no uncore discovery table: BAR 0 of 00:03.1, .* is 0' "$WORK/bar0.out" &&
	grep -Eq '^ +0 +0/1 cha +CLOCKTICKS +box-absent' "$WORK/bar0.out" && pass host/spr_table_bar_of_zero ||
	fail host/spr_table_bar_of_zero "$(grep -m2 -E 'uncore discovery|CLOCKTICKS' "$WORK/bar0.out" | tr '\n' ' ')"

# The kernel's bytes, counted: 2 x 4 MiB read is 131072 CAS reads over both sockets' IMC
# channels, and MEM_BW_READS over the kernel's own seconds is the kernel's bandwidth
# within 5% (issue: "agrees with the kernel's bytes within 5%").
run kread --backend mock --platform spr run --kernel read --size 4M --iterations 2 --events imc/CAS_COUNT.RD/ --metrics MEM_BW_READS
kread_ok() {
	python3 - "$(last_run "$WORK/upmon-results")/results.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
k = d["kernel_runs"][0]
assert d["platform"] == "spr" and k["bytes_read"] == 2 * (4 << 20), k["bytes_read"]
cas = [c for c in k["counters"] if c["event"] == "CAS_COUNT.RD" and not c.get("for_metrics")]
assert len(cas) == 16, len(cas)
assert sum(c["net"] for c in cas) * 64 == k["bytes_read"], sum(c["net"] for c in cas)
bw = [m for m in k["metrics"] if m["name"] == "MEM_BW_READS"]
own = k["bytes_read"] / k["seconds"]
got = sum(m["net_per_kernel_second"] for m in bw)
assert len(bw) == 2 and abs(got - own) <= 0.05 * own, (got, own)
PY
}
[ "$(rc kread)" = 0 ] && kread_ok 2>"$WORK/kread.err" && pass host/spr_kernel_read_mem_bw_agrees ||
	fail host/spr_kernel_read_mem_bw_agrees "status $(rc kread): $(tail -1 "$WORK/kread.err")"
