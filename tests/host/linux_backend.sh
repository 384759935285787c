#!/usr/bin/env bash
# --backend linux (platform/linux/, core/host/linux_env.c) on sysroots of regular files in
# Linux's layout (UPMON_SYSROOT), made by tests/host/sysroot.py from the registers the
# Skylake mock's traces read first: the processor is identified from the sysroot's CPUID,
# each socket's MSRs are its first processor's file, the files are byte-identical after
# run, check and selftest (every register written restored), each preflight refusal is one
# line with what to do and touches nothing, the taint is said before the first write, a
# trace of it replays, and `info` says which backends can run here.
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh
# said NAME PATTERN: a line of the output, its wrapped continuations (indented) joined.
said() { awk '/^ +[^ ]/ && n { prev = prev " " substr($0, match($0, /[^ ]/)); next } { if (n) print prev; prev = $0; n = 1 } END { if (n) print prev }' "$WORK/$1.out" | grep -qE -- "$2"; }

traces=$WORK/traces
mkdir -p "$traces"
for c in "info" "check --quick" "selftest"; do
	(cd "$traces" && "$OLDPWD/$UPMON" --backend mock --platform skl --trace "t${#c}.tsv" --out o $c >/dev/null 2>&1)
done
# sysroot DIR ARGS...: a sysroot from those traces.
sysroot() {
	local dir=$1
	shift
	python3 tests/host/sysroot.py "$dir" --cpuid-1-eax 0x506E3 "$@" $(for t in "$traces"/t*.tsv; do echo --trace "$t"; done)
}
SR=$WORK/sr
sysroot "$SR" --cpus 0-1:0
# Every file of a sysroot with its size and the checksum of its bytes, a hole read as the
# zeros it is: only the parts the file holds are read (SEEK_DATA, since dev/mem reaches
# past 4 GiB with holes between), and a block of zeros counts as a hole.
snap() {
	python3 - "$1" <<'PY'
import hashlib, os, sys
root = sys.argv[1]
for folder, dirs, files in sorted(os.walk(root)):
    dirs.sort()
    for name in sorted(files):
        path = os.path.join(folder, name)
        h = hashlib.md5()
        with open(path, "rb") as f:
            fd, size, at = f.fileno(), os.fstat(f.fileno()).st_size, 0
            while at < size:
                try:
                    start = os.lseek(fd, at, os.SEEK_DATA)
                except OSError:
                    break
                end = os.lseek(fd, start, os.SEEK_HOLE)
                os.lseek(fd, start, os.SEEK_SET)
                data = os.read(fd, end - start)
                for k in range(0, len(data), 4096):
                    if data[k:k + 4096].strip(b"\0"):
                        h.update(str(start + k).encode() + b":" + data[k:k + 4096])
                at = end
        print(h.hexdigest(), size, os.path.relpath(path, root))
PY
}
lx() { local name=$1; shift; UPMON_SYSROOT=$SR run "$name" --backend linux --out res "$@"; }

# Identified from the sysroot's CPUID (06_5E: Skylake client), its MSR 0x396 read from
# processor 0's file, the MCHBAR from the host bridge's config file.
lx info info
expect info host/linux_backend_identifies_from_cpuid 0 '^identity: platform skl, backend linux$' \
	'^cpu: GenuineIntel family 6 model 0x5e stepping 3$' \
	'^uncore: socket 0 cbo x4 present \(MSR_UNC_CBO_CONFIG\.NO_CBO_BANKS, MSR 0x396, reads 5, minus 1\)$' \
	'^uncore: imc \(mmio\): host bridge 00:00\.0 8086:191f, MCHBAR 0xfed10000 \(enabled\)'
# The taint, said once, before the run's first register.
n=$(grep -c '^upmon: note: --backend linux writes MSRs through the sysroot.s dev/cpu/N/msr:' "$WORK/info.out")
[ "$n" = 1 ] && pass host/linux_backend_taint_said_once || fail host/linux_backend_taint_said_once "$n times"
said info 'the kernel marks itself tainted \(TAINT_CPU_OUT_OF_SPEC\); every register written is restored$' &&
	pass host/linux_backend_taint_named || fail host/linux_backend_taint_named "$(grep -A2 'upmon: note' "$WORK/info.out" | head -3)"

