/* `info`'s results.json, rendered from its results record (info_record.h): the identity
 * keys every results.json has, then the findings (docs/results.md, info). */
#include "core/results/info_record.h"
#include "platform/base/os.h"
#include "platform/pci.h"

static void str_or_null(struct upm_buf *out, const char *s)
{
	if (s)
		upm_buf_json_string(out, s);
	else
		upm_buf_puts(out, "null");
}

static void cpu_json(const struct upm_info_record *rec, struct upm_buf *out)
{
	const struct upm_cpu_ident *c = &rec->cpu;
	upm_buf_puts(out, ",\n  \"cpu\": {\"vendor\": ");
	upm_buf_json_string(out, c->vendor);
	upm_buf_printf(out, ", \"family\": %u, \"model\": %u, \"stepping\": %u, \"brand\": ", c->family, c->model,
		       c->stepping);
	upm_buf_json_string(out, c->brand);
	if (c->microcode_status == UPM_OK)
		upm_buf_printf(out, ", \"microcode\": %u, \"microcode_status\": \"ok\"}", c->microcode);
	else
		upm_buf_printf(out, ", \"microcode\": null, \"microcode_status\": \"%s\"}",
			       upm_status_name(c->microcode_status));
}

static void topology_json(const struct upm_info_record *rec, struct upm_buf *out)
{
	const struct upm_topology *t = rec->topo;
	upm_buf_printf(out, ",\n  \"topology\": {\"cpus\": %u, \"not_measured\": {\"cpus\": %u, \"sockets\": %u}, \"sockets\": [",
		       t->n_measured_cpus, t->n_cpus - t->n_measured_cpus, t->n_sockets - t->n_measured);
	for (unsigned s = 0; s < t->n_measured; s++) {
		upm_buf_printf(out, "%s\n    {\"socket\": %u, \"package\": %u, \"cpus\": [", s ? "," : "", s,
			       s < UPM_MAX_SOCKETS ? t->package_ids[s] : s);
		int first = 1;
		for (unsigned i = 0; i < t->n_cpus; i++) {
			const struct upm_cpu_info *c = &t->cpus[i];
			if (c->package != s)
				continue;
			upm_buf_printf(out, "%s{\"cpu\": %u, \"apic_id\": %u, \"core\": %u, \"thread\": %u, \"bsp\": %s}",
				       first ? "" : ", ", c->index, c->apic_id, c->core, c->thread,
				       c->is_bsp ? "true" : "false");
			first = 0;
		}
		upm_buf_puts(out, "]}");
	}
	upm_buf_puts(out, "\n  ]}");
}

static void machine_json(const struct upm_info_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, ",\n  \"backends_here\": ");
	upm_buf_json_string(out, rec->backends_here);
	upm_buf_printf(out, ",\n  \"tsc_hz\": %llu,\n  \"tsc_calibrated_against\": ", (unsigned long long)rec->tsc_hz);
	upm_buf_json_string(out, rec->tsc_calibrated_against);
	upm_buf_puts(out, ",\n  \"caches\": ");
	if (!rec->has_caches) {
		upm_buf_puts(out, "null");
	} else {
		upm_buf_puts(out, "[");
		for (unsigned i = 0; i < rec->caches.n; i++) {
			const struct upm_cache *c = &rec->caches.c[i];
			upm_buf_printf(out, "%s{\"level\": %u, \"type\": \"%s\", \"bytes\": %llu, \"ways\": %u, \"shared_by\": %u}",
				       i ? ", " : "", c->level,
				       c->type == 'd' ? "data" : c->type == 'i' ? "instruction" : "unified",
				       (unsigned long long)c->bytes, c->ways, c->sharing);
		}
		upm_buf_puts(out, "]");
	}
	if (rec->has_memory)
		upm_buf_printf(out, ",\n  \"memory_bytes\": {\"total\": %llu, \"free\": %llu}",
			       (unsigned long long)rec->memory_total, (unsigned long long)rec->memory_free);
	else
		upm_buf_puts(out, ",\n  \"memory_bytes\": null");
	const struct upm_workload_isa_survey *a = &rec->avx;
	upm_buf_puts(out, ",\n  \"kernels_avx\": ");
	if (!rec->avx_asked) {
		upm_buf_puts(out, "{\"asked\": false, \"why\": ");
		upm_buf_json_string(out, rec->avx_why);
		upm_buf_puts(out, "}");
		return;
	}
	upm_buf_printf(out, "{\"asked\": true, \"processors\": %u, \"usable\": %u, \"first_refused\": ",
		       a->processors, a->usable);
	if (a->usable == a->processors) {
		upm_buf_puts(out, "null}");
		return;
	}
	upm_buf_printf(out, "{\"cpu\": %u, \"socket\": %u, \"apic_id\": %u, \"why\": ", a->refused_cpu,
		       a->refused_socket, (unsigned)a->refused_apic_id);
	upm_buf_json_string(out, upm_kernel_isa_why(a->refused_state));
	upm_buf_puts(out, "}}");
}

