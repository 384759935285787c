#!/usr/bin/env python3
"""The room check: the house's rooms, the floors they stand on and the arrows between them.

A room is a folder of sources under efi/, core/, boxes/, platform/ or kernels/ (its own .c,
.h and .S files, not its subfolders): efi/, each core/NAME/, boxes/ and each boxes/NAME/,
platform/ and each folder under it, kernels/. Rooms are found from the folders, so a new
folder is a new room. An arrow A -> B: a file of A includes a header of B.

The floor plan (core/README.md, The floor plan) is the one declaration of which room may
include which: it puts every room on a floor and lists what each may include. Each room's
principal header (the one file of the room that opens with "/* Room NAME:") says what the
room owns and, in one sentence "Includes X, Y and Z.", which rooms its files include.

Prints the graph from the top floor down, then fails (exit 1), one line each, on
  plan:    a room on no floor of the plan, or a row that allows an arrow not running down
  cycle:   an include cycle between rooms
  up:      an arrow to a room on the same or a higher floor, or one the room's row does not
           allow (those listed in KNOWN_UP are reported, not failed, until they go)
  include: a file that includes a header of no room
  header:  a room without exactly one "/* Room NAME:" header, or whose "Includes" sentence
           names a room it never includes or misses one it does
  circle:  files of one room that call each other in a loop (read from the built objects'
           symbols: each object's defined and undefined global names), unless the loop lies
           inside one of KNOWN_CIRCLES
Run from the repository root: `python3 tools/room_deps.py [--objects DIR]... [--strict]`.
The objects are build/host/obj, build/efi/obj and build/san/obj (those that exist; one at
least; `make check` builds only the sanitized set, which has no efi/ files): a room none of
whose files has an object is named as not read. nm's reading of each is kept in the objects'
folder (NM_CACHE), by the object's size and time.
--strict: no known exception at all (every circle and every listed arrow fails)."""
import fnmatch
import json
import os
import re
import subprocess
import sys

TOPS = ("efi", "core", "boxes", "platform", "kernels")
SOURCE = (".c", ".h", ".S")
PLAN_FILE = "core/README.md"
PLAN_HEADING = "## The floor plan"
OBJECT_ROOTS = ("build/host/obj", "build/efi/obj", "build/san/obj")

# Arrows that run back up today and are being taken away (issue 43, "One platform, one
# folder"): file -> room, and why. Reported while they last; a new one fails.
KNOWN_UP = {}

# Circles of files inside one room that are being untied (issue 43): each the set of its
# files (without .c). A circle found inside one of these is known; any other fails.
# Emptied once they are untied; --strict already fails on every circle.
KNOWN_CIRCLES = []

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)
ROOM_HEADER = re.compile(r"\A/\* Room ([A-Za-z0-9_/]+): ")


def find_rooms(root):
    """Every folder under TOPS holding a source: room path -> its source files."""
    rooms = {}
    for top in TOPS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            own = sorted(f for f in files if f.endswith(SOURCE))
            if own:
                rooms[os.path.relpath(folder, root)] = own
    return rooms


class Names:
    """A room is named by its path, or by its last part where no other room shares it."""

    def __init__(self, rooms):
        self.rooms = set(rooms)
        self.by_last = {}
        for room in rooms:
            self.by_last.setdefault(room.rsplit("/", 1)[-1], []).append(room)

    def resolve(self, name):
        """(rooms, why): the rooms a name or a glob means; why is set when it means none."""
        name = name.strip().strip("`").rstrip("/")
        if any(c in name for c in "*?["):
            hits = sorted(r for r in self.rooms if fnmatch.fnmatchcase(r, name))
            return hits, None if hits else f"'{name}' matches no room"
        if name in self.rooms:
            return [name], None
        hits = self.by_last.get(name, [])
        if len(hits) == 1:
            return hits, None
        if hits:
            return [], f"'{name}' could be {' or '.join(sorted(hits))}: write the path"
        return [], f"'{name}' is no room (rooms: {', '.join(sorted(self.rooms))})"

    def short(self, room):
        """How the messages name a room: core's rooms and base by their last part."""
        last = room.rsplit("/", 1)[-1]
        plain = room.startswith("core/") or room == "platform/base"
        return last if plain and len(self.by_last[last]) == 1 else room


def split_names(text):
    """'a, b and c' -> [a, b, c]; 'nothing' or 'no other room' -> []."""
    text = re.sub(r"\s+only$", "", text.strip())
    if text in ("", "nothing", "no other room"):
        return []
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", text)
    return [p.strip() for p in parts if p.strip()]


