/* Physical memory from the UEFI memory map: totals for upm_os_memory (free = what the map
 * lists as EfiConventionalMemory, what AllocatePool/AllocatePages can still hand out),
 * and buffers placed in a socket's memory with the ACPI SRAT (core/workload/srat.c). */
#include "efi/efi_env.h"
#include "platform/base/os.h"
#include "core/workload/srat.h"
#include "platform/base/str.h"

#define PAGE 4096u

/* Specific-purpose memory (HBM, CXL and the like): conventional memory the firmware marks
 * as set aside for particular software (UEFI 2.8 and later, 7.2, EFI_MEMORY_SP), so not
 * upmon's to place buffers in or to count as free. gnu-efi's headers lack the bit. */
#define UPM_EFI_MEMORY_SP 0x0000000000040000ull

#define DESC(map, off) ((const EFI_MEMORY_DESCRIPTOR *)((const UINT8 *)(map) + (off)))

int upm_os_memory(uint64_t *total_bytes, uint64_t *free_bytes)
{
	UINTN size, desc_size;
	EFI_MEMORY_DESCRIPTOR *map = upm_efi_memory_map(&size, &desc_size);
	if (!map)
		return UPM_EUNSUPPORTED;
	uint64_t total = 0, free_pages = 0;
	for (UINTN off = 0; off + desc_size <= size; off += desc_size) {
		const EFI_MEMORY_DESCRIPTOR *d = DESC(map, off);
		switch (d->Type) {
		case EfiConventionalMemory:
			if (!(d->Attribute & UPM_EFI_MEMORY_SP))
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
	*total_bytes = total * PAGE;
	*free_bytes = free_pages * PAGE;
	return UPM_OK;
}

static struct upm_srat srat;
static int srat_state; /* 0 not read yet, 1 parsed, -1 none */
static char srat_why[160]; /* srat_state -1: why there is none to place by */

static const struct upm_srat *get_srat(void)
{
	if (srat_state == 0) {
		uint32_t len = 0;
		const uint8_t *t = upm_efi_find_acpi_table("SRAT", &len, srat_why, sizeof srat_why);
		srat_state = -1; /* a refused SRAT places nothing, as a missing one */
		if (!t) { /* srat_why says why it was refused; absent, it says nothing */
			if (!srat_why[0])
				upm_strlcpy(srat_why, "the firmware has no ACPI SRAT (one memory node, or node "
						      "interleaving on)", sizeof srat_why);
		} else if (upm_srat_parse(t, len, &srat) != UPM_OK)
			upm_strlcpy(srat_why, "the ACPI SRAT is malformed (an entry runs past its end)", sizeof srat_why);
		else if (!srat.n_mems)
			upm_strlcpy(srat_why, "the ACPI SRAT lists no enabled memory range (node interleaving?)",
				    sizeof srat_why);
		else
			srat_state = 1;
	}
	return srat_state > 0 ? &srat : NULL;
}

/* The highest page-aligned block of `pages` free pages inside [lo, hi); 0 when none. */
static uint64_t fit(const EFI_MEMORY_DESCRIPTOR *map, UINTN size, UINTN desc_size, uint64_t lo,
		    uint64_t hi, uint64_t pages)
{
	uint64_t best = 0;
	for (UINTN off = 0; off + desc_size <= size; off += desc_size) {
		const EFI_MEMORY_DESCRIPTOR *d = DESC(map, off);
		if (d->Type != EfiConventionalMemory || (d->Attribute & UPM_EFI_MEMORY_SP) ||
		    !(d->Attribute & EFI_MEMORY_WB))
			continue;
		uint64_t a = d->PhysicalStart, b = a + d->NumberOfPages * PAGE;
		if (a < lo)
			a = (lo + PAGE - 1) / PAGE * PAGE;
		if (b > hi)
			b = hi / PAGE * PAGE;
		if (b > a && (b - a) / PAGE >= pages && b - pages * PAGE > best)
			best = b - pages * PAGE;
	}
	return best;
}

void *upm_os_alloc_on_socket(size_t size, unsigned socket, int *placed, char *why, size_t why_size)
{
	uint64_t pages = (size + PAGE - 1) / PAGE;
	EFI_PHYSICAL_ADDRESS addr = 0;
	*placed = 0;
	if (!pages)
		pages = 1;
	const struct upm_srat *s = get_srat();
	static struct upm_topology topo;
	upm_os_topology(&topo);
	long domain = s ? upm_srat_socket_domain(s, &topo, socket) : -1;
	if (domain >= 0) {
		UINTN msize, dsize;
		EFI_MEMORY_DESCRIPTOR *map = upm_efi_memory_map(&msize, &dsize);
		for (unsigned i = 0; map && i < s->n_mems && !*placed; i++) {
			if (s->mems[i].domain != (uint32_t)domain)
				continue;
			uint64_t at = fit(map, msize, dsize, s->mems[i].base,
					  s->mems[i].base + s->mems[i].length, pages);
			addr = at;
			if (at && BS->AllocatePages(AllocateAddress, EfiLoaderData, pages, &addr) == EFI_SUCCESS)
				*placed = 1;
		}
		if (map)
			BS->FreePool(map);
		if (*placed)
			return (void *)(uintptr_t)addr;
	}
	if (!s) /* anywhere, and why */
		upm_strlcpy(why, srat_why, why_size);
	else if (domain < 0)
		upm_snprintf(why, why_size, "the ACPI SRAT lists no processor of socket %u", socket);
	else
		upm_snprintf(why, why_size, "no free block of %llu pages in socket %u's memory (SRAT domain %ld)",
			     (unsigned long long)pages, socket, domain);
	if (BS->AllocatePages(AllocateAnyPages, EfiLoaderData, pages, &addr) != EFI_SUCCESS)
		return NULL;
	return (void *)(uintptr_t)addr;
}

void upm_os_free_placed(void *p, size_t size)
{
	if (p)
		BS->FreePages((EFI_PHYSICAL_ADDRESS)(uintptr_t)p, (size + PAGE - 1) / PAGE ? (size + PAGE - 1) / PAGE : 1);
}
