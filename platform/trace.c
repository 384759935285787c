#include "platform/trace.h"
#include "platform/pci.h"
#include "platform/space.h"
#include "platform/base/os.h"

static struct upm_trace *trace_of(struct upm_backend *b)
{
	return b->ctx;
}

static struct upm_trace_record *record(struct upm_trace *t, char op, int space, int rc)
{
	t->seq++;
	if (t->n >= t->cap) {
		t->dropped++;
		return NULL;
	}
	struct upm_trace_record *r = &t->records[t->n++];
	unsigned pkg;
	upm_memset(r, 0, sizeof *r);
	r->seq = t->seq;
	upm_os_current_cpu(&r->apic_id, &pkg);
	r->socket = (uint16_t)pkg;
	r->op = (uint8_t)op;
	r->space = (uint8_t)space;
	r->faulted = rc == UPM_EFAULT;
	return r;
}

static int trace_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf,
		       struct upm_cpuid_regs *out)
{
	struct upm_trace *t = trace_of(b);
	int rc = upm_cpuid(t->inner, leaf, subleaf, out);
	int seen = 0;
	for (unsigned i = 0; i < t->n_cpuids && !seen; i++)
		seen = t->cpuids[i].leaf == leaf && t->cpuids[i].subleaf == subleaf;
	if (rc == UPM_OK && !seen && t->n_cpuids < UPM_ARRAY_LEN(t->cpuids))
		t->cpuids[t->n_cpuids++] = (struct upm_trace_cpuid){ leaf, subleaf, *out };
	return rc;
}

static int trace_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val)
{
	struct upm_trace *t = trace_of(b);
	int rc = upm_msr_read(t->inner, msr, val);
	struct upm_trace_record *r = record(t, 'R', UPM_SPACE_MSR, rc);
	if (r) {
		r->addr = msr;
		r->value = *val;
	}
	return rc;
}

static int trace_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val)
{
	struct upm_trace *t = trace_of(b);
	int rc = t->dry_run ? UPM_OK : upm_msr_write(t->inner, msr, val);
	struct upm_trace_record *r = record(t, 'W', UPM_SPACE_MSR, rc);
	if (r) {
		r->addr = msr;
		r->value = val;
		r->skipped = (uint8_t)t->dry_run;
	}
	return rc;
}

static void put_pci(struct upm_trace_record *r, enum upm_pci_mech mech, struct upm_pci_addr a,
		    uint64_t v)
{
	r->mech = (uint8_t)mech;
	r->seg = a.seg;
	r->bus = a.bus;
	r->dev = a.dev;
	r->fn = a.fn;
	r->addr = a.off;
	r->value = v;
}

static int trace_pci_read32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			    uint32_t *val)
{
	struct upm_trace *t = trace_of(b);
	int rc = upm_pci_read32_via(t->inner, mech, a, val);
	struct upm_trace_record *r = record(t, 'R', UPM_SPACE_PCI, rc);
	if (r)
		put_pci(r, mech, a, *val);
	return rc;
}

static int trace_pci_write32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			     uint32_t val)
{
	struct upm_trace *t = trace_of(b);
	int rc = t->dry_run ? UPM_OK : upm_pci_write32_via(t->inner, mech, a, val);
	struct upm_trace_record *r = record(t, 'W', UPM_SPACE_PCI, rc);
	if (r) {
		put_pci(r, mech, a, val);
		r->skipped = (uint8_t)t->dry_run;
	}
	return rc;
}

static int trace_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	struct upm_trace *t = trace_of(b);
	int rc = upm_mmio_read32(t->inner, addr, val);
	struct upm_trace_record *r = record(t, 'R', UPM_SPACE_MMIO, rc);
	if (r) {
		r->mmio_addr = addr;
		r->value = *val;
	}
	return rc;
}

static int trace_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	struct upm_trace *t = trace_of(b);
	int rc = t->dry_run ? UPM_OK : upm_mmio_write32(t->inner, addr, val);
	struct upm_trace_record *r = record(t, 'W', UPM_SPACE_MMIO, rc);
	if (r) {
		r->mmio_addr = addr;
		r->value = val;
		r->skipped = (uint8_t)t->dry_run;
	}
	return rc;
}

static int trace_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	struct upm_trace *t = trace_of(b);
	int rc = upm_mmio_read64(t->inner, addr, val);
	struct upm_trace_record *r = record(t, 'R', UPM_SPACE_MMIO, rc);
	if (r) {
		r->mmio_addr = addr;
		r->value = *val;
		r->wide = 1;
	}
	return rc;
}

static int trace_ecam_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	struct upm_trace *t = trace_of(b);
	int rc = upm_backend_raw_ecam_window(t->inner, index, out);
	if (index > 0 && rc == UPM_OK && index == t->n_ecam_more + 1 &&
	    t->n_ecam_more < UPM_ECAM_MAX_WINDOWS - 1)
		t->ecam_more[t->n_ecam_more++] = *out;
	if (index == 0 && !t->ecam_asked) {
		t->ecam_asked = 1;
		t->ecam_rc = rc;
		if (rc == UPM_OK)
			t->ecam = *out;
	}
	return rc;
}

static void trace_activity(struct upm_backend *b, const struct upm_activity *act)
{
	upm_activity(trace_of(b)->inner, act);
}

