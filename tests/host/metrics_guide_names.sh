#!/usr/bin/env bash
# The guides' metric names (pmu-tools ucevent's lists; tests/unit/metrics/test_metrics_ucevent_names.c)
# on the host: `list metrics` shows each with its formula and aliases, and `run --metrics`
# computes them on the mocked Sandy Bridge-EP and Ivy Bridge-EP.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

run ls --backend mock --platform snbep list metrics
expect ls host/list_metrics_guide_names 0 \
	'^AVG_INGRESS_LATENCY_WHEN_NE +IRQ ingress occupancy per stretch' \
	'^ += cbo/RxR_OCCUPANCY\.IRQ/ / cbo/COUNTER0_OCCUPANCY,edge=1,thresh=1/$' \
	'^ += cbo/RING_BL_USED\.UP_EVEN/ \* 32 / SECONDS$' \
	'^DRS_DataC_FROM_QPI_TO_NODE3 ' '^ += qpi/CTO_COUNT,match0=0x7c00,mask0=0x3ff80/ \* 64 / SECONDS$' \
	'^DRS_M_FROM_QPI .*\(alias: DRS_DataC_M_FROM_QPI\)$' \
	'^CYC_FREQ_THERMAL_LTD .*\(alias: PCT_FREQ_THERMAL_LTD, ?PCT_CYC_FREQ_THERMAL_LTD\)$' \
	'^ += imc0/DCLK/ \* 2 / SECONDS / 1e6$' '^ += qpi0/CLOCKTICKS/ \* 8 / SECONDS / 1e9$'
run lsi --backend mock --platform ivbep list metrics --format csv
expect lsi host/list_metrics_guide_names_ivbep 0 \
	'^ivbep,CYC_USED_UP,cbo/RING_BL_USED\.UP/ / cbo/CLOCKTICKS/,ratio,' \
	'^ivbep,AVG_TOR_DRD_LOC_MISS_LATENCY,"cbo/TOR_OCCUPANCY\.MISS_LOCAL_OPCODE,filter_opc=0x182/ / cbo/TOR_INSERTS\.MISS_LOCAL_OPCODE,filter_opc=0x182/",uncore cycles,' \
	'^ivbep,PCT_CYCLES_DLOFF,.*,PCT_CYCLES_DLLOFF$'
# A name left out is unknown, with the closest ones.
run mpi --backend mock --platform snbep run --seconds 0.01 --metrics LLC_MPI
expect mpi host/metric_llc_mpi_unknown 4 "unknown metric 'LLC_MPI' on snbep"

# Computed on the mock over a kernel's traffic (the unit tests check the values against
# the model): a number, not n/a, each; QPI_SPEED within 1% of 8 GT/s and DIMM_SPEED within
# 1% of 1,600 MT/s, as the mock's link and DRAM clocks follow the real clock of a machine
# that may be busy with other suites.
run k --backend mock --platform snbep run --kernel read --size 64M \
	--metrics AVG_INGRESS_LATENCY_WHEN_NE,CYC_USED_UPEVEN,LLC_PCIE_MEM_READ_BYTES,QPI_SPEED,DIMM_SPEED
expect k host/run_guide_names_snbep 0 \
	'^ +0  AVG_INGRESS_LATENCY_WHEN_NE +4\.000 uncore cycles' '^ +1  CYC_USED_UPEVEN +0\.[0-9]+ ratio' \
	'^ +0  LLC_PCIE_MEM_READ_BYTES +1\.00 GB/s' '^ +1  QPI_SPEED +(7\.9[0-9]{2}|8\.0[0-9]{2}) GT/s' '^ +0  DIMM_SPEED +1,(58[4-9]|59[0-9]|60[0-9]|61[0-5])\.[0-9]+ MT/s'
expect_not k host/run_guide_names_snbep_no_na 0 'n/a'
run ki --backend mock --platform ivbep run --kernel read --size 64M \
	--metrics AVG_TOR_DRD_LOC_MISS_LATENCY,AVG_TOR_DRDS_MISS_WHEN_NE,RING_THRU_UP_BYTES,DRS_F_OR_E_FROM_QPI
expect ki host/run_guide_names_ivbep 0 '^ +0  AVG_TOR_DRD_LOC_MISS_LATENCY +200\.000 uncore cycles' \
	'^ +1  AVG_TOR_DRDS_MISS_WHEN_NE +200\.000 uncore cycles' '^ +0  RING_THRU_UP_BYTES +[0-9.]+ [GMk]B/s' \
	'^ +1  DRS_F_OR_E_FROM_QPI '
expect_not ki host/run_guide_names_ivbep_no_na 0 'n/a'
