#!/bin/bash
# Boots a upmon disk image in QEMU (q35, TCG, OVMF, 2 sockets x 2 cores) with the
# console on this terminal, and exits with upmon's status:
#
#   tools/qemu-run.sh IMAGE [TIMEOUT_SECONDS]     (default 120)
#
#   0-63  upmon's exit status: from isa-debug-exit (`--end qemu-exit`, QEMU exits with
#         (status << 1) | 1), or from the "upmon exit status N" line a shell script
#         prints before `reset -s`
#   123   stopped: the console showed UPMON_QEMU_UNTIL (QEMU killed)
#   124   timeout: upmon or the firmware did not finish (QEMU killed)
#   125   QEMU powered off without reporting a status
#   126   QEMU failed
#
# The console is also saved, without terminal escapes, to ${UPMON_LOG:-IMAGE.log}
# (raw copy in .raw). Environment:
#   UPMON_READONLY=1   attach the disk read-only (virtio: QEMU's AHCI disks cannot be)
#   UPMON_QEMU_CPU     the -cpu model (default: an Intel family 6 model, see below)
#   UPMON_QEMU_EXTRA   more QEMU arguments, split at spaces (e.g. -numa for an SRAT)
#   UPMON_QEMU_SMP     the -smp topology (default 4,sockets=2,cores=2; e.g. 4,sockets=4,cores=1)
#   UPMON_QEMU_SMBIOS  SMBIOS fields for the firmware's tables, one -smbios argument per
#                      ';'-separated item, spaces kept (e.g.
#                      "type=1,manufacturer=Lab Rig Co,serial=LAB-0042")
#   UPMON_QEMU_MACHINE q35 (default: PCIe, ACPI MCFG) or pc (i440FX: no MCFG table)
#   UPMON_QEMU_STDIN=1 connect this terminal's input to the console (for `--end key`);
#                      otherwise the console gets one key, which skips the shell's
#                      startup.nsh countdown
#   UPMON_QEMU_ENTER   ';'-separated extended regexes: Enter is pressed once for each, in
#                      order, when the console shows it (a dialog to dismiss), instead of
#                      the key for the shell's countdown
#   UPMON_QEMU_UNTIL   an extended regex: QEMU is stopped once the console shows it (exit
#                      123), for firmware that would wait for ever (a boot menu)
#   UPMON_QEMU_SECURE_BOOT=1  Secure Boot on with Microsoft's keys enrolled: OVMF's
#                      OVMF_CODE_4M.ms.fd with a fresh copy of OVMF_VARS_4M.ms.fd as the
#                      machine's variables (flash, SMM on as that firmware requires); one
#                      processor unless UPMON_QEMU_SMP says otherwise (that firmware's SMM
#                      under TCG did not reach its boot manager in minutes with four)
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/shell_status.bash" # shell_exit_status

for need in qemu-system-x86_64:qemu-system-x86 timeout:coreutils; do
	command -v "${need%%:*}" >/dev/null 2>&1 ||
		{ echo "$0: ${need%%:*} missing (apt-get install ${need#*:})" >&2; exit 126; }
done

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 IMAGE [TIMEOUT_SECONDS]" >&2
	exit 126
fi
image=$1
limit=${2:-120}
log=${UPMON_LOG:-${image%.img}.log}
OVMF=${OVMF:-/usr/share/ovmf/OVMF.fd}
# An Intel family 6 processor that no upmon platform map claims (model 0x3A, Ivy
# Bridge client), built on qemu64 so that TCG emulates every feature it announces.
CPU=${UPMON_QEMU_CPU:-qemu64,vendor=GenuineIntel,family=6,model=58,stepping=9}

[ -f "$image" ] || { echo "$0: $image: no such file" >&2; exit 126; }
[ -f "$OVMF" ] || { echo "$0: $OVMF missing (apt-get install ovmf)" >&2; exit 126; }
OVMF_SB_CODE=${OVMF_SB_CODE:-/usr/share/OVMF/OVMF_CODE_4M.ms.fd}
OVMF_SB_VARS=${OVMF_SB_VARS:-/usr/share/OVMF/OVMF_VARS_4M.ms.fd}
if [ "${UPMON_QEMU_SECURE_BOOT:-0}" = 1 ]; then
	for f in "$OVMF_SB_CODE" "$OVMF_SB_VARS"; do
		[ -f "$f" ] || { echo "$0: $f missing (apt-get install ovmf)" >&2; exit 126; }
	done
fi

if [ "${UPMON_READONLY:-0}" = 1 ]; then
	disk=(-drive "file=$image,format=raw,if=none,id=disk0,readonly=on"
	      -device virtio-blk-pci,drive=disk0)
else
	disk=(-drive "file=$image,format=raw,if=none,id=disk0" -device ide-hd,drive=disk0,bus=ide.0)
fi

