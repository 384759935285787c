#!/usr/bin/env bash
# junit.xml of `check` and `selftest`: parsed as XML, as many testcases, failures,
# errors and skips as verdicts.csv has FAIL, INCOMPLETE and N/A rows (docs/results.md, junit.xml),
# and the same cases whatever the boxes' presence found.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# junit_matches TEST DIR: DIR's junit.xml agrees with its verdicts.csv.
junit_matches() {
	local test=$1 dir=$WORK/$2 min_failures=${3:-0} why
	if why=$(python3 - "$dir" "$min_failures" <<'PY' 2>&1
import csv, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/verdicts.csv", newline="")))
root = ET.parse(d + "/junit.xml").getroot()
assert root.tag == "testsuites", root.tag
cases = root.findall("./testsuite/testcase")
want = {k: sum(r["result"] == v for r in rows) for k, v in
        (("failures", "FAIL"), ("errors", "INCOMPLETE"), ("skipped", "N/A"))}
got = {"failure": 0, "error": 0, "skipped": 0}
for c in cases:
    for tag in got:
        got[tag] += c.find(tag) is not None
assert len(cases) == len(rows) == int(root.get("tests")), (len(cases), len(rows), root.get("tests"))
for attr, tag in (("failures", "failure"), ("errors", "error"), ("skipped", "skipped")):
    assert got[tag] == want[attr] == int(root.get(attr)), (attr, got[tag], want[attr], root.get(attr))
suites = root.findall("testsuite")
assert sum(int(s.get("tests")) for s in suites) == len(rows)
assert all(len(s.findall("testcase")) == int(s.get("tests")) for s in suites)
for r in rows:
    if r["result"] == "FAIL":
        name = (r["box"] + r["instance"] + "." if r["instance"] else "") + r["check"]
        c = root.find("./testsuite/testcase[@classname='socket%s.%s'][@name='%s']" % (r["socket"], r["box"], name))
        assert c is not None and r["reason"] in c.find("failure").get("message"), name
assert want["failures"] >= int(sys.argv[2]), ("failures", want["failures"])
PY
	); then
		pass "$test"
	else
		fail "$test" "$(echo "$why" | tail -2 | tr '\n' ' ')"
	fi
}

run clean --backend mock --platform snbep --out res check --quick
expect clean host/junit_check_clean_runs 0 '^upmon: PASS$'
junit_matches host/junit_check_matches_verdicts "$(last_run res)"

# A counter stuck at zero fails its box's self-test: a <failure> with the reason.
run stuck --backend mock:stuck=cbo3.ctr0 --platform snbep --out res_stuck check --quick
expect stuck host/junit_check_fault_fails 2 '^FAIL socket 0 cbo3 ' '^upmon: FAIL$'
junit_matches host/junit_check_fault_is_a_failure "$(last_run res_stuck)" 1

run st --backend mock:s1.stuck=imc2.ctr1 --platform ivbep --out res_st selftest
expect st host/junit_selftest_fault_fails 2 '^FAIL socket 1 imc2 ' '^upmon: FAIL$'
junit_matches host/junit_selftest_matches_verdicts "$(last_run res_st)" 1

# Read as CI reads it (python3-junitparser, tools/deps.sh; Debian's python3 has it where
# the first python3 on PATH does not): a box whose presence FAILed (dead: all ones) or
# WARNed (absent) keeps every case of a clean run, the checks not run on it <skipped> with
# the reason, and every case has its time in seconds.
jpy=
for p in python3 /usr/bin/python3; do
	"$p" -c 'import junitparser' 2>/dev/null && { jpy=$p; break; }
