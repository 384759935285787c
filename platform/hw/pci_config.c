#include "platform/hw/pci_config.h"
#include "platform/hw/guarded.h"
#include "platform/hw/port_io.h"
#include "platform/pci.h"
#include "platform/spinlock.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#define UPM_PCI_CONFIG_ADDRESS 0xCF8
#define UPM_PCI_CONFIG_DATA 0xCFC

/* CF8/CFC is an address-then-data pair of ports shared by all processors: a second
 * processor writing CF8 between our two accesses would redirect our data access. The
 * lock is never taken over: its holder may only be delayed (a long SMI between its CF8
 * and CFC accesses) and would then read or write at our address. A waiter gives up after
 * a bounded wait instead and its access fails with UPM_EBUSY and a line naming the holder
 * (platform/spinlock.h), so a holder that never lets go costs a finding, never a hang.
 * On the processor itself, interrupts are off across the pair (as EDK2's BasePciCf8Lib
 * has them, SaveAndDisableInterrupts): a firmware timer callback that used CF8/CFC
 * between the two would leave its own address in CF8. They go off after the lock is
 * held, so a wait for it never holds interrupts off. (docs/safety.md, CF8/CFC and the
 * firmware) */
#define CF8_WAIT_MS 1000u /* far past any SMI a healthy board takes */

static struct upm_spinlock cf8_lock = { .name = "CF8/CFC" };
static char cf8_finding[160];

const char *upm_hw_pci_lock_finding(void)
{
	return cf8_finding;
}

static int cf8_acquire(void)
{
	uint64_t hz = upm_os_tsc_hz();
	uint32_t apic_id;
	unsigned package;
	char why[sizeof cf8_finding];
	upm_os_current_cpu(&apic_id, &package);
	if (upm_spinlock_acquire(&cf8_lock, apic_id, (hz ? hz : 1000000000u) / 1000 * CF8_WAIT_MS, why,
				 sizeof why) == 0)
		return UPM_OK;
	if (!cf8_finding[0]) /* the first: the one that names the holder that stopped */
		upm_strlcpy(cf8_finding, why, sizeof cf8_finding);
	return UPM_EBUSY;
}

static void cf8_release(void)
{
	upm_spinlock_release(&cf8_lock);
}

static int cf8_access(struct upm_pci_addr a, uint32_t *val, int write)
{
	uint32_t cf8;
	int rc = upm_pci_cf8_encode(a, &cf8);
	if (rc != UPM_OK)
		return rc;
	if ((rc = cf8_acquire()) != UPM_OK)
		return rc;
	uint64_t flags = upm_hw_irq_save();
	upm_hw_outl(UPM_PCI_CONFIG_ADDRESS, cf8);
	if (write)
		upm_hw_outl(UPM_PCI_CONFIG_DATA, *val);
	else
		*val = upm_hw_inl(UPM_PCI_CONFIG_DATA);
	upm_hw_irq_restore(flags);
	cf8_release();
	return UPM_OK;
}

/* MCFG's base address maps bus 0 of the segment even when the window starts at a
 * higher bus; upm_pci_ecam_offset() counts from there too. A bus no window covers is
 * never reached through ECAM. */
static int ecam_address(const struct upm_ecam_window *ws, unsigned n, struct upm_pci_addr a,
			uint64_t *addr)
{
	const struct upm_ecam_window *w = upm_pci_ecam_covering(ws, n, a);
	uint64_t off;
	int rc;
	if (!upm_pci_addr_valid(a))
		return UPM_EINVAL;
	if (!w)
		return n ? UPM_ERANGE : UPM_EUNSUPPORTED;
	if ((rc = upm_pci_ecam_offset(w, a, &off)) != UPM_OK)
		return rc;
	*addr = w->base + off;
	return UPM_OK;
}

int upm_hw_pci_read32(const struct upm_ecam_window *ecam, unsigned n_ecam, enum upm_pci_mech mech,
		      struct upm_pci_addr a, uint32_t *val)
{
	uint64_t addr;
	int rc;

	switch (upm_pci_mech_choose(ecam, n_ecam, mech, a)) {
	case UPM_PCI_CF8:
		return cf8_access(a, val, 0);
	case UPM_PCI_ECAM:
		if ((rc = ecam_address(ecam, n_ecam, a, &addr)) != UPM_OK)
			return rc;
		return upm_hw_load32(addr, val);
	default:
		return UPM_EINVAL;
	}
}

int upm_hw_pci_write32(const struct upm_ecam_window *ecam, unsigned n_ecam,
		       enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t val)
{
	uint64_t addr;
	int rc;

	switch (upm_pci_mech_choose(ecam, n_ecam, mech, a)) {
	case UPM_PCI_CF8:
		return cf8_access(a, &val, 1);
	case UPM_PCI_ECAM:
		if ((rc = ecam_address(ecam, n_ecam, a, &addr)) != UPM_OK)
			return rc;
		return upm_hw_store32(addr, val); /* a faulting window is an error, not a crash */
	default:
		return UPM_EINVAL;
	}
}
