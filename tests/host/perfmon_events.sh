#!/usr/bin/env bash
# tools/perfmon_events.py on a small perfmon tree made here (a git repository with
# SPR/EMR uncore files of a few entries): grouping by unit and event name, the unit-mask
# extension, the IIO's UMaskExt folded into its port and FC masks, an event named alone
# beside its unit masks, free-running entries in a table of their own, a value too wide
# for its field left out and said, clock events marked as clocks, deprecated entries left
# out of the tables but kept in the facts, EMR sharing SPR's table where its entries are
# the same and getting its own where they differ, the output compiling with -Werror, and
# --check. And the GNR/SRF generation (boxes/gnr) from GNR/SRF files beside them: its IMC
# and B2CMI tables, SRF's own table where its entries differ, perfmon's CHACMS left out
# with the reason, and --generation writing one generation's files only.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

pm=$WORK/perfmon
mkdir -p "$pm/SPR/events" "$pm/EMR/events" "$pm/GNR/events" "$pm/SRF/events" "$WORK/out"
ev() { # UNIT NAME CODE UMASK EXT PORT FC COUNTER TYPE DEPRECATED
	printf '{"Unit": "%s", "EventName": "%s", "EventCode": "%s", "UMask": "%s", "UMaskExt": "%s", "PortMask": "%s", "FCMask": "%s", "Counter": "%s", "CounterType": "%s", "Deprecated": "%s", "BriefDescription": "%s of test"}' \
		"$@" "$2"
}
file() { # PATH ENTRIES...
	local path=$1
	shift
	{
		echo '{"Header": {"Info": "test", "Version": "9.9"}, "Events": ['
		local first=1
		for e in "$@"; do
			[ $first = 1 ] || echo ,
			first=0
			echo "$e"
		done
		echo ']}'
	} >"$pm/$path"
}
common=(
	"$(ev CHA UNC_CHA_TOR_INSERTS.IA_MISS_DRD 0x35 0x01 0x00C817FE 0x00 0x00 0,1,2,3 PGMABLE 0)"
	"$(ev CHA UNC_CHA_TOR_INSERTS.IA_MISS_CXL 0x35 0x01 0x40C00182 0x00 0x00 0,1,2,3 PGMABLE 0)"
	"$(ev CHA UNC_CHA_TOR_INSERTS.IA_MISS_DRD_CXL_ACC 0x35 0x01 0x10C81782 0x00 0x00 0,1,2,3 PGMABLE 0)"
	"$(ev CHA UNC_CHA_CLOCKTICKS 0x01 0x00 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)"
	"$(ev IIO UNC_IIO_DATA_REQ_OF_CPU.MEM_WRITE.PART0 0x83 0x01 0x00000000 0x0001 0x07 0,1 PGMABLE 0)"
	"$(ev IIO UNC_IIO_NUM_TGT_MATCHED_REQ_OF_CPU 0x8f 0x00 0x00070000 0x0000 0x00 0,1,2,3 PGMABLE 0)"
	"$(ev IIO UNC_IIO_BANDWIDTH_IN.PART0_FREERUN 0x00 0x00 0x00 0x00 0x00 1 FREERUN 0)"
	"$(ev iMC UNC_M_RDB_NE 0x13 0x03 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)"
	"$(ev iMC UNC_M_RDB_NE.SCH0 0x13 0x01 0x00 0x00 0x00 0 PGMABLE 0)"
	"$(ev iMC UNC_M_OLD 0x77 0x00 0x00 0x00 0x00 0,1,2,3 PGMABLE 1)"
)
file SPR/events/sapphirerapids_uncore.json "${common[@]}"
file SPR/events/sapphirerapids_uncore_experimental.json "$(ev PCU UNC_P_CLOCKTICKS 0x01 0x00 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)"
file EMR/events/emeraldrapids_uncore.json "${common[@]}"
file EMR/events/emeraldrapids_uncore_experimental.json "$(ev PCU UNC_P_CLOCKTICKS 0x01 0x00 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)" \
	"$(ev PCU UNC_P_POWER_STATE_OCCUPANCY_CORES_C0 0x35 0x00 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)"
# GNR: an IMC entry, a B2CMI entry with its UMaskExt, a CHACMS entry (a unit left out on
# purpose); SRF lacks the B2CMI one (its own b2cmi table, GNR's imc shared).
gnr_imc="$(ev IMC UNC_M_CAS_COUNT_SCH1.RD 0x06 0xCF 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)"
gnr_cms="$(ev CHACMS UNC_CHACMS_CLOCKTICKS 0x01 0x00 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)"
gnr_exp="$(ev B2CMI UNC_B2CMI_CLOCKTICKS 0x01 0x00 0x00 0x00 0x00 0,1,2,3 PGMABLE 0)"
file GNR/events/graniterapids_uncore.json "$gnr_imc" "$gnr_cms" \
	"$(ev B2CMI UNC_B2CMI_IMC_READS.ALL 0x24 0x04 0x00000001 0x00 0x00 0,1,2,3 PGMABLE 0)"
