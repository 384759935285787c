#!/bin/bash
# Builds a GPT disk image with one EFI system partition (FAT32), without root.
#
#   tools/mkimage.sh [--shell-only] [--cert CERT.cer] [--shim SHIM.efi MOKMANAGER.efi]
#                    OUT.img EFI_BINARY STARTUP_NSH [CFG]
#
# The partition holds upmon.efi, startup.nsh, upmon/results/ (empty), upmon/upmon.cfg
# when CFG is given, and EFI/BOOT/BOOTX64.EFI (= upmon: firmware boots it from
# removable media and it reads \upmon\upmon.cfg). --shell-only leaves BOOTX64.EFI out,
# so that firmware falls back to the UEFI shell, which runs startup.nsh.
# Secure Boot (docs/safety.md, Secure Boot): --cert puts the lab's certificate (DER) at
# \upmon-lab.cer, for enrolment; --shim makes BOOTX64.EFI the Microsoft-signed shim, which
# starts \EFI\BOOT\grubx64.efi (= upmon, signed with the lab's key) when its key is
# enrolled and MokManager (\EFI\BOOT\mmx64.efi) when it is not. No fallback (fbx64.efi)
# goes on the stick: shim would run it first and write boot entries.
#
# The partition starts at byte 1048576 (sector 2048): mtools reach it with
# -i OUT.img@@1048576.
set -euo pipefail
PATH=$PATH:/usr/sbin:/sbin # sfdisk and mkfs.fat live there

for need in sfdisk:fdisk mkfs.fat:dosfstools mmd:mtools mcopy:mtools; do
	command -v "${need%%:*}" >/dev/null 2>&1 ||
		{ echo "$0: ${need%%:*} missing (apt-get install ${need#*:})" >&2; exit 2; }
done

shell_only=0 cert= shim= mokmanager=
while [ $# -gt 0 ]; do
	case $1 in
	--shell-only) shell_only=1; shift ;;
	--cert) cert=${2:-}; shift 2 || shift ;;
	--shim) shim=${2:-} mokmanager=${3:-}; shift 3 || shift $# ;;
	*) break ;;
	esac
done
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
	echo "usage: $0 [--shell-only] [--cert CERT.cer] [--shim SHIM.efi MOKMANAGER.efi] OUT.img EFI_BINARY STARTUP_NSH [CFG]" >&2
	exit 2
fi
out=$1 efi=$2 nsh=$3 cfg=${4:-}
if [ -n "$shim" ] && [ $shell_only = 1 ]; then
	echo "$0: --shim and --shell-only exclude each other: the shim stick boots upmon through shim, not the shell" >&2
	exit 2
fi

IMAGE_MIB=64
FIRST_SECTOR=2048 # 1 MiB alignment, as partitioning tools do
ESP_TYPE=C12A7328-F81F-11D2-BA4B-00A0C93EC93B

for f in "$efi" "$nsh" ${cfg:+"$cfg"} ${cert:+"$cert"} ${shim:+"$shim" "$mokmanager"}; do
	[ -r "$f" ] || { echo "$0: $f: cannot read" >&2; exit 2; }
done
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
img=$tmp/disk.img

truncate -s ${IMAGE_MIB}M "$img"
printf 'label: gpt\nstart=%d, type=%s, name="upmon"\n' $FIRST_SECTOR $ESP_TYPE |
	sfdisk --quiet --no-reread --no-tell-kernel "$img" >/dev/null
# The partition's size as sfdisk laid it out (the GPT backup takes the disk's end).
sectors=$(sfdisk --dump "$img" | sed -n 's/.*start= *'$FIRST_SECTOR', size= *\([0-9]*\).*/\1/p')
[ -n "$sectors" ] || { echo "$0: could not read the partition size" >&2; exit 1; }
# mkfs.fat warns that the file extends past the partition (the GPT backup): expected.
if ! mkfs.fat -F 32 -n UPMON --offset=$FIRST_SECTOR "$img" $((sectors / 2)) >"$tmp/mkfs.log" 2>&1; then
	cat "$tmp/mkfs.log" >&2
	exit 1
fi

offset=$((FIRST_SECTOR * 512))
export MTOOLS_SKIP_CHECK=1
m="$img@@$offset"
mmd -i "$m" ::/upmon ::/upmon/results
mcopy -i "$m" "$efi" ::/upmon.efi
if [ -n "$shim" ]; then
	mmd -i "$m" ::/EFI ::/EFI/BOOT
	mcopy -i "$m" "$shim" ::/EFI/BOOT/BOOTX64.EFI
	mcopy -i "$m" "$efi" ::/EFI/BOOT/grubx64.efi
	mcopy -i "$m" "$mokmanager" ::/EFI/BOOT/mmx64.efi
elif [ $shell_only = 0 ]; then
	mmd -i "$m" ::/EFI ::/EFI/BOOT
	mcopy -i "$m" "$efi" ::/EFI/BOOT/BOOTX64.EFI
fi
if [ -n "$cert" ]; then
	mcopy -i "$m" "$cert" ::/upmon-lab.cer
fi
# The shell reads ASCII scripts with either line ending; CRLF suits every editor there.
sed 's/\r*$/\r/' "$nsh" >"$tmp/startup.nsh"
mcopy -i "$m" "$tmp/startup.nsh" ::/startup.nsh
if [ -n "$cfg" ]; then
	mcopy -i "$m" "$cfg" ::/upmon/upmon.cfg
fi
mv "$img" "$out"
