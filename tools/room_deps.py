#!/usr/bin/env python3
"""Prints the include graph between core/'s rooms and fails on a cycle.

A room is a folder under core/. An arrow A -> B means a file of room A includes a header of
room B. Run from the repository root: `python3 tools/room_deps.py` (exit 1 on a cycle)."""
import os
import re
import sys

INCLUDE = re.compile(r'#include "core/([a-z_]+)/[a-z_]+\.h"')


def room_graph(root="core"):
    graph = {}
    for room in sorted(os.listdir(root)):
        path = os.path.join(root, room)
        if not os.path.isdir(path):
            continue
        deps = graph.setdefault(room, set())
        for name in os.listdir(path):
            if not name.endswith((".c", ".h")):
                continue
            with open(os.path.join(path, name), encoding="utf-8") as f:
                for target in INCLUDE.findall(f.read()):
                    if target != room:
                        deps.add(target)
    return graph


def find_cycle(graph):
    state = {}

    def visit(node, stack):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if state.get(nxt) is None:
                found = visit(nxt, stack)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if state.get(node) is None:
            found = visit(node, [])
            if found:
                return found
    return None


def main():
    graph = room_graph()
    for room in sorted(graph):
        print(f"{room} -> {', '.join(sorted(graph[room])) or '(nothing)'}")
    cycle = find_cycle(graph)
    if cycle:
        print("cycle: " + " -> ".join(cycle))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
