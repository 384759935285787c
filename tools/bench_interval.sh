#!/usr/bin/env bash
# What one `run --interval` sample costs, per platform, on the host against the mock
# (register accesses, as the hardware would see them, and the software's microseconds:
# a real machine adds each access's own latency), into build/bench/interval.csv.
# Measured here, never asserted in tests.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/bench_csv.sh
make --no-print-directory build/host/upmon >/dev/null
mkdir -p build/bench
out=build/bench/interval.csv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench_csv_start "$out" "what one run --interval sample costs per platform, on the host against the mock" \
	"build/host/upmon --backend mock --platform P run --events E --interval 10 --count 200, per row (tools/bench_interval.sh)"
echo "platform,events,samples,accesses_per_sample,cost_us_mean,cost_us_max,read_as" >>"$out"
bench() { # bench PLATFORM EVENTS
	local dir=$work/$1
	./build/host/upmon --backend mock --platform "$1" --out "$dir" run --events "$2" --interval 10 --count 200 >/dev/null
	python3 - "$dir" "$1" "$2" >>"$out" <<'PY'
import glob, json, sys
d = json.load(open(sorted(glob.glob(sys.argv[1] + "/*/results.json"))[-1]))
s = d["interval_sampling"]
print('%s,%s,%d,%d,%.1f,%.1f,%s' % (sys.argv[2], sys.argv[3].replace(",", "+"), s["samples"], s["accesses_per_sample"],
      s["cost_us_mean"], s["cost_us_max"], "/".join(sorted({m["method"] for m in s["read_as"]}))))
PY
}
bench snbep 'imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/'
bench ivbep 'imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/'
bench nhmex 'mbox/DRAM_CMD.CAS_RD_OPN/,mbox/DRAM_MISC.CAS_RD_CLS/'
bench skl 'imc/DRAM_DATA_READS/,imc/DRAM_DATA_WRITES/'
column -s, -t "$out"
