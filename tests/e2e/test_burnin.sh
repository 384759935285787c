#!/bin/bash
# A two-pass burn-in under OVMF on the mocked two-socket Xeon E5-2600, with a stuck CBo
# counter from pass 2 on (the mock's @pass2): pass 1 PASS, pass 2 FAIL naming cbo3, the
# verdict line `upmon: FAIL` last, exit status 2, and the files on the image agree: every
# verdict with its pass in verdicts.csv and results.json, "burnin" with two passes and
# cbo3's first failing pass 2, junit.xml's names with their pass, report.html's burn-in
# section and trend lines.
source "$(dirname "$0")/common.bash"
T=burnin
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock:stuck=cbo3.ctr0@pass2 --platform snbep check --quick --passes 2
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.status "qemu-run returned $E2E_RC, not 2" [ "$E2E_RC" = 2 ]
check $T.pass_lines "no 'pass k of 2' lines" log_has '^burn-in: pass 2 of 2, [0-9:]+ elapsed, about [0-9:]+ left'
check $T.pass1_pass "pass 1 is not PASS" log_has '^pass 1/2 PASS '
check $T.pass2_fail "pass 2 does not FAIL naming cbo3" log_has '^pass 2/2 FAIL .*; s0 cbo3 selftest\.count'
check $T.first_failing "no 'first failing pass 2'" log_has '^burn-in: 2 passes in [0-9:]+ \(2 passes done\); first failing pass 2'
last_line() { [ "$(tr -d '\r' <"$E2E_LOG" | grep '^upmon' | grep -v 'exit status' | tail -1)" = "upmon: FAIL" ]; }
check $T.fail_is_last "'upmon: FAIL' is not upmon's last line" last_line
files_agree() {
	local run
	run=$(img_run "$img")
	img_cat "$img" "$run/verdicts.csv" | tr -d '\r' | cut -d, -f4- >"$E2E_OUT/$T.verdicts.csv"
	img_cat "$img" "$run/junit.xml" >"$E2E_OUT/$T.junit.xml"
	img_cat "$img" "$run/results.json" | python3 -c '
import csv, json, sys, xml.etree.ElementTree as ET
d = json.load(sys.stdin)
rows = list(csv.DictReader(open(sys.argv[1])))
assert d["verdict"] == "FAIL", d["verdict"]
assert [r["pass"] for r in rows] == [str(v["pass"]) for v in d["verdicts"]]
n1 = sum(r["pass"] == "1" for r in rows); n2 = sum(r["pass"] == "2" for r in rows)
assert n1 == n2 > 100, (n1, n2)
assert not [r for r in rows if r["pass"] == "1" and r["result"] == "FAIL"]
fails = [(r["socket"], r["box"], r["instance"], r["check"]) for r in rows if r["result"] == "FAIL"]
assert fails == [("0", "cbo", "3", "selftest.count")], fails
b = d["burnin"]
assert (b["passes_asked"], b["passes_done"], b["first_failing_pass"], b["aborted"]) == (2, 2, 2, False), b
assert [p["verdict"] for p in b["passes"]] == ["PASS", "FAIL"]
x = [i for i in b["instances"] if (i["socket"], i["box"], i["instance"]) == (0, "cbo", 3)][0]
assert x["first_failing_pass"] == 2 and x["trend"] and x["trend"][0]["passes"] == [1, 2], x
root = ET.parse(sys.argv[2]).getroot()
cases = root.findall("./testsuite/testcase")
assert len(cases) == len(rows) == int(root.get("tests"))
assert sum(c.get("name").endswith(" (pass 2)") for c in cases) == n2
assert int(root.get("failures")) == 1' "$E2E_OUT/$T.verdicts.csv" "$E2E_OUT/$T.junit.xml"
}
check $T.files_agree "results.json, verdicts.csv and junit.xml on the image disagree" files_agree
report_ok() { img_cat "$img" "$(img_run "$img")/report.html" | tr -d '\r' | grep -q "$1"; }
check $T.report_burnin "report.html has no burn-in section" report_ok '<h2 id="burnin">Burn-in: 2 passes</h2>'
check $T.report_first_failing "report.html does not name cbo3's first failing pass" \
	report_ok '<a href="#s0-cbo3">cbo3</a></td><td class="fail">FAIL</td><td><b>2</b></td>'
check $T.report_trends "report.html has no trend lines" report_ok 'class="trend"'
check $T.report_bandwidth "report.html has no kernel bandwidth chart" report_ok '<h2 id="bandwidth">Kernel bandwidth, pass 2'
check $T.no_exception "firmware exception" no_exception
e2e_done
