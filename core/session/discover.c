#include "core/session/discover.h"
#include "platform/pci.h"

enum upm_pci_presence upm_pci_check(struct upm_run *r, uint8_t bus, const struct upm_pci_fn *fn,
				    uint32_t *ids)
{
	struct upm_pci_addr a = { 0, bus, fn->dev, fn->fn, 0 };
	*ids = UPM_PCI_ABSENT;
	if (upm_pci_read32(r->backend, a, ids) != UPM_OK || (*ids & 0xFFFF) == 0xFFFF)
		return UPM_PCI_MISSING;
	if ((*ids & 0xFFFF) != UPM_PCI_VENDOR_INTEL || (*ids >> 16) != fn->device_id)
		return UPM_PCI_MISMATCH;
	return UPM_PCI_FOUND;
}

unsigned upm_discover_buses(struct upm_run *r, struct upm_socket_bus buses[UPM_MAX_SOCKETS])
{
	const struct upm_bus_map *map = r->platform ? r->platform->bus_map : NULL;
	unsigned found = 0;

	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
		buses[s].found = 0;
	if (!map)
		return 0;
	for (unsigned bus = 0; bus < 256; bus++) {
		uint32_t ids, nodeid, map_reg;
		if (upm_pci_check(r, (uint8_t)bus, &map->ubox, &ids) != UPM_PCI_FOUND)
			continue;
		struct upm_pci_addr a = { 0, (uint8_t)bus, map->ubox.dev, map->ubox.fn,
					  map->cpunodeid_off };
		if (upm_pci_read32(r->backend, a, &nodeid) != UPM_OK)
			continue;
		a.off = map->gidnidmap_off;
		if (upm_pci_read32(r->backend, a, &map_reg) != UPM_OK)
			continue;
		nodeid &= 7;
		for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++) {
			if (((map_reg >> (3 * s)) & 7) == nodeid && !buses[s].found) {
				buses[s].found = 1;
				buses[s].bus = (uint8_t)bus;
				buses[s].node_id = nodeid;
				found++;
				break;
			}
		}
	}
	return found;
}
