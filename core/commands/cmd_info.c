/* `info`: what upmon sees before it touches anything. Reads only (plus the
 * architectural microcode-signature sequence). */
#include "core/commands/commands.h"
#include "core/session/discover.h"
#include "core/workload/caches.h"
#include "core/session/present.h"
#include "core/session/pci_path.h"
#include "platform/pci.h"

static void say_cpu(struct upm_run *r)
{
	const struct upm_cpu_ident *c = &r->cpu;
	upm_say(r, "cpu: %s family %u model 0x%02x stepping %u", c->vendor, c->family, c->model,
		c->stepping);
	upm_say(r, "cpu: brand \"%s\"", c->brand[0] ? c->brand : "(none)");
	if (c->microcode_status == UPM_OK)
		upm_say(r, "cpu: microcode 0x%x", c->microcode);
	else
		upm_say(r, "cpu: microcode unknown (%s)", upm_status_name(c->microcode_status));
}

static void say_topology(struct upm_run *r)
{
	upm_say(r, "processors: %u on %u socket%s", r->topo.n_cpus, r->topo.n_sockets,
		r->topo.n_sockets == 1 ? "" : "s");
	for (unsigned s = 0; s < r->topo.n_sockets; s++) {
		struct upm_buf line;
		upm_buf_init(&line);
		upm_buf_printf(&line, "socket %u (package %u):", s, s < UPM_MAX_SOCKETS ? r->topo.package_ids[s] : s);
		for (unsigned i = 0; i < r->topo.n_cpus; i++) {
			const struct upm_cpu_info *c = &r->topo.cpus[i];
			if (c->package != s)
				continue;
			upm_buf_printf(&line, " cpu%u(apic 0x%x core %u thread %u%s)", c->index,
				       c->apic_id, c->core, c->thread, c->is_bsp ? " bsp" : "");
		}
		upm_say(r, "%s", line.data ? line.data : "");
		upm_buf_free(&line);
	}
}

static void say_platform(struct upm_run *r)
{
	if (r->platform)
		upm_say(r, "platform: %s, %s (%s)", r->platform->name, r->platform->title,
			r->platform_forced ? "from --platform" : "detected from CPUID");
	else
		upm_say(r,
			"platform: unsupported: family %u model 0x%02x; upmon knows nhmex, wsmex, snbep, "
			"ivbep and skl; use --backend mock --platform NAME to exercise it without one",
			r->cpu.family, r->cpu.model);
}

/* The access path, and proof that both mechanisms agree on the host bridge. */
static void say_pci_path(struct upm_run *r)
{
	struct upm_ecam_window w;
	upm_pci_path_select(r); /* says why it is CF8/CFC when it is */
	int has_ecam = upm_ecam_window(r->backend, &w) == UPM_OK;
	for (unsigned i = 0; upm_ecam_window_at(r->backend, i, &w) == UPM_OK; i++)
		upm_say(r, "pci: ecam base 0x%llx segment %u buses %u-%u", (unsigned long long)w.base,
			w.seg, w.bus_start, w.bus_end);
	if (r->backend->ecam_entries_dropped)
		upm_say(r, "pci: the MCFG table has %u more entries than the %u upmon uses: their "
			   "segments and buses are not scanned",
			r->backend->ecam_entries_dropped, UPM_ECAM_MAX_WINDOWS);

	struct upm_pci_addr host = { 0, 0, 0, 0, 0 };
	uint32_t cf8 = UPM_PCI_ABSENT, ecam = UPM_PCI_ABSENT;
	int rc_cf8 = upm_pci_read32_via(r->backend, UPM_PCI_CF8, host, &cf8);
	if (rc_cf8 != UPM_OK) {
		upm_say(r, "pci 00:00.0 cf8 read failed (%s)", upm_status_name(rc_cf8));
		return;
	}
	if (!has_ecam) {
		upm_say(r, "pci 00:00.0 %04x:%04x cf8=0x%08x", cf8 & 0xFFFF, cf8 >> 16, cf8);
		return;
	}
	int rc_ecam = upm_pci_read32_via(r->backend, UPM_PCI_ECAM, host, &ecam);
	upm_say(r, "pci 00:00.0 %04x:%04x cf8=0x%08x ecam=0x%08x %s", cf8 & 0xFFFF, cf8 >> 16, cf8,
		ecam, rc_ecam == UPM_OK && ecam == cf8 ? "match" : "MISMATCH");
}

/* MSR boxes need no discovery: the tables say where they are. */
static void say_msr_boxes(struct upm_run *r)
{
	struct upm_buf line;
	if (!r->platform)
		return;
	upm_buf_init(&line);
	for (unsigned b = 0; b < r->platform->n_boxes; b++) {
		const struct upm_box_type *t = r->platform->boxes[b];
		if (t->space == UPM_SPACE_MSR)
			upm_buf_printf(&line, " %s x%u", t->name, t->max_instances);
	}
	if (line.data)
		upm_say(r, "uncore: msr boxes per socket:%s", line.data);
	upm_buf_free(&line);
}

/* What the processor reports at run time: a box's instance count from its register
 * (on each socket), and a memory-mapped box's base once its device is identified, or
 * why that box is not used. Configuration space and MSRs only: no MMIO is read here. */
