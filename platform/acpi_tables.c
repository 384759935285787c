#include "platform/acpi_tables.h"
#include "platform/base/str.h"

/* Layouts, ACPI Specification 6.5:
 *   RSDP (5.2.5.3, table 5.3): "RSD PTR " at 0, checksum of the first 20 bytes at 8,
 *     revision at 15 (0: ACPI 1.0, 2: ACPI 2.0 and later), RSDT address u32 at 16, length
 *     u32 at 20, XSDT address u64 at 24, extended checksum of the whole structure at 32;
 *     36 bytes from revision 2 (ACPI 1.0's is 20 bytes).
 *   System description table header (5.2.6, table 5.4): signature at 0, length u32 at 4
 *     (header included), checksum at 9 (the whole table sums to zero); 36 bytes.
 *   RSDT (5.2.7): u32 table addresses after the header; XSDT (5.2.8): u64 addresses.
 * ACPI 2.0 and later firmware gives an XSDT, which OSPM uses instead of the RSDT. */
#define RSDP_V1_LEN 20
#define RSDP_V2_LEN 36
#define SDT_HEADER_LEN 36

static uint8_t sum(const uint8_t *p, uint32_t n)
{
	uint8_t s = 0;
	while (n--)
		s = (uint8_t)(s + *p++);
	return s;
}

/* A signature as it can be printed (a corrupt one may hold anything). */
static void sig_text(const uint8_t *p, char out[5])
{
	for (unsigned i = 0; i < 4; i++)
		out[i] = p[i] >= 0x20 && p[i] < 0x7F ? (char)p[i] : '?';
	out[4] = 0;
}

/* The system description table at addr, once its signature is sig, its length within
 * max_len and its checksum right; else NULL with why. */
static const uint8_t *checked_sdt(const struct upm_acpi_memory *m, uint64_t addr, const char *sig,
				  uint32_t max_len, uint32_t *len, char *why, size_t why_size)
{
	char name[5];
	const uint8_t *h = m->view(m->ctx, addr, SDT_HEADER_LEN);
	if (!h) {
		upm_snprintf(why, why_size, "the ACPI %s table's address 0x%llx cannot be read", sig,
			     (unsigned long long)addr);
		return NULL;
	}
	if (upm_memcmp(h, sig, 4) != 0) {
		sig_text(h, name);
		upm_snprintf(why, why_size, "the ACPI %s table at 0x%llx has the signature '%s'", sig,
			     (unsigned long long)addr, name);
		return NULL;
	}
	uint32_t n = (uint32_t)upm_get_le(h + 4, 4);
	if (n < SDT_HEADER_LEN || n > max_len) {
		upm_snprintf(why, why_size, "the ACPI %s table at 0x%llx gives its length as %lu bytes (%u to %lu expected)",
			     sig, (unsigned long long)addr, (unsigned long)n, SDT_HEADER_LEN, (unsigned long)max_len);
		return NULL;
	}
	const uint8_t *t = m->view(m->ctx, addr, n);
	if (!t) {
		upm_snprintf(why, why_size, "the ACPI %s table at 0x%llx (%lu bytes) cannot be read", sig,
			     (unsigned long long)addr, (unsigned long)n);
		return NULL;
	}
	if (sum(t, n) != 0) {
		upm_snprintf(why, why_size, "the ACPI %s table at 0x%llx has a wrong checksum", sig,
			     (unsigned long long)addr);
		return NULL;
	}
	*len = n;
	return t;
}

