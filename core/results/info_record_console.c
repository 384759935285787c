/* `info`'s console (and so upmon.log), rendered from its results record (info_record.h),
 * and its last screen (core/cli/last_screen.h): what was found, and what was not. */
#include "core/results/info_record.h"
#include "core/cli/last_screen.h"
#include "core/cli/console_wrap.h"
#include "platform/base/os.h"
#include "platform/pci.h"

static void say_cpu(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	const struct upm_cpu_ident *c = &rec->cpu;
	upm_say(r, "cpu: %s family %u model 0x%02x stepping %u", c->vendor, c->family, c->model,
		c->stepping);
	upm_say(r, "cpu: brand \"%s\"", c->brand[0] ? c->brand : "(none)");
	if (c->microcode_status == UPM_OK)
		upm_say(r, "cpu: microcode 0x%x", c->microcode);
	else
		upm_say(r, "cpu: microcode unknown (%s)", upm_status_name(c->microcode_status));
}

static void say_topology(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	const struct upm_topology *t = rec->topo;
	upm_say(r, "processors: %u on %u socket%s", t->n_measured_cpus, t->n_measured, t->n_measured == 1 ? "" : "s");
	if (t->n_measured < t->n_sockets) /* --sockets, a replay or the mock measures fewer */
		upm_say(r, "processors: %u more on %u more socket%s found, not measured", t->n_cpus - t->n_measured_cpus,
			t->n_sockets - t->n_measured, t->n_sockets - t->n_measured == 1 ? "" : "s");
	for (unsigned s = 0; s < t->n_measured; s++) {
		struct upm_buf line;
		upm_buf_init(&line);
		upm_buf_printf(&line, "socket %u (package %u):", s, s < UPM_MAX_SOCKETS ? t->package_ids[s] : s);
		for (unsigned i = 0; i < t->n_cpus; i++) {
			const struct upm_cpu_info *c = &t->cpus[i];
			if (c->package != s)
				continue;
			upm_buf_printf(&line, " cpu%u(apic 0x%x core %u thread %u%s)", c->index,
				       c->apic_id, c->core, c->thread, c->is_bsp ? " bsp" : "");
		}
		upm_say(r, "%s", line.data ? line.data : "");
		upm_buf_free(&line);
	}
}

static void bytes_text(char *buf, size_t size, uint64_t b)
{
	if (b >= (1ull << 30) && b % (1ull << 30) == 0)
		upm_snprintf(buf, size, "%llu GiB", (unsigned long long)(b >> 30));
	else if (b >= (1ull << 20))
		upm_snprintf(buf, size, "%llu MiB", (unsigned long long)(b >> 20));
	else
		upm_snprintf(buf, size, "%llu KiB", (unsigned long long)(b >> 10));
}

/* Whether the AVX variants run here (they are refused, one processor named, when not). */
static void say_avx(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	const struct upm_workload_isa_survey *a = &rec->avx;
	if (!rec->avx_asked)
		upm_say(r, "kernels: AVX unknown (%s): the _avx kernels ask again when run", rec->avx_why);
	else if (a->usable == a->processors)
		upm_say(r, "kernels: AVX usable on all %u processor%s they run on: the _avx kernels run",
			a->processors, a->processors == 1 ? "" : "s");
	else
		upm_say(r, "kernels: AVX usable on %u of %u processors they run on; processor %u (socket %u, "
			   "APIC ID 0x%x): %s; the _avx kernels are refused, their SSE2 twins run",
			a->usable, a->processors, a->refused_cpu, a->refused_socket, (unsigned)a->refused_apic_id,
			upm_kernel_isa_why(a->refused_state));
}

