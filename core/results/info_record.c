/* `info`'s results record, filled once by reads only (info_record.h). Everything the
 * writers show is worked out here: they only render. */
#include "core/results/info_record.h"
#include "platform/base/os.h"
#include "core/session/present.h"
#include "core/session/session.h"
#include "kernels/kernel.h"
#include "platform/pci.h"

static void fill_machine(struct upm_info_record *rec, struct upm_run *r)
{
	rec->tsc_hz = upm_os_tsc_hz();
	rec->tsc_calibrated_against = upm_strcmp(upm_os_name(), "uefi") == 0 ? "the firmware's Stall timer"
									      : "the host's monotonic clock";
	rec->has_caches = upm_caches_read(r->backend, &rec->caches) == UPM_OK;
	rec->llc_fallback = UPM_KERNEL_LLC_FALLBACK;
	rec->has_memory = upm_os_memory(&rec->memory_total, &rec->memory_free) == UPM_OK;
	rec->avx_asked = upm_workload_survey_isa(r, UPM_KERNEL_ISA_AVX, &rec->avx, rec->avx_why,
						 sizeof rec->avx_why) == UPM_OK;
}

/* The windows in use, and 00:00.0 read through CF8/CFC and (with a window) ECAM. */
static void fill_pci(struct upm_info_record *rec, struct upm_run *r)
{
	struct upm_ecam_window w;
	upm_pci_path_choose(r, &rec->path);
	rec->host_bridge.has_ecam = upm_ecam_window(r->backend, &w) == UPM_OK;
	rec->pci_mechanism = rec->path.no_mcfg || rec->path.refused || !rec->host_bridge.has_ecam ? "cf8" : "ecam";
	for (unsigned i = 0; rec->n_ecam < UPM_ECAM_MAX_WINDOWS && upm_ecam_window_at(r->backend, i, &w) == UPM_OK; i++)
		rec->ecam[rec->n_ecam++] = w;
	rec->ecam_dropped = r->backend->ecam_entries_dropped;

	struct upm_info_host_bridge *h = &rec->host_bridge;
	struct upm_pci_addr host = { 0, 0, 0, 0, 0 };
	h->cf8 = h->ecam = UPM_PCI_ABSENT;
	h->cf8_rc = upm_pci_read32_via(r->backend, UPM_PCI_CF8, host, &h->cf8);
	if (h->cf8_rc != UPM_OK || !h->has_ecam)
		return;
	h->ecam_read = 1;
	h->ecam_rc = upm_pci_read32_via(r->backend, UPM_PCI_ECAM, host, &h->ecam);
	h->match = h->ecam_rc == UPM_OK && h->ecam == h->cf8;
}

/* Each box type: its instance count per socket (from its register) and, memory-mapped,
 * its base (configuration space only: no MMIO is read). */
static void fill_boxes(struct upm_info_record *rec, struct upm_run *r)
{
	const struct upm_platform *p = r->platform;
	for (unsigned b = 0; p && b < p->n_boxes && rec->n_boxes < UPM_INFO_MAX_BOX_TYPES; b++) {
		const struct upm_box_type *t = p->boxes[b];
		struct upm_info_box *ib = &rec->boxes[rec->n_boxes++];
		ib->type = t;
		for (unsigned s = 0; t->count && s < rec->sockets; s++) {
			struct upm_info_count *c = &ib->count[s];
			c->known = upm_box_instances(r, s, t, &c->n, &c->raw, c->why, sizeof c->why) == 0;
		}
		/* Placed by a discovery table: the instances its records gave each socket. */
		for (unsigned s = 0; t->placed && t->places && s < rec->sockets; s++) {
			struct upm_info_count *c = &ib->count[s];
			c->known = 1;
			for (unsigned i = 0; i < t->max_instances; i++)
				c->n += upm_box_place(t, s, i) != NULL;
		}
		if (t->space != UPM_SPACE_MMIO || !t->mmio)
			continue;
		ib->mmio_found = upm_mmio_base_find(r, t, &ib->mmio_base, ib->mmio_why, sizeof ib->mmio_why, NULL) ==
				 UPM_MMIO_FOUND;
		if (!ib->mmio_found)
			continue;
		uint64_t lo = ~0ull, hi = 0;
		for (unsigned i = 0; i < t->n_free_ctrs; i++) {
			uint64_t end = t->free_ctrs[i].addr + t->free_ctrs[i].width / 8;
			lo = t->free_ctrs[i].addr < lo ? t->free_ctrs[i].addr : lo;
			hi = end > hi ? end : hi;
		}
		ib->mmio_first = ib->mmio_base + (t->n_free_ctrs ? lo : 0);
		ib->mmio_last = ib->mmio_base + (t->n_free_ctrs ? hi - 1 : 0);
	}
}

