#!/usr/bin/env bash
# link.rate from the command line: each QPI port's QPI_RATE_STATUS (0xD4 of the port's
# misc function: 08.0/09.0 on Sandy Bridge-EP, 08.0 for both ports on Ivy Bridge-EP) in
# `check`, the linkrate= mock fault, and the check.link_rate_* configuration keys.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# verdicts.csv has the four link.rate rows (2 sockets x 2 ports), all PASS at 8.0 GT/s.
rates_pass() {
	local csv; csv=$(last_run "$WORK/$1")/verdicts.csv
	[ "$(grep -c ',qpi,[01],link\.rate,PASS,"\{0,1\}8\.0 GT/s' "$csv" 2>/dev/null)" = 4 ]
}

for p in snbep ivbep; do
	run clean_$p --backend mock --platform $p --out res_$p check --quick
	expect clean_$p host/link_rate_${p}_check_passes 0 '^upmon: PASS$'
	if rates_pass res_$p; then
		pass host/link_rate_${p}_four_ports_in_verdicts_csv
	else
		fail host/link_rate_${p}_four_ports_in_verdicts_csv "$(grep link.rate "$(last_run "$WORK/res_$p")/verdicts.csv" 2>&1)"
	fi
done

# A reserved rate field on socket 1's port 1: FAIL there and nowhere else, exit status 2.
run bad --backend mock:s1.linkrate=qpi1:0x1 --platform snbep --out res_bad check --quick
expect bad host/link_rate_reserved_field_fails 2 \
	'^FAIL socket 1 qpi1 +link\.rate +ff:09\.0\+0xd4 = 0x1: rate field 1 is reserved' '^upmon: FAIL$'
# (Once in the verdicts above the last screen, once on it: core/cli/last_screen.h.)
if [ "$(sed '/^result: check /,$d' "$WORK/bad.out" | grep -c '^\(FAIL\|WARN\) socket')" = 1 ] &&
	[ "$(sed -n '/^result: check /,$p' "$WORK/bad.out" | grep -c '^\(FAIL\|WARN\) socket')" = 1 ]; then
	pass host/link_rate_fault_moves_only_that_port
else
	fail host/link_rate_fault_moves_only_that_port "$(grep '^\(FAIL\|WARN\) socket' "$WORK/bad.out")"
fi

# The accepted range from the configuration file: the mock's 8.0 GT/s under a 8.8 minimum.
printf 'check.link_rate_min_gts = 8.8\n' >"$WORK/fast.cfg"
run fast --config fast.cfg --backend mock --platform snbep --out res_fast check --quick
expect fast host/link_rate_below_configured_minimum_fails 2 \
	'^FAIL socket 0 qpi0 +link\.rate +8\.0 GT/s .*outside the range; expected 8\.8-9\.6 GT/s'
printf 'check.link_rate_min_gts = 9\ncheck.link_rate_max_gts = 6.4\n' >"$WORK/swap.cfg"
run swap --config swap.cfg --backend mock --platform snbep check --quick
expect swap host/link_rate_min_above_max_is_a_config_error 4 \
	'swap\.cfg:2: check\.link_rate_min_gts is above check\.link_rate_max_gts \(line 1\): swap them'

run nofault --backend mock:linkrate=qpi1:0x1 --platform ivbep info
expect nofault host/link_rate_fault_needs_a_modelled_register 4 \
	'^upmon: error: mock fault: linkrate=qpi1:0x1: qpi1 has no rate status register in the ivbep model$'
run help help mock
expect help host/help_lists_linkrate_fault 0 'linkrate=qpiN:VALUE'
