#!/usr/bin/env python3
"""Holds a restructured build to the behaviour of the one before it.

`python3 tools/same_behaviour.py BEFORE AFTER` runs two host programs (build/host/upmon of
two revisions) over the same matrix: every platform, with no fault and with the dead, stuck
and nofreeze faults on the first instance of each box type and the machine-wide faults,
through check --quick and a run; selftest with no fault and with absent, locked and
stuckbit faults; every platform's info, lists, groups (plain and as intervals), a kernel,
a dry run, one socket and a burn-in; and mistyped command lines. It compares what each wrote:
the exit status, the console, every file of the run's folder, runs.csv and the register
trace. Prints each difference and ends with "same behaviour: N cases" or
"behaviour differs in N of M cases" (exit 1).

What no two runs share (the time, a run's folder, the revision) is masked everywhere.
The mock's counters follow the real clock, so a line of a measuring command is compared
with its numbers masked (its words, names, verdicts and shape must be equal); byte for
byte are: the exit status, stderr, every output of list and of the command-line cases,
and each register write of a trace, wherever BEFORE's two runs agree on it. The reference runs of BEFORE are kept in --ref DIR (default
build/same-behaviour/ref-SHA) and reused while BEFORE is the same file."""
import argparse
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

PLATFORMS = ["nhmex", "wsmex", "snbep", "ivbep", "skl"]
MACHINE_FAULTS = ["noecam", "badecam", "interleave", "s1.stall=50", "cores=2"]
VOLATILE = [
    (re.compile(r"\d{8}-\d{6}-[A-Za-z0-9_.-]+"), "FOLDER"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"), "TIME"),
    (re.compile(r"revision [0-9a-f]{7,40}(-dirty)?"), "revision REV"),
    (re.compile(r'"revision": ?"[^"]*"'), '"revision": "REV"'),
    (re.compile(r"/tmp/[A-Za-z0-9_./-]+"), "TMP"),
]
# A number with its unit, or a run of them ("2 min 22 s"), or a hex value: masked as one.
NUMBER = re.compile(r"(?:(?:0x[0-9a-fA-F]+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?: ?(?:ns|us|ms|s|min|h|d|[KMGT]i?B(?:/s)?|[KMG]Hz|%)\b|[kMG]\b)? ?)+")
# Cases whose every output is read-only or text (no clock in it): compared byte for byte.
EXACT_CASES = (" list ", "command line")


def run_case(binary, argv, env_extra, trace):
    """Runs one case in a fresh folder; returns {name: text} of everything it wrote."""
    work = tempfile.mkdtemp(prefix="upmon-same-")
    try:
        link = os.path.join(work, "upmon")
        os.symlink(os.path.abspath(binary), link)
        cmd = ["./upmon"] + (["--trace", "trace.tsv"] if trace else []) + argv
        env = dict(os.environ, **env_extra)
        p = subprocess.run(cmd, cwd=work, env=env, capture_output=True, timeout=300)
        out = {"status": str(p.returncode), "stdout": p.stdout.decode("utf-8", "replace"),
               "stderr": p.stderr.decode("utf-8", "replace")}
        for root, _, files in os.walk(work):
            for name in sorted(files):
                path = os.path.join(root, name)
                if os.path.islink(path):
                    continue
                rel = os.path.relpath(path, work)
                rel = VOLATILE[0][0].sub("FOLDER", rel)
                with open(path, "rb") as f:
                    out[rel] = f.read().decode("utf-8", "replace")
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)


def box_faults(binary, platform):
    """The box faults on the first instance of each box type the platform lists."""
    out = run_case(binary, ["--backend", "mock", "--platform", platform, "list", "boxes",
                            "--format", "csv"], {}, False)
    terms = []
    for row in csv.DictReader(io.StringIO(out["stdout"])):
        box = row["box"] + "0"
        if int(row["counters"] or 0) > 0:
            terms += [f"dead={box}", f"stuck={box}.ctr0", f"nofreeze={box}"]
        elif row["fixed"]:
            terms += [f"stuck={box}.fixed", f"dead={box}"]
    return terms


def group_names(binary, platform):
    out = run_case(binary, ["--backend", "mock", "--platform", platform, "list", "groups",
                            "--format", "csv"], {}, False)
    return [row["group"] for row in csv.DictReader(io.StringIO(out["stdout"]))
            if row.get("group")]