# Hardware left as found: every file byte for byte after run, check and selftest.
before=$(snap "$SR")
for c in "run --events cbo/CLOCKTICKS/,imc/DRAM_DATA_READS/ --seconds 0.01" "check --quick" "selftest"; do
	name=$(echo "$c" | cut -d' ' -f1)
	lx "$name" $c
	after=$(snap "$SR")
	if [ "$(rc "$name")" -le 2 ] && [ "$after" = "$before" ]; then
		pass "host/linux_backend_files_identical_after_$name"
	else
		fail "host/linux_backend_files_identical_after_$name" "status $(rc "$name"): $(diff <(echo "$before") <(echo "$after") | head -3 | tr '\n' ' ')"
	fi
done

# Each socket reads its own first processor's MSRs: socket 1's file says 2 CBos.
SR2=$WORK/sr2
sysroot "$SR2" --cpus 0:0 --cpus 1:1
python3 -c 'import struct, sys; f = open(sys.argv[1], "r+b"); f.seek(0x396); f.write(struct.pack("<Q", 3))' "$SR2/dev/cpu/1/msr"
UPMON_SYSROOT=$SR2 run two --backend linux --out res info
expect two host/linux_backend_socket_reads_its_own_processor 0 '^processors: 2 on 2 sockets$' \
	'^uncore: socket 0 cbo x4 present .*reads 5, minus 1\)$' '^uncore: socket 1 cbo x2 present .*reads 3, minus 1\)$'

# Preflight: each refusal one line with what to do, exit status 4 (an environment
# error), nothing touched.
refused() {
	local name=$1 test=$2 pat=$3 dir=$4
	local was
	was=$(snap "$dir")
	UPMON_SYSROOT=$dir run "$name" --backend linux --out res info
	if [ "$(rc "$name")" = 4 ] && [ "$(wc -l <"$WORK/$name.out")" = 1 ] && grep -qE -- "$pat" "$WORK/$name.out" &&
		[ "$(snap "$dir")" = "$was" ]; then
		pass "$test"
	else
		fail "$test" "status $(rc "$name"), $(wc -l <"$WORK/$name.out") lines: $(head -c 300 "$WORK/$name.out")"
	fi
}
LOCK=$WORK/lock
cp -a "$SR" "$LOCK"
echo "none [integrity] confidentiality" >"$LOCK/sys/kernel/security/lockdown"
refused lock host/linux_backend_lockdown_refused \
	'^upmon: error: --backend linux: the kernel is locked down \(integrity, /sys/kernel/security/lockdown\): it refuses MSR writes, PCI configuration writes and /dev/mem; boot with Secure Boot off or lockdown=none, or boot upmon\.efi; nothing was touched$' "$LOCK"
OFF=$WORK/off
cp -a "$SR" "$OFF"
echo off >"$OFF/sys/module/msr/parameters/allow_writes"
refused off host/linux_backend_allow_writes_off_refused \
	'^upmon: error: --backend linux: MSR writes are off \(/sys/module/msr/parameters/allow_writes is off\): run echo on > /sys/module/msr/parameters/allow_writes; nothing was touched$' "$OFF"
NOMSR=$WORK/nomsr
cp -a "$SR" "$NOMSR"
rm "$NOMSR/dev/cpu/0/msr" "$NOMSR/dev/cpu/1/msr"
refused nomsr host/linux_backend_no_msr_driver_refused \
	"^upmon: error: --backend linux: the msr driver is not loaded \(no .*/nomsr/dev/cpu/0/msr\): run modprobe msr; nothing was touched$" "$NOMSR"

# The kernel's uncore driver: its PMUs named, as what would spoil the counts.
PMU=$WORK/pmu
cp -a "$SR" "$PMU"
mkdir -p "$PMU/sys/bus/event_source/devices/uncore_imc"
UPMON_SYSROOT=$PMU run pmu --backend linux --out res info
[ "$(rc pmu)" = 0 ] && said pmu "^upmon: note: the kernel's uncore driver is loaded \(uncore_imc\): a perf or other tool counting on these boxes while upmon runs makes both counts wrong$" &&
	pass host/linux_backend_uncore_driver_said || fail host/linux_backend_uncore_driver_said "$(grep -A2 'uncore driver' "$WORK/pmu.out" | head -3)"

