#!/usr/bin/env bash
# Kernels on two sockets whose TSCs the firmware started apart: socket 1's TSC reads ten
# minutes ahead of socket 0's (UPMON_HOST_SOCKET_TSC_AHEAD=1:600, the host's per-socket
# skew). Every kernel runs to completion: each thread counts its deadlines on its own TSC
# (docs/benchmarks.md, Sizes, threads and time); deadlines taken on socket 0's TSC would
# be long past on socket 1 and abort the run ("did not reach the start barrier in time").
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)
export UPMON_HOST_SOCKET_TSC_AHEAD=1:600
run kread "${M[@]}" run --kernel read --size 4M --iterations 2 --events imc/CAS_COUNT.RD/
expect kread host/socket_tsc_ahead_read_runs 0 \
	'^run: kernel read on 4 threads \(socket mask 0x3\)$' \
	'^kernel read pass 0: 4 threads, 4 MiB x 2 iterations in [0-9.]+ [mu]?s$' \
	'^ +all  8 imc   CAS_COUNT.RD +131,072 +0 +131,072$'
run kpp "${M[@]}" run --kernel pingpong --iterations 1000 --events qpi/TxL_FLITS_G0.DATA/
expect kpp host/socket_tsc_ahead_pingpong_runs 0 '^run: kernel pingpong on 2 threads \(socket mask 0x3\)$'
expect_not kpp host/socket_tsc_ahead_no_barrier_timeout 0 'barrier in time|time limit'