static void platform_json(const struct upm_info_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, ",\n  \"platform_detail\": ");
	if (!rec->platform) {
		upm_buf_puts(out, "null");
		return;
	}
	upm_buf_puts(out, "{\"name\": ");
	upm_buf_json_string(out, rec->platform->name);
	upm_buf_puts(out, ", \"title\": ");
	upm_buf_json_string(out, rec->platform->title);
	upm_buf_printf(out, ", \"chosen\": \"%s\"}", rec->platform_forced ? "--platform" : "cpuid");
}

static void id_or_null(struct upm_buf *out, int ok, uint32_t v)
{
	if (ok)
		upm_buf_printf(out, "\"0x%08x\"", v);
	else
		upm_buf_puts(out, "null");
}

static void pci_json(const struct upm_info_record *rec, struct upm_buf *out)
{
	const struct upm_info_host_bridge *h = &rec->host_bridge;
	char line[320];
	upm_buf_puts(out, ",\n  \"pci_path\": {\"mechanism\": ");
	upm_buf_json_string(out, rec->pci_mechanism);
	upm_buf_printf(out, ", \"mcfg\": %s, \"ecam_refused\": %s, \"reason\": ", rec->path.no_mcfg ? "false" : "true",
		       rec->path.refused ? "true" : "false");
	str_or_null(out, upm_pci_path_text(&rec->path, line, sizeof line) ? line : NULL);
	upm_buf_puts(out, ",\n    \"ecam_windows\": [");
	for (unsigned i = 0; i < rec->n_ecam; i++)
		upm_buf_printf(out, "%s{\"base\": \"0x%llx\", \"segment\": %u, \"bus_start\": %u, \"bus_end\": %u}",
			       i ? ", " : "", (unsigned long long)rec->ecam[i].base, rec->ecam[i].seg,
			       rec->ecam[i].bus_start, rec->ecam[i].bus_end);
	upm_buf_printf(out, "],\n    \"ecam_entries_dropped\": %u,\n    \"host_bridge\": {\"address\": \"00:00.0\", "
			    "\"cf8\": ", rec->ecam_dropped);
	id_or_null(out, h->cf8_rc == UPM_OK, h->cf8);
	upm_buf_printf(out, ", \"cf8_status\": \"%s\", \"ecam\": ", upm_status_name(h->cf8_rc));
	id_or_null(out, h->ecam_read && h->ecam_rc == UPM_OK, h->ecam);
	upm_buf_puts(out, ", \"ecam_status\": ");
	str_or_null(out, h->ecam_read ? upm_status_name(h->ecam_rc) : NULL);
	upm_buf_printf(out, ", \"match\": %s}}", h->ecam_read ? (h->match ? "true" : "false") : "null");
}

static const char *space_name(enum upm_space s)
{
	return s == UPM_SPACE_MSR ? "msr" : s == UPM_SPACE_PCI ? "pci" : "mmio";
}

static void box_json(const struct upm_info_record *rec, const struct upm_info_box *ib, struct upm_buf *out)
{
	const struct upm_box_type *t = ib->type;
	upm_buf_printf(out, "{\"box\": \"%s\", \"space\": \"%s\", \"instances_max\": %u, \"instance_count\": ", t->name,
		       space_name(t->space), t->max_instances);
	if (!t->count) {
		upm_buf_puts(out, "null");
	} else {
		upm_buf_puts(out, "{\"register\": ");
		upm_buf_json_string(out, t->count->name);
		upm_buf_printf(out, ", \"msr\": \"0x%x\", \"minus\": %u, \"sockets\": [", t->count->msr, t->count->minus);
		for (unsigned s = 0; s < rec->sockets; s++) {
			const struct upm_info_count *c = &ib->count[s];
			if (c->known)
				upm_buf_printf(out, "%s{\"socket\": %u, \"instances\": %u, \"raw\": %u, \"reason\": null}",
					       s ? ", " : "", s, c->n, c->raw);
			else {
				upm_buf_printf(out, "%s{\"socket\": %u, \"instances\": null, \"raw\": null, \"reason\": ",
					       s ? ", " : "", s);
				upm_buf_json_string(out, c->why);
				upm_buf_puts(out, "}");
			}
		}
		upm_buf_puts(out, "]}");
	}
	upm_buf_puts(out, ", \"mmio\": ");
	if (t->space != UPM_SPACE_MMIO || !t->mmio) {
		upm_buf_puts(out, "null}");
		return;
	}
	if (ib->mmio_found)
		upm_buf_printf(out, "{\"found\": true, \"base\": \"0x%llx\", \"free_running_counters\": %u, "
				    "\"first\": \"0x%llx\", \"last\": \"0x%llx\", \"reason\": ",
			       (unsigned long long)ib->mmio_base, t->n_free_ctrs, (unsigned long long)ib->mmio_first,
			       (unsigned long long)ib->mmio_last);
	else
		upm_buf_puts(out, "{\"found\": false, \"base\": null, \"free_running_counters\": 0, \"first\": null, "
				  "\"last\": null, \"reason\": ");
	upm_buf_json_string(out, ib->mmio_why);
	upm_buf_puts(out, "}}");
}

