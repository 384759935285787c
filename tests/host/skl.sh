#!/usr/bin/env bash
# The 6th-generation Core (Skylake client) platform on the host against its mock: list,
# info, run with the memory-mapped IMC, and the IMC refused on a foreign host bridge.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

run lb --backend mock --platform skl list boxes
expect lb host/skl_list_boxes 0 \
	'^ncu +msr +x1 +0 counters of 0 bits, fixed UCLK' \
	'^cbo +msr +x4 +2 counters of 44 bits' \
	'^arb +msr +x1 +2 counters of 44 bits' \
	'^imc +mmio +x1 +0 counters'

run le --backend mock --platform skl list events --box arb
expect le host/skl_list_events 0 \
	'^arb +TRK_OCCUPANCY\.CYCLES_WITH_ANY_REQUEST +0x80 +0x01 +ctr 0  thresh 1  outgoing core requests' \
	'^arb +TRK_REQUESTS\.WRITES +0x81 +0x20 +ctr 0-1  [a-z]'

run r --backend mock --platform skl run --seconds 0.01 --per-box \
	--events 'cbo/CACHE_LOOKUP.ANY_MESI/,arb/TRK_REQUESTS.ALL/,ncu/CLOCK.SOCKET/,imc/DRAM_DATA_READS/'
expect r host/skl_run 0 \
	'^run: 4 event specs, 1 pass of 10 ms on 1 socket$' \
	'^ +0 cbo3 +0 ctr0 +CACHE_LOOKUP\.ANY_MESI +[0-9,]+$' \
	'^ +0 ncu0 +0 fixed +UCLK +[1-9][0-9,]*\.[0-9] MHz$' \
	'^ +0 imc0 +0 free +DRAM_DATA_READS +[0-9,]+$'

run hb --backend mock:hostbridge=0x1234 --platform skl run --seconds 0.01 \
	--events 'imc/DRAM_DATA_WRITES/,ncu/UCLK/'
expect hb host/skl_foreign_host_bridge 1 \
	'^socket 0 imc0: mismatch: host bridge 00:00\.0 8086:1234 is not a 6th-generation Core host bridge: imc not touched$' \
	'^ +0  1 ncu +UCLK +[1-9][0-9,]*\.[0-9] MHz$' \
	'^ +0  0/1 imc +DRAM_DATA_WRITES +box-mismatch$' \
	'^upmon: warning: socket 0 imc0 pass 0 DRAM_DATA_WRITES: box-mismatch: '

run cb --backend mock:cbos=2 --platform skl run --seconds 0.01 --events 'cbo3/CACHE_LOOKUP.ANY_I/'
expect cb host/skl_cbo_beyond_count 1 \
	'^socket 0 cbo3: absent: MSR_UNC_CBO_CONFIG\.NO_CBO_BANKS \(MSR 0x396\) is 3, minus 1: cbo3 is not present$'

run bad --backend mock:cbos=9 --platform skl info
expect bad host/skl_bad_option 4 "^upmon: error: mock fault: 'cbos=9': the skl mock has 1 to 4 CBos$"

# The self-test on this platform: the fixed UCLK counter (the only box with a clock the
# guide names) passes on a clean mock and fails when it is stuck or ignores the global
# enable.
run st --backend mock --platform skl selftest
expect st host/skl_selftest_clean 0 '^upmon: PASS$'
run st1 --backend mock:stuck=ncu0.fixed --platform skl selftest
# One cause, one FAIL: the box's presence (dead); its counting test is not judged again.
expect st1 host/skl_selftest_stuck_fixed 2 '^FAIL socket 0 ncu0 +presence +dead: ' '^upmon: FAIL$'
expect_not st1 host/skl_selftest_stuck_fixed_once 2 '^FAIL socket 0 ncu0 +selftest\.count '
run st2 --backend mock:nofreeze=ncu0 --platform skl selftest
expect st2 host/skl_selftest_ignores_global_enable 2 '^FAIL socket 0 ncu0 +selftest\.freeze ' '^upmon: FAIL$'
