#!/usr/bin/env bash
# Box-level mock faults from the command line (syntax: platform/mock/mock.h).
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

run bad --backend mock:stuck=cbo9.ctr0 --platform snbep info
expect bad host/mock_fault_unknown_instance 4 '^upmon: error: mock fault: stuck=cbo9.ctr0: socket 0 has cbo0\.\.cbo7$'
if [ "$(rc bad)" = 4 ] && [ "$(wc -l <"$WORK/bad.out")" = 1 ]; then
	pass host/mock_fault_error_one_line
else
	fail host/mock_fault_error_one_line "$(out bad)"
fi

run bit --backend mock:stuckbit=cbo3.ctl0:17 --platform snbep info
expect bit host/mock_fault_bad_bit 4 'bit 17 of cbo3\.ctl0 is not a read-write bit \(read-write: 0-15,18-19,22-31\)$'

run stuck --backend mock:s1.stuck=ubox0.fixed --platform snbep run --seconds 0.01 --events 'ubox/UCLK/'
expect stuck host/mock_fault_stuck_fixed_run 0 \
	'^socket 0 ubox0 pass 0 fixed UCLK +[1-9][0-9]*$' \
	'^socket 1 ubox0 pass 0 fixed UCLK +0$'

run help help
expect help host/help_lists_box_faults 0 'stuck=BOXn\.ctrN\|\.fixed' 'skew=cboN:F'
