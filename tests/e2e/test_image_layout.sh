#!/bin/bash
# tools/mkimage.sh: a 64 MiB GPT disk with one EFI system partition (FAT32) at sector
# 2048 holding EFI/BOOT/BOOTX64.EFI = upmon.efi, startup.nsh (CRLF), an empty
# upmon/results and upmon/upmon.cfg. No QEMU.
source "$(dirname "$0")/common.bash"
T=image_layout
e2e_need_efi $T
printf 'end = shutdown\n' >"$E2E_OUT/$T.cfg"
img=$(e2e_image $T startup.nsh "$E2E_OUT/$T.cfg") || { fail $T "image"; exit 1; }

gpt_esp() {
	local dump
	dump=$(PATH=$PATH:/usr/sbin:/sbin sfdisk --dump "$img") || return 1
	grep -q '^label: gpt' <<<"$dump" &&
		[ "$(grep -c '^[^ ]*img[0-9]* :' <<<"$dump")" = 1 ] &&
		grep -Eq 'start= *2048,.*type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B' <<<"$dump"
}
fat32() { dd if="$img" bs=512 skip=2048 count=1 2>/dev/null | grep -aq 'FAT32   '; }
same_binary() { cmp -s <(img_cat "$img" "$1") "$UPMON_EFI"; }
crlf_script() { img_cat "$img" /startup.nsh | head -n 1 | grep -q $'\r$'; }
empty_results() { img_ls "$img" /upmon/results >"$E2E_OUT/$T.ls" && [ ! -s "$E2E_OUT/$T.ls" ]; }
cfg_copied() { [ "$(img_cat "$img" /upmon/upmon.cfg)" = 'end = shutdown' ]; }

check $T.gpt_esp "not a GPT disk with one EFI system partition at sector 2048" gpt_esp
check $T.fat32 "the partition is not FAT32" fat32
check $T.bootx64 "EFI/BOOT/BOOTX64.EFI differs from upmon.efi" same_binary /EFI/BOOT/BOOTX64.EFI
check $T.upmon_efi "upmon.efi differs from the build" same_binary /upmon.efi
check $T.startup_crlf "startup.nsh missing or not CRLF" crlf_script
check $T.results_empty "upmon/results missing or not empty" empty_results
check $T.cfg "upmon/upmon.cfg differs" cfg_copied
check $T.size "image is not 64 MiB" [ "$(stat -c %s "$img")" = $((64 << 20)) ]
e2e_done
