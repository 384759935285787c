/* Room efi: the UEFI environment layer: efi_main, the shell's arguments, console and file
 * output, MP services, memory and its map, ACPI and SMBIOS tables, the #GP guard, the
 * network (HTTP through the firmware, efi/efi_http.h), and the services of
 * platform/base/os.h on UEFI. Includes base, platform, platform/hw, machine,
 * cli, workload and commands.
 *
 * What the files of efi/ share: set-up entry points called by efi_main and the
 * UTF-8/UCS-2 conversions. Everything else reaches the core through platform/base/os.h. */
#ifndef UPMON_EFI_EFI_ENV_H
#define UPMON_EFI_EFI_ENV_H

#include <efi.h>
#include <efilib.h>
#include "platform/backend.h"
#include "platform/base/os.h"

/* time.c: calibrates the TSC against BS->Stall. Call first. */
void upm_efi_time_init(void);

/* files.c: remembers the volume upmon was loaded from; when that device has no file
 * system (a network boot), the first writable FAT volume is used instead. */
void upm_efi_files_init(EFI_HANDLE image);

/* connect.c: connects every controller to its drivers (recursively), once a run. */
void upm_efi_connect_all(void);

/* boot_uri.c: remembers upmon's image, for the network (efi/efi_http.h). http_nic.c:
 * upm_efi_net_end gives the NIC back its IPv4 policy when upm_os_http changed it. */
void upm_efi_net_init(EFI_HANDLE image);
EFI_HANDLE upm_efi_image(void);
void upm_efi_net_end(void);

/* mp.c: reads the topology through MP services (one CPU when there are none). */
void upm_efi_mp_init(void);
/* 1 when the calling processor is the bootstrap processor (safe on any processor). */
int upm_efi_on_bsp(void);

/* abort.c: forgets keys typed before the run (ESC/Ctrl-C abort a run). */
void upm_efi_abort_init(void);


/* guard.c: #GP/#PF guard for the guarded accesses of platform/hw. */
EFI_STATUS upm_efi_guard_install(void); /* EFI_SUCCESS or why not */
void upm_efi_guard_remove(void);
/* 1 when the #PF handler is installed too (the firmware may keep its own). */
int upm_efi_guard_covers_page_faults(void);
/* 1 when the #GP handler is installed: the hardware backend runs only then. */
int upm_efi_guard_covers_general_protection(void);

/* memory_map.c: the firmware's current memory map (free it with FreePool); NULL on failure. */
EFI_MEMORY_DESCRIPTOR *upm_efi_memory_map(UINTN *size, UINTN *desc_size);

/* acpi.c: the ACPI MCFG table's windows, at most max of them (platform/mcfg.h); *total gets the
 * table's entry count. 0 when there is no MCFG table or it failed a check; then why holds
 * the line that says which check ("" when there is none). */
unsigned upm_efi_find_mcfg(struct upm_ecam_window *out, unsigned max, unsigned *total, char *why,
			   size_t why_size);
/* acpi.c: the ACPI table with this signature (XSDT, else RSDT) and its length, every table
 * on the way checked (platform/acpi_tables.h); NULL when there is none, or when one failed
 * a check and why says which ("" otherwise). */
const uint8_t *upm_efi_find_acpi_table(const char *sig, uint32_t *len, char *why, size_t why_size);
/* The SMBIOS entry point at ep_addr (from the configuration table) and its structure
 * table, copied (upm_smbios_fetch), each read only where the ACPI walk reads: memory the
 * UEFI memory map describes other than MMIO, or the legacy BIOS area (efi/acpi.c). */
int upm_efi_smbios_fetch(uint64_t ep_addr, size_t ep_len, void **entry, void **table, size_t *table_len,
			 char *why, size_t why_size);

/* args.c: the command line as UTF-8 argv[] (argv[0] is the program). */
struct upm_efi_args {
	int argc;
	char **argv;
	int from_shell;       /* a shell started us (its parameters or interface protocol is on
			       * our image); 0: the firmware's boot manager or another loader */
	int has_command_line; /* from a shell, or LoadOptions that are upmon's command line */
	/* LoadOptions that were not (vendor data: core/cli/load_options.h): the line that
	 * records them, else NULL. */
	const char *load_options_note;
};
void upm_efi_args_get(EFI_HANDLE image, struct upm_efi_args *out);
void upm_efi_args_free(struct upm_efi_args *a);

/* end.c: the configured end of run (returns only for UPM_END_RETURN or when the action
 * fails); for UPM_END_WAITKEY a limit (0: none) and what follows the
 * wait (UPM_END_RETURN, _SHUTDOWN or _REBOOT). */
void upm_efi_end(enum upm_end_action action, unsigned long timeout_s,
		 enum upm_end_action after, int status);

/* boot_marker.c: the mark startup.nsh looks for, for this boot only: upmon ran from the
 * firmware, so a fallback to the shell must not run check a second time (startup.nsh
 * deletes it). A volatile variable the shell reads as %upmon_ran_from_firmware%. */
#define UPM_EFI_FIRMWARE_MARKER L"upmon_ran_from_firmware"
void upm_efi_mark_ran_from_firmware(void);

/* utf.c: conversions with upm_os_alloc; NULL on allocation failure. Code points
 * outside the BMP and malformed bytes become '?'. */
CHAR16 *upm_efi_utf8_to_ucs2(const char *s, UINTN len);
char *upm_efi_ucs2_to_utf8(const CHAR16 *s, UINTN len);
/* Decodes one UTF-8 sequence at s[*pos] (len bytes in all) and advances *pos. */
UINT32 upm_efi_utf8_next(const char *s, UINTN len, UINTN *pos);

#endif