/* What the stress kernels size and time themselves by. */
static void say_machine(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	upm_say(r, "tsc: %llu Hz (calibrated against %s)", (unsigned long long)rec->tsc_hz,
		rec->tsc_calibrated_against);
	if (!rec->has_caches) {
		upm_say(r, "caches: unknown (no CPUID leaf 4 from this backend): kernels assume an LLC of %llu MiB",
			(unsigned long long)(rec->llc_fallback >> 20));
	} else {
		const struct upm_caches *c = &rec->caches;
		struct upm_buf line;
		upm_buf_init(&line);
		upm_buf_puts(&line, "caches:");
		for (unsigned i = 0; i < c->n; i++) {
			char size[32];
			bytes_text(size, sizeof size, c->c[i].bytes);
			upm_buf_printf(&line, "%s L%u%s %s %u-way (shared by %u)", i ? "," : "", c->c[i].level,
				       c->c[i].type == 'd' ? "d" : c->c[i].type == 'i' ? "i" : "", size,
				       c->c[i].ways, c->c[i].sharing);
		}
		upm_say(r, "%s", line.data ? line.data : "caches:");
		upm_buf_free(&line);
	}
	if (rec->has_memory) {
		char t[32], f[32];
		bytes_text(t, sizeof t, rec->memory_total);
		bytes_text(f, sizeof f, rec->memory_free);
		upm_say(r, "memory: %s, %s free", t, f);
	} else {
		upm_say(r, "memory: unknown");
	}
	say_avx(rec);
}

static void say_platform(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	if (rec->platform)
		upm_say(r, "platform: %s, %s (%s)", rec->platform->name, rec->platform->title,
			rec->platform_forced ? "from --platform" : "detected from CPUID");
	else {
		char names[160];
		upm_platform_names(names, sizeof names, " and ");
		upm_say(r,
			"platform: unsupported: family %u model 0x%02x; upmon knows %s; use --backend mock "
			"--platform NAME to exercise it without one",
			rec->cpu.family, rec->cpu.model, names);
	}
}

/* The access path, and proof that both mechanisms agree on the host bridge. */
static void say_pci_path(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	const struct upm_info_host_bridge *h = &rec->host_bridge;
	char line[320];
	if (upm_pci_path_text(&rec->path, line, sizeof line)) /* why it is CF8/CFC when it is */
		upm_say(r, "%s", line);
	for (unsigned i = 0; i < rec->n_ecam; i++)
		upm_say(r, "pci: ecam base 0x%llx segment %u buses %u-%u", (unsigned long long)rec->ecam[i].base,
			rec->ecam[i].seg, rec->ecam[i].bus_start, rec->ecam[i].bus_end);
	if (rec->ecam_dropped)
		upm_say(r, "pci: the MCFG table has %u more entries than the %u upmon uses: their "
			   "segments and buses are not scanned",
			rec->ecam_dropped, UPM_ECAM_MAX_WINDOWS);
	if (h->cf8_rc != UPM_OK)
		upm_say(r, "pci 00:00.0 cf8 read failed (%s)", upm_status_name(h->cf8_rc));
	else if (!h->ecam_read)
		upm_say(r, "pci 00:00.0 %04x:%04x cf8=0x%08x", h->cf8 & 0xFFFF, h->cf8 >> 16, h->cf8);
	else
		upm_say(r, "pci 00:00.0 %04x:%04x cf8=0x%08x ecam=0x%08x %s", h->cf8 & 0xFFFF, h->cf8 >> 16,
			h->cf8, h->ecam, h->match ? "match" : "MISMATCH");
}

/* MSR boxes need no discovery: the tables say where they are. */
static void say_msr_boxes(const struct upm_info_record *rec)
{
	struct upm_buf line;
	upm_buf_init(&line);
	for (unsigned b = 0; b < rec->n_boxes; b++) {
		const struct upm_box_type *t = rec->boxes[b].type;
		if (t->space == UPM_SPACE_MSR)
			upm_buf_printf(&line, " %s x%u", t->name, t->max_instances);
	}
	if (line.data)
		upm_say(rec->run, "uncore: msr boxes per socket:%s", line.data);
	upm_buf_free(&line);
}

/* A box's instance count from its register on each socket; a memory-mapped box's base,
 * or why that box is not used. */
