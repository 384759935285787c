#!/usr/bin/env bash
# The short fuzz of `make test`: every libFuzzer target (tests/fuzz/) over its seeds and
# then for FUZZ_SECONDS (default 15) each, in parallel. `make fuzz` runs the long one.
cd "$(dirname "$0")/../.." || exit 1
FUZZ_SECONDS=${FUZZ_SECONDS:-15} bash tests/fuzz/run.sh
