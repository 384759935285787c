#!/bin/bash
# A write-protected boot medium must never hang upmon: it runs, writing the results
# fails (EFI_WRITE_PROTECTED: said as such, with what to do), and the shell gets an exit
# status that is not success.
source "$(dirname "$0")/common.bash"
T=readonly_medium
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend hw info
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
UPMON_READONLY=1 e2e_boot "$img"

check $T.finished "no exit status (qemu-run status $E2E_RC)" log_has '^upmon exit status '
check $T.not_success "a failed results write passed as success" \
	rc_between 1 63
check $T.ran_info "info did not run" log_has '^pci 00:00\.0 8086:29c0'
check $T.said "the write-protected medium not said as such" \
	log_has '^upmon: error: cannot create the results folder /upmon/results/[^ ]+ \(EROFS\): the medium is write-protected; the results are on the console only: turn the medium.s write protection off, or give --out a folder on another one'
check $T.no_exception "firmware exception dump on the console" no_exception
# The directory must still be readable, and empty.
results_empty() { img_ls "$img" /upmon/results >"$E2E_OUT/$T.ls" && [ ! -s "$E2E_OUT/$T.ls" ]; }
check $T.unchanged "\\upmon\\results unreadable or not empty on the read-only image" results_empty
e2e_done