# /dev/mem restricted by the kernel's build (CONFIG_IO_STRICT_DEVMEM) without iomem=relaxed
# is said; with iomem=relaxed on the command line it is not.
DEVMEM=$WORK/devmem
cp -a "$SR" "$DEVMEM"
mkdir -p "$DEVMEM/proc/sys/kernel" "$DEVMEM/boot"
echo 6.1.0-test >"$DEVMEM/proc/sys/kernel/osrelease"
printf 'CONFIG_STRICT_DEVMEM=y\nCONFIG_IO_STRICT_DEVMEM=y\n' >"$DEVMEM/boot/config-6.1.0-test"
echo "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet" >"$DEVMEM/proc/cmdline"
UPMON_SYSROOT=$DEVMEM run strict --backend linux --out res info
[ "$(rc strict)" = 0 ] && said strict '^upmon: note: /dev/mem is restricted \(CONFIG_IO_STRICT_DEVMEM=y in /boot/config-6\.1\.0-test, no iomem=relaxed\): a memory-mapped box whose range a driver holds will be a finding, not a count; boot with iomem=relaxed to read it$' &&
	pass host/linux_backend_strict_devmem_said || fail host/linux_backend_strict_devmem_said "$(grep -A2 'dev/mem' "$WORK/strict.out" | head -3)"
echo "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro iomem=relaxed" >"$DEVMEM/proc/cmdline"
UPMON_SYSROOT=$DEVMEM run relaxed --backend linux --out res info
expect_not relaxed host/linux_backend_relaxed_devmem_not_said 0 'dev/mem is restricted'

# A virtual machine (CPUID.1:ECX bit 31) is said: its uncore is the hypervisor's, if any.
VM=$WORK/vm
sysroot "$VM" --cpus 0-1:0 --cpuid-1-ecx 0x80000000
UPMON_SYSROOT=$VM run vm --backend linux --out res info
[ "$(rc vm)" = 0 ] && said vm '^upmon: note: a virtual machine \(CPUID\.1:ECX bit 31, a hypervisor\): its uncore registers, if any, are the hypervisor.s: expect absent or dead boxes; run on the bare-metal host$' &&
	! grep -q 'a virtual machine (CPUID' "$WORK/info.out" && pass host/linux_backend_virtual_machine_said ||
	fail host/linux_backend_virtual_machine_said "$(grep -A2 'virtual' "$WORK/vm.out" | head -3)"

# The processors as sysfs lists them: a list it cannot read is one line, nothing touched.
BADCPU=$WORK/badcpu
cp -a "$SR" "$BADCPU"
echo "0-" >"$BADCPU/sys/devices/system/cpu/online"
refused badcpu host/linux_backend_bad_cpu_list_refused \
	"^upmon: error: --backend linux: cannot read the processors from .*/badcpu/sys/devices/system/cpu/online; nothing was touched$" "$BADCPU"

# Not root on the machine itself (no sysroot): refused before any file is opened.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
	as_user() { "$@"; }
fi
# The program copied where that user may run it, whatever the checkout's permissions.
mkdir -m 1777 "$WORK/open" && chmod 755 "$WORK" && cp "$UPMON" "$WORK/open/upmon" && chmod 755 "$WORK/open/upmon"
(cd "$WORK/open" && as_user ./upmon --backend linux --out "$WORK/open/res" info >"$WORK/user.out" 2>&1)
st=$?
[ $st = 4 ] && [ "$(wc -l <"$WORK/user.out")" = 1 ] &&
	grep -qx 'upmon: error: --backend linux: not root: the MSR, PCI configuration and /dev/mem files need root: run it with sudo; nothing was touched' "$WORK/user.out" &&
	pass host/linux_backend_not_root_refused ||
	fail host/linux_backend_not_root_refused "status $st: $(head -c 300 "$WORK/user.out")"

