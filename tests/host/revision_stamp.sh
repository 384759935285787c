#!/usr/bin/env bash
# suite: image (reads the UEFI build: make test runs it, make check builds none)
# The revision a program names is the one it was built from: a changed revision with no
# source changed (a commit, a tree made dirty or clean) rebuilds what names it, and the
# same revision rebuilds nothing (Makefile, build/revision; platform/base/revision.c). Built
# in a scratch copy of the tree, with the revision set on make's command line.
cd "$(dirname "$0")/../.." || exit 1
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files --cached --others --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$copy"
# The objects this tree has built already, times kept (as tar keeps the sources'), so the
# copy's first build compiles only what names the revision and links: the point here is
# what a revision change rebuilds, not a build from nothing.
for d in build/host build/efi; do
	[ -d "$d" ] && mkdir -p "$copy/build" && cp -a "$d" "$copy/build/"
done
cd "$copy" || exit 1
jobs=$(nproc 2>/dev/null || echo 2)
a=revision-stamp-test-a b=revision-stamp-test-b

# has NAME FILE TEXT [not]: FILE holds TEXT (or, with "not", does not).
has() {
	if grep -aqF "$3" "$2"; then [ "$4" != not ]; else [ "$4" = not ]; fi &&
		pass "$1" || fail "$1" "$2 $([ "$4" = not ] && echo holds || echo lacks) $3"
}

if ! make -j"$jobs" build/efi/upmon.efi build/host/upmon UPM_REVISION=$a >build.log 2>&1; then
	fail host/revision_stamp_built "make in the scratch copy failed: $(tail -3 build.log | tr '\n' ' ')"
	exit 0
fi
[ "$(cat build/revision)" = $a ] && pass host/revision_stamp_written ||
	fail host/revision_stamp_written "build/revision is '$(cat build/revision)', not $a"
has host/revision_in_efi build/efi/upmon.efi $a
[ "$(./build/host/upmon --version)" = "upmon 0.1.0 (revision $a)" ] && pass host/revision_in_host_version ||
	fail host/revision_in_host_version "$(./build/host/upmon --version)"

# The same revision: nothing to rebuild (make -q answers 0 when every target is current).
make -q build/efi/upmon.efi build/host/upmon UPM_REVISION=$a &&
	pass host/revision_same_rebuilds_nothing || fail host/revision_same_rebuilds_nothing "make -q says a rebuild is due"

# Another revision, no source changed: the host program is due, and the UEFI build
# recompiles the one file the revision is in, then links.
# (1 is "a rebuild is due"; 2 would be make's own error.)
make -q build/host/upmon UPM_REVISION=$b
case $? in
1) pass host/revision_changed_rebuilds_host ;;
0) fail host/revision_changed_rebuilds_host "make -q says build/host/upmon is current" ;;
*) fail host/revision_changed_rebuilds_host "make -q failed" ;;
esac
make build/efi/upmon.efi UPM_REVISION=$b >rebuild.log 2>&1
compiled=$(grep -oE ' -c [^ ]+' rebuild.log | awk '{ print $2 }' | tr '\n' ' ')
[ "$compiled" = "platform/base/revision.c " ] && pass host/revision_changed_recompiles_revision_c_alone ||
	fail host/revision_changed_recompiles_revision_c_alone "compiled: ${compiled:-nothing}"
has host/revision_changed_in_efi build/efi/upmon.efi $b
has host/revision_old_gone_from_efi build/efi/upmon.efi $a not
exit 0
