#include "platform/pci.h"
#include "platform/base/str.h"

int upm_pci_addr_valid(struct upm_pci_addr a)
{
	return a.dev < 32 && a.fn < 8 && a.off < 0x1000 && (a.off & 3) == 0;
}

int upm_pci_cf8_encode(struct upm_pci_addr a, uint32_t *cf8)
{
	if (!upm_pci_addr_valid(a))
		return UPM_EINVAL;
	if (a.seg != 0) /* CF8 has no segment field: the ports reach segment 0 only */
		return UPM_EUNSUPPORTED;
	if (a.off > 0xFC)
		return UPM_ERANGE;
	*cf8 = 0x80000000u | (uint32_t)a.bus << 16 | (uint32_t)a.dev << 11 |
	       (uint32_t)a.fn << 8 | a.off;
	return UPM_OK;
}

int upm_pci_ecam_offset(const struct upm_ecam_window *w, struct upm_pci_addr a, uint64_t *off)
{
	if (!upm_pci_addr_valid(a))
		return UPM_EINVAL;
	if (a.seg != w->seg || a.bus < w->bus_start || a.bus > w->bus_end)
		return UPM_ERANGE;
	/* The MCFG base address is where bus 0 of the segment would be, even when the
	 * window starts at a higher bus (PCI Firmware Specification 3.0, table 4-3). */
	*off = (uint64_t)a.bus << 20 | (uint64_t)a.dev << 15 |
	       (uint64_t)a.fn << 12 | a.off;
	return UPM_OK;
}

const struct upm_ecam_window *upm_pci_ecam_covering(const struct upm_ecam_window *ws, unsigned n,
						    struct upm_pci_addr a)
{
	for (unsigned i = 0; i < n; i++)
		if (a.seg == ws[i].seg && a.bus >= ws[i].bus_start && a.bus <= ws[i].bus_end)
			return &ws[i];
	return NULL;
}

enum upm_pci_mech upm_pci_mech_choose(const struct upm_ecam_window *ws, unsigned n, enum upm_pci_mech mech,
				      struct upm_pci_addr a)
{
	if (mech != UPM_PCI_AUTO)
		return mech;
	return upm_pci_ecam_covering(ws, n, a) ? UPM_PCI_ECAM : UPM_PCI_CF8;
}

void upm_pci_format(char *buf, unsigned long size, struct upm_pci_addr a)
{
	if (a.seg)
		upm_snprintf(buf, size, "%04x:%02x:%02x.%x+0x%03x", a.seg, a.bus, a.dev, a.fn, a.off);
	else
		upm_snprintf(buf, size, "%02x:%02x.%x+0x%03x", a.bus, a.dev, a.fn, a.off);
}

void upm_pci_format_fn(char *buf, unsigned long size, uint16_t seg, uint8_t bus, uint8_t dev, uint8_t fn)
{
	if (seg)
		upm_snprintf(buf, size, "%04x:%02x:%02x.%u", seg, bus, dev, fn);
	else
		upm_snprintf(buf, size, "%02x:%02x.%u", bus, dev, fn);
}

static int parse_hex_field(const char **p, char stop, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	int digits = 0;
	for (; **p && **p != stop; (*p)++) {
		char c = upm_tolower(**p);
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (d < 0 || ++digits > 4)
			return -1;
		v = v * 16 + (uint64_t)d;
	}
	if (!digits || v > max)
		return -1;
	*out = v;
	return 0;
}

int upm_pci_parse(const char *s, struct upm_pci_addr *out)
{
	struct upm_pci_addr a = { 0, 0, 0, 0, 0 };
	uint64_t f1, f2, v;
	const char *p = s;

	if (parse_hex_field(&p, ':', 0xFFFF, &f1) < 0 || *p++ != ':')
		return -1;
	if (parse_hex_field(&p, upm_strchr(p, ':') ? ':' : '.', 0xFF, &f2) < 0)
		return -1;
	if (*p == ':') { /* segment:bus:dev.fn */
		p++;
		if (f2 > 0xFF)
			return -1;
		a.seg = (uint16_t)f1;
		a.bus = (uint8_t)f2;
		if (parse_hex_field(&p, '.', 31, &v) < 0)
			return -1;
		a.dev = (uint8_t)v;
	} else {
		if (f1 > 0xFF || f2 > 31)
			return -1;
		a.bus = (uint8_t)f1;
		a.dev = (uint8_t)f2;
	}
	if (*p++ != '.')
		return -1;
	if (*p < '0' || *p > '7')
		return -1;
	a.fn = (uint8_t)(*p++ - '0');
	if (*p == '+') {
		if (upm_parse_u64(p + 1, &v) < 0 || v > 0xFFC || (v & 3))
			return -1;
		a.off = (uint16_t)v;
	} else if (*p) {
		return -1;
	}
	*out = a;
	return 0;
}
