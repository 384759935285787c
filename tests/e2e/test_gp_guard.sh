#!/bin/bash
# The #GP guard: `fault-probe` makes a load from a non-canonical address and (under a
# hypervisor) a WRMSR of IA32_PKRS with bit 32 set, both of which raise #GP under
# QEMU; each must come back as EFAULT and upmon must go on.
source "$(dirname "$0")/common.bash"
T=gp_guard
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend hw fault-probe
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"

check $T.mmio "no 'fault-probe: mmio EFAULT'" log_has '^fault-probe: mmio EFAULT'
check $T.wrmsr "no 'fault-probe: wrmsr EFAULT'" log_has '^fault-probe: wrmsr EFAULT'
check $T.survived "no 'fault-probe: survived'" log_has '^fault-probe: survived'
check $T.no_exception "firmware exception dump on the console" no_exception
check $T.returned "upmon did not return to the shell (qemu-run status $E2E_RC)" \
	log_has '^upmon exit status '
e2e_done
