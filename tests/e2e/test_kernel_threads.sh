#!/bin/bash
# Stress kernels on every processor under OVMF (MP services: the BSP and three APs at
# once) against the mocked two-socket Xeon E5-2600: `run --kernel read --threads all`
# inside the counter window, the idle baseline after it, and results.json read back
# from the boot medium. The read bandwidth derived from the iMC CAS counts (baseline
# subtracted, over the kernel's own seconds) must equal the kernel's own within 1%, and
# the sum the threads loaded proves each ran its slice. pingpong then needs two
# processors truly running at the same time, one per socket. The write-back after the
# loop is CLFLUSH on qemu64 and CLFLUSHOPT where the processor has it (+clflushopt).
source "$(dirname "$0")/common.bash"
T=kernel_threads
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock --platform snbep \
	run --kernel read,pingpong --threads all --size 4M --iterations 2 \
	--events 'imc/CAS_COUNT.RD/,qpi/TxL_FLITS_G0.DATA/,ubox/UCLK/'
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.banner "no banner for 4 threads" \
	log_has '^run: kernel read on 4 threads \(socket mask 0x3\)$'
check $T.banner_memory "no memory line for 4 threads" log_has '^run: kernel read: memory local, not placed: the firmware has no ACPI SRAT \(one$'
check $T.size "no size for 4 threads" log_has '^run: kernel read: 4 MiB x 2 iterations; 3 specs, 1 pass, 2 sockets'
check $T.tsc "no TSC frequency" log_has '^kernel read pass 0: window .* tsc [0-9,]+\.[0-9] MHz'
check $T.flush "no CLFLUSH write-back line" log_has '^kernel read pass 0: write-back [0-9.]+ [mu]?s after \(CLFLUSH\)$'
check $T.no_exception "firmware exception" no_exception

json=$(img_cat "$img" "$(img_run "$img")/results.json" 2>/dev/null | tr -d '\r')
read_ok() {
	python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
assert d["environment"] == "uefi" and d["tsc_hz"] > 0
k = [r for r in d["kernel_runs"] if r["kernel"] == "read"][0]
assert k["threads"] == 4 and k["sockets"] == [0, 1] and k["iterations"] == 2
assert k["bytes_read"] == 2 * (4 << 20) and k["seconds"] > 0 and k["tsc_hz"] == d["tsc_hz"]
# Four slices of 16384 lines, word i of a slice holding i; words 0 and 1 of each line
# (8l and 8l + 1) summed, twice.
L = 16384
assert k["check"] == 4 * 2 * (8 * L * (L - 1) + L), k["check"]
cas = [c for c in k["counters"] if c["event"] == "CAS_COUNT.RD"]
assert len(cas) == 8 and all(c["status"] == "ok" for c in cas)
derived = sum(c["net"] for c in cas) * 64 / k["seconds"]
own = k["bytes_read"] / k["seconds"]
assert abs(derived - own) <= 0.01 * own, (derived, own)
# A clock is a rate over its window: no idle baseline is taken off it.
assert any(c["event"] == "UCLK" and c["delta"] > 0 and c["baseline"] is None and c["net"] == c["delta"]
           for c in k["counters"])
assert k["flush_ns"] > 0
# qemu64 has no CLFLUSHOPT (CPUID.(EAX=07H,ECX=0):EBX bit 23 clear), as no Xeon E5 has:
# the write-back is CLFLUSH.
assert k["flush_instruction"] == "CLFLUSH", k.get("flush_instruction")' <<<"$json"
}
check $T.read_bandwidth "derived read bandwidth differs from the kernel's: $(echo "$json" | head -c 300)" read_ok
pingpong_ok() {
	python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
k = [r for r in d["kernel_runs"] if r["kernel"] == "pingpong"][0]
assert k["threads"] == 2 and k["sockets"] == [0, 1] and k["round_trips"] == 2
assert k["check"] == 4 and k["ns_per_handoff"] > 0
for s in (0, 1):
    assert sum(c["net"] for c in k["counters"] if c["socket"] == s and c["event"] == "TxL_FLITS_G0.DATA") == 16' <<<"$json"
}
check $T.pingpong "pingpong across the sockets" pingpong_ok

# With two NUMA nodes QEMU gives the firmware an SRAT: threads on socket 0 with their
# memory on socket 1 get buffers from node 1's range.
numa="-object memory-backend-ram,id=m0,size=256M -object memory-backend-ram,id=m1,size=256M"
numa+=" -numa node,nodeid=0,cpus=0-1,memdev=m0 -numa node,nodeid=1,cpus=2-3,memdev=m1"
e2e_shell_script "$E2E_OUT/$T-numa.nsh" -- --backend mock --platform snbep \
	run --kernel read --threads 2 --kernel-sockets 0 --memory-socket 1 --size 4M --iterations 1 \
	--events 'imc/CAS_COUNT.RD/'
img=$(e2e_image $T-numa --shell-only "$E2E_OUT/$T-numa.nsh") || { fail $T "image"; exit 1; }
UPMON_QEMU_EXTRA=$numa e2e_boot "$img"
check $T.numa_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.numa_placed "buffers not placed by the SRAT" \
	log_has '^run: kernel read: memory on socket 1, placed by SRAT'
# The booted image's results.json: its first kernel run, as k, holds the Python given.
first_kernel_run_holds() {
	img_cat "$img" "$(img_run "$img")/results.json" | tr -d '\r' | python3 -c "
import json, sys
k = json.load(sys.stdin)['kernel_runs'][0]
$1"
}
numa_ok() {
	first_kernel_run_holds '
assert k["placement"] == "srat" and k["memory_socket"] == 1
def net(s): return sum(c["net"] for c in k["counters"] if c["socket"] == s)
assert net(1) == (4 << 20) // 64 and net(0) == 0
assert k["activity"][1]["remote_lines"] == (4 << 20) // 64'
}
check $T.numa_counts "socket 1 did not count the reads" numa_ok
check $T.numa_no_exception "firmware exception" no_exception

# Where CPUID says the processor has CLFLUSHOPT (+clflushopt: leaf 7 EBX bit 23), every
# thread's write-back uses it, under UEFI as on the host.
e2e_shell_script "$E2E_OUT/$T-clflushopt.nsh" -- --backend mock --platform snbep \
	run --kernel write --threads all --size 4M --iterations 1 --events 'imc/CAS_COUNT.WR/'
img=$(e2e_image $T-clflushopt --shell-only "$E2E_OUT/$T-clflushopt.nsh") || { fail $T "image"; exit 1; }
UPMON_QEMU_CPU="qemu64,vendor=GenuineIntel,family=6,model=58,stepping=9,+clflushopt" e2e_boot "$img"
check $T.clflushopt_status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.clflushopt_line "no CLFLUSHOPT write-back line" \
	log_has '^kernel write pass 0: write-back [0-9.]+ [mu]?s after \(CLFLUSHOPT\)$'
clflushopt_ok() {
	first_kernel_run_holds '
assert k["threads"] == 4 and k["flush_instruction"] == "CLFLUSHOPT", k.get("flush_instruction")
# What the threads wrote reached the mock as lines written: 4 MiB.
assert sum(c["net"] for c in k["counters"] if c["event"] == "CAS_COUNT.WR") == (4 << 20) // 64'
}
check $T.clflushopt_json "results.json lacks CLFLUSHOPT" clflushopt_ok
check $T.clflushopt_no_exception "firmware exception (CLFLUSHOPT refused?)" no_exception
e2e_done
