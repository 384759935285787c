/* The ACPI MCFG table ("PCI Express Memory-mapped Configuration Space base address
 * description table"): its allocation entries as ECAM windows. */
#ifndef UPMON_PLATFORM_MCFG_H
#define UPMON_PLATFORM_MCFG_H

#include "platform/backend.h"

/* Parses the table at t (len bytes as the caller may read; the table's own length
 * field is honoured when smaller). Stores at most max windows, in table order, and
 * returns how many were stored; *total gets how many entries the table has (more than
 * returned when it has more than max). A table too short for its header yields 0. An
 * entry that cannot be a window (end bus below the start, base 0 or not aligned to
 * 1 MiB, a window past the physical address limit) is not stored. */
unsigned upm_mcfg_parse(const uint8_t *t, uint32_t len, struct upm_ecam_window *out, unsigned max,
			unsigned *total);

#endif
