#!/bin/bash
# A full boot medium (its FAT partition filled to the last cluster): the real upmon.efi
# under OVMF runs, every results write fails (EFI_VOLUME_FULL), the error and the unsaved
# results are on the console, nothing partial is left in \upmon\results, and the shell
# gets a status that is not success. (test_readonly_medium.sh does the write-protected case.)
source "$(dirname "$0")/common.bash"
T=full_medium
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend mock --platform snbep run --per-box --seconds 0.1 --events cbo0/CLOCKTICKS/
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
m="$img@@$E2E_PART_OFFSET"
free=$(mdir -i "$m" ::/ | sed -n 's/^ *\([0-9 ]*\) bytes free.*/\1/p' | tr -d ' ')
if [ -z "$free" ] || ! head -c "$free" /dev/zero >"$E2E_OUT/$T.filler" ||
	! mcopy -i "$m" "$E2E_OUT/$T.filler" ::/filler; then
	fail $T "could not fill the image ($free bytes free)"
	exit 1
fi
rm -f "$E2E_OUT/$T.filler"
left=$(mdir -i "$m" ::/ | sed -n 's/^ *\([0-9 ]*\) bytes free.*/\1/p' | tr -d ' ')
check $T.filled "the image still has $left bytes free" [ "${left:-1}" = 0 ]
e2e_boot "$img"

check $T.finished "no exit status (qemu-run status $E2E_RC)" log_has '^upmon exit status '
check $T.status_4 "exit status $E2E_RC, expected 4" [ "$E2E_RC" = 4 ]
check $T.error "no media error on the console" \
	log_has '^upmon: error: cannot (create the results folder|write) /upmon/results/[0-9]{8}-[0-9]{6}-[^ ]+ \(ENOSPC\): the medium is full; '
check $T.counts_on_console "the counts are not on the console" log_has '^ +1 cbo0 +0 ctr0 +CLOCKTICKS +[1-9][0-9,]*\.[0-9] MHz'
check $T.json_on_console "results.json not shown on the console" log_has '^----- /upmon/results/[^/]+/results\.json \(not saved\) -----$'
check $T.no_exception "firmware exception dump on the console" no_exception
results_empty() { img_ls "$img" /upmon/results >"$E2E_OUT/$T.ls" && [ ! -s "$E2E_OUT/$T.ls" ]; }
check $T.nothing_partial "\\upmon\\results is not empty: $(cat "$E2E_OUT/$T.ls" 2>/dev/null | tr '\n' ' ')" results_empty
e2e_done
