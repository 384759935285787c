#include "core/session/discover.h"
#include "platform/pci.h"

enum upm_pci_presence upm_pci_check(struct upm_run *r, uint16_t seg, uint8_t bus,
				    const struct upm_pci_fn *fn, uint32_t *ids)
{
	struct upm_pci_addr a = { seg, bus, fn->dev, fn->fn, 0 };
	*ids = UPM_PCI_ABSENT;
	if (upm_pci_read32(r->backend, a, ids) != UPM_OK || (*ids & 0xFFFF) == 0xFFFF)
		return UPM_PCI_MISSING;
	if ((*ids & 0xFFFF) != UPM_PCI_VENDOR_INTEL || (*ids >> 16) != fn->device_id)
		return UPM_PCI_MISMATCH;
	return UPM_PCI_FOUND;
}

/* PCI-to-PCI bridge headers (PCI-to-PCI Bridge Architecture Specification 1.2, Type 1
 * configuration header): header type byte at 0x0E (bit 7 multi-function, bits 6:0 the
 * layout, 1 for a bridge), secondary bus number at 0x19, subordinate at 0x1A (the dword
 * at 0x18 holds primary, secondary, subordinate in bytes 0-2). */
#define HEADER_DWORD 0x0C
#define BUS_NUMBERS 0x18

/* On segment 0 the scan reads through CF8/CFC: every offset it needs is below 0x100,
 * and the ECAM window is only trusted once it agrees with CF8/CFC on what the scan found
 * (core/session/pci_path.c). Other segments are reachable through their ECAM window
 * only (CF8/CFC has no segment field), and the scan reads only the buses it covers. */
static int scan_read(struct upm_run *r, struct upm_pci_addr a, uint32_t *v)
{
	return upm_pci_read32_via(r->backend, a.seg ? UPM_PCI_ECAM : UPM_PCI_CF8, a, v);
}

static int answers(struct upm_run *r, struct upm_pci_addr a)
{
	uint32_t ids;
	return scan_read(r, a, &ids) == UPM_OK && (ids & 0xFFFF) != 0xFFFF;
}

/* Marks the buses behind the bridges of bus b (which answers at device 0). */
static void mark_bridged(struct upm_run *r, uint16_t seg, unsigned b, uint8_t behind[256])
{
	for (uint8_t d = 0; d < 32; d++) {
		struct upm_pci_addr a = { seg, (uint8_t)b, d, 0, 0 };
		uint32_t hdr;
		if (!answers(r, a))
			continue;
		a.off = HEADER_DWORD;
		if (scan_read(r, a, &hdr) != UPM_OK)
			continue;
		unsigned fns = (hdr >> 23) & 1 ? 8 : 1;
		for (uint8_t f = 0; f < fns; f++) {
			a.fn = f;
			a.off = 0;
			if (f && !answers(r, a))
				continue;
			a.off = HEADER_DWORD;
			if (f && scan_read(r, a, &hdr) != UPM_OK)
				continue;
			if (((hdr >> 16) & 0x7F) != 1)
				continue;
			uint32_t nums;
			a.off = BUS_NUMBERS;
			if (scan_read(r, a, &nums) != UPM_OK)
				continue;
			unsigned sec = (nums >> 8) & 0xFF, sub = (nums >> 16) & 0xFF;
			for (unsigned x = sec; x > b && x <= sub; x++)
				behind[x] = 1;
		}
	}
}

/* Scans buses first..last of segment seg for UBoxes; returns how many sockets it found. */
static unsigned scan_segment(struct upm_run *r, const struct upm_bus_map *map, uint16_t seg,
			     unsigned first, unsigned last, struct upm_socket_bus buses[UPM_MAX_SOCKETS])
{
	unsigned found = 0;
	uint8_t behind[256] = { 0 };

	for (unsigned bus = first; bus <= last; bus++) {
		uint32_t ids, nodeid, map_reg;
		if (behind[bus])
			continue;
		struct upm_pci_addr dev0 = { seg, (uint8_t)bus, 0, 0, 0 };
		if (answers(r, dev0))
			mark_bridged(r, seg, bus, behind);
		struct upm_pci_addr a = { seg, (uint8_t)bus, map->ubox.dev, map->ubox.fn, 0 };
		if (scan_read(r, a, &ids) != UPM_OK || (ids & 0xFFFF) != UPM_PCI_VENDOR_INTEL ||
		    (ids >> 16) != map->ubox.device_id)
			continue;
		a.off = map->cpunodeid_off;
		if (scan_read(r, a, &nodeid) != UPM_OK)
			continue;
		a.off = map->gidnidmap_off;
		if (scan_read(r, a, &map_reg) != UPM_OK)
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
				buses[s].seg = seg;
				buses[s].bus = (uint8_t)bus;
				buses[s].node_id = nodeid;
				found++;
			}
			break;
		}
	}
	return found;
}

/* Segment 0 through CF8/CFC, all its buses (as before MCFG is trusted); then each MCFG
 * window on another segment, its buses only. */
static unsigned scan(struct upm_run *r, struct upm_socket_bus buses[UPM_MAX_SOCKETS])
{
	const struct upm_bus_map *map = r->platform ? r->platform->bus_map : NULL;
	struct upm_ecam_window w;

	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
		buses[s].found = 0;
	if (!map)
		return 0;
	unsigned found = scan_segment(r, map, 0, 0, 255, buses);
	for (unsigned i = 0; upm_ecam_window_at(r->backend, i, &w) == UPM_OK; i++)
		if (w.seg != 0)
			found += scan_segment(r, map, w.seg, w.bus_start, w.bus_end, buses);
	return found;
}

int upm_discover_unreached_segment(struct upm_run *r, struct upm_ecam_window *out)
{
	struct upm_ecam_window w, used;
	for (unsigned i = 0; upm_backend_raw_ecam_window(r->backend, i, &w) == UPM_OK; i++)
		if (w.seg != 0 && upm_ecam_window_for(r->backend, w.seg, w.bus_start, &used) != UPM_OK) {
			*out = w;
			return 1;
		}
	return 0;
}

unsigned upm_discover_buses(struct upm_run *r, struct upm_socket_bus buses[UPM_MAX_SOCKETS])
{
	struct upm_run_sessions *rs = r->sessions;
	if (!rs->bus_scanned) {
		rs->bus_scan_found = scan(r, rs->bus_scan);
		rs->bus_scanned = 1;
	}
	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
		buses[s] = rs->bus_scan[s];
	return rs->bus_scan_found;
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
