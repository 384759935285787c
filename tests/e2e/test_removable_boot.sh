#!/bin/bash
# Removable-media boot: firmware starts \EFI\BOOT\BOOTX64.EFI (= upmon) with no command
# line; upmon reads \upmon\upmon.cfg (`args = --backend hw info`, `end = qemu-exit`),
# runs `info`, ends the run through isa-debug-exit with status 0, and its log is on the
# image afterwards; the identity says the firmware's Secure Boot state. The shell must not
# be reached.
source "$(dirname "$0")/common.bash"
T=removable_boot
e2e_need_efi $T
printf '# e2e: removable-media boot\nargs = --backend hw info\nend = qemu-exit\n' >"$E2E_OUT/$T.cfg"
# Should the firmware fall back to its shell, this script says so and powers off.
printf '@echo -off\necho "e2e: reached the UEFI shell"\nreset -s\n' >"$E2E_OUT/$T.nsh"
img=$(e2e_image $T "$E2E_OUT/$T.nsh" "$E2E_OUT/$T.cfg") || { fail $T "image"; exit 1; }
e2e_boot "$img"

check $T.booted_bootx64 "firmware did not start the disk's boot loader" \
	log_has 'BdsDxe: starting Boot[0-9A-F]+ "UEFI QEMU HARDDISK'
check $T.qemu_exit_ok "qemu-run status $E2E_RC, not 0 (124: timeout, 125: powered off)" \
	[ "$E2E_RC" = 0 ]
check $T.ran_info "no info output on the console" \
	log_has '^pci 00:00\.0 8086:29c0 cf8=0x29c08086 ecam=0x29c08086 match'
log_saved() { img_cat "$img" "$(img_run "$img")/upmon.log" | grep -q '^platform: unsupported: family 6'; }
check $T.results_log "\\upmon\\results\\upmon.log missing or without the platform line" log_saved
# Debian's OVMF.fd supports Secure Boot and ships without keys: setup mode, read from the
# firmware's SecureBoot and SetupMode variables (core/machine/secure_boot.h).
check $T.secure_boot_identity "no 'identity: secure boot: off (... setup mode ...)' line" \
	log_said_has '^identity: secure boot: off \(SecureBoot 0, SetupMode 1: setup mode, no platform key enrolled\)$'
check $T.no_shell "the firmware fell back to the shell" \
	not_in_log 'e2e: reached the UEFI shell'
check $T.no_exception "firmware exception dump on the console" no_exception
e2e_done
