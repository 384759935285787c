#!/bin/bash
# The repository's startup.nsh (lab default) on a disk without BOOTX64.EFI: it
# finds upmon.efi, runs it, prints the exit status and stays in the shell. The test
# then types `reset -s` at the prompt to end QEMU.
source "$(dirname "$0")/common.bash"
T=lab_startup
e2e_need_efi $T
img=$(e2e_image $T --shell-only startup.nsh) || { fail $T "image"; exit 1; }
E2E_LOG=${img%.img}.log
rm -f "$E2E_LOG.raw"
fifo=$E2E_OUT/$T.console-in
rm -f "$fifo"
mkfifo "$fifo"
# The keyboard: skip the countdown, wait for the status line and the prompt, power off.
(
	exec >"$fifo"
	wait_for() {
		for _ in $(seq 1 $((E2E_TIMEOUT * 10))); do
			grep -q "$1" "$E2E_LOG.raw" 2>/dev/null && return
			sleep 0.1
		done
	}
	wait_for 'any other key to continue'
	printf ' '
	wait_for 'upmon exit status'
	sleep 1
	printf 'reset -s\r'
	exec sleep "$E2E_TIMEOUT"
) &
keyboard=$!
UPMON_QEMU_STDIN=1 UPMON_LOG=$E2E_LOG tools/qemu-run.sh "$img" "$E2E_TIMEOUT" <"$fifo" >/dev/null 2>&1
E2E_RC=$?
kill $keyboard 2>/dev/null
rm -f "$fifo"

check $T.ran_upmon "startup.nsh did not run upmon (no status line; qemu-run $E2E_RC)" \
	log_has 'upmon exit status 0x[0-9A-Fa-f]+'
check $T.stayed_in_shell "QEMU ended before the typed reset (qemu-run $E2E_RC)" \
	log_has 'reset -s'
check $T.no_exception "firmware exception dump on the console" no_exception
e2e_done