# Console input. By default a helper presses space once the shell's startup.nsh
# countdown appears (5 s -> about 1 s) and types nothing else.
work=$(mktemp -d)
feeder=
cleanup() {
	[ -n "$feeder" ] && kill "$feeder" 2>/dev/null
	[ -n "${watcher:-}" ] && kill "$watcher" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
: >"$log.raw"
if [ "${UPMON_QEMU_STDIN:-0}" = 1 ]; then
	stdin=/dev/stdin
else
	stdin=$work/console-in
	mkfifo "$stdin"
	(
		exec >"$stdin"
		if [ -n "${UPMON_QEMU_ENTER:-}" ]; then
			IFS=';' read -ra prompts <<<"$UPMON_QEMU_ENTER"
			for p in "${prompts[@]}"; do
				# The raw console, escapes and all: a dialog's line is drawn in pieces.
				until sed 's/\x1b\[[0-9;?=]*[A-Za-z]//g' "$log.raw" 2>/dev/null | grep -Eq -- "$p"; do
					sleep 0.2
				done
				sleep 1 # the dialog reads keys once it is drawn
				printf '\r'
			done
		else
			while ! grep -q 'any other key to continue' "$log.raw" 2>/dev/null; do
				sleep 0.1
			done
			printf ' '
		fi
		exec sleep "$limit" # keep the console open: EOF is not a key
	) &
	feeder=$!
fi

extra=()
machine=${UPMON_QEMU_MACHINE:-q35}
firmware=(-bios "$OVMF")
if [ "${UPMON_QEMU_SECURE_BOOT:-0}" = 1 ]; then
	cp "$OVMF_SB_VARS" "$work/vars.fd"
	machine=$machine,smm=on
	UPMON_QEMU_SMP=${UPMON_QEMU_SMP:-1}
	firmware=(-global driver=cfi.pflash01,property=secure,value=on
		  -drive "if=pflash,format=raw,unit=0,readonly=on,file=$OVMF_SB_CODE"
		  -drive "if=pflash,format=raw,unit=1,file=$work/vars.fd")
fi
# UPMON_QEMU_UNTIL: a watcher stops QEMU once the console shows it.
watcher=
if [ -n "${UPMON_QEMU_UNTIL:-}" ]; then
	(
		until sed 's/\x1b\[[0-9;?=]*[A-Za-z]//g' "$log.raw" 2>/dev/null | grep -Eq -- "$UPMON_QEMU_UNTIL"; do
			sleep 0.2
		done
		touch "$work/until"
		kill -TERM "$(cat "$work/qemu.pid" 2>/dev/null)" 2>/dev/null
	) &
	watcher=$!
fi
[ -n "${UPMON_QEMU_EXTRA:-}" ] && read -ra extra <<<"$UPMON_QEMU_EXTRA"
if [ -n "${UPMON_QEMU_SMBIOS:-}" ]; then
	IFS=';' read -ra smbios <<<"$UPMON_QEMU_SMBIOS"
	for s in "${smbios[@]}"; do
		extra+=(-smbios "$s")
	done
fi

# -nodefaults: no NIC (OVMF would try PXE first) and no VGA; -serial stdio carries the
# firmware console. -no-reboot turns a reset into an exit.
timeout --kill-after=5 "$limit" qemu-system-x86_64 \
	-machine "$machine",accel=tcg -cpu "$CPU" "${firmware[@]}" \
	-smp "${UPMON_QEMU_SMP:-4,sockets=2,cores=2}" -m 512M \
	-nodefaults -display none -monitor none -no-reboot -serial stdio \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 -pidfile "$work/qemu.pid" "${extra[@]}" \
	"${disk[@]}" <"$stdin" 2>"$log.err" | tee "$log.raw"
rc=${PIPESTATUS[0]}
[ -n "$watcher" ] && kill "$watcher" 2>/dev/null

sed -e 's/\x1b\[[0-9;?=]*[A-Za-z]//g' -e 's/\x1b[()][0-9A-Za-z]//g' -e 's/\r//g' \
	"$log.raw" >"$log"
echo

# QEMU's own complaints (bad options, missing files); not its note about being killed.
qemu_errors=$(grep -v 'terminating on signal' "$log.err" 2>/dev/null)
[ -n "$qemu_errors" ] && echo "$qemu_errors" >&2
rm -f "$log.err"

if [ -e "$work/until" ]; then
	echo "qemu-run: stopped: the console showed /$UPMON_QEMU_UNTIL/ (log: $log)" >&2
	exit 123
fi
case $rc in
124 | 137)
	echo "qemu-run: timeout after ${limit}s (log: $log)" >&2
	exit 124 ;;
0)
	status=$(shell_exit_status "$log")
	if [ -n "$status" ]; then
		echo "qemu-run: upmon exit status $status (shell)" >&2
		exit $((status > 63 ? 63 : status))
	fi
	echo "qemu-run: QEMU powered off without a status (log: $log)" >&2
	exit 125 ;;
*)
	# isa-debug-exit makes every exit status odd; QEMU's own failures exit with 1 and
	# say why on stderr.
	if [ $((rc % 2)) = 1 ] && ! grep -q '^qemu-system[^:]*: [^w]' <<<"$qemu_errors"; then
		echo "qemu-run: upmon exit status $(((rc - 1) / 2)) (isa-debug-exit)" >&2
		exit $(((rc - 1) / 2))
	fi
	echo "qemu-run: QEMU exited with $rc (log: $log)" >&2
	exit 126 ;;
esac
