#!/bin/bash
# The mark that upmon ran from the firmware (efi/boot_marker.c) lasts one boot: it keeps
# the lab's startup.nsh from running check a second time when the firmware falls back
# to its shell after upmon returned, and never reaches a later boot.
#  1. Same boot: \EFI\BOOT\BOOTX64.EFI runs info (end = return), the firmware falls back to
#     the shell, startup.nsh says upmon already ran, runs no check, deletes the mark.
#  2. Next boot: the first boot ends by end = shutdown, so no shell saw the mark; the
#     stick is then booted into the shell (BOOTX64.EFI and upmon.cfg removed, as when a
#     lab picks the shell): startup.nsh runs check. A mark kept on the stick (a file, as
#     before) made this boot skip its check.
source "$(dirname "$0")/common.bash"
T=firmware_marker_one_boot
e2e_need_efi $T
# The lab's startup.nsh, what it left of the mark, then power off so that QEMU ends.
{ cat startup.nsh; printf 'echo "e2e: mark [%%upmon_ran_from_firmware%%]"\necho "e2e: reached the UEFI shell"\nreset -s\n'; } \
	>"$E2E_OUT/$T-lab.nsh"

# 1. Same boot.
printf 'args = --backend mock --platform snbep info\nend = return\n' >"$E2E_OUT/$T-return.cfg"
img=$(e2e_image $T-same "$E2E_OUT/$T-lab.nsh" "$E2E_OUT/$T-return.cfg") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.same.ran_info "upmon did not run info from the firmware" log_has '^identity: platform snbep \(forced by --platform\), backend mock'
check $T.same.reached_shell "the firmware did not fall back to the shell" log_has '^e2e: reached the UEFI shell'
check $T.same.said_why "startup.nsh did not say that upmon already ran" \
	log_has '^upmon already ran from the firmware in this boot'
check $T.same.no_second_check "startup.nsh ran check in the same boot" not_in_log 'upmon exit status'
check $T.same.mark_deleted "startup.nsh left the mark: $(grep -a '^e2e: mark' "$E2E_LOG")" log_has '^e2e: mark \[\]$'
check $T.same.no_exception "firmware exception dump on the console" no_exception

# 2. Next boot.
printf 'args = --backend mock --platform snbep info\nend = shutdown\n' >"$E2E_OUT/$T-shutdown.cfg"
img=$(e2e_image $T-next "$E2E_OUT/$T-lab.nsh" "$E2E_OUT/$T-shutdown.cfg") || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.first.ran_info "upmon did not run info from the firmware" log_has '^identity: platform snbep \(forced by --platform\), backend mock'
check $T.first.powered_off "qemu-run status $E2E_RC, not 125 (powered off)" [ "$E2E_RC" = 125 ]
check $T.first.no_shell "the first boot reached the shell" not_in_log 'e2e: reached the UEFI shell'
mdel -i "$img@@$E2E_PART_OFFSET" ::/EFI/BOOT/BOOTX64.EFI ::/upmon/upmon.cfg || { fail $T "image"; exit 1; }
e2e_boot "$img"
check $T.second.reached_shell "the second boot did not reach the shell" log_has '^e2e: reached the UEFI shell'
check $T.second.not_skipped "startup.nsh skipped check on a later boot" not_in_log 'upmon already ran from the firmware'
check $T.second.ran_check "startup.nsh did not run check" log_has '^upmon exit status'
check $T.second.no_mark "a mark reached the second boot: $(grep -a '^e2e: mark' "$E2E_LOG")" log_has '^e2e: mark \[\]$'
check $T.second.no_exception "firmware exception dump on the console" no_exception
e2e_done
