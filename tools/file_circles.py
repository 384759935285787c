#!/usr/bin/env python3
"""Fails on files of one folder that call each other in a circle (core/README.md: a room's
files form a one-way order: shared helpers sit in a lower file both sides use).

Reads the objects' symbols (nm), so it sees calls and data a file takes from another, not
only its includes. An arrow A -> B: A uses a name that B defines, both in one folder.
Usage: python3 tools/file_circles.py [--obj DIR] [--under PREFIX]... [--allow FOLDER]...
(defaults: --obj build/host/obj --under core/). --allow names a folder or a file (its
object's path without .o) whose circles are known. Prints each circle with what ties it;
exit 1 when one is not allowed."""
import argparse
import os
import subprocess
import sys


def symbols(obj_root, prefixes):
    defined, used = {}, {}
    for top, _, names in os.walk(obj_root):
        for name in names:
            if not name.endswith(".o"):
                continue
            path = os.path.join(top, name)
            unit = os.path.relpath(path, obj_root)[:-2]
            if not unit.startswith(tuple(prefixes)):
                continue
            rows = subprocess.run(["nm", path], capture_output=True, text=True, check=True).stdout
            d, u = set(), set()
            for row in rows.splitlines():
                cols = row.split()
                if len(cols) == 3 and cols[1] in "TDBRC":
                    d.add(cols[2])
                elif len(cols) == 2 and cols[0] == "U":
                    u.add(cols[1])
            defined[unit], used[unit] = d, u
    return defined, used


def arrows(defined, used):
    owner = {sym: unit for unit, syms in defined.items() for sym in syms}
    graph = {}
    for unit, syms in used.items():
        for sym in syms:
            to = owner.get(sym)
            if to and to != unit and os.path.dirname(to) == os.path.dirname(unit):
                graph.setdefault(unit, {}).setdefault(to, set()).add(sym)
    return graph


def circles(graph, units):
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for unit in sorted(units):
        if unit not in index:
            visit(unit)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--obj", default="build/host/obj")
    ap.add_argument("--under", action="append")
    ap.add_argument("--allow", action="append", default=[])
    args = ap.parse_args()
    defined, used = symbols(args.obj, args.under or ["core/"])
    if not defined:
        print(f"no objects under {args.obj}: build first (make build/host/upmon)")
        return 2
    graph = arrows(defined, used)
    bad = 0
    for comp in circles(graph, defined):
        allowed = all(unit in args.allow or os.path.dirname(unit) in args.allow for unit in comp)
        bad += not allowed
        print(f"circle{' (allowed)' if allowed else ''}: {', '.join(comp)}")
        for a in comp:
            for b, syms in sorted(graph.get(a, {}).items()):
                if b in comp:
                    print(f"  {a} -> {b}: {', '.join(sorted(syms))}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
