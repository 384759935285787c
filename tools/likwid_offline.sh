#!/usr/bin/env bash
# likwid-bench for a machine with no network (`make bench` there; docs/benchmarks.md,
# Without a network).
#
#   tools/likwid_offline.sh fetch DEBDIR
#       on a machine with Debian's archive: downloads the .deb files of likwid and of the
#       libraries likwid-bench loads (liblua5.3-0, libhwloc15; libudev1, which hwloc
#       loads) into DEBDIR, to be carried to the other machine with the tree
#   tools/likwid_offline.sh unpack DEBDIR ROOT
#       on the machine without network: unpacks every .deb of DEBDIR under ROOT (never
#       under /: nothing is installed) and prints the three variables that run them from
#       there, for eval: LIKWID_BENCH (ROOT's likwid-bench), LD_LIBRARY_PATH (ROOT's
#       libraries first) and PATH (ROOT's sbin and bin first, for likwid-accessD)
#
# tools/bench_kernels.sh does the unpack itself when LIKWID_DEBS names DEBDIR.
# LIKWID_UNPACK=ar takes the ar-and-tar way even where dpkg-deb is (tests/host/likwid_offline.sh). The
# binaries are Debian 12's (glibc 2.36): a machine with an older C library cannot run
# them, and says so in the bench's first line.
set -euo pipefail

# The packages likwid-bench needs (ldd /usr/bin/likwid-bench on Debian 12: liblikwid,
# liblua5.3, libhwloc, libudev; libc and libm are the machine's own).
PACKAGES=(likwid liblua5.3-0 libhwloc15 libudev1)

usage() {
	echo "usage: $0 fetch DEBDIR | unpack DEBDIR ROOT" >&2
	exit 2
}

# One package's files under ROOT: dpkg-deb where the machine has it, else ar and tar (a
# .deb is an ar archive whose data.tar.* holds the files).
unpack_one() {
	local deb=$1 root=$2
	if [ "${LIKWID_UNPACK:-}" != ar ] && command -v dpkg-deb >/dev/null 2>&1; then
		dpkg-deb -x "$deb" "$root"
		return
	fi
	local member
	member=$(ar t "$deb" | grep '^data\.tar') || { echo "$0: $deb: no data.tar member (not a .deb?)" >&2; return 1; }
	local z
	case $member in
	*.xz) z=--xz ;; *.gz) z=--gzip ;; *.zst) z=--zstd ;; *.bz2) z=--bzip2 ;; *) z= ;;
	esac
	ar p "$deb" "$member" | tar -x $z -f - -C "$root"
}

case ${1:-} in
fetch)
	[ $# -eq 2 ] || usage
	mkdir -p "$2"
	(cd "$2" && apt-get download "${PACKAGES[@]}") ||
		{ echo "$0: apt-get download ${PACKAGES[*]} failed: run it where Debian's archive is reachable" >&2; exit 1; }
	;;
unpack)
	[ $# -eq 3 ] || usage
	debdir=$2 root=$3
	shopt -s nullglob
	debs=("$debdir"/*.deb)
	[ ${#debs[@]} -gt 0 ] || { echo "$0: no .deb files in $debdir: run '$0 fetch $debdir' where the network is" >&2; exit 1; }
	mkdir -p "$root"
	root=$(cd "$root" && pwd)
	[ "$root" != / ] || { echo "$0: ROOT is /: give a folder of its own (nothing is installed)" >&2; exit 2; }
	for deb in "${debs[@]}"; do
		unpack_one "$deb" "$root"
	done
	[ -x "$root/usr/bin/likwid-bench" ] ||
		{ echo "$0: $debdir has no likwid package (usr/bin/likwid-bench): fetch it again" >&2; exit 1; }
	libs="$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu"
	printf 'LIKWID_BENCH=%q\n' "$root/usr/bin/likwid-bench"
	printf 'LD_LIBRARY_PATH=%q\n' "$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	printf 'PATH=%q\n' "$root/usr/sbin:$root/usr/bin:$PATH"
	;;
*) usage ;;
esac
