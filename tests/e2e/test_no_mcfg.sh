#!/bin/bash
# MCFG as the firmware publishes it: on QEMU's i440FX machine OVMF has no ACPI MCFG table,
# so upmon (real hardware backend) falls back to CF8/CFC and says so, on the console and in
# upmon.log. (On q35 the ECAM path: test_info_hw.sh.)
source "$(dirname "$0")/common.bash"
T=no_mcfg
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend hw info
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
UPMON_QEMU_MACHINE=pc e2e_boot "$img"
check $T.status "qemu-run returned $E2E_RC" [ "$E2E_RC" = 0 ]
check $T.says_cf8 "no fallback line" log_has '^pci: no ACPI MCFG table: using CF8/CFC \(config offsets above 0xFF unreachable\)$'
check $T.reads_cf8 "the i440FX host bridge not read through CF8/CFC" log_has '^pci 00:00\.0 8086:1237 cf8=0x12378086$'
log_on_medium() { img_cat "$img" "$(img_run "$img")/upmon.log" | tr -d '\r' | grep -q '^pci: no ACPI MCFG table: using CF8/CFC'; }
check $T.in_log "not in upmon.log" log_on_medium
check $T.no_exception "firmware exception dump on the console" no_exception

e2e_done