done
run dead --backend mock:dead=cbo0 --platform snbep --out res_dead check --quick
expect dead host/junit_dead_box_fails 2 '^FAIL socket 0 cbo0 +presence ' '^upmon: FAIL$'
run absent --backend mock:absent=imc2 --platform snbep --out res_absent check --quick
expect absent host/junit_absent_box_warns 1 '^WARN socket 0 imc2 +presence ' '^upmon: WARN$'
# same_cases TEST DIR BOX WORD: DIR's junit.xml has the clean run's cases, BOX's checks
# other than presence skipped as not run because its presence WORD.
same_cases() {
	local why
	if [ -z "$jpy" ]; then
		fail "$1" "no python3 with junitparser: run tools/deps.sh (python3-junitparser)"
	elif why=$("$jpy" - "$WORK/$(last_run res)/junit.xml" "$WORK/$2/junit.xml" "$3" "$4" <<'PY' 2>&1
import sys
from junitparser import JUnitXml, Skipped
clean_path, path, box, word = sys.argv[1:5]
def cases(p):
    return {(s.name, c.classname, c.name): c for s in JUnitXml.fromfile(p) for c in s}
clean, got = cases(clean_path), cases(path)
assert len(got) == len(clean) > 300, (len(got), len(clean))
assert set(got) == set(clean), (sorted(set(clean) - set(got))[:3], sorted(set(got) - set(clean))[:3])
for key, c in list(got.items()) + list(clean.items()):
    assert c.time is not None and c.time >= 0, ("no time", key)
    for r in c.result:
        assert not isinstance(r, Skipped) or r.message, ("skipped without a message", key)
mine = [c for (s, cls, name), c in got.items() if s == "socket0." + box[:-1] and name.startswith(box + ".")]
not_run = [c for c in mine if not c.name.endswith(".presence")]
assert len(not_run) >= 7, [c.name for c in mine]
for c in not_run:
    assert c.is_skipped and c.time == 0, (c.name, c.time)
    msg = c.result[0].message
    assert msg.startswith("not run: presence %s (" % word) and msg.endswith(")"), (c.name, msg)
assert any(c.time > 0 for c in clean.values()), "no case of the clean run has a time"
PY
	); then
		pass "$1"
	else
		fail "$1" "$(echo "$why" | tail -1)"
	fi
}
same_cases host/junit_dead_box_keeps_its_cases "$(last_run res_dead)" cbo0 FAILed
same_cases host/junit_absent_box_keeps_its_cases "$(last_run res_absent)" imc2 "is WARN"

# Every suite says what the run is as JUnit readers take it: when (UTC, no zone), the
# machine as the folder names it, and the identity as properties (a mock with its faults).
d=$WORK/$(last_run res_stuck)
if python3 - "$d" <<'PY'; then pass host/junit_says_what_the_run_is; else fail host/junit_says_what_the_run_is "$(grep -m3 -E 'testsuite |property' "$d/junit.xml" | tr '\n' ' ')"; fi
import json, re, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
j = json.load(open(d + "/results.json"))
suites = ET.parse(d + "/junit.xml").getroot().findall("testsuite")
assert suites
for s in suites:
    assert s.get("timestamp") == j["start"].rstrip("Z"), (s.get("timestamp"), j["start"])
    assert re.match(r"^\d{8}-\d{6}-(.+)-check(-\d+)?$", j["folder"]).group(1) == s.get("hostname"), (s.get("hostname"), j["folder"])
    p = {e.get("name"): e.get("value") for e in s.findall("properties/property")}
    assert list(s)[0].tag == "properties", [c.tag for c in s][:2]
    assert p["upmon"] == "%s (revision %s)" % (j["version"], j["revision"]), p
    assert p["folder"] == j["folder"] and p["start"] == j["start"] and p["environment"] == j["environment"], p
    assert p["command_line"] == " ".join(j["command_line"]), p
    assert p["backend"] == "mock" and p["mock_faults"] == "stuck=cbo3.ctr0" and p["dry_run"] == "no", p
    assert p["platform"] == "snbep" and re.match(r"GenuineIntel 06_2DH stepping 7, microcode 0x", p["processor"]), p
    assert "replay_of" not in p, p
PY
