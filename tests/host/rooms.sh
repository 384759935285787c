#!/usr/bin/env bash
# The room check (tools/room_deps.py; core/README.md, The floor plan) on the whole tree: it
# passes, every folder of sources is a room on a floor, and every room's principal header
# says what its files include. Then copies of the tree broken one way each (a cycle, an arrow
# back up, an arrow its row does not allow, a header that lies or says nothing, a room on no
# floor, a new file circle): each is caught with its one-line message.
cd "$(dirname "$0")/../.." || exit 1
here=$PWD
# The breaks below are read against the host objects, or the sanitized ones where make check
# built only those.
objects=build/host/obj
[ -d "$objects" ] || objects=build/san/obj

out=$(python3 tools/room_deps.py 2>&1)
rc=$?
if [ $rc -eq 0 ] && tail -1 <<<"$out" | grep -q ': pass$'; then
	echo "PASS rooms/whole_tree"
else
	echo "FAIL rooms/whole_tree: exit status $rc: $(grep -E '^(plan|cycle|up|include|header|circle): ' <<<"$out" | cut -c1-200 | head -3 | tr '\n' ' ')"
fi
if [ $rc -le 1 ] && grep -q ': pass$\|: FAIL$' <<<"$out" && ! grep -q '^cycle: ' <<<"$out"; then
	echo "PASS rooms/no_cycle"
else
	echo "FAIL rooms/no_cycle: $(grep '^cycle: ' <<<"$out" || tail -1 <<<"$out")"
