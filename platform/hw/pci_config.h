/* PCI configuration accesses of the hw backend: CF8/CFC, ECAM, and the AUTO choice. */
#ifndef UPMON_PLATFORM_HW_PCI_CONFIG_H
#define UPMON_PLATFORM_HW_PCI_CONFIG_H

#include "platform/backend.h"

/* ecam holds the n_ecam MCFG windows (none: CF8/CFC only). An access goes through the
 * window covering its segment and bus; segments other than 0 only through ECAM (CF8/CFC
 * reaches segment 0 alone): UPM_EUNSUPPORTED when no window covers them. Reads of an
 * absent device return all ones with UPM_OK: the caller decides what absence means. */
int upm_hw_pci_read32(const struct upm_ecam_window *ecam, unsigned n_ecam, enum upm_pci_mech mech,
		      struct upm_pci_addr a, uint32_t *val);
int upm_hw_pci_write32(const struct upm_ecam_window *ecam, unsigned n_ecam,
		       enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t val);

/* The first CF8/CFC access given up because the lock's holder kept it past the wait (a
 * line naming the holder), or "" when none was. */
const char *upm_hw_pci_lock_finding(void);

#endif
