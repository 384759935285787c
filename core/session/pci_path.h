/* How PCI configuration space is reached, chosen once per run before any uncore box is
 * touched, and said on the console (and so in upmon.log):
 *   - no ACPI MCFG table: CF8/CFC ("pci: no ACPI MCFG table: using CF8/CFC ...");
 *   - an MCFG table that failed a check (the backend's mcfg_refused): CF8/CFC, with a
 *     line that says which check ("pci: the ACPI MCFG table at ... has a wrong checksum,
 *     so it is not used: using CF8/CFC ...");
 *   - an ECAM window that disagrees with CF8/CFC (the vendor/device IDs of the host
 *     bridge, or of the platform's UBox function on the buses the scan found through
 *     CF8/CFC (core/session/discover.h), read differently the two ways): ECAM is refused for the rest of the run (upm_backend_refuse_ecam) and
 *     CF8/CFC used, with a line naming the function and both readings;
 *   - loads that could not be caught (the backend's loads_unguarded: the firmware keeps
 *     its own page-fault handler) with an MCFG table: CF8/CFC, with a line that says why;
 *   - otherwise ECAM, silently (`info` shows the window).
 * Called by upm_session_prepare and `info`; later calls do nothing. */
#ifndef UPMON_CORE_PCI_PATH_H
#define UPMON_CORE_PCI_PATH_H

#include "core/cli/invocation.h"
#include "core/session/run_sessions.h"

/* What the choice found, for the line that says it (and `info`'s record). */
struct upm_pci_path_choice {
	int chosen_now;   /* 0: chosen earlier in the run (nothing more to say) */
	int no_mcfg;      /* no ACPI MCFG table used: CF8/CFC */
	const char *mcfg_refused; /* why the firmware's table was not used; NULL: there is none */
	int refused;      /* segment 0's ECAM window disagreed with CF8/CFC: refused */
	uint64_t base;    /* the refused window's MCFG base */
	uint8_t bus, dev, fn; /* the function read differently the two ways */
	uint32_t cf8, ecam;   /* its vendor/device IDs each way (all ones: the read failed) */
	int others;       /* other segments keep their own windows */
	const char *unguarded; /* why ECAM is not used although there is a window; NULL: it is */
};

/* Why no ECAM window is in use, for a line about a register that needs one: "this
 * machine has no MCFG table", or what refused it. */
const char *upm_pci_no_ecam_why(const struct upm_run *r);

/* Chooses (once per run) and says nothing. */
void upm_pci_path_choose(struct upm_run *r, struct upm_pci_path_choice *c);
/* The line that says a choice made now, when there is one: 0 when nothing is said. */
int upm_pci_path_text(const struct upm_pci_path_choice *c, char *buf, unsigned long size);
/* Chooses and says it. */
void upm_pci_path_select(struct upm_run *r);

#endif
