/* Hand-built SMBIOS tables for the parser's tests (tests/unit/machine/test_smbios.c) and the
 * fuzzer's seed (tests/fuzz/corpus/smbios): literal bytes laid out as DMTF DSP0134
 * defines each structure, offsets in the comments. */
#ifndef UPMON_TESTS_UNIT_SMBIOS_TABLES_H
#define UPMON_TESTS_UNIT_SMBIOS_TABLES_H

#include <stdint.h>

static const uint8_t upm_test_smbios_table[] = {
	/* Type 0, BIOS Information (7.1), length 18h, handle 0000h */
	0x00, 0x18, 0x00, 0x00,
	0x01,             /* 04h Vendor: string 1 */
	0x02,             /* 05h BIOS Version: string 2 */
	0x00, 0xE8,       /* 06h BIOS Starting Address Segment */
	0x03,             /* 08h BIOS Release Date: string 3 */
	0x00,             /* 09h BIOS ROM Size */
	0, 0, 0, 0, 0, 0, 0, 0, /* 0Ah BIOS Characteristics */
	0x00, 0x00,       /* 12h Characteristics Extension Bytes */
	0x01, 0x00, 0xFF, 0xFF, /* 14h-17h release and EC release */
	'E', 'D', 'K', ' ', 'I', 'I', 0, '1', '.', '0', '-', 't', 'e', 's', 't', 0,
	'0', '2', '/', '0', '6', '/', '2', '0', '1', '5', 0, 0,
	/* Type 1, System Information (7.2), length 1Bh, handle 0100h */
	0x01, 0x1B, 0x00, 0x01,
	0x01, 0x02, 0x03, 0x04, /* 04h Manufacturer, 05h Product, 06h Version, 07h Serial */
	0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, /* 08h UUID: first three fields LE */
	0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF,
	0x06, 0x00, 0x00, /* 18h Wake-up Type, 19h SKU, 1Ah Family */
	'L', 'a', 'b', 'C', 'o', 0, 'R', 'i', 'g', ' ', '7', 0, 'v', '1', 0,
	'S', 'N', ' ', '4', '7', '1', '1', '/', 'A', 0, 0,
	/* Type 2, Baseboard Information (7.3), length 0Fh, handle 0200h */
	0x02, 0x0F, 0x00, 0x02,
	0x01, 0x02, 0x03, 0x04, /* 04h Manufacturer, 05h Product, 06h Version, 07h Serial */
	0x00, 0x01, 0x00, 0x00, 0x01, 0x0A, 0x00, /* 08h asset tag .. 0Eh contained handles */
	'B', 'o', 'a', 'r', 'd', 'C', 'o', 0, 'X', '9', 'D', 'R', 'i', 0, '1', '.', '0', '1', 0,
	'B', 'S', 'N', '1', 0, 0,
	/* Type 4, Processor Information (7.5), length 1Ah, handle 0400h: populated */
	0x04, 0x1A, 0x00, 0x04,
	0x01, 0x03, 0xB3, 0x00, /* 04h Socket Designation: string 1, 05h type, 06h family, 07h manufacturer */
	0, 0, 0, 0, 0, 0, 0, 0, /* 08h Processor ID */
	0x00, 0x00,       /* 10h Version, 11h Voltage */
	0x64, 0x00, 0xE8, 0x03, 0xD0, 0x07, /* 12h External Clock, 14h Max Speed, 16h Current Speed */
	0x41,             /* 18h Status: bit 6 socket populated, 001b enabled */
	0x01,             /* 19h Processor Upgrade */
	'C', 'P', 'U', '0', 0, 0,
	/* Type 4, handle 0401h: empty socket */
	0x04, 0x1A, 0x01, 0x04,
	0x01, 0x03, 0xB3, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x64, 0x00, 0xE8, 0x03, 0x00, 0x00,
	0x00,             /* 18h Status: not populated */
	0x01,
	'C', 'P', 'U', '1', 0, 0,
	/* Type 17, Memory Device (7.18), length 28h, handle 1100h: 16 GiB at 1600 MT/s */
	0x11, 0x28, 0x00, 0x11,
	0x00, 0x10, 0xFE, 0xFF, /* 04h Physical Memory Array Handle, 06h Error Information Handle */
	0x48, 0x00, 0x40, 0x00, /* 08h Total Width 72, 0Ah Data Width 64 */
	0x00, 0x40,       /* 0Ch Size: 4000h = 16384 MB */
	0x09, 0x00,       /* 0Eh Form Factor DIMM, 0Fh Device Set */
	0x01, 0x02,       /* 10h Device Locator: string 1, 11h Bank Locator: string 2 */
	0x18, 0x80, 0x00, /* 12h Memory Type DDR3, 13h Type Detail */
	0x40, 0x06,       /* 15h Speed: 1600 MT/s */
	0x03, 0x00, 0x00, 0x04, /* 17h Manufacturer, 18h Serial, 19h Asset Tag, 1Ah Part Number */
	0x02,             /* 1Bh Attributes */
	0x00, 0x00, 0x00, 0x00, /* 1Ch Extended Size */
	0x40, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* 20h Configured Speed, 22h-27h voltages */
	'D', 'I', 'M', 'M', '_', 'A', '1', 0, 'B', 'A', 'N', 'K', ' ', '0', 0, 'S', 'a', 'm', 's', 'u', 'n', 'g', 0,
	'M', '3', '9', '3', 'B', '2', 'G', '7', '0', 'B', 'H', '0', '-', 'C', 'K', '0', ' ', ' ', 0, 0,
	/* Type 17, handle 1101h: 64 GiB through Extended Size, speed unknown */
	0x11, 0x28, 0x01, 0x11,
	0x00, 0x10, 0xFE, 0xFF, 0x48, 0x00, 0x40, 0x00,
	0xFF, 0x7F,       /* 0Ch Size: 7FFFh, see Extended Size */
	0x09, 0x00, 0x01, 0x00, 0x1A, 0x80, 0x00,
	0x00, 0x00,       /* 15h Speed: unknown */
	0x00, 0x00, 0x00, 0x00, 0x02,
	0x00, 0x00, 0x01, 0x00, /* 1Ch Extended Size: 00010000h = 65536 MB */
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	'D', 'I', 'M', 'M', '_', 'B', '1', 0, 0,
	/* Type 17, handle 1102h: empty slot (Size 0) */
	0x11, 0x28, 0x02, 0x11,
	0x00, 0x10, 0xFE, 0xFF, 0x48, 0x00, 0x40, 0x00,
	0x00, 0x00,       /* 0Ch Size: no device installed */
	0x09, 0x00, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	'D', 'I', 'M', 'M', '_', 'C', '1', 0, 0,
	/* Type 127, End-of-Table (7.45) */
	0x7F, 0x04, 0xFF, 0xFF, 0, 0,
};

