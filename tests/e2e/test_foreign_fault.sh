#!/bin/bash
# A fault that is not upmon's (a bug, or the firmware's) resets the machine rather than
# freezing it: `fault-probe --unguarded` makes a load outside the guard on the bootstrap
# processor, and the handler writes the FADT's reset register (on q35 I/O 0xCF9; efi/guard.c).
# QEMU runs with -no-reboot, so the reset ends it; the watchdog, armed for 600 s, is far
# beyond the test's time limit, so only the reset register can have ended it in time.
source "$(dirname "$0")/common.bash"
T=foreign_fault
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend hw fault-probe --unguarded
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"

check $T.faulted "no 'fault-probe: unguarded load' line" \
	log_has '^fault-probe: unguarded load from 0x8000000000000000: the machine resets now$'
check $T.reset "QEMU did not end by a reset (qemu-run status $E2E_RC; 124 is a hang)" [ "$E2E_RC" = 125 ]
no_status() { ! log_has '^upmon exit status '; }
check $T.did_not_return "upmon returned to the shell after an unguarded fault" no_status
check $T.no_exception "firmware exception dump on the console" no_exception
e2e_done
