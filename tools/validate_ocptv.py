#!/usr/bin/env python3
"""Validates ocptv.jsonl files (core/results/ocptv.h) against the OCP Test and Validation
output schema (tests/ocptv/json_spec, from opencomputeproject/ocp-diag-core) and the
stream's order: sequence numbers 0, 1, 2 ...; the schema version first, then testRunStart,
testRunEnd last; every test step started before its artifacts and ended after them.

  validate_ocptv.py PATH...   (files, or folders searched for ocptv.jsonl)

Prints one line per problem and exits 1 when there is one."""
import glob
import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "..", "tests", "ocptv", "json_spec")


def validator():
    schemas = {}
    for path in glob.glob(os.path.join(SPEC, "*.json")):
        with open(path) as f:
            s = json.load(f)
        schemas[s["$id"]] = s
    root = schemas["https://github.com/opencomputeproject/ocp-diag-core/output"]
    cls = jsonschema.Draft202012Validator
    try:  # jsonschema 4.18 and later: a registry of the files by their $id
        from referencing import Registry, Resource
        registry = Registry().with_resources(
            (i, Resource.from_contents(s)) for i, s in schemas.items())
        return cls(root, registry=registry)
    except ImportError:  # Debian 12's 4.10: a resolver with the files in its store
        resolver = jsonschema.RefResolver.from_schema(root, store=schemas)
        return cls(root, resolver=resolver)


def check(path, v):
    problems = []
    steps = {}
    with open(path) as f:
        lines = [ln for ln in f.read().split("\n") if ln]
    kinds = []
    for n, line in enumerate(lines):
        where = f"{path}:{n + 1}"
        try:
            a = json.loads(line)
        except ValueError as e:
            problems.append(f"{where}: not JSON: {e}")
            continue
        for err in sorted(v.iter_errors(a), key=lambda e: list(e.path)):
            problems.append(f"{where}: {'/'.join(map(str, err.path)) or '(line)'}: {err.message[:200]}")
        if a.get("sequenceNumber") != n:
            problems.append(f"{where}: sequenceNumber {a.get('sequenceNumber')}, expected {n}")
        if "schemaVersion" in a:
            kinds.append("version")
        elif "testRunArtifact" in a:
            kinds.append(next(iter(a["testRunArtifact"]), "?"))
        elif "testStepArtifact" in a:
            sa = a["testStepArtifact"]
            sid = sa.get("testStepId")
            kind = next((k for k in sa if k != "testStepId"), "?")
            state = steps.get(sid)
            if kind == "testStepStart":
                if state is not None:
                    problems.append(f"{where}: step {sid} started twice")
                steps[sid] = "open"
            elif state != "open":
                problems.append(f"{where}: step {sid}: {kind} outside its start and end")
            elif kind == "testStepEnd":
                steps[sid] = "ended"
            kinds.append("step")
    if kinds[:2] != ["version", "testRunStart"]:
        problems.append(f"{path}: begins {kinds[:2]}, not the schema version and testRunStart")
    if not kinds or kinds[-1] != "testRunEnd" or kinds.count("testRunEnd") != 1:
        problems.append(f"{path}: does not end with its one testRunEnd")
    for sid, state in steps.items():
        if state != "ended":
            problems.append(f"{path}: step {sid} never ended")
    return problems


def main(args):
    files = []
    for p in args:
        files += sorted(glob.glob(os.path.join(p, "**", "ocptv.jsonl"), recursive=True)) if os.path.isdir(p) else [p]
    if not files:
        print("no ocptv.jsonl found")
        return 1
    v = validator()
    problems = [p for f in files for p in check(f, v)]
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