static void say_runtime_boxes(struct upm_run *r)
{
	for (unsigned b = 0; r->platform && b < r->platform->n_boxes; b++) {
		const struct upm_box_type *t = r->platform->boxes[b];
		char why[128];
		for (unsigned s = 0; t->count && s < r->n_sockets; s++) {
			unsigned n, raw;
			if (upm_box_instances(r, s, t, &n, &raw, why, sizeof why) < 0)
				upm_say(r, "uncore: socket %u %s: instance count unknown: %s", s, t->name, why);
			else
				upm_say(r, "uncore: socket %u %s x%u present (%s, MSR 0x%x, reads %u, minus %u)", s,
					t->name, n, t->count->name, t->count->msr, raw, t->count->minus);
		}
		if (t->space != UPM_SPACE_MMIO || !t->mmio)
			continue;
		uint64_t base, lo = ~0ull, hi = 0;
		if (upm_mmio_base_find(r, t, &base, why, sizeof why) != UPM_MMIO_FOUND) {
			upm_say(r, "uncore: %s (mmio) unavailable: %s", t->name, why);
			continue;
		}
		for (unsigned i = 0; i < t->n_free_ctrs; i++) {
			lo = t->free_ctrs[i].addr < lo ? t->free_ctrs[i].addr : lo;
			hi = t->free_ctrs[i].addr + t->free_ctrs[i].width / 8 > hi
				     ? t->free_ctrs[i].addr + t->free_ctrs[i].width / 8 : hi;
		}
		upm_say(r, "uncore: %s (mmio): %s; %u free-running counters at 0x%llx-0x%llx", t->name,
			why, t->n_free_ctrs, (unsigned long long)(base + lo), (unsigned long long)(base + hi - 1));
	}
}

/* "BB:DD.F" on segment 0 (the form of every other message), "SSSS:BB:DD.F" elsewhere. */
static void format_fn(char *buf, unsigned long size, uint16_t seg, uint8_t bus,
		      const struct upm_pci_fn *fn)
{
	upm_pci_format_fn(buf, size, seg, bus, fn->dev, fn->fn);
}

static void say_uncore_devices(struct upm_run *r)
{
	const struct upm_platform *p = r->platform;
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];

	if (!p || !p->bus_map) {
		if (p)
			upm_say(r, "uncore: %s has no PCI uncore boxes", p->name);
		return;
	}
	unsigned n = upm_discover_buses(r, buses);
	if (n == 0) {
		upm_say(r, "uncore: no %s UBox (8086:%04x at dev %u fn %u) on any bus: the uncore "
			   "devices are absent or hidden by the firmware",
			p->name, p->bus_map->ubox.device_id, p->bus_map->ubox.dev, p->bus_map->ubox.fn);
		return;
	}
	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++) {
		if (!buses[s].found) {
			if (s < r->n_sockets)
				upm_say(r, "uncore: socket %u: no uncore bus found", s);
			continue;
		}
		if (buses[s].seg)
			upm_say(r, "uncore: socket %u segment %04x bus 0x%02x node %u", s, buses[s].seg,
				buses[s].bus, buses[s].node_id);
		else
			upm_say(r, "uncore: socket %u bus 0x%02x node %u", s, buses[s].bus,
				buses[s].node_id);
		for (unsigned b = 0; b < p->n_boxes; b++) {
			const struct upm_box_type *t = p->boxes[b];
			if (t->space != UPM_SPACE_PCI)
				continue;
			for (unsigned i = 0; i < t->max_instances; i++) {
				const struct upm_pci_fn *fns[2] = { &t->pci[i],
								    t->filter_pci ? &t->filter_pci[i] : NULL };
				for (unsigned k = 0; k < 2 && fns[k]; k++) {
					uint32_t ids;
					enum upm_pci_presence pr =
						upm_pci_check(r, buses[s].seg, buses[s].bus, fns[k], &ids);
					char name[24], inst[8] = "", where[24];
					format_fn(where, sizeof where, buses[s].seg, buses[s].bus, fns[k]);
					if (t->max_instances > 1)
						upm_snprintf(inst, sizeof inst, "%u", i);
					upm_snprintf(name, sizeof name, "%s%s%s", t->name, inst,
						     k ? "-filter" : "");
					upm_say(r, "uncore: socket %u %-14s %s 8086:%04x %s", s, name,
						where, fns[k]->device_id,
						pr == UPM_PCI_FOUND ? "found"
						: pr == UPM_PCI_MISSING ? "missing (absent or hidden by firmware)"
									: "MISMATCH (other device; never written)");
				}
			}
		}
	}
}

int upm_cmd_info(struct upm_run *r)
{
	upm_say(r, "upmon %s on %s, backend %s%s", UPM_VERSION, upm_os_name(), r->backend->name,
		r->opts.dry_run ? " (dry run)" : "");
	say_cpu(r);
	say_topology(r);
	upm_info_machine(r); /* TSC, caches, memory: core/commands/info_machine.c */
	say_platform(r);
	say_pci_path(r);
	say_msr_boxes(r);
	say_runtime_boxes(r);
	say_uncore_devices(r);
	/* The run's identity (machine, processor, firmware) as a file a lab can file beside
	 * the log: info's results.json has the identity keys only. */
	struct upm_buf json;
	upm_buf_init(&json);
	upm_buf_puts(&json, "{");
	upm_ident_json(r, &json);
	upm_buf_puts(&json, ",\n  \"aborted\": false\n}\n");
	upm_save(r, "results.json", &json);
	upm_buf_free(&json);
	return UPM_EXIT_OK;
}
