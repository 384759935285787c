#!/bin/bash
# The UEFI shell path reports upmon's exact exit status: a usage error must show as
# %lasterror% 0x4 (UPM_EXIT_USAGE) and come out of tools/qemu-run.sh as 4.
source "$(dirname "$0")/common.bash"
T=shell_status
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --no-such-option
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"

check $T.lasterror "the shell did not print 'upmon exit status 0x4'" \
	log_has '^upmon exit status 0x4$'
check $T.qemu_run_status "tools/qemu-run.sh returned $E2E_RC, not 4" [ "$E2E_RC" = 4 ]
no_efi_dir() { ! img_ls "$img" /EFI >/dev/null 2>&1; }
check $T.no_bootx64 "the image has an EFI/ folder (BOOTX64.EFI would boot first)" no_efi_dir
e2e_done