static void add_device(struct upm_info_record *rec, struct upm_run *r, unsigned socket,
		       const struct upm_box_type *t, unsigned instance, int filter, const struct upm_pci_fn *fn)
{
	if (rec->n_devices == UPM_INFO_MAX_DEVICES) {
		rec->devices_dropped++;
		return;
	}
	struct upm_info_device *d = &rec->devices[rec->n_devices++];
	const struct upm_socket_bus *sb = &rec->buses[socket];
	char inst[8] = "";
	d->socket = socket;
	d->type = t;
	d->instance = instance;
	d->filter = filter;
	if (t->max_instances > 1)
		upm_snprintf(inst, sizeof inst, "%u", instance);
	upm_snprintf(d->name, sizeof d->name, "%s%s%s", t->name, inst, filter ? "-filter" : "");
	upm_pci_format_fn(d->address, sizeof d->address, sb->seg, sb->bus, fn->dev, fn->fn);
	d->seg = sb->seg;
	d->bus = sb->bus;
	d->dev = fn->dev;
	d->fn = fn->fn;
	d->device_id = fn->device_id;
	d->presence = upm_pci_check(r, sb->seg, sb->bus, fn, &d->ids);
}

/* The uncore buses per socket, and every PCI box instance's functions on them. */
static void fill_uncore_devices(struct upm_info_record *rec, struct upm_run *r)
{
	const struct upm_platform *p = r->platform;
	rec->has_pci_uncore = p && p->bus_map;
	if (!rec->has_pci_uncore)
		return;
	rec->ubox_device_id = p->bus_map->ubox.device_id;
	rec->ubox_dev = p->bus_map->ubox.dev;
	rec->ubox_fn = p->bus_map->ubox.fn;
	rec->n_buses_found = upm_discover_buses(r, rec->buses);
	rec->has_unreached = upm_discover_unreached_segment(r, &rec->unreached);
	rec->unreached_why = rec->has_unreached ? upm_pci_no_ecam_why(r) : NULL;
	if (!rec->n_buses_found)
		return;
	rec->devices = upm_os_alloc(UPM_INFO_MAX_DEVICES * sizeof *rec->devices);
	if (!rec->devices)
		return;
	upm_memset(rec->devices, 0, UPM_INFO_MAX_DEVICES * sizeof *rec->devices);
	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++) {
		if (!rec->buses[s].found)
			continue;
		for (unsigned b = 0; b < p->n_boxes; b++) {
			const struct upm_box_type *t = p->boxes[b];
			if (t->space != UPM_SPACE_PCI)
				continue;
			for (unsigned i = 0; i < t->max_instances; i++) {
				add_device(rec, r, s, t, i, 0, &t->pci[i]);
				if (t->filter_pci)
					add_device(rec, r, s, t, i, 1, &t->filter_pci[i]);
			}
		}
	}
}

void upm_info_record_fill(struct upm_info_record *rec, struct upm_run *r)
{
	upm_memset(rec, 0, sizeof *rec);
	rec->run = r;
	rec->environment = upm_os_name();
	upm_os_backends(rec->backends_here, sizeof rec->backends_here);
	rec->backend = r->backend->name;
	rec->dry_run = r->opts.dry_run;
	rec->cpu = r->cpu;
	rec->topo = &r->topo;
	rec->sockets = r->n_sockets < UPM_MAX_SOCKETS ? r->n_sockets : UPM_MAX_SOCKETS;
	rec->platform = r->platform;
	rec->platform_forced = r->platform_forced;
	fill_machine(rec, r);
	fill_pci(rec, r);
	fill_boxes(rec, r);
	fill_uncore_devices(rec, r);
}

void upm_info_record_free(struct upm_info_record *rec)
{
	upm_os_free(rec->devices);
	rec->devices = NULL;
	rec->n_devices = 0;
}