# A trace of the Linux backend replays, as a UEFI run's does.
lx traced --trace "$WORK/linux.tsv" info
UPMON_SYSROOT=$SR run replayed --backend "replay:$WORK/linux.tsv" --out res info
expect replayed host/linux_backend_trace_replays 0 '^identity: platform skl, backend replay' \
	'^uncore: socket 0 cbo x4 present .*reads 5, minus 1\)$'
grep -q '^# upmon trace: .*backend linux' "$WORK/linux.tsv" && pass host/linux_backend_trace_says_linux ||
	fail host/linux_backend_trace_says_linux "$(head -1 "$WORK/linux.tsv")"

# info says which backends can run here, and why not: a sysroot without the msr driver.
UPMON_SYSROOT=$NOMSR run where --backend mock --platform skl --out res info
[ "$(rc where)" = 0 ] && said where "^backends: mock, replay: yes; linux: no: the msr driver is not loaded \(no .*/nomsr/dev/cpu/0/msr\): run modprobe msr; perf: no: the kernel has no uncore PMUs \(no .*/nomsr/sys/bus/event_source/devices/uncore_\*\): .*; hw: no \(upmon\.efi's, under UEFI\)$" &&
	pass host/info_names_backends_here || fail host/info_names_backends_here "$(grep -A2 '^backends' "$WORK/where.out" | head -3)"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["backends_here"].startswith("mock, replay: yes; linux: no: the msr driver is not loaded"), d["backends_here"]' \
	"$WORK/$(last_run res)/results.json" 2>/dev/null && pass host/info_backends_here_in_results ||
	fail host/info_backends_here_in_results "$(grep -o '"backends_here": "[^"]*"' "$WORK"/res/*-info*/results.json | tail -1)"

# check --against perf: the kernel's perf as a second opinion on memory traffic.
# Anything but --backend linux, or another value, is one line before anything runs.
run perfmock --backend mock --platform skl --out res check --quick --against perf
expect perfmock host/against_perf_needs_the_linux_backend 4 \
	'^upmon: error: check: --against perf needs --backend linux: perf counts this machine.s own memory controllers, which only the Linux backend.s count is of \(upmon --backend linux check --against perf\)$'
run perfnope --backend mock --platform skl --out res check --quick --against pcm
expect perfnope host/against_takes_perf 4 "^upmon: error: check: --against takes perf .*, not 'pcm'$"
# No uncore_imc PMU in the sysroot's event_source tree: refused before any register.
was=$(snap "$SR")
lx perfnone check --quick --against perf
if [ "$(rc perfnone)" = 4 ] && [ "$(snap "$SR")" = "$was" ] &&
	grep -qE '^upmon: error: check: --against perf: the kernel has no uncore_imc PMUs \(no .*/sr/sys/bus/event_source/devices/uncore_imc_N\): its uncore driver is not loaded \(modprobe intel_uncore\) or does not know this processor, or this is a virtual machine; nothing was touched$' "$WORK/perfnone.out" &&
	! grep -q '^check: \[1/2\]' "$WORK/perfnone.out"; then
	pass host/against_perf_without_pmus_refused_untouched
else
	fail host/against_perf_without_pmus_refused_untouched "status $(rc perfnone): $(grep error "$WORK/perfnone.out")"
fi
# The Skylake client IMC's aliases (Linux uncore_snb.c: data_reads and data_writes,
# 6.103515625e-5 MiB) on a PMU the kernel has: its type made the software PMU's (1,
# cpu-clock at config 0), so that the open, start, stop and read run on this kernel.
PERF=$WORK/perf
cp -a "$SR" "$PERF"
imc=$PERF/sys/bus/event_source/devices/uncore_imc
mkdir -p "$imc/format" "$imc/events"
echo 1 >"$imc/type"
echo 0 >"$imc/cpumask"
echo config:0-63 >"$imc/format/event"
for a in data_reads data_writes; do
	echo event=0x0 >"$imc/events/$a"
	echo 6.103515625e-5 >"$imc/events/$a.scale"
	echo MiB >"$imc/events/$a.unit"
done
was=$(snap "$PERF")
UPMON_SYSROOT=$PERF run perfran --backend linux --out res check --quick --against perf
v=$WORK/$(last_run res)/verdicts.csv
if [ "$(rc perfran)" -le 2 ] && grep -q '^check: kernel read once more, counted by the kernel.s perf$' "$WORK/perfran.out" &&
	grep -q '^check: kernel ntwrite once more, counted by the kernel.s perf$' "$WORK/perfran.out" &&
	grep -qE ',0,imc,,perf\.read,N/A,"not judged: upmon counted 0, too few to hold to 5% \(give a larger --size\); perf uncore_imc/data_reads/ [0-9.]+ MiB"' "$v" &&
	grep -qE ',0,imc,,perf\.write,N/A,"not judged: upmon counted 0, .*; perf uncore_imc/data_writes/ [0-9.]+ MiB"' "$v" &&
	[ "$(snap "$PERF")" = "$was" ]; then
	pass host/against_perf_counts_through_the_kernel
else
	fail host/against_perf_counts_through_the_kernel "status $(rc perfran): $(grep perf "$v" 2>/dev/null | head -2)"
fi
# An alias whose terms the PMU's format does not have: named, before any register.
echo event=0x0,umask=0x1 >"$imc/events/data_reads"
UPMON_SYSROOT=$PERF run perfterm --backend linux --out res check --quick --against perf
expect perfterm host/against_perf_encoding_refused 4 \
	"^upmon: error: check: --against perf: perf PMU uncore_imc has no term 'umask' \(its format has: event\); nothing was touched$"

# --backend perf: the same specs counted through the kernel's uncore PMUs, no register
# touched. The sysroot's uncore_cbox_0..2 carry the software PMU's type (1) and put the
# event code and unit mask in config2, which that PMU does not read: each opens the
# kernel's cpu-clock, so the open, start, stop and read run on this kernel and each count
# is the nanoseconds its counter ran.
PF=$WORK/pf
cp -a "$SR" "$PF"
for i in 0 1 2; do
	p=$PF/sys/bus/event_source/devices/uncore_cbox_$i
	mkdir -p "$p/format"
	echo 1 >"$p/type"
	echo 0 >"$p/cpumask"
	echo config2:0-7 >"$p/format/event"
	echo config2:8-15 >"$p/format/umask"
done
# The fixed and free-running counters are perf's aliases (uncore_snb.c): Skylake's uncore
# clock is the cbox PMU's clockticks, the client IMC's data_reads and data_writes its own.
mkdir -p "$PF/sys/bus/event_source/devices/uncore_cbox_0/events"
echo event=0xff >"$PF/sys/bus/event_source/devices/uncore_cbox_0/events/clockticks"
imc=$PF/sys/bus/event_source/devices/uncore_imc
mkdir -p "$imc/format" "$imc/events"
echo 1 >"$imc/type"
echo 0 >"$imc/cpumask"
echo config2:0-7 >"$imc/format/event"
echo event=0x01 >"$imc/events/data_reads"
echo event=0x02 >"$imc/events/data_writes"
pf() { local name=$1; shift; UPMON_SYSROOT=$PF run "$name" --backend perf --out res "$@"; }
was=$(snap "$PF")
pf perfrun run --events cbo/CACHE_LOOKUP.ANY_M/ --seconds 0.05 --per-box
csv=$WORK/$(last_run res)/counters.csv
# counters.csv: run,backend,dry_run,socket,box,instance,counter,pass,event,...,delta (13),status (14);
# each of cbo0..2 counted the 50 ms (cpu-clock, in nanoseconds: 45,000,000 at least).
rows=$(awk -F, '$2 == "perf" && $5 == "cbo" && $9 == "CACHE_LOOKUP.ANY_M" && $13 + 0 >= 45000000 && $14 == "ok"' "$csv" 2>/dev/null | wc -l)
if [ "$(rc perfrun)" = 0 ] && [ "$(snap "$PF")" = "$was" ] && [ "$rows" -ge 3 ] &&
	said perfrun '^upmon: note: --backend perf counts through the kernel.s uncore PMUs \(uncore_.*\): counts only, no register is read or written' &&
	grep -q '^identity: platform skl, backend perf$' "$WORK/perfrun.out"; then
	pass host/backend_perf_counts_through_the_kernel
else
	fail host/backend_perf_counts_through_the_kernel "status $(rc perfrun), $rows rows: $(tail -5 "$WORK/perfrun.out" | tr '\n' ' ')"
fi
# cbo3 has no PMU in the kernel and no spec names it: perf's PMUs are the instances there are.
instances=$(awk -F, '$2 == "perf" && $5 == "cbo" { print $6 }' "$csv" 2>/dev/null | sort -u | tr '\n' ' ')
[ "$instances" = "0 1 2 " ] && pass host/backend_perf_instances_are_the_kernels ||
	fail host/backend_perf_instances_are_the_kernels "instances counted: '$instances', expected 0 1 2"
# run --interval through perf: each sample the kernel's running totals, read as they run.
pf perfint run --events cbo/CACHE_LOOKUP.ANY_M/,ncu/UCLK/ --interval 100 --count 3
icsv=$WORK/$(last_run res)/interval.csv
# interval.csv: run,backend,...,kind (6),socket,box (8),instance,spec,count (11),...,status (13):
# every sample's count of cpu-clock over its 100 ms window, 90,000,000 ns at least.
n=$(awk -F, '$2 == "perf" && $6 == "count" && ($8 == "cbo" || $8 == "ncu") && $11 + 0 >= 90000000 && $13 == "ok"' "$icsv" 2>/dev/null | wc -l)
if [ "$(rc perfint)" = 0 ] && [ "$n" = 12 ] && said perfint '^run: socket 0 read by perf$' &&
	said perfint '^run: 3 samples \(3 kept\); each sample: 4 perf reads, '; then
	pass host/backend_perf_interval_samples_running_totals
else
	fail host/backend_perf_interval_samples_running_totals "status $(rc perfint), $n of 12 rows: $(tail -3 "$WORK/perfint.out" | tr '\n' ' ')"
fi
# A spec naming an instance the kernel lacks: a finding with its cause.
pf perfabsent run --events cbo3/CACHE_LOOKUP.ANY_M/ --seconds 0.01
said perfabsent 'the kernel has no perf PMU uncore_cbox_3 counting on socket 0' &&
	pass host/backend_perf_missing_pmu_named || fail host/backend_perf_missing_pmu_named "$(tail -4 "$WORK/perfabsent.out" | tr '\n' ' ')"
# A fixed and a free-running counter: perf's aliases, read from the PMU's events/ (the
# uncore clock on uncore_cbox_0, the IMC's data_reads on uncore_imc).
pf perffixed run --events ncu/UCLK/,imc/DRAM_DATA_READS/ --seconds 0.05
csv=$WORK/$(last_run res)/counters.csv
if [ "$(rc perffixed)" = 0 ] && awk -F, '$5 == "ncu" && $13 + 0 >= 45000000 && $14 == "ok" { a = 1 } $5 == "imc" && $13 + 0 >= 45000000 && $14 == "ok" { b = 1 } END { exit !(a && b) }' "$csv"; then
	pass host/backend_perf_fixed_and_free_running_counters_by_alias
else
	fail host/backend_perf_fixed_and_free_running_counters_by_alias "status $(rc perffixed): $(tail -4 "$WORK/perffixed.out" | tr '\n' ' ')"
fi
pf perfself selftest
expect perfself host/backend_perf_selftest_refused 4 \
	'^upmon: error: selftest: --backend perf counts through the kernel and touches no register, and the self-test tests registers: use --backend linux for it \(check --backend perf judges the kernels. counts, the self-test N/A\)$'
# check through perf: the self-test and the restore N/A with the reason, every role
# counted (the uncore clock and memory by perf's aliases) and judged; nothing touched.
was=$(snap "$PF")
pf perfcheck check --quick
v=$WORK/$(last_run res)/verdicts.csv
na() { grep -qE ",$1,,$2,N/A,\"?$3" "$v"; }
if [ "$(rc perfcheck)" -le 3 ] && [ "$(snap "$PF")" = "$was" ] &&
	na 0,pmu selftest 'not run: --backend perf counts through the kernel and touches no register' &&
	na 0,pmu restore 'not run: --backend perf writes no register' &&
	grep -qE ',0,ncu,,uclk,(PASS|WARN|FAIL),' "$v" && grep -qE ',0,imc,,memory\.read,(PASS|WARN|FAIL),' "$v" &&
	[ "$(grep -c ',uclk,' "$v")" = 1 ] && grep -qE ',0,cbo,,llc\.hits,(PASS|WARN|FAIL),' "$v"; then
	pass host/backend_perf_check_judges_what_perf_counts
else
	fail host/backend_perf_check_judges_what_perf_counts "status $(rc perfcheck): $(cut -d, -f5-9 "$v" 2>/dev/null | tr '\n' ' ' | head -c 400)"
fi
UPMON_SYSROOT=$PF run perftrace --backend perf --trace t.tsv --out res run --events cbo/CACHE_LOOKUP.ANY_M/ --seconds 0.01
expect perftrace host/backend_perf_trace_refused 4 '^upmon: error: --backend perf: --trace records register accesses, and perf.s counts are the kernel.s: leave it out, or trace --backend linux$'
# No uncore PMU at all: refused before anything.
UPMON_SYSROOT=$SR run perfnopmu --backend perf --out res run --events cbo/CACHE_LOOKUP.ANY_M/ --seconds 0.01
expect perfnopmu host/backend_perf_without_pmus_refused 4 \
	'^upmon: error: --backend perf: the kernel has no uncore PMUs \(no .*/sr/sys/bus/event_source/devices/uncore_\*\): its uncore driver is not loaded \(modprobe intel_uncore\) or does not know this processor, or this is a virtual machine; nothing was touched$'
# info names perf among the backends that can run here when the kernel has uncore PMUs.
UPMON_SYSROOT=$PF run perfwhere --backend mock --platform skl --out res info
said perfwhere '^backends: mock, replay: yes; linux: yes; perf: yes \(counts only\); hw: no' &&
	pass host/info_names_perf_backend || fail host/info_names_perf_backend "$(grep -A2 '^backends' "$WORK/perfwhere.out" | head -3)"

# A box the kernel's perf (or another tool) counts on: Skylake's C-Box 0 counter control
# (MSR 0x700) found with its enable bit (22) set. Read before anything is written, refused
# in one line naming perf's PMU for it, nothing written.
BUSY=$WORK/busy
cp -a "$SR" "$BUSY"
python3 -c 'import struct, sys; f = open(sys.argv[1], "r+b"); f.seek(0x700); f.write(struct.pack("<Q", 0x400034))' "$BUSY/dev/cpu/0/msr"
was=$(snap "$BUSY")
UPMON_SYSROOT=$BUSY run busy --backend linux --out res run --events cbo/CLOCKTICKS/,cbo/CACHE_LOOKUP.ANY_M/ --seconds 0.01
if [ "$(rc busy)" -ge 2 ] && [ "$(snap "$BUSY")" = "$was" ] &&
	said busy 'socket 0 cbo0 is counting already: its counter control 0x700 reads 0x400034, enable set \(perf.s PMU uncore_cbox_0, or another tool\): counting beside it spoils both counts; stop it \(perf, pcm\) and run again \(a count a killed tool left running clears at the next boot\); nothing was written'; then
	pass host/linux_backend_box_in_use_refused
else
	fail host/linux_backend_box_in_use_refused "status $(rc busy): $(grep -v '^identity' "$WORK/busy.out" | head -5 | tr '\n' ' ')"
fi
# A Linux run's trace, the in-use scan's reads included, replays without diverging.
lx runtraced --trace "$WORK/linux_run.tsv" run --events cbo/CACHE_LOOKUP.ANY_M/ --seconds 0.01
run runreplayed --backend "replay:$WORK/linux_run.tsv" --out res run --events cbo/CACHE_LOOKUP.ANY_M/ --seconds 0.01
expect runreplayed host/linux_backend_run_trace_replays 0 '^result: run OK: each of 4 counts has a number$'
