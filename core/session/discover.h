/* Finding the uncore: which PCI bus belongs to which socket, and which box instances
 * answer there with the device IDs the tables expect. Reads only. */
#ifndef UPMON_CORE_DISCOVER_H
#define UPMON_CORE_DISCOVER_H

#include "core/cli/invocation.h"
#include "core/session/run_sessions.h"

/* Scans the buses for the platform's UBox function and maps each to its socket, once
 * per run (the run's sessions keep the answer, run_sessions.h: session, link-rate check and info ask it).
 * Buses behind a PCI-to-PCI bridge are never read: before a bus is scanned, the bridges
 * of the buses below it that have a device 0 are read from their type-1 headers
 * (secondary and subordinate bus numbers, PCI-to-PCI Bridge Architecture Specification:
 * header type 0x0E bits 6:0 = 1; secondary bus 0x19, subordinate 0x1A), and every bus
 * from a secondary to its subordinate is left alone: real root ports answer a read of a
 * device that is not behind them with an Unsupported Request and log it (AER).
 * Returns how many sockets got a bus. */
unsigned upm_discover_buses(struct upm_run *r, struct upm_socket_bus buses[UPM_MAX_SOCKETS]);

/* The first MCFG window on a segment other than 0 that no window in use reaches (every
 * window is hidden where loads are unguarded, platform/backend.h): CF8/CFC has no
 * segment field, so a socket whose uncore is there cannot be found. 1 and *out when
 * there is one. */
int upm_discover_unreached_segment(struct upm_run *r, struct upm_ecam_window *out);

/* The dense socket index of a package number (upm_topology_settle); -1 when no
 * processor of the topology is in that package. */
int upm_socket_of_package(const struct upm_topology *t, unsigned package_id);

enum upm_pci_presence {
	UPM_PCI_FOUND = 0,
	UPM_PCI_MISSING,   /* nothing answers: absent, or hidden by the firmware */
	UPM_PCI_MISMATCH,  /* something else answers there: never written to */
};

/* Checks the function at seg/bus/fn against the expected IDs; *ids gets what was read. */
enum upm_pci_presence upm_pci_check(struct upm_run *r, uint16_t seg, uint8_t bus,
				    const struct upm_pci_fn *fn, uint32_t *ids);

#endif
