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
		/* GIDNIDMAP's field i holds the node ID of package i (Linux uncore_snbep.c,
		 * snbep_pci2phy_map_init: the matching field's index is the physical package,
		 * then mapped to the logical one); the socket is that package's dense index. */
		for (unsigned i = 0; i < 8; i++) {
			if (((map_reg >> (3 * i)) & 7) != nodeid)
				continue;
			int s = upm_socket_of_package(&r->topo, i);
			if (s >= 0 && !buses[s].found) {
				buses[s].found = 1;
				buses[s].bus = (uint8_t)bus;
				buses[s].node_id = nodeid;
				found++;
			}
			break;
		}
	}
	return found;
}

int upm_socket_of_package(const struct upm_topology *t, unsigned package_id)
{
	if (t->n_cpus == 0) /* no topology (tools): package numbers are the sockets */
		return package_id < UPM_MAX_SOCKETS ? (int)package_id : -1;
	for (unsigned s = 0; s < t->n_sockets && s < UPM_MAX_SOCKETS; s++)
		if (t->package_ids[s] == package_id)
			return (int)s;
	return -1;
}
