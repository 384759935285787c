/* The entries of Intel perfmon IVT/events/ivytown_uncore.json V23 (commit
 * 37fcb3c3374216096557d71c5eac3d4adc90b65d) that the Ivy Bridge-EP tables do not take,
 * each with why. Every other name in that file is an upmon spec on ivbep (the name
 * itself, a unit mask of a table event, or a perfmon name of names.c);
 * tests/unit/boxes/test_ivbep_perfmon_coverage.c holds both lists to the file's names.
 * Sources: 329468-002 = the Ivy Bridge-EP uncore manual, by printed page; ivt_uc.py =
 * andikleen/pmu-tools ucevent/ivt_uc.py (Intel's IVT uncore event list v0.85). */
#include "boxes/ivbep/ivbep.h"

#define GUIDE_BOUNCES "the guide wins: 329468-002 Table 2-25 (p.45) makes RING_BOUNCES 0x02 AD_IRQ, " \
		      "0x04 AK, 0x08 BL, 0x10 IV; this name and value are Sandy Bridge-EP's"
#define VN_REQUIRED "unit mask 0 selects neither virtual network: VN0 (0x01) or VN1 (0x02) is " \
		    "required (perfmon's trailing block, ivt_uc.py); write .VN0 or .VN1"
#define NO_MATCH "perfmon gives no match/mask values (UMask 0, MSRValue 0) and neither do " \
		 "329468-002 Table 2-137 (DRS and NCB rows only), ivt_uc.py or likwid; " \
		 "count it with qpi/CTO_COUNT,match0=,mask0=,match1=,mask1=/"
#define LO(box_, name_, why_) { box_, name_, why_ }

const struct upm_perfmon_left_out upm_ivbep_perfmon_left_out[] = {
	LO("cbo", "UNC_C_RING_BOUNCES.AK_CORE", GUIDE_BOUNCES),
	LO("cbo", "UNC_C_RING_BOUNCES.BL_CORE", GUIDE_BOUNCES),
	LO("cbo", "UNC_C_RING_BOUNCES.IV_CORE", GUIDE_BOUNCES),
	LO("ha", "UNC_H_DIRECTORY_UPDATE.I2S",
	   "the guide wins: 329468-002 Table 2-49 (p.64) makes DIRECTORY_UPDATE 0x02 CLEAR"),
	LO("ha", "UNC_H_IODC_CONFLICTS.ANY",
	   "trailing-block entry (MSRValue \"0\") giving 0x01 another meaning than the main list's "
	   "REMOTE_INVI2E_SAME_RTID; the guide's table for 0x57 was not found to settle it"),
	LO("ha", "UNC_H_IODC_CONFLICTS.LAST",
	   "trailing-block entry (MSRValue \"0\") giving 0x04 another meaning than the main list's "
	   "REMOTE_OTHER_SAME_ADDR; the guide's table for 0x57 was not found to settle it"),
	LO("ha", "UNC_H_BT_CYCLES_NE",
	   "unit mask 0: the table takes the main list's LOCAL (0x01) / REMOTE (0x02) and counts the "
	   "event only with one; ivt_uc.py lists no unit mask and 329468-002 p.61 shows none "
	   "(not settled)"),
	LO("qpi", "UNC_Q_RxL_INSERTS_DRS", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_INSERTS_HOM", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_INSERTS_NCB", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_INSERTS_NCS", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_INSERTS_NDR", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_INSERTS_SNP", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_OCCUPANCY_DRS", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_OCCUPANCY_HOM", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_OCCUPANCY_NCB", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_OCCUPANCY_NCS", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_OCCUPANCY_NDR", VN_REQUIRED),
	LO("qpi", "UNC_Q_RxL_OCCUPANCY_SNP", VN_REQUIRED),
	LO("qpi", "UNC_Q_TxR_AK_NDR_CREDIT_ACQUIRED",
	   "unit mask 0: the table takes perfmon's VN0 (0x01) / VN1 (0x02) and counts the event only "
	   "with one; ivt_uc.py lists no unit mask (not settled)"),
	LO("qpi", "UNC_Q_TxR_AK_NDR_CREDIT_OCCUPANCY",
	   "unit mask 0: the table takes perfmon's VN0 (0x01) / VN1 (0x02) and counts the event only "
	   "with one; ivt_uc.py lists no unit mask (not settled)"),
	LO("qpi", "UNC_Q_MESSAGE.HOM.RespFwd", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.RespFwdI", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.RespFwdS", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.RespFwdIWb", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.RespFwdSWb", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.RespIWb", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.RespSWb", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.AnyReq", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.HOM.AnyResp", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.SNP.AnySnp", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.NDR.AnyCmp", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.NCS.NcRd", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.NCS.AnyMsg1or2flits", NO_MATCH),
	LO("qpi", "UNC_Q_MESSAGE.NCS.AnyMsg3flits", NO_MATCH),
	LO("r2pcie", "UNC_R2_RxR_AK_BOUNCES",
	   "unit mask 0 selects no ring direction: CW (0x01) or CCW (0x02) is required (perfmon's "
	   "trailing block, ivt_uc.py)"),
	LO("r3qpi", "UNC_R3_VNA_CREDITS_ACQUIRED",
	   "unit mask 0 selects no ring: AD (0x01) or BL (0x04) is required (perfmon's trailing "
	   "block, ivt_uc.py)"),
	LO("r3qpi", "UNC_R3_RxR_AD_BYPASSED",
	   "0x12 with unit mask 0: the table takes the main list's RxR_BYPASSED.AD (0x12/0x01); "
	   "ivt_uc.py lists RxR_AD_BYPASSED without a unit mask (not settled)"),
};
const unsigned upm_ivbep_n_perfmon_left_out = UPM_ARRAY_LEN(upm_ivbep_perfmon_left_out);
