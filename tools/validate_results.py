#!/usr/bin/env python3
"""Validates results.json files against docs/results.schema.json (python3-jsonschema).

    python3 tools/validate_results.py FILE_OR_DIR...

A directory is searched for results.json files below it. Prints one line per invalid file
and exits 1 when any is invalid or none was found."""
import json
import os
import sys

import jsonschema

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "results.schema.json")


def files(args):
    for a in args:
        if os.path.isdir(a):
            for root, _, names in os.walk(a):
                if "results.json" in names:
                    yield os.path.join(root, "results.json")
        else:
            yield a


def main(args):
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    n = bad = 0
    for path in files(args):
        n += 1
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{path}: not JSON: {e}")
            bad += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            bad += 1
            e = errors[0]
            print(f"{path}: {'/'.join(str(p) for p in e.path) or '(top)'}: {e.message[:200]}")
    if not n:
        print("no results.json found")
    return 1 if bad or not n else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
