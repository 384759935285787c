#include "core/session/pci_path.h"
#include "core/session/discover.h"
#include "platform/pci.h"

/* Reads a's IDs both ways: 1 when the readings agree (a failed read counts as all ones),
 * or when the bus is outside the ECAM window. */
static int agree(struct upm_run *r, struct upm_pci_addr a, uint32_t *cf8, uint32_t *ecam)
{
	*cf8 = *ecam = UPM_PCI_ABSENT;
	int rc_cf8 = upm_pci_read32_via(r->backend, UPM_PCI_CF8, a, cf8);
	int rc_ecam = upm_pci_read32_via(r->backend, UPM_PCI_ECAM, a, ecam);
	if (rc_ecam == UPM_ERANGE) /* a bus outside the window: ECAM is never used there */
		return 1;
	if (rc_cf8 != UPM_OK)
		*cf8 = UPM_PCI_ABSENT;
	if (rc_ecam != UPM_OK)
		*ecam = UPM_PCI_ABSENT;
	return *cf8 == *ecam;
}

void upm_pci_path_choose(struct upm_run *r, struct upm_pci_path_choice *c)
{
	struct upm_ecam_window w, w1;
	upm_memset(c, 0, sizeof *c);
	if (r->sessions->pci_path_chosen)
		return;
	r->sessions->pci_path_chosen = 1;
	c->chosen_now = 1;
	if (r->backend->loads_unguarded && upm_backend_has_mcfg(r->backend)) {
		c->unguarded = r->backend->loads_unguarded;
		return;
	}
	if (upm_ecam_window(r->backend, &w) != UPM_OK) {
		c->no_mcfg = 1;
		c->mcfg_refused = r->backend->mcfg_refused;
		return;
	}
	const struct upm_bus_map *map = r->platform ? r->platform->bus_map : NULL;
	struct upm_pci_addr a = { 0, 0, 0, 0, 0 };
	uint32_t cf8, ecam;
	int ok = agree(r, a, &cf8, &ecam);
	/* Where the uncore is: the buses the scan found through CF8/CFC (it reads no bus
	 * behind a bridge, and is kept for the run), each UBox read both ways. */
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	if (map)
		upm_discover_buses(r, buses);
	for (unsigned s = 0; ok && map && s < UPM_MAX_SOCKETS; s++) {
		if (!buses[s].found || buses[s].seg != 0)
			continue; /* CF8/CFC cannot reach other segments: nothing to compare */
		struct upm_pci_addr u = { 0, buses[s].bus, map->ubox.dev, map->ubox.fn, 0 };
		a = u;
		ok = agree(r, a, &cf8, &ecam);
	}
	if (ok)
		return;
	/* CF8/CFC reaches segment 0 only: what disagreed is segment 0's window, and only it
	 * is refused; another segment's window is not judged by it. */
	upm_backend_refuse_ecam(r->backend, 0);
	c->refused = 1;
	c->base = w.base;
	c->bus = a.bus;
	c->dev = a.dev;
	c->fn = a.fn;
	c->cf8 = cf8;
	c->ecam = ecam;
	c->others = upm_ecam_window(r->backend, &w1) == UPM_OK;
}

int upm_pci_path_text(const struct upm_pci_path_choice *c, char *buf, unsigned long size)
{
	if (c->no_mcfg && c->mcfg_refused) {
		upm_snprintf(buf, size, "pci: %s, so it is not used: using CF8/CFC (config offsets above 0xFF "
			     "unreachable); a firmware bug to report to the board's vendor", c->mcfg_refused);
		return 1;
	}
	if (c->unguarded) {
		upm_snprintf(buf, size, "pci: %s; ECAM is not used: using CF8/CFC (config offsets above 0xFF "
			     "unreachable)", c->unguarded);
		return 1;
	}
	if (c->no_mcfg) {
		upm_strlcpy(buf, "pci: no ACPI MCFG table: using CF8/CFC (config offsets above 0xFF unreachable)", size);
		return 1;
	}
	if (!c->refused)
		return 0;
	upm_snprintf(buf, size,
		     "pci: the ECAM window (MCFG base 0x%llx) disagrees with CF8/CFC at %02x:%02x.%x "
		     "(cf8 %04x:%04x, ecam %04x:%04x): ECAM refused, using CF8/CFC (config offsets above "
		     "0xFF unreachable) on segment 0%s",
		     (unsigned long long)c->base, c->bus, c->dev, c->fn, c->cf8 & 0xFFFF, c->cf8 >> 16,
		     c->ecam & 0xFFFF, c->ecam >> 16, c->others ? "; the other segments keep their own windows" : "");
	return 1;
}

const char *upm_pci_no_ecam_why(const struct upm_run *r)
{
	const struct upm_backend *b = r->backend;
	if (b->loads_unguarded)
		return b->loads_unguarded;
	if (b->mcfg_refused)
		return "the ACPI MCFG table failed a check (see the pci: line)";
	if (b->n_ecam_refused)
		return "the ECAM window was refused (see the pci: line)";
	return "this machine has no MCFG table";
}

void upm_pci_path_select(struct upm_run *r)
{
	struct upm_pci_path_choice c;
	char line[320];
	upm_pci_path_choose(r, &c);
	if (upm_pci_path_text(&c, line, sizeof line))
		upm_say(r, "%s", line);
}
