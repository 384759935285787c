#!/bin/bash
# The AVX kernels under OVMF ask every processor whether its AVX state is on and are
# refused, in one line naming the processor, the reason and the SSE2 twin, before any
# kernel of the run is measured (exit status 4), with --interval too. Two processors: qemu64 has no AVX
# (CPUID.01H:ECX bit 28 clear); with +avx,+xsave it has, but OVMF (Debian 12's
# 2022.11) leaves CR4.OSXSAVE clear, and upmon never sets it.
source "$(dirname "$0")/common.bash"
T=kernel_avx
e2e_need_efi $T

e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock --platform snbep \
	run --kernel read,read_avx --threads all --size 4M --iterations 2 --events imc/CAS_COUNT.RD/
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }

e2e_boot "$img"
check $T.no_avx.status "qemu-run returned $E2E_RC, not 4" [ "$E2E_RC" = 4 ]
check $T.no_avx.refused "no refusal naming CPUID bit 28 and the twin" \
	log_has '^upmon: error: run: read_avx: AVX cannot run on processor [0-9]+ \(socket [01], APIC ID 0x[0-9a-f]+\): the processor has no AVX \(CPUID\.01H:ECX bit 28 clear\); run read, its SSE2 twin'
check $T.no_avx.nothing_measured "read ran before the refusal" not_in_log 'kernel read pass 0'
check $T.no_avx.no_exception "firmware exception" no_exception

# Sampling a kernel takes the same way in: the processors are asked before its working
# set (the default, larger than QEMU's free memory) is judged. `info` runs first in the
# same boot and says so beforehand.
e2e_shell_script "$E2E_OUT/$T-interval.nsh" -- --backend mock --platform snbep \
	run --kernel copy_avx --interval 100 --count 2 --events imc/CAS_COUNT.RD/
sed -i '1a fs0:\\upmon.efi --backend mock --platform snbep info' "$E2E_OUT/$T-interval.nsh"
img=$(e2e_image $T-interval --shell-only "$E2E_OUT/$T-interval.nsh") || { fail $T "image"; exit 1; }
UPMON_QEMU_CPU="qemu64,vendor=GenuineIntel,family=6,model=58,stepping=9,+avx,+xsave" e2e_boot "$img"
check $T.osxsave_off.status "qemu-run returned $E2E_RC, not 4" [ "$E2E_RC" = 4 ]
check $T.osxsave_off.refused "no refusal naming CR4.OSXSAVE" \
	log_has '^upmon: error: run: copy_avx: AVX cannot run on processor [0-9]+ .*: the firmware left CR4\.OSXSAVE clear, so the AVX state is off \(upmon never sets it\); run copy, its SSE2 twin'
check $T.osxsave_off.info "info did not say the AVX kernels are refused for CR4.OSXSAVE" \
	log_has '^kernels: AVX usable on 0 of [1-9][0-9]* processors they run on; processor [0-9]+ .*: the firmware left CR4\.OSXSAVE clear, so the AVX state is off \(upmon never sets it\); the _avx kernels are refused, their SSE2 twins run'
check $T.osxsave_off.no_sample "a sample was taken" not_in_log '[    0.1'
check $T.osxsave_off.no_exception "firmware exception (an AVX instruction ran?)" no_exception
e2e_done
