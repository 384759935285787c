/* PCI configuration accesses of the hw backend: CF8/CFC, ECAM, and the AUTO choice. */
#ifndef UPMON_PLATFORM_HW_PCI_CONFIG_H
#define UPMON_PLATFORM_HW_PCI_CONFIG_H

#include "platform/backend.h"

/* ecam is NULL when there is no MCFG window. Reads of an absent device return all
 * ones with UPM_OK: the caller decides what absence means. */
int upm_hw_pci_read32(const struct upm_ecam_window *ecam, enum upm_pci_mech mech,
		      struct upm_pci_addr a, uint32_t *val);
int upm_hw_pci_write32(const struct upm_ecam_window *ecam, enum upm_pci_mech mech,
		       struct upm_pci_addr a, uint32_t val);

#endif
