#!/bin/bash
# The health check under OVMF on the mocked two-socket Xeon E5-2600, as `make run` runs it:
# `upmon: PASS` as the last line, exit status 0, and results.json and verdicts.csv read
# back from the image agree with the console (the overall verdict and every box type's
# summary line). Then one injected fault (no traffic on socket 1's iMC channel 1) gives
# `upmon: FAIL`, exit status 2, and a FAIL on exactly that channel's memory.channel check.
source "$(dirname "$0")/common.bash"
T=check_snbep
e2e_need_efi $T

# One boot: the clean check, then the one with the fault.
e2e_shell_script "$E2E_OUT/$T-clean.nsh" -- --backend mock --platform snbep check --quick
e2e_shell_script "$E2E_OUT/$T-fault.nsh" -- --backend mock:s1.nochannel=imc1 --platform snbep check --quick
e2e_boot_steps $T clean="$E2E_OUT/$T-clean.nsh" fault="$E2E_OUT/$T-fault.nsh" || { fail $T "image"; exit 1; }
img=$E2E_STEPS_IMG
e2e_step clean
check $T.status "qemu-run returned $E2E_RC, not 0" [ "$E2E_RC" = 0 ]
check $T.pass_line "no 'upmon: PASS' line" log_has '^upmon: PASS$'
last_line() { [ "$(tr -d '\r' <"$E2E_LOG" | grep '^upmon' | grep -v 'exit status' | tail -1)" = "upmon: PASS" ]; }
check $T.pass_is_last "'upmon: PASS' is not upmon's last line" last_line
check $T.kernels_ran "no kernel progress lines" log_has '^check: kernel read: [0-9]+ threads'
json_matches_console() {
	img_cat "$img" "$(img_run "$img")/results.json" | E2E_LOG=$E2E_LOG python3 -c '
import json, os, re, sys
d = json.load(sys.stdin)
assert d["command"] == "check" and d["verdict"] == "PASS", d["verdict"]
v = d["verdicts"]
assert all(x["result"] in ("PASS", "N/A") for x in v)
checks = {x["check"] for x in v}
for c in ("presence", "selftest.freeze", "uclk", "memory.read", "memory.write", "llc.hits", "link.flits"):
    assert c in checks, c
# The console summary: "summary: SOCKET BOX CHECKS PASS WARN FAIL INCOMPLETE NA RESULT" per socket and box.
log = open(os.environ["E2E_LOG"], errors="replace").read().replace("\r", "")
rows = re.findall(r"^summary: +(\d+) (\S+) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+) +(\S+)$", log, re.M)
rows = [tuple(c.replace(",", "") for c in row) for row in rows]  # counts have thousands separators
assert rows, "no summary rows"
for s, box, n, p, w, f, inc, na, res in rows:
    mine = [x for x in v if x["socket"] == int(s) and x["box"] == box]
    assert len(mine) == int(n), (s, box, n, len(mine))
    assert sum(x["result"] == "PASS" for x in mine) == int(p), (s, box)
    assert sum(x["result"] == "N/A" for x in mine) == int(na), (s, box)
assert {(int(r[0]), r[1]) for r in rows} == {(x["socket"], x["box"]) for x in v}'
}
check $T.results_match_console "results.json does not match the console" json_matches_console
csv_ok() { img_cat "$img" "$(img_run "$img")/verdicts.csv" | tr -d '\r' | cut -d, -f4- | head -1 | grep -qx 'socket,box,instance,check,result,reason,measured,expected,low,high,tolerance,unit,register,address,value,written,pass'; }
check $T.verdicts_csv "verdicts.csv missing or malformed" csv_ok
# junit.xml on the image: as many testcases and failures as verdicts.csv has rows and FAILs.
junit_failures() {
	img_cat "$img" "$(img_run "$img")/verdicts.csv" | tr -d '\r' | cut -d, -f4- >"$E2E_OUT/$T.verdicts.csv"
	img_cat "$img" "$(img_run "$img")/junit.xml" | python3 -c '
import csv, sys, xml.etree.ElementTree as ET
rows = list(csv.DictReader(open(sys.argv[1])))
root = ET.fromstring(sys.stdin.buffer.read())
cases = root.findall("./testsuite/testcase")
assert len(cases) == len(rows) == int(root.get("tests")) > 0, (len(cases), len(rows))
fails = sum(r["result"] == "FAIL" for r in rows)
assert fails == int(root.get("failures")) == sum(c.find("failure") is not None for c in cases)
print(fails)' "$E2E_OUT/$T.verdicts.csv" 2>/dev/null
}
junit_has_failures() { [ "$(junit_failures)" = "$1" ]; }
report_ok() { img_cat "$img" "$(img_run "$img")/report.html" | tr -d '\r' | grep -q "$1"; }
check $T.junit_xml "junit.xml missing or not matching verdicts.csv" junit_has_failures 0
check $T.report_html "report.html missing or without its charts" report_ok '<svg'
# ocptv.jsonl on the image: valid against the OCP schema, its run's result PASS.
ocptv_ok() {
	img_cat "$img" "$(img_run "$img")/ocptv.jsonl" | tr -d '\r' >"$E2E_OUT/$T.ocptv.jsonl"
	python3 tools/validate_ocptv.py "$E2E_OUT/$T.ocptv.jsonl" >/dev/null &&
		tail -1 "$E2E_OUT/$T.ocptv.jsonl" | grep -q "\"result\": \"$1\""
}
check $T.ocptv_jsonl "ocptv.jsonl missing, invalid or not PASS" ocptv_ok PASS
check $T.no_exception "firmware exception" no_exception

e2e_step fault
check $T.fault_status "qemu-run returned $E2E_RC, not 2" [ "$E2E_RC" = 2 ]
check $T.fault_line "no 'upmon: FAIL' line" log_has '^upmon: FAIL$'
check $T.fault_names_channel "no FAIL line for socket 1 imc1 memory.channel" \
	log_has '^FAIL socket 1 imc1 +memory.channel'
only_one() { [ "$(findings_above_last_screen)" = 1 ] && [ "$(findings_on_last_screen)" = 1 ]; }
check $T.fault_only_that_box "other verdicts moved: $(findings_above_last_screen) in the table, $(findings_on_last_screen) on the last screen" only_one
check $T.fault_junit_failure "junit.xml does not have the one failure" junit_has_failures 1
check $T.fault_ocptv "ocptv.jsonl missing, invalid or not FAIL" ocptv_ok FAIL
check $T.fault_report_names_channel "report.html does not show socket 1 imc1 failed" \
	report_ok '<a class="fail" href="#s1-imc1"'
# The console fits the UEFI console's 80 columns: every line upmon said (the log's
# lines from its first identity line to its verdict line).
fits_80() {
	tr -d '\r' <"$E2E_LOG" | sed -n '/^identity: upmon/,/^upmon: [A-Z]*$/p' |
		awk 'length($0) > 80 { bad = 1 } /^summary: / { rows++ } END { exit bad || rows < 2 }'
}
check $T.fault_console_80_columns "lines over 80 columns: $(tr -d '\r' <"$E2E_LOG" | awk 'length($0) > 80' | head -2)" fits_80
check $T.fault_no_exception "firmware exception" no_exception
e2e_done
