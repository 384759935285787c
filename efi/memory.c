/* Physical memory for upm_os_memory: the UEFI memory map's totals. Free memory is what
 * the map lists as EfiConventionalMemory (what AllocatePool/AllocatePages can still
 * hand out). */
#include "efi/efi_env.h"
#include "core/os.h"

int upm_os_memory(uint64_t *total_bytes, uint64_t *free_bytes)
{
	UINTN size = 0, key, desc_size;
	UINT32 version;
	EFI_MEMORY_DESCRIPTOR *map = NULL;
	EFI_STATUS st = BS->GetMemoryMap(&size, NULL, &key, &desc_size, &version);
	if (st != EFI_BUFFER_TOO_SMALL)
		return UPM_EUNSUPPORTED;
	/* The allocation itself may add descriptors. */
	size += 8 * desc_size;
	if (BS->AllocatePool(EfiLoaderData, size, (void **)&map) != EFI_SUCCESS)
		return UPM_ENOMEM;
	st = BS->GetMemoryMap(&size, map, &key, &desc_size, &version);
	if (st != EFI_SUCCESS || desc_size == 0) {
		BS->FreePool(map);
		return UPM_EUNSUPPORTED;
	}
	uint64_t total = 0, free_pages = 0;
	for (UINTN off = 0; off + desc_size <= size; off += desc_size) {
		const EFI_MEMORY_DESCRIPTOR *d = (const EFI_MEMORY_DESCRIPTOR *)((UINT8 *)map + off);
		switch (d->Type) {
		case EfiConventionalMemory:
			free_pages += d->NumberOfPages;
			total += d->NumberOfPages;
			break;
		case EfiLoaderCode: case EfiLoaderData: case EfiBootServicesCode:
		case EfiBootServicesData: case EfiRuntimeServicesCode: case EfiRuntimeServicesData:
		case EfiACPIReclaimMemory: case EfiACPIMemoryNVS:
			total += d->NumberOfPages;
			break;
		default:
			break; /* reserved, MMIO, unusable: not RAM upmon could use */
		}
	}
	BS->FreePool(map);
	*total_bytes = total * 4096u;
	*free_bytes = free_pages * 4096u;
	return UPM_OK;
}
