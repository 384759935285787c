#include "platform/mcfg.h"
#include "core/base/str.h"

/* Layout (PCI Firmware Specification 3.0, section 4.1.2, tables 4-2 and 4-3; the ACPI
 * specification reserves the "MCFG" signature for it): the 36-byte ACPI table header
 * (length at offset 4), 8 reserved bytes, then 16-byte allocation entries: base
 * address u64 at 0, PCI segment group u16 at 8, start bus u8 at 10, end bus u8 at 11,
 * 4 reserved bytes. */
#define MCFG_ENTRIES_OFF 44
#define MCFG_ENTRY_LEN 16

unsigned upm_mcfg_parse(const uint8_t *t, uint32_t len, struct upm_ecam_window *out, unsigned max,
			unsigned *total)
{
	unsigned stored = 0;
	*total = 0;
	if (!t || len < MCFG_ENTRIES_OFF)
		return 0;
	uint32_t table_len = (uint32_t)upm_get_le(t + 4, 4);
	if (table_len < len)
		len = table_len;
	if (len < MCFG_ENTRIES_OFF)
		return 0;
	*total = (len - MCFG_ENTRIES_OFF) / MCFG_ENTRY_LEN;
	for (unsigned i = 0; i < *total && stored < max; i++) {
		const uint8_t *e = t + MCFG_ENTRIES_OFF + i * MCFG_ENTRY_LEN;
		out[stored].base = upm_get_le(e, 8);
		out[stored].seg = (uint16_t)upm_get_le(e + 8, 2);
		out[stored].bus_start = e[10];
		out[stored].bus_end = e[11];
		if (out[stored].bus_end < out[stored].bus_start)
			continue; /* malformed entry: no window */
		stored++;
	}
	return stored;
}