def cases(binary):
    """(name, argv, env, trace) for the whole matrix, derived from BEFORE's own lists."""
    for p in PLATFORMS:
        mock = ["--platform", p]
        for fault in [""] + MACHINE_FAULTS + box_faults(binary, p):
            backend = ["--backend", "mock:" + fault if fault else "mock"]
            for cmd in (["check", "--quick"], ["run", "--events",
                                                             "cbo/CLOCKTICKS/" if p != "skl"
                                                             else "arb/0x80.0x01/"]):
                yield (f"{p} {fault or 'nofault'} {' '.join(cmd)}", backend + mock + cmd, {}, True)
        base = ["--backend", "mock"] + mock
        yield (f"{p} info", base + ["info"], {}, True)
        yield (f"{p} selftest", base + ["selftest"], {}, True)
        for fault in ("absent=cbo1", "locked=cbo1", "stuckbit=cbo1.ctl0:22", "gp=0x0@run"):
            yield (f"{p} {fault} selftest", ["--backend", "mock:" + fault] + mock + ["selftest"],
                   {}, True)
        for what in ("boxes", "events", "metrics", "groups"):
            for fmt in ("text", "csv", "json"):
                yield (f"{p} list {what} {fmt}", base + ["list", what, "--format", fmt], {}, False)
        groups = group_names(binary, p)
        for g in groups:
            yield (f"{p} run group {g}", base + ["run", "--group", g], {}, True)
            yield (f"{p} interval group {g}", base + ["run", "--group", g, "--interval", "100",
                                                     "--count", "3", "--per-box"], {}, True)
        yield (f"{p} run kernel", base + ["run", "--group", groups[0], "--kernel",
                                          "read", "--size", "1M"], {}, True)
        yield (f"{p} dry run", base + ["--dry-run", "run", "--group", groups[0]],
               {}, True)
        yield (f"{p} one socket", base + ["--sockets", "1", "check", "--quick"], {}, True)
        yield (f"{p} burn-in", base + ["check", "--quick", "--passes", "2"],
               {"UPMON_HOST_VIRTUAL_CLOCK": "3600"}, True)
    for bad in (["--platform", "snbeb", "info"], ["--backend", "mock", "--platform", "snbep",
                                                  "run", "--evnts", "x"],
                ["--backend", "mock", "--platform", "snbep", "run", "--events", "cbo/NOPE/"],
                ["--backend", "mock", "--platform", "snbep", "run", "--metrics", "nope"],
                ["--backend", "mock:dead=cbo99", "--platform", "snbep", "selftest"],
                ["chek"], ["help"], ["help", "run"], ["help", "mock"], ["--version"]):
        yield ("command line " + " ".join(bad), bad, {}, False)


def normalize(text):
    for pattern, repl in VOLATILE:
        text = pattern.sub(repl, text)
    return text.splitlines()


def masked(lines):
    """A file's words with numbers masked and spacing and line breaks ignored (a wider
    number moves a column or wraps a line)."""
    return " ".join(NUMBER.sub("N ", line) for line in lines).split()


def compare(name, before1, before2, after):
    """The differences of one case: AFTER against BEFORE. Lines that must be equal byte
    for byte (see the top) are compared line by line; the rest of each file as its masked
    words."""
    diffs = []
    for key in sorted(set(before1) | set(after)):
        if key not in after:
            diffs.append(f"{name}: {key} not written")
            continue
        if key not in before1:
            diffs.append(f"{name}: {key} written, not before")
            continue
        a, a2, b = normalize(before1[key]), normalize(before2.get(key, "")), normalize(after[key])
        exact_file = key in ("status", "stderr") or any(w in name for w in EXACT_CASES)
        for i, (la, lb) in enumerate(zip(a, b)):
            steady = i < len(a2) and a2[i] == la
            if steady and la != lb and (exact_file or (key == "trace.tsv" and "\tW\t" in la)):
                diffs.append(f"{name}: {key} line {i + 1}:\n  before: {la}\n  after:  {lb}")
                break
        # A case whose outcome follows the clock (BEFORE's two runs disagree) may match either.
        wa, wb = masked(a), masked(b)
        if wa != wb and wb != masked(a2):
            k = next((k for k, (x, y) in enumerate(zip(wa, wb)) if x != y), min(len(wa), len(wb)))
            diffs.append(f"{name}: {key} word {k + 1}:\n  before: {' '.join(wa[max(0, k - 8):k + 8])}"
                         f"\n  after:  {' '.join(wb[max(0, k - 8):k + 8])}")
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--ref", help="where BEFORE's runs are kept")
    ap.add_argument("--jobs", type=int, default=2, help="cases run at once (2)")
    args = ap.parse_args()
    with open(args.before, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()[:16]
    ref = args.ref or os.path.join("build", "same-behaviour", "ref-" + sha)
    ref_file = os.path.join(ref, "runs.json")
    if os.path.exists(ref_file):
        with open(ref_file) as f:
            reference = json.load(f)
    else:
        todo = list(cases(args.before))
        with ThreadPoolExecutor(args.jobs) as pool:
            runs = list(pool.map(lambda c: [run_case(args.before, c[1], c[2], c[3]),
                                            run_case(args.before, c[1], c[2], c[3])], todo))
        reference = {c[0]: {"argv": c[1], "env": c[2], "trace": c[3], "runs": r}
                     for c, r in zip(todo, runs)}
        os.makedirs(ref, exist_ok=True)
        with open(ref_file, "w") as f:
            json.dump(reference, f)
    failed = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        afters = list(pool.map(lambda c: run_case(args.after, c["argv"], c["env"], c["trace"]),
                               reference.values()))
    for (name, case), after in zip(reference.items(), afters):
        diffs = compare(name, case["runs"][0], case["runs"][1], after)
        if diffs:
            failed += 1
            print("\n".join(diffs[:5]))
    if failed:
        print(f"behaviour differs in {failed} of {len(reference)} cases")
        return 1
    print(f"same behaviour: {len(reference)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