def join_names(names):
    """[a, b, c] -> 'a, b and c'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def read_plan(root, names):
    """The floor plan: (room -> floor, room -> allowed rooms, problems)."""
    problems = []
    path = os.path.join(root, PLAN_FILE)
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        return {}, {}, [f"plan: cannot read {PLAN_FILE} ({e.strerror}): the floor plan lives there"]
    try:
        start = lines.index(PLAN_HEADING)
    except ValueError:
        return {}, {}, [f"plan: {PLAN_FILE} has no '{PLAN_HEADING}' section: the floor plan lives there"]
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 3 or not cells[0].isdigit():
            continue
        rows.append((int(cells[0]), cells[1], cells[2]))
    # An exact row wins over a glob (boxes/ivbep over boxes/*).
    floor, allowed = {}, {}
    for exact in (True, False):
        for level, pattern, may in rows:
            pattern = pattern.strip("`").rstrip("/")
            if exact == any(c in pattern for c in "*?["):
                continue
            hits, why = names.resolve(pattern)
            if why and exact:
                problems.append(f"plan: the row of floor {level} names {why}: fix the row in {PLAN_FILE}")
            for room in hits:
                if room in floor:
                    continue
                floor[room] = level
                allowed[room] = (level, may)
    resolved = {}
    for room, (level, may) in allowed.items():
        resolved[room] = set()
        for name in split_names(may):
            hits, why = names.resolve(name)
            if why:
                problems.append(f"plan: {room} may include {why}: fix its row in {PLAN_FILE}")
            resolved[room].update(hits)
    for room in sorted(resolved):
        for other in sorted(resolved[room]):
            if floor.get(other, 0) >= floor[room]:
                problems.append(f"plan: {room} (floor {floor[room]}) may include {other} (floor "
                                f"{floor.get(other)}), which is not below it: move one of them in {PLAN_FILE}")
    for room in sorted(names.rooms):
        if room not in floor:
            problems.append(f"plan: {room} is on no floor: add a row for it to {PLAN_FILE} ({PLAN_HEADING[3:]})")
    return floor, resolved, problems


def read_includes(root, rooms):
    """Arrows: (room, target room) -> [(file, included path)], and includes of no room."""
    arrows, stray = {}, []
    for room, files in rooms.items():
        for name in files:
            path = os.path.join(room, name)
            with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                text = f.read()
            for target in INCLUDE.findall(text):
                where = os.path.dirname(target) if "/" in target else room
                if where not in rooms:
                    stray.append(f"include: {path} includes \"{target}\", which is in no room: include "
                                 f"a header of a room ({', '.join(TOPS)})")
                elif where != room:
                    arrows.setdefault((room, where), []).append((path, target))
    return arrows, stray


def find_cycle(graph):
    """One cycle of the graph as [a, b, ..., a], or None."""
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


def header_comment(text):
    """The opening comment, its lines joined without their ' * ' prefixes."""
    end = text.find("*/")
    body = text[2:end] if text.startswith("/*") and end > 0 else ""
    return " ".join(re.sub(r"^\s*\*?\s?", "", line) for line in body.splitlines())


def includes_sentence(comment):
    """The names of the header's 'Includes ...' sentence, or None without one. Parentheses
    are remarks; the sentence ends at the first '.' or ';' outside them."""
    m = re.search(r"(?:^|[.;:]\s+)Includes\s+", comment)
    if not m:
        return None
    text, depth, out = comment[m.end():], 0, []
    for c in text:
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and c in ".;":
            break
        elif depth == 0:
            out.append(c)
    return split_names(re.sub(r"\s+", " ", "".join(out)))


def check_headers(root, rooms, names, arrows, optional):
    """optional: the arrows a header may name or not (those that stand only on KNOWN_UP)."""
    problems = []
    for room in sorted(rooms):
        found = []
        for name in rooms[room]:
            with open(os.path.join(root, room, name), encoding="utf-8", errors="replace") as f:
                text = f.read()
            m = ROOM_HEADER.match(text)
            if m:
                found.append((os.path.join(room, name), m.group(1), text))
        want = names.short(room)
        if len(found) != 1:
            which = ", ".join(p for p, _, _ in found) or "none"
            problems.append(f"header: {room} has {len(found)} files opening with '/* Room NAME:' ({which}): "
                            f"exactly one, its principal header, opens with '/* Room {want}: ...'")
            continue
        path, said, text = found[0]
        hits, why = names.resolve(said)
        if hits != [room]:
            problems.append(f"header: {path} opens with '/* Room {said}:' ({why or 'that is ' + ', '.join(hits)}), "
                            f"but it is in {room}: open it with '/* Room {want}:'")
        listed = includes_sentence(header_comment(text))
        code = sorted(t for (r, t) in arrows if r == room and (r, t) not in optional)
        code_names = join_names([names.short(t) for t in code]) if code else "no other room"
        if listed is None:
            problems.append(f"header: {path} has no 'Includes ...' sentence: add 'Includes {code_names}.'")
            continue
        said_rooms = set()
        for name in listed:
            hits, why = names.resolve(name)
            if why:
                problems.append(f"header: {path}'s Includes sentence names {why}")
            said_rooms.update(hits)
        for extra in sorted(said_rooms - set(code) - {t for (r, t) in optional if r == room}):
            problems.append(f"header: {path} says {room} includes {names.short(extra)}, which it never "
                            f"includes: make it say 'Includes {code_names}.'")
        for missing in sorted(set(code) - said_rooms):
            first = arrows[(room, missing)][0]
            problems.append(f"header: {path} does not say {room} includes {names.short(missing)}, which "
                            f"{first[0]} does (\"{first[1]}\"): make it say 'Includes {code_names}.'")
    return problems


NM_CACHE = ".room_deps_symbols.json"


def nm_symbols(paths):
    """nm's reading of each object: path -> ([defined global names], [undefined names])."""
    found = {p: ([], []) for p in paths}
    for i in range(0, len(paths), 200):
        batch = paths[i:i + 200]
        out = subprocess.run(["nm", "-A"] + batch, capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            where, _, rest = line.rpartition(".o:")
            parts = rest.split()
            entry = found.get(where + ".o")
            if entry is None:
                continue
            if len(parts) == 2 and parts[0] == "U":
                entry[1].append(parts[1])
            elif len(parts) == 3 and parts[1] in "TDRBCGSVW":
                entry[0].append(parts[2])
    return found


def cached_symbols(top, paths):
    """nm_symbols for the objects under one root, kept in the root's NM_CACHE by each
    object's size and modification time: the check runs often (its tests run it a dozen
    times) and nm over every object is most of its time."""
    cache_file = os.path.join(top, NM_CACHE)
    try:
        with open(cache_file) as f:
            cache = json.load(f)
    except (OSError, ValueError):
        cache = {}
    stamps = {}
    for path in paths:
        st = os.stat(path)
        stamps[path] = [st.st_mtime_ns, st.st_size]
    stale = [p for p in paths if not isinstance(cache.get(p), dict) or cache[p].get("stamp") != stamps[p]]
    if stale:
        for path, (defined, used) in nm_symbols(stale).items():
            cache[path] = {"stamp": stamps[path], "defined": defined, "used": used}
    kept = {p: cache[p] for p in paths}
    if stale or len(kept) != len(cache):
        # Written whole and renamed, so a check running beside this one reads either.
        tmp = f"{cache_file}.{os.getpid()}"
        try:
            with open(tmp, "w") as f:
                json.dump(kept, f)
            os.replace(tmp, cache_file)
        except OSError:
            pass  # an unwritable root is read again next time
    return {p: (kept[p]["defined"], kept[p]["used"]) for p in paths}


def object_symbols(root, object_roots):
    """Per source file (path without extension): (defined global names, undefined names).
    An object whose source is gone (moved or removed since it was built) is left out."""
    defined, used = {}, {}
    for top in object_roots:
        objects = {}
        for folder, _, files in os.walk(top):
            for f in sorted(files):
                source = os.path.normpath(os.path.join(os.path.relpath(folder, top), f[:-2]))
                if f.endswith(".o") and any(os.path.exists(os.path.join(root, source + ext))
                                            for ext in (".c", ".S")):
                    objects[os.path.join(folder, f)] = source
        for path, (names, takes) in cached_symbols(top, sorted(objects)).items():
            source = objects[path]
            defined.setdefault(source, set()).update(names)
            used.setdefault(source, set()).update(takes)
    return defined, used


def file_circles(defined, used):
    """The circles inside one room: [(files, {(a, b): names a takes from b})]."""
    owner = {}
    for source in sorted(defined):
        for name in defined[source]:
            owner.setdefault(name, source)
    calls = {}
    for source, names in used.items():
        for name in names:
            target = owner.get(name)
            if target and target != source and os.path.dirname(target) == os.path.dirname(source):
                calls.setdefault(source, {}).setdefault(target, set()).add(name)
    # Tarjan's strongly connected components, without recursion.
    index, low, on, stack, circles = {}, {}, set(), [], []
    counter = 0
    for start in sorted(calls):
        if start in index:
            continue
        work = [(start, iter(sorted(calls.get(start, {}))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(calls.get(nxt, {})))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    top = stack.pop()
                    on.discard(top)
                    part.append(top)
                    if top == node:
                        break
                if len(part) > 1:
                    ties = {(a, b): calls[a][b] for a in part for b in part if b in calls.get(a, {})}
                    circles.append((sorted(part), ties))
    return sorted(circles)


def circle_text(files, ties):
    room = os.path.dirname(files[0])
    short = lambda p: os.path.basename(p) + (".S" if os.path.exists(p + ".S") else ".c")
    links = "; ".join(f"{short(a)} -> {short(b)}: {', '.join(sorted(n))}" for (a, b), n in sorted(ties.items()))
    return f"{room}: {', '.join(short(f) for f in files)} ({links})"


def main(argv):
    root = "."
    object_roots, strict = [], False
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--strict":
            strict = True
        elif arg == "--objects" and args:
            object_roots.append(args.pop(0))
        else:
            print(f"room_deps.py: unknown argument '{arg}': use --objects DIR (repeatable) or --strict",
                  file=sys.stderr)
            return 4
    rooms = find_rooms(root)
    names = Names(rooms)
    floor, allowed, problems = read_plan(root, names)
    arrows, stray = read_includes(root, rooms)
    problems += stray

    print("rooms, from the top floor down (floor: room -> the rooms it includes):")
    for room in sorted(rooms, key=lambda r: (-floor.get(r, 0), r)):
        targets = sorted(t for (r, t) in arrows if r == room)
        print(f"{floor.get(room, '?'):>3}: {room} -> {', '.join(targets) or '(nothing)'}")

    known_up, up = [], []
    for (room, target), sites in sorted(arrows.items()):
        for path, included in sites:
            downward = floor.get(target, 0) < floor.get(room, 0)
            if downward and target in allowed.get(room, ()):
                continue
            here, there = floor.get(room, "?"), floor.get(target, "?")
            if downward:
                rows = sorted(allowed.get(room, ()))
                why = f"is not in {room}'s row, which allows {join_names(rows) if rows else 'nothing'}"
            elif here == there:
                why = f"stays on floor {here}: a room includes only rooms below it"
            else:
                why = f"runs back up: {target} is on floor {there}, {room} on floor {here}"
            if (path, target) in KNOWN_UP and not strict:
                known_up.append(f"known arrow up: {path} -> {target} (\"{included}\"; {KNOWN_UP[(path, target)]})")
            else:
                up.append(f"up: {path} includes \"{included}\": {room} -> {target} {why}: include only "
                          f"what the room's row in {PLAN_FILE} allows, or move the code")
    for line in known_up:
        print(line)
    seen = {(p, t) for (r, t), sites in arrows.items() for p, _ in sites}
    for key in sorted(set(KNOWN_UP) - seen):
        print(f"known arrow up gone: {key[0]} -> {key[1]}: remove it from KNOWN_UP in tools/room_deps.py")

    graph, optional = {}, set()
    for (room, target), sites in arrows.items():
        if strict or any((p, target) not in KNOWN_UP for p, _ in sites):
            graph.setdefault(room, set()).add(target)
        else:
            optional.add((room, target))
    cycle = find_cycle(graph)
    failures = problems + ([f"cycle: {' -> '.join(cycle)}"] if cycle else []) + up
    failures += check_headers(root, rooms, names, arrows, optional)

    roots = object_roots or [r for r in OBJECT_ROOTS if os.path.isdir(os.path.join(root, r))]
    missing = [r for r in roots if not os.path.isdir(r)]
    if not roots or missing:
        failures.append(f"circle: not checked: no objects under {', '.join(missing or OBJECT_ROOTS)}: "
                        f"build them first (make build/host/upmon) or name them with --objects DIR")
    else:
        defined, used = object_symbols(root, roots)
        # A room with compiled files none of which has an object was not read: said, since
        # its circles are unknown (make check builds no UEFI objects; make test does).
        unread = sorted(room for room in rooms
                        if any(f.endswith((".c", ".S")) for f in rooms[room])
                        and not any(os.path.join(room, os.path.splitext(f)[0]) in defined for f in rooms[room]))
        for room in unread:
            print(f"not read: {room}/: no objects of its files under {', '.join(roots)}, so its "
                  f"circles are unknown (make efi builds them)")
        circles = file_circles(defined, used)
        untied = [k for k in KNOWN_CIRCLES]
        for files, ties in circles:
            home = next((k for k in KNOWN_CIRCLES if set(files) <= k), None)
            if home is not None and not strict:
                print(f"known circle: {circle_text(files, ties)}")
                untied = [k for k in untied if k is not home]
            else:
                failures.append(f"circle: {circle_text(files, ties)}: untie it (one file takes what "
                                f"both need, or the callee stops calling back)")
        for k in untied if not strict else []:
            print(f"known circle untied: {', '.join(sorted(k))}: remove it from KNOWN_CIRCLES in tools/room_deps.py")
        print(f"{len(circles)} circles inside rooms, in the objects of {', '.join(roots)}")

    for line in failures:
        print(line)
    print(f"rooms: {len(rooms)} rooms, {len(arrows)} arrows: {'FAIL' if failures else 'pass'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
