#include "core/session/present.h"
#include "platform/base/os.h"
#include "platform/pci.h"

struct count_read {
	struct upm_run *r;
	uint32_t msr;
	uint64_t value;
	int rc;
};

static void read_count_msr(void *arg)
{
	struct count_read *c = arg;
	c->rc = upm_msr_read(c->r->backend, c->msr, &c->value);
}

int upm_box_instances(struct upm_run *r, unsigned socket, const struct upm_box_type *t,
		      unsigned *n, unsigned *raw, char *why, unsigned long why_size)
{
	const struct upm_instance_count *ic = t->count;
	*n = t->max_instances;
	*raw = 0;
	if (!ic)
		return 0;
	struct count_read c = { r, ic->msr, 0, UPM_OK };
	int rc = upm_os_run_on_socket(socket, read_count_msr, &c);
	if (rc == UPM_OK)
		rc = c.rc;
	if (rc != UPM_OK) {
		*n = 0;
		upm_snprintf(why, why_size, "reading %s (MSR 0x%x): %s", ic->name, ic->msr,
			     upm_status_name(rc));
		return -1;
	}
	*raw = (unsigned)upm_field_get(ic->field, c.value);
	*n = *raw > ic->minus ? *raw - ic->minus : 0;
	if (*n > t->max_instances)
		*n = t->max_instances;
	return 0;
}

static int listed(const struct upm_mmio_base *mb, uint16_t device)
{
	for (unsigned i = 0; i < mb->n_device_ids; i++)
		if (mb->device_ids[i] == device)
			return 1;
	return 0;
}

/* The configuration read that showed why a box's MMIO is not used. */
static void evidence(struct upm_box_access *ev, const char *reg, const struct upm_mmio_base *mb, unsigned off,
		     int has_value, uint64_t value)
{
	if (!ev)
		return;
	upm_memset(ev, 0, sizeof *ev);
	ev->known = 1;
	upm_strlcpy(ev->reg, reg, sizeof ev->reg);
	upm_snprintf(ev->address, sizeof ev->address, "%02x:%02x.%u+0x%x", mb->bus, mb->dev, mb->fn, off);
	ev->has_value = has_value;
	ev->value = has_value ? value : 0;
}

enum upm_mmio_presence upm_mmio_base_find(struct upm_run *r, const struct upm_box_type *t,
					  uint64_t *base, char *why, unsigned long why_size,
					  struct upm_box_access *ev)
{
	const struct upm_mmio_base *mb = t->mmio;
	struct upm_pci_addr a = { 0, mb->bus, mb->dev, mb->fn, 0 };
	uint32_t ids = UPM_PCI_ABSENT, lo = 0, hi = 0;

	*base = 0;
	if (ev)
		ev->known = 0;
	int id_rc = upm_pci_read32(r->backend, a, &ids);
	if (id_rc != UPM_OK || (ids & 0xFFFF) == 0xFFFF) {
		evidence(ev, "vendor/device IDs", mb, 0, id_rc == UPM_OK, ids);
		upm_snprintf(why, why_size, "%s %02x:%02x.%u does not answer: %s not touched",
			     mb->device_name, mb->bus, mb->dev, mb->fn, t->name);
		return UPM_MMIO_NO_DEVICE;
	}
	/* Only a listed device's BAR means what the guide says it means. */
	if ((ids & 0xFFFF) != UPM_PCI_VENDOR_INTEL || !listed(mb, (uint16_t)(ids >> 16))) {
		evidence(ev, "vendor/device IDs", mb, 0, 1, ids);
		upm_snprintf(why, why_size, "%s %02x:%02x.%u %04x:%04x is not a %s %s: %s not touched",
			     mb->device_name, mb->bus, mb->dev, mb->fn, ids & 0xFFFF, ids >> 16,
			     mb->device_kind, mb->device_name, t->name);
		return UPM_MMIO_WRONG_DEVICE;
	}
	a.off = mb->bar_off;
	int rc = upm_pci_read32(r->backend, a, &lo);
	a.off = (uint16_t)(mb->bar_off + 4);
	if (rc == UPM_OK)
		rc = upm_pci_read32(r->backend, a, &hi);
	if (rc != UPM_OK) {
		evidence(ev, mb->bar_name, mb, mb->bar_off, 0, 0);
		upm_snprintf(why, why_size, "reading %s at %02x:%02x.%u+0x%x: %s: %s not touched",
			     mb->bar_name, mb->bus, mb->dev, mb->fn, mb->bar_off, upm_status_name(rc),
			     t->name);
		return UPM_MMIO_NO_DEVICE;
	}
	uint64_t bar = (uint64_t)hi << 32 | lo;
	if (!upm_field_get(mb->enable, bar)) {
		evidence(ev, mb->bar_name, mb, mb->bar_off, 1, bar);
		upm_snprintf(why, why_size, "%s disabled (%02x:%02x.%u+0x%x = 0x%llx): %s not touched",
			     mb->bar_name, mb->bus, mb->dev, mb->fn, mb->bar_off, (unsigned long long)bar,
			     t->name);
		return UPM_MMIO_DISABLED;
	}
	*base = bar & mb->bar_mask;
	if (!*base) {
		evidence(ev, mb->bar_name, mb, mb->bar_off, 1, bar);
		upm_snprintf(why, why_size, "%s enabled but holds no address (0x%llx): %s not touched",
			     mb->bar_name, (unsigned long long)bar, t->name);
		return UPM_MMIO_DISABLED;
	}
	if (r->backend->loads_unguarded) {
		evidence(ev, mb->bar_name, mb, mb->bar_off, 1, bar);
		/* Short: a box's why has room for 111 characters (the backend's line says more). */
		upm_snprintf(why, why_size, "%s 0x%llx not read: a fault there could not be caught (the "
			     "firmware kept #PF): %s not touched", mb->bar_name, (unsigned long long)*base, t->name);
		return UPM_MMIO_UNGUARDED;
	}
	upm_snprintf(why, why_size, "%s %02x:%02x.%u 8086:%04x, %s 0x%llx (enabled)", mb->device_name,
		     mb->bus, mb->dev, mb->fn, ids >> 16, mb->bar_name, (unsigned long long)*base);
	return UPM_MMIO_FOUND;
}
