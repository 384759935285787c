#include "platform/mcfg.h"
#include "platform/base/str.h"

/* Layout (PCI Firmware Specification 3.0, section 4.1.2, tables 4-2 and 4-3; the ACPI
 * specification reserves the "MCFG" signature for it): the 36-byte ACPI table header
 * (length at offset 4), 8 reserved bytes, then 16-byte allocation entries: base
 * address u64 at 0, PCI segment group u16 at 8, start bus u8 at 10, end bus u8 at 11,
 * 4 reserved bytes. */
#define MCFG_ENTRIES_OFF 44
#define MCFG_ENTRY_LEN 16

/* The architectural limit of a physical address (Intel SDM Vol. 3A 4.1.4: MAXPHYADDR is
 * at most 52). */
#define UPM_PHYS_LIMIT (1ull << 52)

/* An entry that could be a window: its buses in order, a base that is not 0 and is
 * aligned to a bus's 1 MiB (each bus takes 32 devices x 8 functions x 4 KiB, PCI Express
 * Base Specification 7.2.2), and the whole window, from bus 0's base to the end bus's
 * last byte, below the physical address limit. */
static int window_sane(const struct upm_ecam_window *w)
{
	if (w->bus_end < w->bus_start || !w->base || (w->base & 0xFFFFFull))
		return 0;
	return w->base < UPM_PHYS_LIMIT && ((uint64_t)w->bus_end + 1) << 20 <= UPM_PHYS_LIMIT - w->base;
}

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
		if (!window_sane(&out[stored]))
			continue; /* malformed entry: no window, nothing read through it */
		stored++;
	}
	return stored;
}
