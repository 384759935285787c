#!/usr/bin/env python3
"""A lab's tree of run folders for the fleet tests (tests/host/fleet.sh, fleet_store.sh):
python3 tests/host/fleet_lab.py SRC LAB. SRC holds two mock checks (snbep and ivbep);
their results.json are copied into LAB as twelve snbep machines LAB01..LAB12 and three
ivbep ones IVB1..IVB3 under LAB/rackN/SERIAL/upmon/results/<run folder>/, given distinct
serials and marked as hardware runs, their kernels' bandwidth spread by +-0.4% and LAB07
15% low in the read kernel's; plus the untouched mock run (LAB/vm/...), a truncated
results.json (LAB/broken) and another program's JSON (LAB/other)."""
import copy, glob, json, os, sys
src, lab = sys.argv[1], sys.argv[2]
runs = sorted(glob.glob(src + "/*-check*/results.json"))  # the second may be -check-2
ivb = [json.load(open(f)) for f in runs if json.load(open(f))["platform"] == "ivbep"][0]
snb = [json.load(open(f)) for f in runs if json.load(open(f))["platform"] == "snbep"][0]

def machine(base, serial, i, scale=1.0, rack="rack1"):
    d = copy.deepcopy(base)
    d["backend"] = "hw"  # as if measured on a lab machine
    folder = "20261129-12%02d00-%s-check" % (i, serial)
    d["folder"] = folder
    for k in d["kernels"]:
        k["gbps"] = round(k["gbps"] * (1 + 0.002 * (i % 5 - 2)) * (scale if k["kernel"] == "read" else 1), 6)
    path = os.path.join(lab, rack, serial, "upmon", "results", folder)
    os.makedirs(path)
    json.dump(d, open(path + "/results.json", "w"), indent=1)

for i in range(1, 13):
    machine(snb, "LAB%02d" % i, i, 0.85 if i == 7 else 1.0)
for i in range(1, 4):
    machine(ivb, "IVB%d" % i, i, rack="rack2")
# The mock run as it was: a simulated run, never compared.
os.makedirs(lab + "/vm/upmon/results/" + snb["folder"])
json.dump(snb, open(lab + "/vm/upmon/results/" + snb["folder"] + "/results.json", "w"))
# Cut short by a full disk, and another program's JSON under the same name.
os.makedirs(lab + "/broken")
open(lab + "/broken/results.json", "w").write(json.dumps(snb)[:5000])
os.makedirs(lab + "/other")
open(lab + "/other/results.json", "w").write('{"tool": "perf", "events": []}\n')
