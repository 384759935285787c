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
#  3. A boot entry made for upmon (Boot000A, first in BootOrder, its OptionalData the UCS-2
#     text "upmon.efi --backend mock --platform snbep version", as efibootmgr -u writes
#     it) is still the command line: version runs, nothing is said ignored.
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
# entry NUMBER-HEX OPTIONAL-DATA-HEX: an EFI_LOAD_OPTION (UEFI 2.10, 3.1.3) in hex:
# attributes (active), the file path list's length, the description,
# HD(1,GPT,uuid,start,size)/\upmon.efi, end, then the OptionalData.
entry() {
	python3 - $part "$@" <<'PY'
import struct, sys, uuid
part, start, size, number, data = sys.argv[1:6]
hd = struct.pack('<BBHIQQ', 4, 1, 42, 1, int(start), int(size)) + uuid.UUID(part).bytes_le + bytes([2, 2])
name = '\\upmon.efi\0'.encode('utf-16-le')
paths = hd + struct.pack('<BBH', 4, 4, 4 + len(name)) + name + bytes([0x7f, 0xff, 4, 0])
desc = 'upmon entry %s\0' % number
print((struct.pack('<IH', 1, len(paths)) + desc.encode('utf-16-le') + paths + bytes.fromhex(data)).hex().upper())
PY
}
rc_entry=$(entry 0009 5243) || { fail $T "load option"; exit 1; }
text=$(printf 'upmon.efi --backend mock --platform snbep version\0' | iconv -f ASCII -t UTF-16LE | od -An -tx1 | tr -d ' \n')
text_entry=$(entry 000A "$text") || { fail $T "load option"; exit 1; }
global=8BE4DF61-93CA-11D2-AA0D-00E098032B8C
{
	printf '@echo -off\n'
	printf 'setvar Boot0009 -guid %s -bs -rt -nv =%s\n' $global "$rc_entry"
	printf 'setvar Boot000A -guid %s -bs -rt -nv =%s\n' $global "$text_entry"
	printf 'setvar BootOrder -guid %s -bs -rt -nv =0A00\n' $global
	printf 'setvar BootNext -guid %s -bs -rt -nv =0900\n' $global
	printf 'echo "e2e: entry made"\nreset -s\n'
} >"$E2E_OUT/$T.nsh"
mcopy -o -i "$img@@$E2E_PART_OFFSET" "$E2E_OUT/$T.nsh" ::/startup.nsh || { fail $T "image"; exit 1; }
e2e_boot "$img"
cp "$E2E_LOG" "$E2E_OUT/$T-make.log"
check $T.entry_made "the shell did not make the boot entry" log_has '^e2e: entry made'
check $T.setvar_ok "setvar refused the entry: $(grep -a 'setvar' "$E2E_LOG" | head -n 2)" not_in_log 'setvar:'

# 2. The entry boots upmon with LoadOptions 52 43.
e2e_boot "$img"
check $T.started_entry "the firmware did not start the entry" log_has 'BdsDxe: starting Boot0009 "upmon entry 0009"'
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

# 3. The entry made for upmon: its text is the command line.
e2e_boot "$img"
check $T.text.started_entry "the firmware did not start the entry" log_has 'BdsDxe: starting Boot000A "upmon entry 000A"'
check $T.text.ran_version "the entry's command line did not run (version)" log_has '^upmon [0-9.]+ \(revision '
check $T.text.not_ignored "the entry's text was ignored" not_in_log 'LoadOptions were ignored'
check $T.text.powered_off "qemu-run status $E2E_RC, not 125 (powered off)" [ "$E2E_RC" = 125 ]
e2e_done
