/* Register offsets shared by the Sandy Bridge-EP PCI boxes: Table 1-3 (000:168-208,
 * two sheets interleaved in the extraction) and the per-box tables 2-33 (HA,
 * 000:1520-1538), 2-59 (iMC, 000:2159-2184), 2-84 (QPI, 000:3391-3421). Box control at
 * 0xF4, counter controls from 0xD8 at 4-byte steps, 48-bit counters from 0xA0 at 8-byte
 * steps read as two dwords (low first). */
#ifndef UPMON_BOXES_SNBEP_BOX_PCI_H
#define UPMON_BOXES_SNBEP_BOX_PCI_H

#define UPM_SNBEP_PCI_BOX_CTL 0xF4
#define UPM_SNBEP_PCI_CTLS { 0xD8, 0xDC, 0xE0, 0xE4 }
#define UPM_SNBEP_PCI_CTRS { 0xA0, 0xA8, 0xB0, 0xB8 }

/* Counter control of the HA and iMC: Tables 2-35, 2-61 (000:1568-1604, 2221-2249):
 * like the CBo's but without tid_en and rst. */
#define UPM_SNBEP_PCI_CTL_LAYOUT                                                    \
	{ .ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .edge = UPM_BIT(18),  \
	  .en = UPM_BIT(22), .invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 8) }

#endif