static void say_runtime_boxes(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	for (unsigned b = 0; b < rec->n_boxes; b++) {
		const struct upm_info_box *ib = &rec->boxes[b];
		const struct upm_box_type *t = ib->type;
		for (unsigned s = 0; t->count && s < rec->sockets; s++) {
			const struct upm_info_count *c = &ib->count[s];
			if (!c->known)
				upm_say(r, "uncore: socket %u %s: instance count unknown: %s", s, t->name, c->why);
			else
				upm_say(r, "uncore: socket %u %s x%u present (%s, MSR 0x%x, reads %u, minus %u)", s,
					t->name, c->n, t->count->name, t->count->msr, c->raw, t->count->minus);
		}
		const char *space = t->space == UPM_SPACE_MSR ? "msr" : t->space == UPM_SPACE_PCI ? "pci" : "mmio";
		for (unsigned s = 0; t->placed && t->places && s < rec->sockets; s++)
			upm_say(r, "uncore: socket %u %s x%u placed by the discovery table (%s)", s, t->name,
				ib->count[s].n, space);
		if (t->placed && !t->places)
			upm_say(r, "uncore: %s (%s) not placed: no discovery table placed it", t->name, space);
		if (t->space != UPM_SPACE_MMIO || !t->mmio)
			continue;
		if (!ib->mmio_found)
			upm_say(r, "uncore: %s (mmio) unavailable: %s", t->name, ib->mmio_why);
		else
			upm_say(r, "uncore: %s (mmio): %s; %u free-running counters at 0x%llx-0x%llx", t->name,
				ib->mmio_why, t->n_free_ctrs, (unsigned long long)ib->mmio_first,
				(unsigned long long)ib->mmio_last);
	}
}

static const char *presence_text(enum upm_pci_presence p)
{
	return p == UPM_PCI_FOUND ? "found"
	       : p == UPM_PCI_MISSING ? "missing (absent or hidden by firmware)"
				      : "MISMATCH (other device; never written)";
}

static void say_uncore_devices(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	const struct upm_platform *p = rec->platform;
	if (!p)
		return;
	if (!rec->has_pci_uncore) {
		upm_say(r, "uncore: %s has no PCI uncore boxes", p->name);
		return;
	}
	char unreached[256] = "";
	if (rec->has_unreached)
		upm_snprintf(unreached, sizeof unreached,
			     "; segment %04x (buses 0x%02x-0x%02x) is reachable through ECAM only, not used: %s",
			     rec->unreached.seg, rec->unreached.bus_start, rec->unreached.bus_end,
			     rec->unreached_why);
	if (rec->n_buses_found == 0 && rec->has_unreached) {
		upm_say(r, "uncore: no %s UBox (8086:%04x at dev %u fn %u) on any bus upmon could scan%s", p->name,
			rec->ubox_device_id, rec->ubox_dev, rec->ubox_fn, unreached);
		return;
	}
	if (rec->n_buses_found == 0) {
		upm_say(r, "uncore: no %s UBox (8086:%04x at dev %u fn %u) on any bus: the uncore "
			   "devices are absent or hidden by the firmware",
			p->name, rec->ubox_device_id, rec->ubox_dev, rec->ubox_fn);
		return;
	}
	for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++) {
		const struct upm_socket_bus *sb = &rec->buses[s];
		if (!sb->found) {
			if (s < rec->sockets)
				upm_say(r, "uncore: socket %u: no uncore bus found%s", s, unreached);
			continue;
		}
		if (sb->seg)
			upm_say(r, "uncore: socket %u segment %04x bus 0x%02x node %u", s, sb->seg, sb->bus, sb->node_id);
		else
			upm_say(r, "uncore: socket %u bus 0x%02x node %u", s, sb->bus, sb->node_id);
		for (unsigned i = 0; i < rec->n_devices; i++) {
			const struct upm_info_device *d = &rec->devices[i];
			if (d->socket == s)
				upm_say(r, "uncore: socket %u %-14s %s 8086:%04x %s", s, d->name, d->address,
					d->device_id, presence_text(d->presence));
		}
	}
	if (rec->devices_dropped)
		upm_say(r, "uncore: %u more functions than upmon lists (not checked)", rec->devices_dropped);
}

