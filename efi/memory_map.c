/* The UEFI memory map as the firmware hands it out, read whole: below the memory totals and
 * placement (memory.c) and the ACPI tables' readable ranges (acpi.c), which both walk it. */
#include "efi/efi_env.h"

/* The current map (caller frees with FreePool); NULL on failure. The map may grow
 * between the sizing call and the read (an allocation, a timer callback's), so the read
 * is retried with the size it asks for (UEFI 2.10, 7.2, GetMemoryMap). */
EFI_MEMORY_DESCRIPTOR *upm_efi_memory_map(UINTN *size, UINTN *desc_size)
{
	UINTN key;
	UINT32 version;
	EFI_MEMORY_DESCRIPTOR *map = NULL;
	*size = 0;
	if (BS->GetMemoryMap(size, NULL, &key, desc_size, &version) != EFI_BUFFER_TOO_SMALL)
		return NULL;
	for (unsigned attempt = 0; attempt < 4; attempt++) {
		*size += 8 * *desc_size; /* the allocation itself may add descriptors */
		if (BS->AllocatePool(EfiLoaderData, *size, (void **)&map) != EFI_SUCCESS)
			return NULL;
		EFI_STATUS st = BS->GetMemoryMap(size, map, &key, desc_size, &version);
		if (st == EFI_SUCCESS && *desc_size != 0)
			return map;
		BS->FreePool(map);
		map = NULL;
		if (st != EFI_BUFFER_TOO_SMALL)
			return NULL;
	}
	return NULL;
}