file GNR/events/graniterapids_uncore_experimental.json "$gnr_exp"
file SRF/events/sierraforest_uncore.json "$gnr_imc" "$gnr_cms"
file SRF/events/sierraforest_uncore_experimental.json "$gnr_exp"
(cd "$pm" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm perfmon) ||
	fail host/perfmon_events_fixture "git repository not made"

python3 tools/perfmon_events.py --git-dir "$pm/.git" --out "$WORK/out" >"$WORK/conv.out" 2>&1
echo $? >"$WORK/conv.rc"
o=$WORK/out
t=$o/boxes/spr

expect_in() { # NAME FILE PATTERN...
	local name=$1 f=$2
	shift 2
	for p in "$@"; do
		if ! grep -qE -- "$p" "$f" 2>/dev/null; then
			fail "$name" "$(basename "$f") lacks /$p/"
			return
		fi
	done
	pass "$name"
}

[ "$(cat "$WORK/conv.rc")" = 0 ] && pass host/perfmon_events_runs || fail host/perfmon_events_runs "$(head -3 "$WORK/conv.out")"
expect_in host/perfmon_events_umask_ext "$t/events_cha.c" \
	'\{ \.name = "IA_MISS_DRD", \.value = 0x1, \.umask_ext = 0xc817fe' \
	'\.name = "TOR_INSERTS", \.code = 0x35, \.counters = 0xf'
grep -q IA_MISS_CXL "$t/events_cha.c" && fail host/perfmon_events_too_wide_left_out "IA_MISS_CXL is in the table" ||
	expect_in host/perfmon_events_too_wide_left_out "$WORK/conv.out" \
		'spr: left out UNC_CHA_TOR_INSERTS.IA_MISS_CXL .*UMaskExt 0x40c00182 does not fit cha.s 30-bit extension'
expect_in host/perfmon_events_cxl_umask_ext_fits "$t/events_cha.c" \
	'\{ \.name = "IA_MISS_DRD_CXL_ACC", \.value = 0x1, \.umask_ext = 0x10c81782'
# Clock events are marked so (a rate over the window, upm_event_def.clock); others are not.
expect_in host/perfmon_events_clock_marked "$t/events_cha.c" \
	'\{ \.name = "CLOCKTICKS", \.code = 0x1, .*\.clock = 1'
grep -E '"TOR_INSERTS".*\.clock = 1' "$t/events_cha.c" >/dev/null &&
	fail host/perfmon_events_count_not_clock "TOR_INSERTS is marked a clock" || pass host/perfmon_events_count_not_clock
expect_in host/perfmon_events_iio_masks "$t/events_iio.c" \
	'"MEM_WRITE.PART0", \.value = 0x1, \.port_mask = 0x1, \.fc_mask = 0x7' \
	'"NUM_TGT_MATCHED_REQ_OF_CPU", \.code = 0x8f, .*\.named_alone = 1, \.fc_mask = 0x7 \}'
expect_in host/perfmon_events_freerun_apart "$t/events_iio.c" \
	'upm_spr_freerun_iio\[\] = \{' '\{ "BANDWIDTH_IN.PART0_FREERUN", 1, '
grep -q '"BANDWIDTH_IN"' "$t/events_iio.c" && fail host/perfmon_events_freerun_not_programmable "BANDWIDTH_IN is an event" ||
	pass host/perfmon_events_freerun_not_programmable
expect_in host/perfmon_events_named_alone "$t/events_imc.c" \
	'"RDB_NE", \.code = 0x13, \.counters = 0xf, .*UPM_UMASKS\(um_rdb_ne\), \.named_alone = 1, \.umask = 0x3' \
	'"SCH0", \.value = 0x1, \.counters = 0x1'
grep -q '"OLD"' "$t/events_imc.c" && fail host/perfmon_events_deprecated "deprecated UNC_M_OLD is in the table" ||
	expect_in host/perfmon_events_deprecated "$o/tests/data/perfmon/sapphirerapids_uncore.csv" \
		'^iMC,UNC_M_OLD,0x77,0x0,0x0,0x0,0x0,"0,1,2,3",PGMABLE,1$'
expect_in host/perfmon_events_csv_facts "$o/tests/data/perfmon/sapphirerapids_uncore.csv" \
	'^# Facts of intel/perfmon@[0-9a-f]{40} SPR/events/sapphirerapids_uncore.json' \
	'^unit,name,event,umask,umask_ext,port_mask,fc_mask,counters,counter_type,deprecated$' \
	'^IIO,UNC_IIO_DATA_REQ_OF_CPU.MEM_WRITE.PART0,0x83,0x1,0x0,0x1,0x7,"0,1",PGMABLE,0$'
# EMR's PCU has one more event: its own table; its CHA is SPR's.
expect_in host/perfmon_events_emr_differs_own_table "$t/events_units.c" \
	'\{ "pcu", "PCU", "UNC_P_", upm_emr_events_pcu,' '\{ "cha", "CHA", "UNC_CHA_", upm_spr_events_cha,'
expect_in host/perfmon_events_emr_table "$t/events_emr_pcu.c" '"POWER_STATE_OCCUPANCY_CORES_C0"'
[ -e "$t/events_emr_cha.c" ] && fail host/perfmon_events_emr_same_shared "events_emr_cha.c written" ||
	pass host/perfmon_events_emr_same_shared