fi
# Each room's principal header: exactly one, its Includes sentence true to the code (core's
# rooms by their own name, as before: header_cli; the others by their path: header_boxes_snbep).
for room in $(sed -nE 's/^ *[0-9?]+: ([^ ]+) -> .*/\1/p' <<<"$out"); do
	name=${room#core/}
	name=${name//\//_}
	found=$(grep -E "^header: $room( |/[^/ ]+ )" <<<"$out" | head -1)
	if [ -z "$found" ]; then echo "PASS rooms/header_$name"; else echo "FAIL rooms/header_$name: $found"; fi
done
# Every folder of sources is a room of the graph, each on its floor (not '?').
missing=
for dir in $(find efi core boxes platform kernels -type f \( -name '*.c' -o -name '*.h' -o -name '*.S' \) -printf '%h\n' | sort -u); do
	grep -qE "^ *[0-9]+: $dir -> " <<<"$out" || missing="$missing $dir"
done
if [ -z "$missing" ]; then echo "PASS rooms/every_folder_on_a_floor"; else echo "FAIL rooms/every_folder_on_a_floor: not in the graph or on no floor:$missing"; fi
# The environment layers are on the top floor, platform/base on the ground floor.
highest=$(grep -m1 -oE '^ *[0-9]+: ' <<<"$out" | tr -d ' :')
top=$(grep -E "^ *$highest: " <<<"$out" | sed -E 's/^ *[0-9]+: ([^ ]+) .*/\1/' | sort | tr '\n' ' ')
ground=$(grep -E '^ *1: platform/base -> \(nothing\)$' <<<"$out")
if [ "$top" = "core/host efi " ] && [ -n "$ground" ]; then
	echo "PASS rooms/top_and_ground_floor"
else
	echo "FAIL rooms/top_and_ground_floor: top '$top', ground '$ground'"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# fresh: a copy of the tree's sources and its floor plan in $tmp/tree.
fresh() {
	rm -rf "$tmp/tree"
	mkdir -p "$tmp/tree"
	cp -r efi core boxes platform kernels "$tmp/tree/"
}
# caught NAME PATTERN [ARGS...]: the check on the copy exits 1 with a line matching
# PATTERN (a whole failure line, from its start); the line is shown.
caught() {
	local name=$1 pat=$2 got status line
	shift 2
	got=$(cd "$tmp/tree" && python3 "$here/tools/room_deps.py" "$@" 2>&1)
	status=$?
	line=$(grep -E -- "^$pat" <<<"$got" | head -1)
	if [ $status -ne 1 ]; then
		echo "FAIL rooms/$name: exit status $status, expected 1: $(tail -2 <<<"$got" | tr '\n' ' ')"
	elif [ -z "$line" ]; then
		echo "FAIL rooms/$name: no line matches /^$pat/: $(grep -E '^(plan|cycle|up|header|circle): ' <<<"$got" | head -3 | tr '\n' ' ')"
	else
		echo "PASS rooms/$name"
		echo "    $line"
	fi
}
real=(--objects "$here/$objects")

# The untouched copy passes: the breaks below are what fails.
fresh
if (cd "$tmp/tree" && python3 "$here/tools/room_deps.py" "${real[@]}" >/dev/null 2>&1); then
	echo "PASS rooms/copy_passes"
else
	echo "FAIL rooms/copy_passes: the untouched copy of the tree fails"
fi

# A cycle: the backend interface includes the box shapes, which stand on platform/.
fresh
echo '#include "boxes/box.h"' >>"$tmp/tree/platform/backend.h"
caught cycle_detected 'cycle: boxes -> platform -> boxes$' "${real[@]}"

# An arrow back up: the ground floor includes a room of core/.
fresh
echo '#include "core/cli/cli.h"' >>"$tmp/tree/platform/base/str.h"
caught back_up_caught 'up: platform/base/str.h includes "core/cli/cli.h": platform/base -> core/cli runs back up: core/cli is on floor [0-9]+, platform/base on floor 1: ' "${real[@]}"

# An arrow down that the room's row does not allow: metrics reaching into cli.
fresh
echo '#include "core/cli/cli.h"' >>"$tmp/tree/core/metrics/formula.c"
caught row_caught 'up: core/metrics/formula.c includes "core/cli/cli.h": core/metrics -> core/cli is not in core/metrics.s row, which allows ' "${real[@]}"

# A header whose Includes sentence names a room its files never include.
fresh
perl -0pi -e 's/Includes(\s)/Includes events,$1/' "$tmp/tree/core/machine/machine.h"
caught header_names_too_much 'header: core/machine/machine.h says core/machine includes events, which it never includes: ' "${real[@]}"

# A header whose Includes sentence misses a room its files include.
fresh
perl -0pi -e 's/Includes\s[^.]*\./Includes base and session./' "$tmp/tree/core/metrics/metrics.h"
caught header_misses_one 'header: core/metrics/metrics.h does not say core/metrics includes boxes, which core/metrics/formula.h does \("boxes/metric.h"\): ' "${real[@]}"

# A room without its header comment.
fresh
sed -i '1s|^/\* Room kernels: |/* |' "$tmp/tree/kernels/kernel.h"
caught header_missing "header: kernels has 0 files opening with '/\* Room NAME:' \(none\): " "${real[@]}"

# A new folder is a new room: on no floor of the plan, it fails; a new generation under
# boxes/ stands on the boxes/* row and passes.
fresh
mkdir -p "$tmp/tree/core/extra"
printf '/* Room extra: a room the plan does not know. Includes base. */\n#include "platform/base/str.h"\n' >"$tmp/tree/core/extra/extra.h"
caught new_room_on_no_floor 'plan: core/extra is on no floor: add a row for it to core/README.md ' "${real[@]}"
fresh
mkdir -p "$tmp/tree/boxes/hsx"
printf '/* Room boxes/hsx: a new generation. Includes boxes. */\n#include "boxes/box.h"\n#include "boxes/platform.h"\n' >"$tmp/tree/boxes/hsx/hsx.h"
if out=$(cd "$tmp/tree" && python3 "$here/tools/room_deps.py" "${real[@]}" 2>&1) &&
	grep -qE '^ *[0-9]+: boxes/hsx -> boxes$' <<<"$out"; then
	echo "PASS rooms/new_generation_found_and_placed"
else
	echo "FAIL rooms/new_generation_found_and_placed: $(grep -E '^(plan|cycle|up|header|circle): |boxes/hsx' <<<"$out" | head -3 | tr '\n' ' ')"
fi

# A new file circle inside a room: two objects of core/metrics that call each other, beside
# the real objects (whose circles are the known ones).
fresh
mkdir -p "$tmp/obj/core/metrics"
printf 'void upm_tie_b(void);\nvoid upm_tie_a(void) { upm_tie_b(); }\n' >"$tmp/tree/core/metrics/tie_a.c"
printf 'void upm_tie_a(void);\nvoid upm_tie_b(void) { upm_tie_a(); }\n' >"$tmp/tree/core/metrics/tie_b.c"
for f in tie_a tie_b; do cc -c "$tmp/tree/core/metrics/$f.c" -o "$tmp/obj/core/metrics/$f.o"; done
caught new_circle_caught 'circle: core/metrics: tie_a.c, tie_b.c \(tie_a.c -> tie_b.c: upm_tie_b; tie_b.c -> tie_a.c: upm_tie_a\): untie it' \
	"${real[@]}" --objects "$tmp/obj"

# Known circles: two files of the first circle in the tool's list still calling each other
# pass (a circle inside a known one), every known circle not seen is named for removal from
# the list, and --strict fails on the pair. Once the list is empty the pair (then two new
# files) is a new circle and fails either way.
read -r first second known < <(python3 -c 'import sys; sys.path.insert(0, "tools"); import room_deps as r
k = r.KNOWN_CIRCLES
print(" ".join(sorted(k[0])[:2]), len(k)) if k else print("core/metrics/tie_a core/metrics/tie_b 0")')
room=$(dirname "$first")
for f in "$first" "$second"; do mkdir -p "$tmp/part/$room"; done
printf 'void upm_pair_b(void);\nvoid upm_pair_a(void) { upm_pair_b(); }\n' >"$tmp/pair_a.c"
printf 'void upm_pair_a(void);\nvoid upm_pair_b(void) { upm_pair_a(); }\n' >"$tmp/pair_b.c"
cc -c "$tmp/pair_a.c" -o "$tmp/part/$first.o" && cc -c "$tmp/pair_b.c" -o "$tmp/part/$second.o"
pair="$room: $(basename "$first").c, $(basename "$second").c ("
got=$(cd "$tmp/tree" && python3 "$here/tools/room_deps.py" --objects "$tmp/part" 2>&1)
status=$?
untied=$(grep -c '^known circle untied: .*: remove it from KNOWN_CIRCLES in tools/room_deps.py$' <<<"$got")
if [ "$known" -eq 0 ]; then
	[ $status -eq 1 ] && grep -qF "circle: $pair" <<<"$got"
elif [ $status -eq 0 ] && grep -qF "known circle: $pair" <<<"$got" && [ "$untied" -eq $((known - 1)) ]; then
	! grep -qF "known circle untied: $first, " <<<"$got"
else
	false
fi && echo "PASS rooms/circles_untied_pass_and_are_named" ||
	echo "FAIL rooms/circles_untied_pass_and_are_named: exit status $status, $untied untied of $known: $(grep -E '^(known circle|circle)' <<<"$got" | head -3 | tr '\n' ' ')"
got=$(cd "$tmp/tree" && python3 "$here/tools/room_deps.py" --strict --objects "$tmp/part" 2>&1)
if [ $? -eq 1 ] && grep -qF "circle: $pair" <<<"$got"; then
	echo "PASS rooms/strict_fails_on_known_circles"
	echo "    $(grep -F "circle: $pair" <<<"$got")"
else
	echo "FAIL rooms/strict_fails_on_known_circles: $(grep -E '^(known circle|circle)' <<<"$got" | head -2 | tr '\n' ' ')"
fi

# An object whose source is gone (built before a file moved) is not read: the same pair,
# with their sources removed, passes.
rm "$tmp/tree/core/metrics/tie_a.c" "$tmp/tree/core/metrics/tie_b.c"
if (cd "$tmp/tree" && python3 "$here/tools/room_deps.py" "${real[@]}" --objects "$tmp/obj" >/dev/null 2>&1); then
	echo "PASS rooms/stale_objects_left_out"
else
	echo "FAIL rooms/stale_objects_left_out: objects whose sources are gone were read"
fi

# An include of a header in no room (tests/ is no room).
fresh
echo '#include "tests/unit/test.h"' >>"$tmp/tree/core/events/once.c"
caught include_of_no_room 'include: core/events/once.c includes "tests/unit/test.h", which is in no room: ' "${real[@]}"

# Without objects the circles cannot be read: that fails, it is not skipped.
fresh
caught no_objects_fails 'circle: not checked: no objects under build/host/obj, build/efi/obj, build/san/obj: build them first'

# make check builds the sanitized objects only: the rooms with no object there (the UEFI
# layer and its hardware backend) are named as not read, and no other.
if [ -d build/san/obj ]; then
	unread=$(python3 tools/room_deps.py --objects build/san/obj 2>&1 | sed -n 's/^not read: \([^:]*\): .*/\1/p' | tr '\n' ' ')
	[ "$unread" = "efi/ platform/hw/ " ] && echo "PASS rooms/unread_rooms_named" ||
		echo "FAIL rooms/unread_rooms_named: not read: '$unread' (want efi/ platform/hw/)"
else
	echo "FAIL rooms/unread_rooms_named: no build/san/obj (make build/test/upmon-san)"
fi
