#!/usr/bin/env bash
# Other programs' names at command level (core/events/alias.c, alias_kin.c): perf's event
# aliases alone count every box perf defines them on; another platform's name is
# answered with the platforms it belongs to and this platform's nearest event.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# counters.csv's rows of one run folder, "socket boxN event" each, by column name.
rows() {
	python3 -c 'import csv, sys
for r in csv.DictReader(l for l in sys.stdin if not l.startswith("#")):
    print(r["socket"], r["box"] + r["instance"], r["event"])' <"$WORK/$(last_run "$1")/counters.csv"
}

# uncore_snbep.c snbep_uncore_imc_events cas_count_read/_write (the ivbep imc type uses
# the same table): every iMC of every socket, as uncore_imc/cas_count_read/ is.
for p in snbep ivbep; do
	run "bare_$p" --backend mock --platform $p run --seconds 0.01 --per-box --out "o_$p" \
		--events cas_count_read,cas_count_write
	expect "bare_$p" "host/names_${p}_perf_alias_alone_counts_every_imc" 0 \
		'^run: 2 event specs, 1 pass of 10 ms on 2 sockets$' \
		'^ +0 imc0 +0 ctr[0-9] +CAS_COUNT\.RD ' '^ +1 imc3 +0 ctr[0-9] +CAS_COUNT\.WR '
	want=$(for s in 0 1; do for i in 0 1 2 3; do echo "$s imc$i CAS_COUNT.RD"; echo "$s imc$i CAS_COUNT.WR"; done; done | sort)
	got=$(rows "o_$p" | grep -E '^[01] imc[0-3] CAS_COUNT\.(RD|WR)$' | sort -u)
	[ "$got" = "$want" ] && pass "host/names_${p}_perf_alias_alone_rows_imc0_to_imc3" ||
		fail "host/names_${p}_perf_alias_alone_rows_imc0_to_imc3" "counters.csv rows: $(echo $got)"
done

# The issue's own command: a kernel around perf's alias alone.
run kernel --backend mock --platform snbep run --kernel read --size 1M --iterations 1 --events cas_count_read
expect kernel host/names_perf_alias_alone_with_a_kernel 0 'CAS_COUNT\.RD'

# uncore_snb.c snb_uncore_imc_events data_reads: Skylake's IMC free-running counter.
run skl --backend mock --platform skl run --seconds 0.01 --per-box --events data_reads
expect skl host/names_skl_data_reads_alone 0 '^ +0 imc0 +0 free +DRAM_DATA_READS +[0-9,]+$'

# An alias on two box types (uncore_snbep.c: imc and qpi clockticks) names both.
run two --backend mock --platform snbep run --seconds 0.01 --events clockticks
expect two host/names_alias_on_two_box_types_says_which 4 \
	"^upmon: error: run: 'clockticks' is perf's event alias on 2 box types of snbep: say which, imc/clockticks/ or qpi/clockticks/$"

# Another platform's names: whose they are and the nearest here, never the name again.
run xeon_on_skl --backend mock --platform skl run --seconds 0.01 --events UNC_M_CAS_COUNT.RD
expect xeon_on_skl host/names_xeon_perfmon_name_on_skl 4 \
	"^upmon: error: run: 'UNC_M_CAS_COUNT\\.RD' \\(perfmon's name\\) is an event of snbep, ivbep, spr and emr, not of skl: the nearest on skl is imc/DRAM_DATA_READS/ \\(perf's uncore_imc/data_reads/\\)$"
run nhmex_on_snbep --backend mock --platform snbep run --seconds 0.01 --events bbox_cmds_read
expect nhmex_on_snbep host/names_nhmex_name_on_snbep 4 \
	"is an event of nhmex and wsmex, not of snbep: the nearest on snbep is imc/CAS_COUNT\\.RD/"
run snbep_on_nhmex --backend mock --platform nhmex run --seconds 0.01 --events cas_count_read
expect snbep_on_nhmex host/names_snbep_name_on_nhmex 4 \
	"is an event of snbep, ivbep, spr and emr, not of nhmex: the nearest on nhmex is bbox/IMT_INSERTS_RD/"
