/* PCI configuration addresses: decoding, formatting, and the two access encodings. */
#ifndef UPMON_PLATFORM_PCI_H
#define UPMON_PLATFORM_PCI_H

#include "platform/backend.h"

#define UPM_PCI_VENDOR_INTEL 0x8086
#define UPM_PCI_ABSENT 0xFFFFFFFFu

/* 1 when the address names a real function and a dword-aligned offset below 0x1000. */
int upm_pci_addr_valid(struct upm_pci_addr a);

/* CF8 value for a legacy configuration access (enable bit set). Only offsets below
 * 0x100 are reachable: returns UPM_ERANGE otherwise. */
int upm_pci_cf8_encode(struct upm_pci_addr a, uint32_t *cf8);

/* Byte offset of the register from the ECAM base (the base is bus 0's address), or
 * UPM_ERANGE when the bus is outside the window's range or the segment differs. */
int upm_pci_ecam_offset(const struct upm_ecam_window *w, struct upm_pci_addr a, uint64_t *off);

/* The window of ws[0..n) covering a's segment and bus; NULL when none does. */
const struct upm_ecam_window *upm_pci_ecam_covering(const struct upm_ecam_window *ws, unsigned n,
						    struct upm_pci_addr a);

/* The mechanism an access takes: an explicit one as asked; AUTO: ECAM wherever a window
 * covers the segment and bus (every offset, and no shared address port to lock), CF8/CFC
 * only where none does (segment 0 alone: upm_pci_cf8_encode refuses the others). */
enum upm_pci_mech upm_pci_mech_choose(const struct upm_ecam_window *ws, unsigned n, enum upm_pci_mech mech,
				      struct upm_pci_addr a);

/* "BB:DD.F+0xOFF" (the trace format). Writes at most size bytes. */
void upm_pci_format(char *buf, unsigned long size, struct upm_pci_addr a);
/* A function, as info prints it: "BB:DD.F" on segment 0, "SSSS:BB:DD.F" elsewhere. */
void upm_pci_format_fn(char *buf, unsigned long size, uint16_t seg, uint8_t bus, uint8_t dev, uint8_t fn);
/* Parses "BB:DD.F" with an optional "+0xOFF"; also "SSSS:BB:DD.F". 0 or -1. */
int upm_pci_parse(const char *s, struct upm_pci_addr *out);

#endif
