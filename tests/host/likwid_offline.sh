#!/usr/bin/env bash
# tools/likwid_offline.sh unpack, on packages made here (no network, nothing installed):
# a likwid package with a likwid-bench and a likwid-accessD, and a library package
# compressed another way. Both ways in (dpkg-deb, and ar and tar where dpkg-deb is
# missing) give the same files; the printed variables run ROOT's likwid-bench with
# ROOT's libraries and sbin first; a folder without the likwid package is one line.
cd "$(dirname "$0")/../.." || exit 1
pass() { echo "PASS likwid_offline/$1"; }
fail() { echo "FAIL likwid_offline/$1: $2"; }
# check NAME WHY COMMAND...: PASS when COMMAND succeeds, else FAIL with WHY.
check() {
	local name=$1 why=$2
	shift 2
	if "$@"; then pass "$name"; else fail "$name" "$why"; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# make_deb NAME COMPRESSION FILE...: a binary package holding FILEs (made under $tmp/src).
make_deb() {
	local name=$1 z=$2 pkg=$tmp/pkg-$1
	shift 2
	mkdir -p "$pkg/DEBIAN"
	printf 'Package: %s\nVersion: 1.0\nArchitecture: amd64\nMaintainer: upmon tests <tests@upmon.invalid>\nDescription: test package\n' \
		"$name" >"$pkg/DEBIAN/control"
	for f in "$@"; do
		mkdir -p "$pkg/$(dirname "$f")"
		cp -p "$tmp/src/$f" "$pkg/$f"
	done
	dpkg-deb --root-owner-group -Z"$z" --build "$pkg" "$tmp/debs/$name.deb" >/dev/null
}

mkdir -p "$tmp/src/usr/bin" "$tmp/src/usr/sbin" "$tmp/src/usr/lib/x86_64-linux-gnu" "$tmp/debs" "$tmp/libonly"
printf '#!/bin/sh\necho "MByte/s:\t\t1234.00"\n' >"$tmp/src/usr/bin/likwid-bench"
printf '#!/bin/sh\nexit 0\n' >"$tmp/src/usr/sbin/likwid-accessD"
chmod +x "$tmp/src/usr/bin/likwid-bench" "$tmp/src/usr/sbin/likwid-accessD"
echo 'not a real library' >"$tmp/src/usr/lib/x86_64-linux-gnu/libfake.so.1"
if ! make_deb likwid xz usr/bin/likwid-bench usr/sbin/likwid-accessD ||
	! make_deb libfake1 gzip usr/lib/x86_64-linux-gnu/libfake.so.1; then
	fail packages_made "dpkg-deb --build failed"
	exit 0
fi
cp "$tmp/debs/libfake1.deb" "$tmp/libonly/"

if vars=$(bash tools/likwid_offline.sh unpack "$tmp/debs" "$tmp/root"); then
	pass unpack_status
else
	fail unpack_status "exit status $? unpacking two packages"
fi
got=$(eval "$vars"
	export LD_LIBRARY_PATH PATH
	echo "bench=$LIKWID_BENCH"
	echo "first_lib=${LD_LIBRARY_PATH%%:*}"
	echo "accessd=$(command -v likwid-accessD)"
	"$LIKWID_BENCH" -t load_sse -w N:1MB:1)
root=$tmp/root
has() { grep -q "$1" <<<"$got"; }
check likwid_bench_from_root "LIKWID_BENCH is not ROOT's: $(grep bench= <<<"$got")" \
	has "^bench=$root/usr/bin/likwid-bench\$"
check root_libraries_first "LD_LIBRARY_PATH does not start with ROOT's: $(grep first_lib= <<<"$got")" \
	has "^first_lib=$root/usr/lib/x86_64-linux-gnu\$"
check access_daemon_on_path "likwid-accessD is not ROOT's on PATH: $(grep accessd= <<<"$got")" \
	has "^accessd=$root/usr/sbin/likwid-accessD\$"
check likwid_bench_runs "no MByte/s line" has 'MByte/s:.*1234'
check gzip_package_unpacked "the gzip-compressed package's library is missing" \
	test -f "$root/usr/lib/x86_64-linux-gnu/libfake.so.1"

# Where dpkg-deb is missing: ar and tar give the same tree.
if LIKWID_UNPACK="ar" bash tools/likwid_offline.sh unpack "$tmp/debs" "$tmp/root-ar" >/dev/null &&
	diff <(cd "$tmp/root" && find . | sort) <(cd "$tmp/root-ar" && find . | sort) >/dev/null &&
	cmp -s "$tmp/root/usr/bin/likwid-bench" "$tmp/root-ar/usr/bin/likwid-bench"; then
	pass ar_tar_same_tree
else
	fail ar_tar_same_tree "ar and tar did not give dpkg-deb's files"
fi

# What cannot work says so in one line and fails.
# refused FOLDER PATTERN: unpacking FOLDER fails with one line matching PATTERN.
refused() {
	local msg st
	msg=$(bash tools/likwid_offline.sh unpack "$1" "$tmp/root-$(basename "$1")" 2>&1)
	st=$?
	[ $st -ne 0 ] && [ "$(wc -l <<<"$msg")" -eq 1 ] && grep -q "$2" <<<"$msg"
}
check without_likwid_refused "no one-line refusal naming the missing likwid package" \
	refused "$tmp/libonly" 'no likwid package'
mkdir -p "$tmp/empty"
check empty_folder_refused "no one-line refusal naming the fetch step" \
	refused "$tmp/empty" "no .deb files in .*: run '.*fetch"