/* The last screen: the platform and the uncore found, then what upmon could not find
 * or read there, each in a line. */
static void last_screen(const struct upm_info_record *rec)
{
	struct upm_run *r = rec->run;
	unsigned found = 0, buses = 0;
	for (unsigned i = 0; i < rec->n_devices; i++)
		found += rec->devices[i].presence == UPM_PCI_FOUND;
	for (unsigned s = 0; s < rec->sockets && s < UPM_MAX_SOCKETS; s++)
		buses += rec->buses[s].found;
	if (!rec->platform)
		upm_last_result(r, NULL, "unsupported processor (family %u model 0x%02x): no uncore tables",
				rec->cpu.family, rec->cpu.model);
	else if (rec->has_pci_uncore)
		upm_last_result(r, NULL, "%s on %u socket%s; an uncore bus on %u of them; %u of %u PCI uncore functions present",
				rec->platform->name, rec->sockets, rec->sockets == 1 ? "" : "s", buses, found, rec->n_devices);
	else
		upm_last_result(r, NULL, "%s on %u socket%s (no PCI uncore boxes)", rec->platform->name, rec->sockets,
				rec->sockets == 1 ? "" : "s");
	upm_last_files(r, "results.json and upmon.log");
	if (rec->host_bridge.ecam_read && !rec->host_bridge.match)
		upm_last_finding(r, UPM_LAST_WARN, "WARN pci 00:00.0 reads differently through CF8/CFC and ECAM");
	for (unsigned s = 0; rec->platform && rec->has_pci_uncore && s < rec->sockets && s < UPM_MAX_SOCKETS; s++)
		if (!rec->buses[s].found)
			upm_last_finding(r, UPM_LAST_WARN, "WARN socket %u: no uncore bus found", s);
	for (unsigned b = 0; b < rec->n_boxes; b++) {
		const struct upm_info_box *ib = &rec->boxes[b];
		for (unsigned s = 0; ib->type->count && s < rec->sockets && s < UPM_MAX_SOCKETS; s++)
			if (!ib->count[s].known)
				upm_last_finding(r, UPM_LAST_WARN, "WARN socket %u %s: instance count unknown: %s", s,
						 ib->type->name, ib->count[s].why);
		if (ib->type->space == UPM_SPACE_MMIO && ib->type->mmio && !ib->mmio_found)
			upm_last_finding(r, UPM_LAST_WARN, "WARN %s (mmio) unavailable: %s", ib->type->name, ib->mmio_why);
	}
	for (unsigned i = 0; i < rec->n_devices; i++) {
		const struct upm_info_device *d = &rec->devices[i];
		if (d->presence != UPM_PCI_FOUND)
			upm_last_finding(r, d->presence == UPM_PCI_MISSING ? UPM_LAST_WARN : UPM_LAST_FAIL, "%s socket %u %s %s: %s",
					 d->presence == UPM_PCI_MISSING ? "WARN" : "FAIL", d->socket, d->name, d->address,
					 presence_text(d->presence));
	}
}

void upm_info_record_print(const struct upm_info_record *rec)
{
	upm_say(rec->run, "upmon %s on %s, backend %s%s", UPM_VERSION, rec->environment, rec->backend,
		rec->dry_run ? " (dry run)" : "");
	upm_say_wrappedf(rec->run, 10, 0, "backends: %s", rec->backends_here);
	say_cpu(rec);
	say_topology(rec);
	say_machine(rec);
	say_platform(rec);
	say_pci_path(rec);
	say_msr_boxes(rec);
	say_runtime_boxes(rec);
	say_uncore_devices(rec);
	last_screen(rec); /* said by the files line, just before it */
}
