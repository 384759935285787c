/* The filter fields Sandy Bridge-EP and Ivy Bridge-EP share (boxes/ep/ep.h cites each). */
#include "boxes/ep/ep.h"

/* Table 2-77 (000:2863-2882); 329468-002 p.113. */
const struct upm_filter_field upm_ep_pcu_band_filters[4] = {
	{ "filter_band0", 0, UPM_FIELD(0, 8), UPM_FILT_PCU_BAND0 },
	{ "filter_band1", 0, UPM_FIELD(8, 8), UPM_FILT_PCU_BAND1 },
	{ "filter_band2", 0, UPM_FIELD(16, 8), UPM_FILT_PCU_BAND2 },
	{ "filter_band3", 0, UPM_FIELD(24, 8), UPM_FILT_PCU_BAND3 },
};

/* Tables 2-37..2-39 (000:1609-1651). */
const struct upm_filter_field upm_ep_ha_match_filters[3] = {
	{ "filter_addr_lo", 0, UPM_FIELD(6, 26), UPM_FILT_HA_MATCH },
	{ "filter_addr_hi", 1, UPM_FIELD(0, 14), UPM_FILT_HA_MATCH },
	{ "filter_opc", 2, UPM_FIELD(0, 6), UPM_FILT_HA_MATCH },
};

/* 000:3490-3524 (Tables 2-88/2-89 merged in the extraction, 2-90/2-91 lost). */
const struct upm_filter_field upm_ep_qpi_match_filters[4] = {
	{ "match0", 0, UPM_FIELD(0, 32), UPM_FILT_QPI_MATCH },
	{ "match1", 1, UPM_FIELD(0, 32), UPM_FILT_QPI_MATCH },
	{ "mask0", 2, UPM_FIELD(0, 32), UPM_FILT_QPI_MATCH },
	{ "mask1", 3, UPM_FIELD(0, 32), UPM_FILT_QPI_MATCH },
};
