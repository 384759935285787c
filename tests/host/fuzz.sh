#!/usr/bin/env bash
# The short fuzz of `make test`: every libFuzzer target (tests/fuzz/) over its seeds and
# then for FUZZ_SECONDS (default 10: ten targets in less processor time than eight took at
# 15, leaving room in make test's ten minutes for the network tests) each, in parallel.
# `make fuzz` runs the long one.
cd "$(dirname "$0")/../.." || exit 1
# make check (UPMON_SKIP_FUZZ=1) builds no fuzz targets: said, never a PASS.
if [ "${UPMON_SKIP_FUZZ:-0}" = 1 ]; then
	echo "-- fuzz: not run (UPMON_SKIP_FUZZ=1, as make check sets; make test and make fuzz run it)"
	exit 0
fi
FUZZ_SECONDS=${FUZZ_SECONDS:-10} bash tests/fuzz/run.sh
