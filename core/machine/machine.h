/* Room machine: the machine upmon runs on as its firmware describes it in SMBIOS (BIOS,
 * system, board, populated sockets, memory devices), parsed from bytes the environment
 * hands over (upm_os_smbios in platform/base/os.h), the same on UEFI and the host. Includes
 * base and platform.
 *
 * Field offsets are those of DMTF DSP0134 (System Management BIOS Reference
 * Specification), cited beside each read in smbios.c. */
#ifndef UPMON_CORE_MACHINE_H
#define UPMON_CORE_MACHINE_H

#include <stddef.h>
#include <stdint.h>

#define UPM_SMBIOS_STR 64
#define UPM_SMBIOS_MAX_MEM 32

struct upm_memory_device {
	char locator[UPM_SMBIOS_STR];  /* type 17 Device Locator: "DIMM_A1" */
	uint64_t size_mb;              /* 0: no device installed */
	int size_known;
	unsigned speed_mts;            /* its rated speed; 0: unknown */
	unsigned configured_mts;       /* the speed the firmware set it to (SMBIOS 2.7+); 0: unknown */
	char part_number[UPM_SMBIOS_STR];
};

struct upm_machine {
	int available;                 /* 0: why says why (never an error) */
	char why[128];
	unsigned smbios_major, smbios_minor;
	char bios_vendor[UPM_SMBIOS_STR], bios_version[UPM_SMBIOS_STR], bios_date[UPM_SMBIOS_STR];
	char manufacturer[UPM_SMBIOS_STR], product[UPM_SMBIOS_STR], serial[UPM_SMBIOS_STR];
	char uuid[40];                 /* "" when the table has none */
	char board_manufacturer[UPM_SMBIOS_STR], board_product[UPM_SMBIOS_STR];
	char board_serial[UPM_SMBIOS_STR];
	unsigned sockets, sockets_populated; /* type 4 structures, and those with a processor */
	struct upm_memory_device mem[UPM_SMBIOS_MAX_MEM];
	unsigned n_mem;                /* kept in mem[] */
	unsigned n_mem_total;          /* type 17 structures seen (more than kept: cut) */
};

/* The structure table's place and the version from a 2.1 ("_SM_") or 3.0 ("_SM3_") entry
 * point. 0, or -1 with why filled for anything malformed (anchor, length, checksum). */
int upm_smbios_entry(const uint8_t *ep, size_t ep_len, uint64_t *table_addr, uint32_t *table_len,
		     unsigned *major, unsigned *minor, char *why, size_t why_size);

/* Reads the entry point at ep_addr (ep_len bytes: 18h for 3.0, 1Fh for 2.1, DSP0134
 * 5.2) and the structure table it names through mem's view (platform/acpi_tables.h),
 * which says what may be read, and copies both (the caller frees them with upm_os_free;
 * *table_len set). UPM_OK, or a status with why: a range the view refuses is never read. */
struct upm_acpi_memory;
int upm_smbios_fetch(const struct upm_acpi_memory *mem, uint64_t ep_addr, size_t ep_len, void **entry,
		     void **table, size_t *table_len, char *why, size_t why_size);

/* Fills out from an entry point and its structure table (either may be cut short or
 * garbage: whatever is well-formed is kept, nothing is read outside the bytes given).
 * When ep is NULL the version stays 0. Sets available. */
void upm_smbios_parse(const uint8_t *ep, size_t ep_len, const uint8_t *table, size_t table_len,
		      struct upm_machine *out);

/* The machine upmon runs on (upm_os_smbios, then upm_smbios_parse); unavailable with
 * the reason when the environment has no table or cannot read it. */
void upm_machine_read(struct upm_machine *m);

/* An unavailable machine with its reason. */
void upm_machine_unavailable(struct upm_machine *m, const char *why);

/* The system serial when there is a usable one (no firmware placeholder), else NULL. */
const char *upm_machine_serial(const struct upm_machine *m);

/* The name for the run folder: the system serial when there is a usable one, else
 * fallback; only [A-Za-z0-9._-] (anything else becomes '_'), at most size - 1 chars. */
void upm_machine_folder_name(const struct upm_machine *m, const char *fallback, char *buf, size_t size);

#endif
