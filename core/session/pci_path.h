/* How PCI configuration space is reached, chosen once per run before any uncore box is
 * touched, and said on the console (and so in upmon.log):
 *   - no ACPI MCFG table: CF8/CFC ("pci: no ACPI MCFG table: using CF8/CFC ...");
 *   - an ECAM window that disagrees with CF8/CFC (the vendor/device IDs of the host
 *     bridge, or of the platform's UBox function on the buses the scan found through
 *     CF8/CFC (core/session/discover.h), read differently the two ways): ECAM is refused for the rest of the run (upm_backend_refuse_ecam) and
 *     CF8/CFC used, with a line naming the function and both readings;
 *   - otherwise ECAM, silently (`info` shows the window).
 * Called by upm_session_prepare and `info`; later calls do nothing. */
#ifndef UPMON_CORE_PCI_PATH_H
#define UPMON_CORE_PCI_PATH_H

#include "core/cli/invocation.h"

void upm_pci_path_select(struct upm_run *r);

#endif
