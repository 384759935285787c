/* libFuzzer target: Intel's uncore discovery table (platform/discovery_parse.c), bytes a
 * processor's firmware and silicon hand over, and the finder's walk over them
 * (platform/discovery_find.c).
 *   1. The input as one table: upm_disc_parse over an exact-size copy (ASan sees any read
 *      past it); what it keeps must hold the rules it enforces.
 *   2. The input as the configuration space of one Intel function 00:00.0 (device 0x09A7,
 *      its first 4 KiB, the rest zero) and as the memory at the address its BAR 0 names,
 *      behind a one-bus ECAM window: upm_disc_find must end, read nothing at address 0,
 *      and keep its limits. */
#include "platform/discovery.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void terminated(const char *s, size_t size)
{
	if (!memchr(s, 0, size))
		__builtin_trap();
}

/* What the parser keeps obeys its skip rules. */
static void check_table(const struct upm_disc_table *t)
{
	if (t->n_units > UPM_DISC_MAX_UNITS || t->n_findings > UPM_DISC_MAX_FINDINGS)
		__builtin_trap();
	if (t->global.stride < 3)
		__builtin_trap();
	for (unsigned i = 0; i < t->n_units; i++) {
		const struct upm_disc_unit *u = &t->units[i];
		if (!u->ctl_addr || u->ctl_addr == ~0ull || !u->ctl_offset || !u->ctr_offset ||
		    u->access > UPM_DISC_ACCESS_PCI || u->record >= t->global.max_units)
			__builtin_trap();
		if (i && u->record <= t->units[i - 1].record)
			__builtin_trap();
		for (unsigned j = 0; j < i; j++)
			if (t->units[j].box_type == u->box_type && t->units[j].box_id == u->box_id)
				__builtin_trap();
	}
	for (unsigned i = 0; i < t->n_findings; i++)
		terminated(t->findings[i].line, sizeof t->findings[i].line);
}

struct fake {
	const uint8_t *data;
	size_t size;
	uint32_t cfg[1024];
	uint64_t bar_base; /* the lowest address a BAR names: the input's first byte there */
	unsigned reads_at_zero;
};

static int fake_pci_read(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			 uint32_t *val)
{
	struct fake *f = b->ctx;
	(void)mech;
	*val = 0xFFFFFFFFu;
	if (a.seg == 0 && a.bus == 0 && a.dev == 0 && a.fn == 0)
		*val = f->cfg[a.off / 4 % 1024];
	return UPM_OK;
}

static int fake_mmio_read(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	struct fake *f = b->ctx;
	f->reads_at_zero += addr < 8;
	if (addr < f->bar_base || addr - f->bar_base > f->size || f->size - (addr - f->bar_base) < 4)
		return UPM_EFAULT;
	memcpy(val, f->data + (addr - f->bar_base), 4);
	return UPM_OK;
}

static int fake_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	(void)b;
	if (index)
		return UPM_ENOTFOUND;
	memset(out, 0, sizeof *out);
	out->base = 0xE0000000u;
	return UPM_OK;
}

static int no_cpuid(struct upm_backend *b, uint32_t l, uint32_t s, struct upm_cpuid_regs *o)
{
	(void)b, (void)l, (void)s, (void)o;
	return UPM_EUNSUPPORTED;
}

static int no_msr_read(struct upm_backend *b, uint32_t m, uint64_t *v)
{
	(void)b, (void)m, (void)v;
	return UPM_EUNSUPPORTED;
}

static int no_msr_write(struct upm_backend *b, uint32_t m, uint64_t v)
{
	(void)b, (void)m, (void)v;
	return UPM_EUNSUPPORTED;
}

static int no_pci_write(struct upm_backend *b, enum upm_pci_mech m, struct upm_pci_addr a, uint32_t v)
{
	(void)b, (void)m, (void)a, (void)v;
	return UPM_EUNSUPPORTED;
}

static const struct upm_backend_ops fake_ops = {
	.cpuid = no_cpuid,
	.msr_read = no_msr_read,
	.msr_write = no_msr_write,
	.pci_read32 = fake_pci_read,
	.pci_write32 = no_pci_write,
	.mmio_read32 = fake_mmio_read,
	.ecam_window = fake_window,
};

static void find(const uint8_t *data, size_t size)
{
	static struct fake f;
	struct upm_backend b;
	struct upm_disc_set set;
	memset(&f, 0, sizeof f);
	f.data = data;
	f.size = size;
	memcpy(f.cfg, data, size < sizeof f.cfg ? size : sizeof f.cfg);
	f.cfg[0] = 0x09A78086u;
	/* The input's bytes are the memory at the address BAR 0 names (32- or 64-bit); a DVSEC
	 * naming another BAR reads outside it and is answered with a fault. */
	f.bar_base = (f.cfg[4] & ~0xFull) | (((f.cfg[4] >> 1) & 3) == 2 ? (uint64_t)f.cfg[5] << 32 : 0);
	memset(&b, 0, sizeof b);
	b.name = "fuzz";
	b.ops = &fake_ops;
	b.ctx = &f;
	if (upm_disc_find(&b, &set) != UPM_OK)
		return;
	if (f.reads_at_zero || set.n_tables > UPM_DISC_MAX_TABLES)
		__builtin_trap();
	terminated(set.stopped, sizeof set.stopped);
	terminated(set.how_mapped, sizeof set.how_mapped);
	for (unsigned i = 0; i < set.n_tables; i++) {
		check_table(set.tables[i]);
		if (!set.tables[i]->base)
			__builtin_trap();
	}
	upm_disc_free(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct upm_disc_table t; /* large: kept off the stack */
	char why[160];
	uint8_t *copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	memset(&t, 0, sizeof t);
	if (upm_disc_parse(copy, size, &t, why, sizeof why) == 0)
		check_table(&t);
	else if (!why[0])
		__builtin_trap();
	terminated(why, sizeof why);
	find(copy, size);
	free(copy);
	return 0;
}
