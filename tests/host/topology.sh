#!/usr/bin/env bash
# Real topologies at command level: more packages than upmon supports are refused in one
# line, package numbers with gaps are dense sockets, firmware that refuses non-blocking
# MP calls still runs kernels. Knobs: core/host/os_host.h (UPMON_HOST_*).
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)

UPMON_HOST_PACKAGES=0,1,2,3,4,5,6,7,8 run nine "${M[@]}" info
expect nine host/topology_nine_packages_refused 4 \
	'^upmon: error: 9 processor packages found \(numbers 0 to 8\); upmon supports at most 8 sockets: nothing was measured, run it on a machine with 8 or fewer$'
[ "$(grep -c . "$WORK/nine.out")" = 1 ] && pass host/topology_refusal_is_one_line ||
	fail host/topology_refusal_is_one_line "$(cat "$WORK/nine.out")"

UPMON_HOST_PACKAGES=0,2 run gaps "${M[@]}" info
expect gaps host/topology_gaps_dense_sockets 0 '^processors: 4 on 2 sockets$' \
	'^socket 0 \(package 0\): cpu0\(apic 0x0 ' '^socket 1 \(package 2\): cpu2\(apic 0x4 '

UPMON_HOST_MP_BLOCKING=1 run blocking "${M[@]}" run --kernel read --events cbo0/CLOCKTICKS/
expect blocking host/mp_blocking_kernel_runs 0 '3 threads'
