#!/bin/bash
# The health check under OVMF on the mocked two-socket Xeon 7500 (nhmex) and Xeon E7
# (wsmex): `upmon: PASS` as the last line with exit status 0; results.json read back from
# the image holds every role's verdict (two CAS specs summed for memory.read, the four QPI
# ports of the R-Box, 002:3824-3835) and agrees with the console summary. Then one fault
# (no traffic on socket 1's M-Box 1) gives `upmon: FAIL`, exit status 2, and exactly one
# FAIL line, on that M-Box's memory.channel.
source "$(dirname "$0")/common.bash"
e2e_need_efi check_nhmex

# One boot: each platform's clean check, then the one with the fault.
for P in nhmex wsmex; do
	e2e_shell_script "$E2E_OUT/check_$P.nsh" -- --backend mock --platform $P check --quick
done
e2e_shell_script "$E2E_OUT/check_wsmex_fault.nsh" -- --backend mock:s1.nochannel=mbox1 --platform wsmex check --quick
e2e_boot_steps check_nhmex_wsmex nhmex="$E2E_OUT/check_nhmex.nsh" wsmex="$E2E_OUT/check_wsmex.nsh" \
	fault="$E2E_OUT/check_wsmex_fault.nsh" || { fail check_nhmex "image"; e2e_done; }
img=$E2E_STEPS_IMG
for P in nhmex wsmex; do
	T=check_$P
	e2e_step $P
	check $T.status "qemu-run returned $E2E_RC, not 0" [ "$E2E_RC" = 0 ]
	last_line() { [ "$(tr -d '\r' <"$E2E_LOG" | grep '^upmon' | grep -v 'exit status' | tail -1)" = "upmon: PASS" ]; }
	check $T.pass_is_last "'upmon: PASS' is not upmon's last line" last_line
	json_ok() {
		img_cat "$img" "$(img_run "$img")/results.json" | E2E_LOG=$E2E_LOG python3 -c '
import json, os, re, sys
d = json.load(sys.stdin)
assert d["command"] == "check" and d["verdict"] == "PASS", d["verdict"]
v = d["verdicts"]
assert all(x["result"] in ("PASS", "N/A") for x in v)
have = {(x["socket"], x["box"], x["check"]) for x in v}
for s in (0, 1):
    for box, c in (("wbox", "uclk"), ("mbox", "memory.read"), ("mbox", "memory.write"),
                   ("mbox", "memory.channel"), ("cbo", "llc.hits"), ("cbo", "llc.misses"),
                   ("cbo", "selftest.count"), ("bbox", "selftest.freeze"), ("sbox", "selftest.wrap"),
                   ("ubox", "selftest.ctl"), ("rbox", "selftest.ctr")):
        assert (s, box, c) in have, (s, box, c)
for c in ("link.port0", "link.port1", "link.port4", "link.port5", "link.flits"):
    assert (1, "rbox", c) in have, c
log = open(os.environ["E2E_LOG"], errors="replace").read().replace("\r", "")
rows = re.findall(r"^summary: +(\d+) (\S+) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+) +(\S+)$", log, re.M)
rows = [tuple(c.replace(",", "") for c in row) for row in rows]  # counts have thousands separators
assert rows, "no summary rows"
for s, box, n, p, w, f, inc, na, res in rows:
    mine = [x for x in v if x["socket"] == int(s) and x["box"] == box]
    assert len(mine) == int(n) and sum(x["result"] == "PASS" for x in mine) == int(p), (s, box)
assert {(int(r[0]), r[1]) for r in rows} == {(x["socket"], x["box"]) for x in v}'
	}
	check $T.results_match_console "results.json does not hold every role or does not match the console" json_ok
	check $T.no_exception "firmware exception" no_exception
done

T=check_wsmex_fault
e2e_step fault
check $T.status "qemu-run returned $E2E_RC, not 2" [ "$E2E_RC" = 2 ]
check $T.fail_line "no 'upmon: FAIL' line" log_has '^upmon: FAIL$'
check $T.names_channel "no FAIL line for socket 1 mbox1 memory.channel" log_has '^FAIL socket 1 mbox1 +memory.channel'
only_one() { [ "$(findings_above_last_screen)" = 1 ] && [ "$(findings_on_last_screen)" = 1 ]; }
check $T.only_that_box "other verdicts moved: $(findings_above_last_screen) in the table, $(findings_on_last_screen) on the last screen" only_one
check $T.no_exception "firmware exception" no_exception
e2e_done