static const char *presence_name(enum upm_pci_presence p)
{
	return p == UPM_PCI_FOUND ? "found" : p == UPM_PCI_MISSING ? "missing" : "mismatch";
}

static void uncore_json(const struct upm_info_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, ",\n  \"uncore_boxes\": [");
	for (unsigned b = 0; b < rec->n_boxes; b++) {
		upm_buf_puts(out, b ? ",\n    " : "\n    ");
		box_json(rec, &rec->boxes[b], out);
	}
	upm_buf_printf(out, "\n  ],\n  \"uncore_pci_boxes\": %s,\n  \"uncore_ubox\": ",
		       rec->has_pci_uncore ? "true" : "false");
	if (rec->has_pci_uncore)
		upm_buf_printf(out, "{\"expected\": \"8086:%04x\", \"device\": %u, \"function\": %u}", rec->ubox_device_id,
			       rec->ubox_dev, rec->ubox_fn);
	else
		upm_buf_puts(out, "null");
	upm_buf_puts(out, ",\n  \"uncore_buses\": [");
	int first = 1;
	for (unsigned s = 0; rec->n_buses_found && s < UPM_MAX_SOCKETS; s++) {
		const struct upm_socket_bus *sb = &rec->buses[s];
		if (!sb->found && s >= rec->sockets)
			continue;
		if (sb->found)
			upm_buf_printf(out, "%s\n    {\"socket\": %u, \"found\": true, \"segment\": %u, \"bus\": %u, \"node\": %u}",
				       first ? "" : ",", s, sb->seg, sb->bus, sb->node_id);
		else
			upm_buf_printf(out, "%s\n    {\"socket\": %u, \"found\": false, \"segment\": null, \"bus\": null, "
					    "\"node\": null}", first ? "" : ",", s);
		first = 0;
	}
	upm_buf_puts(out, first ? "],\n  \"uncore_unreached_segment\": " : "\n  ],\n  \"uncore_unreached_segment\": ");
	if (rec->has_unreached) {
		upm_buf_printf(out, "{\"segment\": %u, \"bus_start\": %u, \"bus_end\": %u, \"why\": ", rec->unreached.seg,
			       rec->unreached.bus_start, rec->unreached.bus_end);
		upm_buf_json_string(out, rec->unreached_why);
		upm_buf_puts(out, "}");
	} else {
		upm_buf_puts(out, "null");
	}
	upm_buf_puts(out, ",\n  \"uncore_devices\": [");
	for (unsigned i = 0; i < rec->n_devices; i++) {
		const struct upm_info_device *d = &rec->devices[i];
		upm_buf_printf(out, "%s\n    {\"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"filter\": %s, \"name\": \"%s\", "
				    "\"address\": \"%s\", \"segment\": %u, \"bus\": %u, \"device\": %u, \"function\": %u, "
				    "\"expected\": \"8086:%04x\", \"read\": \"%04x:%04x\", \"presence\": \"%s\"}",
			       i ? "," : "", d->socket, d->type->name, d->instance, d->filter ? "true" : "false", d->name,
			       d->address, d->seg, d->bus, d->dev, d->fn, d->device_id, d->ids & 0xFFFF, d->ids >> 16,
			       presence_name(d->presence));
	}
	upm_buf_puts(out, rec->n_devices ? "\n  ]" : "]");
	upm_buf_printf(out, ",\n  \"uncore_devices_dropped\": %u", rec->devices_dropped);
}

void upm_info_record_json(const struct upm_info_record *rec, struct upm_buf *out)
{
	upm_buf_puts(out, "{");
	upm_ident_json(rec->run, out);
	upm_buf_printf(out, ",\n  \"aborted\": false,\n  \"sockets\": %u", rec->sockets);
	cpu_json(rec, out);
	topology_json(rec, out);
	machine_json(rec, out);
	platform_json(rec, out);
	pci_json(rec, out);
	uncore_json(rec, out);
	upm_buf_puts(out, "\n}\n");
}

void upm_info_record_save(const struct upm_info_record *rec)
{
	struct upm_buf json;
	upm_buf_init(&json);
	upm_info_record_json(rec, &json);
	upm_save(rec->run, "results.json", &json);
	upm_buf_free(&json);
}
