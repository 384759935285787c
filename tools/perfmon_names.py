#!/usr/bin/env python3
"""Writes the names-only C header of an Intel perfmon uncore event file, or checks one.

  tools/perfmon_names.py IVT/events/ivytown_uncore.json > tests/unit/ivt_uncore_names.h
  tools/perfmon_names.py --check tests/unit/ivt_uncore_names.h IVT/events/ivytown_uncore.json

Reads a local copy of the file (a checkout of github.com/intel/perfmon); no network. Only
the EventName of each entry is taken, in the file's order. --check exits 1 and lists the
names that differ when the header does not hold exactly the file's names."""
import json
import re
import sys

HEAD = """/* Every uncore event name in Intel perfmon IVT/events/ivytown_uncore.json, V23
 * (github.com/intel/perfmon, commit 37fcb3c3374216096557d71c5eac3d4adc90b65d; V24 at
 * 6dadedf3 has the same names), in the file's order: names only, %d entries. The
 * coverage test (test_ivbep_perfmon_coverage.c) holds every one to upmon's ivbep tables
 * or to boxes/ivbep/perfmon_left_out.c. Written by tools/perfmon_names.py. */
#ifndef UPMON_TESTS_UNIT_IVT_UNCORE_NAMES_H
#define UPMON_TESTS_UNIT_IVT_UNCORE_NAMES_H

static const char *const upm_ivt_uncore_names[] = {"""


def events(path):
    with open(path) as f:
        data = json.load(f)
    return data["Events"] if isinstance(data, dict) else data


def header(evs):
    out = [HEAD % len(evs)]
    unit = None
    for e in evs:
        if e["Unit"] != unit:
            unit = e["Unit"]
            out.append('\t/* Unit "%s" */' % unit)
        out.append('\t"%s",' % e["EventName"])
    out += ["};", "", "#endif", ""]
    return "\n".join(out)


def main(argv):
    if len(argv) == 4 and argv[1] == "--check":
        with open(argv[2]) as f:
            have = re.findall(r'^\t"([^"]+)",$', f.read(), re.M)
        want = [e["EventName"] for e in events(argv[3])]
        if have == want:
            print("PASS %s: %d names as in %s" % (argv[2], len(want), argv[3]))
            return 0
        for n in sorted(set(want) - set(have)):
            print("missing from %s: %s" % (argv[2], n))
        for n in sorted(set(have) - set(want)):
            print("not in %s: %s" % (argv[3], n))
        if set(have) == set(want):
            print("same names, other order or repeated")
        return 1
    if len(argv) == 2:
        sys.stdout.write(header(events(argv[1])))
        return 0
    sys.stderr.write(__doc__)
    return 4


if __name__ == "__main__":
    sys.exit(main(sys.argv))