/* SMBIOS 2.8 entry point (5.2.1, 1Fh bytes); the checksums at 04h and 15h are fixed by
 * upm_test_smbios_fix(). */
static const uint8_t upm_test_smbios_ep21[0x1F] = {
	'_', 'S', 'M', '_', 0x00, 0x1F, 0x02, 0x08, /* 04h checksum, 05h length, 06h major, 07h minor */
	0x28, 0x00, 0x00, 0, 0, 0, 0, 0,           /* 08h max structure size, 0Ah EP revision */
	'_', 'D', 'M', 'I', '_', 0x00,             /* 10h intermediate anchor, 15h checksum */
	0x8C, 0x01,                                /* 16h Structure Table Length: 018Ch */
	0x00, 0x00, 0x0F, 0x00,                    /* 18h Structure Table Address: 000F0000h */
	0x09, 0x00, 0x28,                          /* 1Ch number of structures, 1Eh BCD revision */
};

/* SMBIOS 3.2 entry point (5.2.2, 18h bytes); checksum at 05h fixed likewise. */
static const uint8_t upm_test_smbios_ep30[0x18] = {
	'_', 'S', 'M', '3', '_', 0x00, 0x18, 0x03, /* 05h checksum, 06h length, 07h major */
	0x02, 0x00, 0x01, 0x00,                    /* 08h minor, 09h docrev, 0Ah EP revision */
	0x00, 0x20, 0x00, 0x00,                    /* 0Ch Structure Table Maximum Size: 2000h */
	0x00, 0x00, 0xF0, 0x7F, 0x01, 0x00, 0x00, 0x00, /* 10h address: 1_7FF00000h */
};

#endif
