/* What the session room finds once per run and every session of the run reuses: the PCI
 * path's choice, the sockets the #GP guard's proof put out of use, the uncore bus scan.
 * The command holds it for the run's length (upm_main; a test's fixture) and the run
 * points at it (struct upm_run's sessions): the session room's state, kept out of the
 * invocation. Part of the session room. */
#ifndef UPMON_CORE_SESSION_RUN_SESSIONS_H
#define UPMON_CORE_SESSION_RUN_SESSIONS_H

#include "platform/base/os.h"

/* A socket's uncore bus, found by core/session/discover.c. */
struct upm_socket_bus {
	int found;
	uint16_t seg; /* PCI segment of the bus */
	uint8_t bus;
	unsigned node_id;
};

struct upm_run_sessions {
	int pci_path_chosen; /* upm_pci_path_choose ran (pci_path.h) */
	/* Sockets whose processor failed the #GP guard's proof (guard_proof.h): skipped by
	 * every session of the run. */
	uint8_t socket_unguarded[UPM_MAX_SOCKETS];
	/* The uncore bus scan, done once per run (discover.h). */
	int bus_scanned;
	unsigned bus_scan_found;
	struct upm_socket_bus bus_scan[UPM_MAX_SOCKETS];
	/* Platforms placed by Intel's uncore discovery table (core/session/disc_run.h): the
	 * run's platform built from the tables (freed at the end), and why no table placed
	 * the boxes when none did ("" when they did). */
	void *disc_platform;
	char disc_why[200];
};

#endif
