/* Hand-built uncore discovery tables for the unit tests of the discovery platforms
 * (boxes/discovered.c with a model's quirk table): a table per die, records added one by
 * one, the run's platform built from them with its findings kept, and lookups of the built
 * box types and their places. */
#ifndef UPMON_TESTS_UNIT_DISC_TABLES_H
#define UPMON_TESTS_UNIT_DISC_TABLES_H

#include "boxes/platform.h"
#include "boxes/discovered.h"

struct notes {
	char text[4096];
	unsigned n;
};

/* A table of socket's, its global control MSR 0x2FF0. calloc'd: free_set frees it. */
struct upm_disc_table *disc_table(unsigned socket);
/* A unit record of type and id: its access, unit control (PCI: pci_enc's), counters and
 * offsets; 48-bit counters. */
struct upm_disc_unit *disc_add(struct upm_disc_table *t, uint16_t type, uint16_t id, uint8_t access, uint64_t ctl,
			  uint8_t n, uint8_t ctl_off, uint8_t ctr_off);
uint64_t disc_pci_enc(unsigned bus, unsigned dev, unsigned fn, unsigned off);
/* The built type of that name (a test failure when there is none). */
const struct upm_box_type *disc_box(const struct upm_platform *p, const char *name);
/* Instance inst's place on socket, or NULL where none. */
const struct upm_unit_place *disc_place(const struct upm_box_type *t, unsigned socket, unsigned inst);
/* reg's platform from set on sockets, its findings in n. */
struct upm_platform *disc_build(const struct upm_platform *reg, struct upm_disc_set *set, unsigned sockets,
			   struct notes *n);
void disc_free_set(struct upm_disc_set *set);

#endif
