/* Finding the uncore: which PCI bus belongs to which socket, and which box instances
 * answer there with the device IDs the tables expect. Reads only. */
#ifndef UPMON_CORE_DISCOVER_H
#define UPMON_CORE_DISCOVER_H

#include "core/cli/invocation.h"

struct upm_socket_bus {
	int found;
	uint8_t bus;
	unsigned node_id;
};

/* Scans every bus for the platform's UBox function and maps each to its socket.
 * Returns how many sockets got a bus. */
unsigned upm_discover_buses(struct upm_run *r, struct upm_socket_bus buses[UPM_MAX_SOCKETS]);

/* The dense socket index of a package number (upm_topology_settle); -1 when no
 * processor of the topology is in that package. */
int upm_socket_of_package(const struct upm_topology *t, unsigned package_id);

enum upm_pci_presence {
	UPM_PCI_FOUND = 0,
	UPM_PCI_MISSING,   /* nothing answers: absent, or hidden by the firmware */
	UPM_PCI_MISMATCH,  /* something else answers there: never written to */
};

/* Checks the function at bus/fn against the expected IDs; *ids gets what was read. */
enum upm_pci_presence upm_pci_check(struct upm_run *r, uint8_t bus, const struct upm_pci_fn *fn,
				    uint32_t *ids);

#endif