expect_in host/perfmon_events_header_cites "$t/events_cha.c" \
	'github.com/intel/perfmon at commit$' '^ \* [0-9a-f]{40}, BSD-3-Clause' 'SPR/events/sapphirerapids_uncore.json'

g=$o/boxes/gnr
expect_in host/perfmon_events_gnr_imc "$g/events_imc.c" \
	'\{ \.name = "RD", \.value = 0xcf \}' '"CAS_COUNT_SCH1", \.code = 0x6, .*UPM_UMASKS\(um_cas_count_sch1\)' \
	'^const struct upm_event_def upm_gnr_events_imc\[\] = \{' '^#include "boxes/gnr/events.h"$'
expect_in host/perfmon_events_gnr_b2cmi_umask_ext "$g/events_b2cmi.c" \
	'\{ \.name = "ALL", \.value = 0x4, \.umask_ext = 0x1 \}' '"CLOCKTICKS", \.code = 0x1, .*\.clock = 1'
expect_in host/perfmon_events_gnr_fields "$g/events.h" \
	'^#define UPM_GNR_CHA_UMASK_EXT UPM_FIELD\(32, 31\)$' '^#define UPM_GNR_MDF_SBO_UMASK_EXT UPM_FIELD\(0, 0\)$' \
	'^struct upm_gnr_unit_events \{' '^extern const struct upm_naming upm_gnr_naming;$'
grep -q CHACMS "$g"/events_*.c && fail host/perfmon_events_gnr_chacms_left_out "a CHACMS entry is in a table" ||
	expect_in host/perfmon_events_gnr_chacms_left_out "$WORK/conv.out" \
		'^gnr: left out UNC_CHACMS_CLOCKTICKS \(graniterapids_uncore.json\): unit CHACMS: no discovery unit type' \
		'^srf: left out UNC_CHACMS_CLOCKTICKS \(sierraforest_uncore.json\)'
expect_in host/perfmon_events_srf_differs_own_table "$g/events_units.c" \
	'\{ "b2cmi", "B2CMI", "UNC_B2CMI_", upm_srf_events_b2cmi,' '\{ "imc", "IMC", "UNC_M_", upm_gnr_events_imc,' \
	'^const unsigned upm_srf_n_units = UPM_ARRAY_LEN\(upm_srf_units\);$'
[ -e "$g/events_srf_b2cmi.c" ] && [ ! -e "$g/events_srf_imc.c" ] && pass host/perfmon_events_srf_tables ||
	fail host/perfmon_events_srf_tables "events_srf_b2cmi.c missing or events_srf_imc.c written"
expect_in host/perfmon_events_gnr_csv_facts "$o/tests/data/perfmon/graniterapids_uncore.csv" \
	'^IMC,UNC_M_CAS_COUNT_SCH1.RD,0x6,0xcf,0x0,0x0,0x0,"0,1,2,3",PGMABLE,0$' '^CHACMS,UNC_CHACMS_CLOCKTICKS,'

# --generation: one generation's files only.
python3 tools/perfmon_events.py --git-dir "$pm/.git" --out "$WORK/out_spr" --generation spr >"$WORK/conv_spr.out" 2>&1 &&
	[ -e "$WORK/out_spr/boxes/spr/events.h" ] && [ ! -e "$WORK/out_spr/boxes/gnr" ] &&
	[ ! -e "$WORK/out_spr/tests/data/perfmon/graniterapids_uncore.csv" ] && pass host/perfmon_events_generation_option ||
	fail host/perfmon_events_generation_option "$(ls "$WORK/out_spr/boxes" 2>&1 | tr '\n' ' ')"

# The output compiles against the tree's headers (boxes/spr/events.h and boxes/gnr/events.h
# from the output).
ok=1
for c in "$t"/*.c "$g"/*.c; do
	gcc -std=c11 -Wall -Wextra -Werror -I"$o" -I. -c "$c" -o "$WORK/x.o" 2>"$WORK/cc.err" || { ok=0; break; }
done
[ $ok = 1 ] && pass host/perfmon_events_output_compiles || fail host/perfmon_events_output_compiles "$(basename "$c"): $(head -2 "$WORK/cc.err" | tr '\n' ' ')"

# --check: silent on the output it wrote, exit 1 naming a file that differs.
python3 tools/perfmon_events.py --git-dir "$pm/.git" --out "$o" --check >"$WORK/check.out" 2>&1 && c1=0 || c1=1
echo "/* edited */" >>"$t/events_pcu.c"
python3 tools/perfmon_events.py --git-dir "$pm/.git" --out "$o" --check >"$WORK/check2.out" 2>&1 && c2=0 || c2=1
[ $c1 = 0 ] && [ $c2 = 1 ] && grep -q "differs: boxes/spr/events_pcu.c" "$WORK/check2.out" &&
	pass host/perfmon_events_check_mode || fail host/perfmon_events_check_mode "exit $c1 then $c2: $(grep differs "$WORK/check2.out" | head -2 | tr '\n' ' ')"
