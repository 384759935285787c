#!/usr/bin/env bash
# core/'s rooms (core/README.md): no include cycle between rooms, and every room's principal
# header says what the room owns.
cd "$(dirname "$0")/../.."
out=$(python3 tools/room_deps.py 2>&1)
if [ $? -eq 0 ]; then echo "PASS rooms/no_cycle"; else echo "FAIL rooms/no_cycle: $(echo "$out" | tail -1)"; fi
for dir in core/*/; do
	room=$(basename "$dir")
	[ "$room" = host ] && continue
	n=$(grep -l "^/\* Room $room: " "$dir"*.h 2>/dev/null | wc -l)
	if [ "$n" -eq 1 ]; then echo "PASS rooms/header_$room"; else echo "FAIL rooms/header_$room: $n headers open with '/* Room $room:'"; fi
done
# A cycle is caught: a fake room that includes commands while commands includes it.
tmp=$(mktemp -d)
mkdir -p "$tmp/core/a" "$tmp/core/b"
echo '#include "core/b/b.h"' >"$tmp/core/a/a.h"
echo '#include "core/a/a.h"' >"$tmp/core/b/b.h"
# It must fail for the cycle, naming it, not for any other reason.
if out=$(cd "$tmp" && python3 "$OLDPWD/tools/room_deps.py"); then
	echo "FAIL rooms/cycle_detected: a two-room cycle passed"
elif echo "$out" | grep -qx 'cycle: a -> b -> a'; then
	echo "PASS rooms/cycle_detected"
else
	echo "FAIL rooms/cycle_detected: it failed without naming the cycle: $out"
fi
rm -rf "$tmp"
