#!/usr/bin/env bash
# ocptv.jsonl (core/results/ocptv.c): every check and selftest writes its record in the OCP
# Test and Validation output format, validated line by line against that project's own
# JSON schema (tests/ocptv/json_spec, tools/validate_ocptv.py) and in its order; it says
# what the verdicts say: one dead box is one FAIL diagnosis naming it, a diagnosis for each
# verdict, the run's result, the DUT and that it was a mock.
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

valid() {
	local test=$1 file=$2 out
	if out=$(python3 tools/validate_ocptv.py "$file" 2>&1); then
		pass "$test"
	else
		fail "$test" "$(echo "$out" | head -3 | tr '\n' ' ')"
	fi
}

run dead --backend mock:dead=cbo3 --platform snbep --sockets 1 --out res check --quick
d=$WORK/$(last_run res)
valid host/ocptv_dead_box_valid "$d/ocptv.jsonl"
python3 - "$d/ocptv.jsonl" "$d/results.json" <<'PY' 2>"$WORK/dead.err" && pass host/ocptv_dead_box_one_fail_diagnosis ||
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
res = json.load(open(sys.argv[2]))
diag = [l["testStepArtifact"]["diagnosis"] for l in lines if "diagnosis" in l.get("testStepArtifact", {})]
fails = [x for x in diag if x["type"] == "FAIL"]
assert len(fails) == 1, [f["verdict"] for f in fails]
assert fails[0]["subcomponent"]["name"] == "cbo3" and fails[0]["verdict"] == "upmon.cbo.presence.fail", fails[0]
assert fails[0]["hardwareInfoId"] == "socket0", fails[0]
# a diagnosis for each verdict results.json lists, PASS where it says PASS
assert len(diag) == len(res["verdicts"]), (len(diag), len(res["verdicts"]))
assert sum(x["type"] == "PASS" for x in diag) == sum(v["result"] == "PASS" for v in res["verdicts"])
end = lines[-1]["testRunArtifact"]["testRunEnd"]
assert end == {"status": "COMPLETE", "result": "FAIL"}, end
start = lines[1]["testRunArtifact"]["testRunStart"]
assert start["name"] == "upmon check" and start["parameters"]["backend"] == "mock", start["parameters"]
assert start["parameters"]["mock_faults"] == "dead=cbo3" and start["parameters"]["platform"] == "snbep"
assert start["dutInfo"]["hardwareInfos"][0]["hardwareInfoId"] == "socket0"
logs = [l["testRunArtifact"]["log"] for l in lines if "log" in l.get("testRunArtifact", {})]
assert any(x["severity"] == "WARNING" and x["message"].startswith("MOCK BACKEND") for x in logs), logs
PY
	fail host/ocptv_dead_box_one_fail_diagnosis "$(tail -1 "$WORK/dead.err")"

# A clean check passes; its measurements carry their accepted range as validators.
run clean --backend mock --platform spr --sockets 1 --out res check --quick
d=$WORK/$(last_run res)
valid host/ocptv_clean_check_valid "$d/ocptv.jsonl"
python3 - "$d/ocptv.jsonl" <<'PY' 2>"$WORK/clean.err" && pass host/ocptv_clean_check_passes_with_ranges ||
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines[-1]["testRunArtifact"]["testRunEnd"] == {"status": "COMPLETE", "result": "PASS"}
diag = [l["testStepArtifact"]["diagnosis"] for l in lines if "diagnosis" in l.get("testStepArtifact", {})]
assert diag and not [x for x in diag if x["type"] == "FAIL"]
ms = [l["testStepArtifact"]["measurement"] for l in lines if "measurement" in l.get("testStepArtifact", {})]
ranged = [m for m in ms if "validators" in m]
assert ranged, "no measurement with a range"
for m in ranged:
    lo, hi = (v["value"] for v in m["validators"])
    assert lo <= m["value"] <= hi, m
PY
	fail host/ocptv_clean_check_passes_with_ranges "$(tail -1 "$WORK/clean.err")"

run st --backend mock --platform ivbep --sockets 1 --out res selftest
d=$WORK/$(last_run res)
valid host/ocptv_selftest_valid "$d/ocptv.jsonl"
grep -q '"testRunStart": {"name": "upmon selftest"' "$d/ocptv.jsonl" && pass host/ocptv_selftest_named ||
	fail host/ocptv_selftest_named "$(sed -n 2p "$d/ocptv.jsonl" | cut -c1-200)"

# The validation can fail: a diagnosis type the schema does not have, and a step that never
# ends, are each named.
sed 's/"type": "FAIL"/"type": "MAYBE"/' "$WORK/$(last_run res)/ocptv.jsonl" >"$WORK/bad_type.jsonl"
sed -i '0,/"type": "PASS"/s//"type": "MAYBE"/' "$WORK/bad_type.jsonl"
out=$(python3 tools/validate_ocptv.py "$WORK/bad_type.jsonl" 2>&1)
[ $? = 1 ] && grep -q "bad_type.jsonl:[0-9]*: " <<<"$out" && pass host/ocptv_validator_refuses_a_bad_type ||
	fail host/ocptv_validator_refuses_a_bad_type "$(head -2 <<<"$out")"
grep -v '"testStepEnd"' "$d/ocptv.jsonl" | python3 -c '
import json, sys
for n, l in enumerate(sys.stdin):
    a = json.loads(l); a["sequenceNumber"] = n; print(json.dumps(a))' >"$WORK/no_end.jsonl"
out=$(python3 tools/validate_ocptv.py "$WORK/no_end.jsonl" 2>&1)
[ $? = 1 ] && grep -q "step 0 never ended" <<<"$out" && pass host/ocptv_validator_refuses_an_open_step ||
	fail host/ocptv_validator_refuses_an_open_step "$(head -2 <<<"$out")"
