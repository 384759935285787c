#!/bin/bash
# A boot entry that carries vendor data as its OptionalData (HP's firmware-made USB
# entries: the two bytes "RC"): upmon does not take them as its command line
# (core/cli/load_options.c) but runs upmon.cfg's args, and records the bytes in hex on
# the console and in upmon.log.
#  1. A shell boot makes the entry, as firmware would: Boot0009 (an EFI_LOAD_OPTION for
#     \upmon.efi on the image's partition, OptionalData 52 43, built here) and BootNext,
#     written with the shell's setvar; the machine's variables are a flash file kept for
#     the next boot (OVMF_CODE_4M.fd with a copy of OVMF_VARS_4M.fd: a pflash drive, which
#     QEMU takes instead of -bios).
#  2. The next boot starts that entry: upmon says the LoadOptions were ignored, with
#     their bytes, and runs info on the mock as upmon.cfg says, then powers off.
source "$(dirname "$0")/common.bash"
T=vendor_load_options
e2e_need_efi $T
OVMF_CODE=${OVMF_CODE:-/usr/share/OVMF/OVMF_CODE_4M.fd}
OVMF_VARS=${OVMF_VARS:-/usr/share/OVMF/OVMF_VARS_4M.fd}
for f in "$OVMF_CODE" "$OVMF_VARS"; do
	[ -f "$f" ] || { fail $T "$f missing (apt-get install ovmf)"; exit 1; }
done
vars=$E2E_OUT/$T-vars.fd
cp "$OVMF_VARS" "$vars" || { fail $T "vars"; exit 1; }
export UPMON_QEMU_EXTRA="-drive if=pflash,format=raw,unit=0,readonly=on,file=$OVMF_CODE -drive if=pflash,format=raw,unit=1,file=$vars"

# 1. The entry, made from the shell (no BOOTX64.EFI: the firmware falls back to it).
printf 'args = --backend mock --platform snbep info\nend = shutdown\n' >"$E2E_OUT/$T.cfg"
printf '@echo -off\necho "e2e: placeholder"\n' >"$E2E_OUT/$T.nsh"
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh" "$E2E_OUT/$T.cfg") || { fail $T "image"; exit 1; }
# The partition as the firmware's device path names it (tools/mkimage.sh: GPT, partition 1).
part=$(PATH=$PATH:/usr/sbin:/sbin sfdisk --dump "$img" | sed -n 's/.*start= *\([0-9]*\), size= *\([0-9]*\),.*uuid=\([0-9A-Fa-f-]*\).*/\3 \1 \2/p')
# EFI_LOAD_OPTION (UEFI 2.10, 3.1.3): attributes (active), the file path list's length,
# the description, HD(1,GPT,uuid,start,size)/\upmon.efi, end, then the OptionalData.
load_option=$(python3 - $part <<'PY'
import struct, sys, uuid
part, start, size = sys.argv[1:4]
hd = struct.pack('<BBHIQQ', 4, 1, 42, 1, int(start), int(size)) + uuid.UUID(part).bytes_le + bytes([2, 2])
name = '\\upmon.efi\0'.encode('utf-16-le')
paths = hd + struct.pack('<BBH', 4, 4, 4 + len(name)) + name + bytes([0x7f, 0xff, 4, 0])
entry = struct.pack('<IH', 1, len(paths)) + 'upmon vendor entry\0'.encode('utf-16-le') + paths + b'RC'
print(entry.hex().upper())
PY
) || { fail $T "load option"; exit 1; }
global=8BE4DF61-93CA-11D2-AA0D-00E098032B8C
printf '@echo -off\nsetvar Boot0009 -guid %s -bs -rt -nv =%s\nsetvar BootNext -guid %s -bs -rt -nv =0900\necho "e2e: entry made"\nreset -s\n' \
	$global "$load_option" $global >"$E2E_OUT/$T.nsh"
mcopy -o -i "$img@@$E2E_PART_OFFSET" "$E2E_OUT/$T.nsh" ::/startup.nsh || { fail $T "image"; exit 1; }
e2e_boot "$img"
cp "$E2E_LOG" "$E2E_OUT/$T-make.log"
check $T.entry_made "the shell did not make the boot entry" log_has '^e2e: entry made'
check $T.setvar_ok "setvar refused the entry: $(grep -a 'setvar' "$E2E_LOG" | head -n 2)" not_in_log 'setvar:'

# 2. The entry boots upmon with LoadOptions 52 43.
e2e_boot "$img"
check $T.started_entry "the firmware did not start the entry" log_has 'BdsDxe: starting Boot[0-9A-F]+ "upmon vendor entry"'
check $T.said_ignored "no line recording the ignored LoadOptions" \
	log_has "^upmon: the boot entry's LoadOptions were ignored \(not printable ASCII text\), so \\\\upmon\\\\upmon.cfg's args apply; 2 bytes: 52 43$"
check $T.ran_cfg_args "upmon.cfg's args did not run (info on the mock)" \
	log_has '^identity: platform snbep \(forced by --platform\), backend mock'
check $T.no_usage_error "the LoadOptions were taken as a command" not_in_log 'unknown command'
log_saved() {
	img_cat "$img" "$(img_run "$img")/upmon.log" | tr -d '\r' |
		grep -q "^upmon: the boot entry's LoadOptions were ignored (not printable ASCII text), .*; 2 bytes: 52 43$"
}
check $T.in_upmon_log "upmon.log lacks the line" log_saved
check $T.powered_off "qemu-run status $E2E_RC, not 125 (powered off)" [ "$E2E_RC" = 125 ]
check $T.no_exception "firmware exception dump on the console" no_exception
e2e_done
