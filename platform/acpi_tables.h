/* Finding one ACPI table the firmware published: RSDP -> XSDT (or the RSDT of ACPI 1.0
 * firmware) -> the first table with the signature asked for. Everything on the way is
 * checked before it is used (signature, length within bounds, checksum), because a board's
 * tables are read as the firmware left them and a wrong pointer or length would otherwise
 * walk through arbitrary memory. A table that fails a check is not used, and why is said
 * in one line, so a firmware bug is reported rather than taken for an absent table. */
#ifndef UPMON_PLATFORM_ACPI_TABLES_H
#define UPMON_PLATFORM_ACPI_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* Bounds: no firmware needs more (a root of 8,187 eight-byte entries; an SRAT of a large
 * multi-socket machine is tens of KiB), and a length past them is taken as corrupt. */
#define UPM_ACPI_ROOT_MAX_LEN (64u * 1024)
#define UPM_ACPI_TABLE_MAX_LEN (1024u * 1024)

/* How physical memory is read: len bytes at addr, or NULL where upmon must not read
 * (UEFI: what the memory map describes, other than MMIO; tests: an image in a buffer). */
struct upm_acpi_memory {
	const uint8_t *(*view)(void *ctx, uint64_t addr, uint32_t len);
	void *ctx;
};

/* Physical memory the firmware describes (UEFI memory map entries), in 4 KiB pages. */
struct upm_phys_range {
	uint64_t base, pages;
};

/* 1 when [addr, addr + len) lies wholly inside the union of the n ranges, which may come in
 * any order, touch or overlap; 0 otherwise (also when the range wraps). UEFI identity-maps
 * only memory its map describes, so the UEFI view reads nothing outside it. */
int upm_phys_range_described(const struct upm_phys_range *r, unsigned n, uint64_t addr, uint64_t len);

/* The legacy BIOS area, [0xE0000, 0x100000): on x86 PCs always readable memory (the
 * system BIOS's read-only image), where CSM-enabled firmware (AMI Aptio, HP) puts the
 * SMBIOS 2.x entry point and the ACPI RSDP, often leaving it out of the UEFI memory map.
 * The configuration table's pointer there is the firmware's own word (UEFI 2.10, 4.6). */
#define UPM_LEGACY_BIOS_BASE 0xE0000ull
#define UPM_LEGACY_BIOS_END 0x100000ull

/* 1 when [addr, addr + len) may be read: the n ranges (the memory map, less MMIO)
 * describe all of it, or it lies wholly inside the legacy BIOS area. Anything else (a
 * corrupt pointer, a length past the table's memory, memory-mapped I/O) is not read.
 * (docs/safety.md, ACPI tables) */
int upm_phys_range_readable(const struct upm_phys_range *r, unsigned n, uint64_t addr, uint64_t len);

enum upm_acpi_lookup {
	UPM_ACPI_FOUND = 0,   /* *table and *len set */
	UPM_ACPI_ABSENT = 1,  /* no RSDP, or the root lists no table with that signature */
	UPM_ACPI_REFUSED = 2, /* something on the way failed a check: why says what */
};

/* Looks sig (4 characters) up from the RSDP at rsdp (0: none). On UPM_ACPI_FOUND, *table
 * has *len bytes (the table's own length, checksum verified). On UPM_ACPI_REFUSED, why
 * holds a line such as "the ACPI MCFG table at 0x7fb7e000 has a wrong checksum". */
enum upm_acpi_lookup upm_acpi_find(const struct upm_acpi_memory *mem, uint64_t rsdp, const char *sig,
				   const uint8_t **table, uint32_t *len, char *why, size_t why_size);

#endif