static void trace_pass_begins(struct upm_backend *b, unsigned pass)
{
	upm_backend_pass_begins(trace_of(b)->inner, pass);
}

static void trace_destroy(struct upm_backend *b)
{
	struct upm_trace *t = trace_of(b);
	upm_backend_destroy(t->inner);
	upm_os_free(t->records);
	upm_os_free(t);
}

static const struct upm_backend_ops trace_ops = {
	.cpuid = trace_cpuid,
	.msr_read = trace_msr_read,
	.msr_write = trace_msr_write,
	.pci_read32 = trace_pci_read32,
	.pci_write32 = trace_pci_write32,
	.mmio_read32 = trace_mmio_read32,
	.mmio_write32 = trace_mmio_write32,
	.mmio_read64 = trace_mmio_read64,
	.ecam_window = trace_ecam_window,
	.activity = trace_activity,
	.pass_begins = trace_pass_begins,
	.destroy = trace_destroy,
};

struct upm_trace *upm_trace_of(struct upm_backend *b)
{
	return b && b->ops == &trace_ops ? b->ctx : NULL;
}

struct upm_backend *upm_trace_create(struct upm_backend *inner, int dry_run, uint32_t capacity)
{
	struct upm_trace *t = upm_os_alloc(sizeof *t);
	if (!t)
		return NULL;
	upm_memset(t, 0, sizeof *t);
	t->records = upm_os_alloc((size_t)capacity * sizeof *t->records);
	if (!t->records) {
		upm_os_free(t);
		return NULL;
	}
	t->cap = capacity;
	t->inner = inner;
	t->dry_run = dry_run;
	t->backend.name = inner->name;
	t->backend.ecam_entries_dropped = inner->ecam_entries_dropped;
	t->backend.mcfg_refused = inner->mcfg_refused;
	t->backend.lock_finding = inner->lock_finding;
	t->backend.memory_follows_plan = inner->memory_follows_plan;
	t->backend.loads_unguarded = inner->loads_unguarded;
	t->backend.ops = &trace_ops;
	t->backend.ctx = t;
	return &t->backend;
}

static const char *space_name(unsigned space)
{
	return space == UPM_SPACE_MSR ? "msr" : space == UPM_SPACE_PCI ? "pci" : "mmio";
}

void upm_trace_format_record(const struct upm_trace_record *r, struct upm_buf *out)
{
	char addr[32];
	if (r->space == UPM_SPACE_PCI) {
		struct upm_pci_addr a = { r->seg, r->bus, r->dev, r->fn, (uint16_t)r->addr };
		upm_pci_format(addr, sizeof addr, a);
	} else if (r->space == UPM_SPACE_MSR) {
		upm_snprintf(addr, sizeof addr, "0x%x", r->addr);
	} else {
		upm_snprintf(addr, sizeof addr, "0x%llx", (unsigned long long)r->mmio_addr);
	}
	upm_buf_printf(out, "%u\t%u\t%u\t%c%s\t%s\t%s\t0x%llx\n", r->seq, r->apic_id, r->socket,
		       r->op, r->faulted ? "!" : "", r->wide ? "mmio64" : space_name(r->space), addr,
		       (unsigned long long)r->value);
}

void upm_trace_format(const struct upm_trace *t, const char *header, struct upm_buf *out)
{
	upm_buf_printf(out, "# upmon trace: %s\n", header);
	upm_buf_puts(out, "# seq\tcpu\tsocket\top\tspace\taddress\tvalue\n");
	for (unsigned i = 0; i < t->n_cpuids; i++) {
		const struct upm_trace_cpuid *c = &t->cpuids[i];
		upm_buf_printf(out, "# cpuid\t0x%x\t0x%x\t0x%x\t0x%x\t0x%x\t0x%x\n", c->leaf, c->subleaf,
			       c->r.eax, c->r.ebx, c->r.ecx, c->r.edx);
	}
	if (t->ecam_asked && t->ecam_rc == UPM_OK)
		upm_buf_printf(out, "# ecam\t0x%llx\t%u\t%u\t%u\n", (unsigned long long)t->ecam.base,
			       t->ecam.seg, t->ecam.bus_start, t->ecam.bus_end);
	else if (t->ecam_asked)
		upm_buf_puts(out, "# ecam\tnone\n");
	for (unsigned i = 0; t->ecam_asked && t->ecam_rc == UPM_OK && i < t->n_ecam_more; i++)
		upm_buf_printf(out, "# ecam\t0x%llx\t%u\t%u\t%u\n",
			       (unsigned long long)t->ecam_more[i].base, t->ecam_more[i].seg,
			       t->ecam_more[i].bus_start, t->ecam_more[i].bus_end);
	if (t->backend.loads_unguarded) /* the replay makes no memory-mapped access either */
		upm_buf_printf(out, "# loads unguarded: %s\n", t->backend.loads_unguarded);
	if (t->dry_run)
		upm_buf_puts(out, "# dry run: writes were recorded, not performed\n");
	for (uint32_t i = 0; i < t->n; i++)
		upm_trace_format_record(&t->records[i], out);
	if (t->dropped)
		upm_buf_printf(out, "# %u accesses not recorded: trace buffer full\n", t->dropped);
}