/* The root table's address and entry width from a checked RSDP; 0 with why when none. */
static uint64_t root_from_rsdp(const struct upm_acpi_memory *m, uint64_t rsdp, unsigned *entry_len,
			       const char **root_sig, char *why, size_t why_size)
{
	const uint8_t *p = m->view(m->ctx, rsdp, RSDP_V1_LEN);
	if (!p) {
		upm_snprintf(why, why_size, "the ACPI RSDP's address 0x%llx cannot be read", (unsigned long long)rsdp);
		return 0;
	}
	if (upm_memcmp(p, "RSD PTR ", 8) != 0) {
		upm_snprintf(why, why_size, "the ACPI RSDP at 0x%llx lacks its 'RSD PTR ' signature",
			     (unsigned long long)rsdp);
		return 0;
	}
	if (sum(p, RSDP_V1_LEN) != 0) {
		upm_snprintf(why, why_size, "the ACPI RSDP at 0x%llx has a wrong checksum", (unsigned long long)rsdp);
		return 0;
	}
	if (p[15] >= 2) {
		/* The extended checksum covers the 36 bytes every revision so far defines (its
		 * length field may not be trusted before the checksum is). */
		p = m->view(m->ctx, rsdp, RSDP_V2_LEN);
		if (!p || sum(p, RSDP_V2_LEN) != 0) {
			upm_snprintf(why, why_size, "the ACPI RSDP at 0x%llx has a wrong extended checksum",
				     (unsigned long long)rsdp);
			return 0;
		}
		uint64_t xsdt = upm_get_le(p + 24, 8);
		if (xsdt) {
			*entry_len = 8;
			*root_sig = "XSDT";
			return xsdt;
		}
	}
	uint64_t rsdt = upm_get_le(p + 16, 4);
	if (!rsdt)
		upm_snprintf(why, why_size, "the ACPI RSDP at 0x%llx names neither an XSDT nor an RSDT",
			     (unsigned long long)rsdp);
	*entry_len = 4;
	*root_sig = "RSDT";
	return rsdt;
}

enum upm_acpi_lookup upm_acpi_find(const struct upm_acpi_memory *mem, uint64_t rsdp, const char *sig,
				   const uint8_t **table, uint32_t *len, char *why, size_t why_size)
{
	unsigned entry_len = 0;
	const char *root_sig = "";
	uint32_t root_len = 0;

	*table = NULL;
	*len = 0;
	if (why_size)
		why[0] = 0;
	if (!rsdp)
		return UPM_ACPI_ABSENT;
	uint64_t root_addr = root_from_rsdp(mem, rsdp, &entry_len, &root_sig, why, why_size);
	if (!root_addr)
		return UPM_ACPI_REFUSED;
	const uint8_t *root = checked_sdt(mem, root_addr, root_sig, UPM_ACPI_ROOT_MAX_LEN, &root_len, why, why_size);
	if (!root)
		return UPM_ACPI_REFUSED;
	for (uint32_t off = SDT_HEADER_LEN; off + entry_len <= root_len; off += entry_len) {
		uint64_t addr = upm_get_le(root + off, entry_len);
		const uint8_t *h = addr ? mem->view(mem->ctx, addr, 4) : NULL;
		if (!h || upm_memcmp(h, sig, 4) != 0)
			continue; /* an unreadable entry cannot be the table asked for */
		*table = checked_sdt(mem, addr, sig, UPM_ACPI_TABLE_MAX_LEN, len, why, why_size);
		return *table ? UPM_ACPI_FOUND : UPM_ACPI_REFUSED;
	}
	return UPM_ACPI_ABSENT;
}

int upm_phys_range_described(const struct upm_phys_range *r, unsigned n, uint64_t addr, uint64_t len)
{
	uint64_t end = addr + len;
	if (end < addr)
		return 0;
	/* Walk from addr: each step jumps to the end of a range that holds the current byte. */
	while (addr < end) {
		uint64_t next = addr;
		for (unsigned i = 0; i < n; i++) {
			uint64_t lo = r[i].base, bytes = r[i].pages * 4096;
			if (r[i].pages > UINT64_MAX / 4096 || lo + bytes < lo)
				bytes = UINT64_MAX - lo; /* a corrupt size: as far as the address space goes */
			if (lo <= addr && addr - lo < bytes && lo + bytes > next)
				next = lo + bytes;
		}
		if (next == addr)
			return 0;
		addr = next;
	}
	return 1;
}

int upm_phys_range_readable(const struct upm_phys_range *r, unsigned n, uint64_t addr, uint64_t len)
{
	if (addr >= UPM_LEGACY_BIOS_BASE && addr < UPM_LEGACY_BIOS_END && len <= UPM_LEGACY_BIOS_END - addr)
		return 1;
	return upm_phys_range_described(r, n, addr, len);
}
