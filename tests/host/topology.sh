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

# One topology, said alike by info (console and results.json), check and run's
# results.json: the sockets measured and their processors. Skylake's mock is a one-socket
# client part (its simulated machine has one socket); --sockets 1 measures one of snbep's
# two; a machine with more packages than the mock's uncore says the others apart.
# topo_json DIR: "SOCKETS CPUS LISTED NOT_MEASURED_SOCKETS" of the last run's results.json
# (SOCKETS the processor's, and the record's own where it has one: "x" when they differ).
topo_json() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
n = d["processor"]["sockets"]
t = d.get("topology")
print(n if d.get("sockets", n) == n else "x", t["cpus"] if t else "-", len(t["sockets"]) if t else "-",
      t["not_measured"]["sockets"] if t else "-")' "$WORK/$(last_run "$1")/results.json"
}
one_socket() { # NAME TEST ARGS...: info, check and run agree on one socket
	local name=$1 test=$2
	shift 2
	run "${name}_info" "$@" --out "o_$name" info
	expect "${name}_info" "${test}_info" 0 '^processors: 2 on 1 socket$'
	expect_not "${name}_info" "${test}_info_says_no_second_socket" 0 '^socket 1 |sockets$'
	[ "$(topo_json "o_$name")" = "1 2 1 0" ] && pass "${test}_info_json" ||
		fail "${test}_info_json" "sockets, cpus, listed, not measured: $(topo_json "o_$name")"
	run "${name}_check" "$@" --out "o_$name" check --quick
	expect "${name}_check" "${test}_check" 0 "^check: [a-z]+ on 1 socket \\(quick\\)$"
	[ "$(topo_json "o_$name")" = "1 - - -" ] && pass "${test}_check_json" ||
		fail "${test}_check_json" "$(topo_json "o_$name")"
	run "${name}_run" "$@" --out "o_$name" run --seconds 0.01 --events "$EV"
	expect "${name}_run" "${test}_run" 0 ' on 1 socket$'
	[ "$(topo_json "o_$name")" = "1 - - -" ] && pass "${test}_run_json" ||
		fail "${test}_run_json" "$(topo_json "o_$name")"
}
EV=ncu/UCLK/ one_socket skl host/topology_skl_one_socket --backend mock --platform skl
EV=ubox/UCLK/ one_socket snbep1 host/topology_snbep_sockets_1 --backend mock --platform snbep --sockets 1

UPMON_HOST_PACKAGES=0,1 run more --backend mock --platform skl --out o_more info
expect more host/topology_unmeasured_sockets_said_apart 0 '^processors: 2 on 1 socket$' \
	'^processors: 2 more on 1 more socket found, not measured$'
[ "$(topo_json o_more)" = "1 2 1 1" ] && pass host/topology_unmeasured_sockets_in_json ||
	fail host/topology_unmeasured_sockets_in_json "$(topo_json o_more)"
