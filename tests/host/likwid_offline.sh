#!/usr/bin/env bash
# tools/likwid_offline.sh unpack, on packages made here (no network, nothing installed):
# a likwid package with a likwid-bench and a likwid-accessD, and a library package
# compressed another way. Both ways in (dpkg-deb, and ar and tar where dpkg-deb is
# missing) give the same files; the printed variables run ROOT's likwid-bench with
# ROOT's libraries and sbin first; a folder without the likwid package is one line.
cd "$(dirname "$0")/../.."
pass() { echo "PASS likwid_offline/$1"; }
fail() { echo "FAIL likwid_offline/$1: $2"; }
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
grep -qx "bench=$root/usr/bin/likwid-bench" <<<"$got" && pass likwid_bench_from_root ||
	fail likwid_bench_from_root "LIKWID_BENCH is not ROOT's: $(grep bench= <<<"$got")"
grep -qx "first_lib=$root/usr/lib/x86_64-linux-gnu" <<<"$got" && pass root_libraries_first ||
	fail root_libraries_first "LD_LIBRARY_PATH does not start with ROOT's: $(grep first_lib= <<<"$got")"
grep -qx "accessd=$root/usr/sbin/likwid-accessD" <<<"$got" && pass access_daemon_on_path ||
	fail access_daemon_on_path "likwid-accessD is not ROOT's on PATH: $(grep accessd= <<<"$got")"
grep -q 'MByte/s:.*1234' <<<"$got" && pass likwid_bench_runs || fail likwid_bench_runs "no MByte/s line"
[ -f "$root/usr/lib/x86_64-linux-gnu/libfake.so.1" ] && pass gzip_package_unpacked ||
	fail gzip_package_unpacked "the gzip-compressed package's library is missing"

# Where dpkg-deb is missing: ar and tar give the same tree.
if LIKWID_UNPACK=ar bash tools/likwid_offline.sh unpack "$tmp/debs" "$tmp/root-ar" >/dev/null &&
	diff <(cd "$tmp/root" && find . | sort) <(cd "$tmp/root-ar" && find . | sort) >/dev/null &&
	cmp -s "$tmp/root/usr/bin/likwid-bench" "$tmp/root-ar/usr/bin/likwid-bench"; then
	pass ar_tar_same_tree
else
	fail ar_tar_same_tree "ar and tar did not give dpkg-deb's files"
fi

# What cannot work says so in one line and fails.
msg=$(bash tools/likwid_offline.sh unpack "$tmp/libonly" "$tmp/root-lib" 2>&1)
st=$?
[ $st -ne 0 ] && [ "$(wc -l <<<"$msg")" -eq 1 ] && grep -q 'no likwid package' <<<"$msg" &&
	pass without_likwid_refused || fail without_likwid_refused "status $st: $msg"
mkdir -p "$tmp/empty"
msg=$(bash tools/likwid_offline.sh unpack "$tmp/empty" "$tmp/root-empty" 2>&1)
st=$?
[ $st -ne 0 ] && grep -q "no .deb files in .*: run '.*fetch" <<<"$msg" && pass empty_folder_refused ||
	fail empty_folder_refused "status $st: $msg"
