/* The discovery table finder (platform/discovery_find.c) through a small fake backend:
 * configuration space of a few functions and one MMIO range, answered from arrays, with
 * the reads counted. Absent functions answer all ones, as hardware does. */
#include "tests/unit/test.h"
#include "platform/discovery.h"
#include <stdlib.h>

#define FAKE_FNS 12
#define FAKE_MMIO_DWORDS 64

struct fake_fn {
	uint16_t seg;
	uint8_t bus, dev, fn;
	uint32_t cfg[1024];
};

struct fake {
	struct upm_backend be;
	struct fake_fn fns[FAKE_FNS];
	unsigned n_fns;
	struct upm_ecam_window win[2];
	unsigned n_win;
	uint64_t mmio_base;
	uint32_t mmio[FAKE_MMIO_DWORDS];
	unsigned pci_reads, ext_reads, mmio_reads, mmio_low_reads;
	uint64_t first_mmio;
	unsigned ext_reads_of[FAKE_FNS]; /* extended-space reads per function */
};

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

static int fake_pci_read(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			 uint32_t *val)
{
	struct fake *f = b->ctx;
	f->pci_reads++;
	if (mech == UPM_PCI_CF8 && a.off >= 0x100)
		return UPM_ERANGE;
	if (a.off >= 0x100)
		f->ext_reads++;
	*val = 0xFFFFFFFFu;
	for (unsigned i = 0; i < f->n_fns; i++) {
		struct fake_fn *p = &f->fns[i];
		if (p->seg == a.seg && p->bus == a.bus && p->dev == a.dev && p->fn == a.fn) {
			*val = p->cfg[a.off / 4];
			f->ext_reads_of[i] += a.off >= 0x100;
		}
	}
	return UPM_OK;
}

static int fake_mmio_read(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	struct fake *f = b->ctx;
	if (!f->mmio_reads++)
		f->first_mmio = addr;
	f->mmio_low_reads += addr < 0x1000;
	if (addr < f->mmio_base || addr - f->mmio_base >= 4 * FAKE_MMIO_DWORDS || addr % 4)
		return UPM_EFAULT;
	*val = f->mmio[(addr - f->mmio_base) / 4];
	return UPM_OK;
}

static int fake_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	struct fake *f = b->ctx;
	if (index >= f->n_win)
		return UPM_ENOTFOUND;
	*out = f->win[index];
	return UPM_OK;
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

/* A fake with one ECAM window over segment 0, buses 0-0xFF. */
static struct fake *fake_new(void)
{
	struct fake *f = calloc(1, sizeof *f);
	CHECK(f != NULL);
	if (!f)
		return NULL;
	f->be.name = "fake";
	f->be.ops = &fake_ops;
	f->be.ctx = f;
	f->win[0].base = 0xE0000000;
	f->win[0].seg = 0;
	f->win[0].bus_start = 0;
	f->win[0].bus_end = 0xFF;
	f->n_win = 1;
	return f;
}

static struct fake_fn *add_fn(struct fake *f, uint8_t bus, uint8_t dev, uint8_t fn, uint16_t vendor,
			      uint16_t device)
{
	struct fake_fn *p = &f->fns[f->n_fns++];
	p->bus = bus;
	p->dev = dev;
	p->fn = fn;
	p->cfg[0] = (uint32_t)device << 16 | vendor;
	return p;
}

/* An extended capability header: ID, version 1, next pointer in bits 31:20. */
static void cap(struct fake_fn *p, unsigned off, unsigned id, unsigned next)
{
	p->cfg[off / 4] = (uint32_t)next << 20 | 1u << 16 | id;
}

/* A discovery DVSEC (ID 0x23): vendor 0x8086 at +4, entry type at +8, BIR at +0xC. */
static void dvsec(struct fake_fn *p, unsigned off, unsigned next, unsigned entry, unsigned bir)
{
	cap(p, off, 0x23, next);
	p->cfg[off / 4 + 1] = 0x01000000u | 0x8086;
	p->cfg[off / 4 + 2] = entry;
	p->cfg[off / 4 + 3] = bir;
}

/* A table with max_units 2, stride 4 (global record, then records at bytes 32 and 64):
 * the CHA at MSR 0x2000 and an IMC channel at physical 0xF2A22800. */
static void put_table(struct fake *f, uint64_t base)
{
	static const uint64_t words[12] = {
		0x4000000000020401ull, 0x0000000012340000ull, 0x0000000000000208ull, 0,
		0x0000000108300204ull, 0x0000000000002000ull, 0x0000000500000000ull, 0,
		0x4000000008304004ull, 0x00000000F2A22800ull, 0x0000000000000006ull, 0,
	};
	f->mmio_base = base;
	for (unsigned i = 0; i < 12; i++) {
		f->mmio[2 * i] = (uint32_t)words[i];
		f->mmio[2 * i + 1] = (uint32_t)(words[i] >> 32);
	}
}

TEST(disc_find_dvsec_in_extended_space)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	add_fn(f, 0, 0, 0, 0x8086, 0x09A2);
	struct fake_fn *d = add_fn(f, 0, 0, 1, 0x8086, 0x09A7);
	cap(d, 0x100, 0x0001, 0x150);          /* AER */
	dvsec(d, 0x150, 0x200, 2, 0);          /* a DVSEC 0x23 of another entry type */
	dvsec(d, 0x200, 0, 1, 2);              /* PMON, BIR 2 */
	d->cfg[0x18 / 4] = 0x3400000Cu;        /* BAR2: 64-bit (bits 2:1 = 2), prefetchable */
	d->cfg[0x1C / 4] = 0x00000012u;        /* its upper half */
	put_table(f, 0x1234000000ull);
	/* Another vendor's function with the same DVSEC, and an Intel function other than
	 * 0x09A7 with one: neither is read while a 0x09A7 function carries the capability. */
	struct fake_fn *amd = add_fn(f, 1, 0, 0, 0x1022, 0x09A7);
	dvsec(amd, 0x100, 0, 1, 0);
	amd->cfg[0x10 / 4] = 0x80000000u;
	struct fake_fn *other = add_fn(f, 2, 0, 0, 0x8086, 0x3450);
	dvsec(other, 0x100, 0, 1, 0);
	other->cfg[0x10 / 4] = 0x90000000u;

	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_STR(set.stopped, "");
	CHECK_EQ(set.n_tables, 1);
	if (set.n_tables == 1) {
		const struct upm_disc_table *t = set.tables[0];
		CHECK_EQ(t->device.bus, 0);
		CHECK_EQ(t->device.dev, 0);
		CHECK_EQ(t->device.fn, 1);
		CHECK_EQ(t->dvsec_off, 0x200);
		CHECK_EQ(t->bir, 2);
		CHECK_EQ(t->base, 0x1234000000ull);
		CHECK_EQ(t->global.max_units, 2);
		CHECK_EQ(t->global.ctl_addr, 0x12340000);
		CHECK_EQ(t->n_units, 2);
		CHECK_EQ(t->units[0].ctl_addr, 0x2000);
		CHECK_EQ(t->units[0].ctr_offset, 8);
		CHECK_EQ(t->units[1].box_type, 6);
		CHECK_EQ(t->units[1].ctl_addr, 0xF2A22800);
		CHECK_EQ(t->n_findings, 0);
		CHECK_EQ(t->socket, 0);
		CHECK_EQ(t->die, 0);
		CHECK_EQ(t->package_id, UPM_DISC_NO_PACKAGE);
	}
	/* The global record first, then three words per record, two dwords a word. */
	CHECK_EQ(f->first_mmio, 0x1234000000ull);
	CHECK_EQ(f->mmio_reads, 6 + 2 * 6);
	CHECK_STR(set.how_mapped, "by the order found (table k is socket k): no MSM function 8086:09a6 "
				  "(device 3 function 0) names the packages' buses");
	upm_disc_free(&set);
	CHECK_EQ(set.n_tables, 0);
	free(f);
}

TEST(disc_find_any_intel_function_without_09a7)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	struct fake_fn *d = add_fn(f, 0x30, 0, 0, 0x8086, 0x3450);
	dvsec(d, 0x100, 0, 1, 0);
	d->cfg[0x10 / 4] = 0xFE000000u; /* BAR0, 32-bit */
	struct fake_fn *amd = add_fn(f, 0x31, 0, 0, 0x1022, 0x1450);
	dvsec(amd, 0x100, 0, 1, 0);
	amd->cfg[0x10 / 4] = 0xFE000000u;
	put_table(f, 0xFE000000ull);
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 1);
	if (set.n_tables == 1) {
		CHECK_EQ(set.tables[0]->device.bus, 0x30);
		CHECK_EQ(set.tables[0]->base, 0xFE000000u);
		CHECK_EQ(set.tables[0]->n_units, 2);
	}
	upm_disc_free(&set);
	free(f);
}

TEST(disc_find_without_ecam)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	struct fake_fn *d = add_fn(f, 0, 0, 1, 0x8086, 0x09A7);
	dvsec(d, 0x100, 0, 1, 0);
	d->cfg[0x10 / 4] = 0xFE000000u;
	put_table(f, 0xFE000000ull);
	f->n_win = 0;
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 0);
	CHECK_EQ(set.n_stopped, 1);
	CHECK_STR(set.stopped, "uncore discovery tables unreachable: their DVSEC is in extended config "
			       "space (0x100 and up), which needs ECAM; no ACPI MCFG table gives an ECAM "
			       "window: enable MMCFG in the firmware setup");
	CHECK_EQ(f->pci_reads, 0);
	CHECK_EQ(f->mmio_reads, 0);
	/* A window there, but loads cannot be guarded: ECAM is not used, and the line says why. */
	f->n_win = 1;
	f->be.loads_unguarded = "the firmware keeps its own page-fault handler";
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 0);
	CHECK_CONTAINS(set.stopped, "which needs ECAM; ECAM loads cannot be guarded here (the firmware "
				    "keeps its own #PF handler)");
	CHECK_EQ(f->pci_reads, 0);
	free(f);
}

TEST(disc_find_bar_of_zero)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	add_fn(f, 0, 0, 0, 0x8086, 0x09A2);
	struct fake_fn *d = add_fn(f, 0, 0, 1, 0x8086, 0x09A7);
	dvsec(d, 0x100, 0, 1, 0);
	d->cfg[0x10 / 4] = 0x00000004u; /* 64-bit BAR, address 0 */
	d->cfg[0x14 / 4] = 0;
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 0);
	CHECK_EQ(set.n_stopped, 1);
	CHECK_STR(set.stopped, "BAR 0 of 00:00.1, which holds its discovery table, is 0: the firmware "
			       "gave it no address; that table was not read (never at address 0): check "
			       "the firmware's PCI resource settings");
	CHECK_EQ(f->mmio_reads, 0);
	/* A second die's table device with its BAR set: found, the first's BAR still said. */
	add_fn(f, 0x80, 0, 0, 0x8086, 0x09A2);
	struct fake_fn *e = add_fn(f, 0x80, 0, 1, 0x8086, 0x09A7);
	dvsec(e, 0x100, 0, 1, 0);
	e->cfg[0x10 / 4] = 0xFE000000u;
	put_table(f, 0xFE000000ull);
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 1);
	CHECK_CONTAINS(set.stopped, "BAR 0 of 00:00.1");
	CHECK_EQ(f->mmio_low_reads, 0);
	upm_disc_free(&set);
	free(f);
}

TEST(disc_find_capability_loops_end)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	/* 0x100 -> 0x140 (the PMON DVSEC) -> back to 0x100. */
	struct fake_fn *d = add_fn(f, 0, 0, 0, 0x8086, 0x09A7);
	cap(d, 0x100, 0x0001, 0x140);
	dvsec(d, 0x140, 0x100, 1, 0);
	d->cfg[0x10 / 4] = 0xFE000000u;
	put_table(f, 0xFE000000ull);
	/* A capability pointing at itself; a header of all ones; a header of zero. */
	struct fake_fn *self = add_fn(f, 0, 1, 0, 0x8086, 0x1111);
	cap(self, 0x100, 0x000B, 0x100);
	struct fake_fn *ones = add_fn(f, 0, 2, 0, 0x8086, 0x2222);
	ones->cfg[0x100 / 4] = 0xFFFFFFFFu;
	add_fn(f, 0, 3, 0, 0x8086, 0x3333);
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 1); /* the DVSEC in the loop is found once */
	CHECK_STR(set.stopped, "");
	/* Each walk ended where the loop closed: for d two headers, the DVSEC's entry type
	 * and its BIR; one header each for the others. */
	CHECK_EQ(f->ext_reads_of[0], 4);
	CHECK_EQ(f->ext_reads_of[1], 1);
	CHECK_EQ(f->ext_reads_of[2], 1);
	CHECK_EQ(f->ext_reads_of[3], 1);
	upm_disc_free(&set);
	free(f);
}

/* Package 1's MSM at 10:03.0 names buses 0x10 and 0x20 (slots 0 and 1); package 0's at
 * 80:03.0 names 0x80 and 0x90 in slots 1 and 2, slot 0 (0xAA) invalid, so its
 * SAD_CONTROL_CFG is read on bus 0x80. Table devices: 10:00.1 and 20:00.1 (package 1),
 * 90:00.1 (package 0), found in that order. */
static void two_packages(struct fake *f, int with_package0_msm)
{
	struct fake_fn *p;
	p = add_fn(f, 0x10, 0, 0, 0x8086, 0x09A2);
	p->cfg[0x3F4 / 4] = 0x12345671u; /* package 1: bits 3:0 */
	p = add_fn(f, 0x10, 3, 0, 0x8086, 0x09A6);
	p->cfg[0x1A0 / 4] = 0x3;
	p->cfg[0x190 / 4] = 0x00002010u;
	p->cfg[0x1C0 / 4] = 0x00000000u;
	p = add_fn(f, 0x80, 0, 0, 0x8086, 0x09A2);
	p->cfg[0x3F4 / 4] = 0x12345670u; /* package 0 */
	if (with_package0_msm) {
		p = add_fn(f, 0x80, 3, 0, 0x8086, 0x09A6);
		p->cfg[0x1A0 / 4] = 0x6;
		p->cfg[0x190 / 4] = 0x009080AAu;
	}
	static const uint8_t buses[3] = { 0x10, 0x20, 0x90 };
	for (unsigned i = 0; i < 3; i++) {
		if (buses[i] != 0x10)
			add_fn(f, buses[i], 0, 0, 0x8086, 0x09A2);
		p = add_fn(f, buses[i], 0, 1, 0x8086, 0x09A7);
		dvsec(p, 0x100, 0, 1, 0);
		p->cfg[0x10 / 4] = 0xFE000000u;
	}
	put_table(f, 0xFE000000ull);
}

TEST(disc_find_two_sockets_through_msm)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	two_packages(f, 1);
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 3);
	if (set.n_tables == 3) {
		CHECK_EQ(set.tables[0]->device.bus, 0x90);
		CHECK_EQ(set.tables[0]->socket, 0);
		CHECK_EQ(set.tables[0]->die, 0);
		CHECK_EQ(set.tables[0]->package_id, 0);
		CHECK_EQ(set.tables[1]->device.bus, 0x10);
		CHECK_EQ(set.tables[1]->socket, 1);
		CHECK_EQ(set.tables[1]->die, 0);
		CHECK_EQ(set.tables[1]->package_id, 1);
		CHECK_EQ(set.tables[2]->device.bus, 0x20);
		CHECK_EQ(set.tables[2]->socket, 1);
		CHECK_EQ(set.tables[2]->die, 1);
		CHECK_EQ(set.tables[2]->n_units, 2);
	}
	CHECK_STR(set.how_mapped, "by package number (MSM functions 8086:09a6: CPUBUSNO, "
				  "SAD_CONTROL_CFG): 3 tables on 2 packages");
	CHECK_STR(set.stopped, "");
	upm_disc_free(&set);
	free(f);
}

TEST(disc_find_table_no_msm_claims)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	two_packages(f, 0);
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 3);
	if (set.n_tables == 3) {
		/* Package 1 is the only package named: socket 0; the table on bus 0x90 comes
		 * after it in the order found. */
		CHECK_EQ(set.tables[0]->device.bus, 0x10);
		CHECK_EQ(set.tables[0]->socket, 0);
		CHECK_EQ(set.tables[1]->device.bus, 0x20);
		CHECK_EQ(set.tables[1]->socket, 0);
		CHECK_EQ(set.tables[1]->die, 1);
		CHECK_EQ(set.tables[2]->device.bus, 0x90);
		CHECK_EQ(set.tables[2]->socket, 1);
		CHECK_EQ(set.tables[2]->package_id, UPM_DISC_NO_PACKAGE);
	}
	CHECK_STR(set.how_mapped, "2 tables by package number (MSM functions 8086:09a6), 1 by the order "
				  "found after them: no MSM function names the bus of 90:00.1");
	upm_disc_free(&set);
	free(f);
}

TEST(disc_find_table_larger_than_its_memory)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	add_fn(f, 0, 0, 0, 0x8086, 0x09A2);
	struct fake_fn *d = add_fn(f, 0, 0, 1, 0x8086, 0x09A7);
	dvsec(d, 0x100, 0, 1, 0);
	d->cfg[0x10 / 4] = 0xFE000000u;
	put_table(f, 0xFE000000ull);
	/* max_units 1023, stride 255: record 0 at byte 2040, past the 256 bytes there. */
	f->mmio[0] = 0x03FFFF01u;
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 1);
	if (set.n_tables == 1) {
		CHECK_EQ(set.tables[0]->global.max_units, 1023);
		CHECK_EQ(set.tables[0]->n_units, 0);
		CHECK_EQ(set.tables[0]->n_findings, 1);
		CHECK_EQ(set.tables[0]->findings[0].why, UPM_DISC_SKIP_TRUNCATED);
		CHECK_CONTAINS(set.tables[0]->findings[0].line, "1023 of 1023 records not read");
	}
	/* The global record's six reads, then the first read that failed: no more. */
	CHECK_EQ(f->mmio_reads, 7);
	upm_disc_free(&set);
	free(f);
}

TEST(disc_find_two_msms_one_package_number)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	two_packages(f, 1);
	f->fns[2].cfg[0x3F4 / 4] = 0x00000001u; /* 80:00.0's SAD_CONTROL_CFG: package 1 too */
	CHECK_EQ(f->fns[2].bus, 0x80);
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 3);
	if (set.n_tables == 3) {
		/* No package number is trusted: every table by the order found. */
		CHECK_EQ(set.tables[0]->device.bus, 0x10);
		CHECK_EQ(set.tables[0]->socket, 0);
		CHECK_EQ(set.tables[1]->device.bus, 0x20);
		CHECK_EQ(set.tables[1]->socket, 1);
		CHECK_EQ(set.tables[2]->device.bus, 0x90);
		CHECK_EQ(set.tables[2]->socket, 2);
		CHECK_EQ(set.tables[2]->package_id, UPM_DISC_NO_PACKAGE);
	}
	CHECK_STR(set.how_mapped, "by the order found (table k is socket k): the MSM functions at 10:03.0 "
				  "and 80:03.0 both say package 1");
	upm_disc_free(&set);
	free(f);
}

/* One table device whose DVSEC's +0xC register is dv2 and whose BAR0/BAR5 registers hold
 * bar0/bar5: the table is not read, and stopped is the line. */
static void unusable(uint32_t dv2, uint32_t bar0, uint32_t bar5, const char *line)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	add_fn(f, 0, 0, 0, 0x8086, 0x09A2);
	struct fake_fn *d = add_fn(f, 0, 0, 1, 0x8086, 0x09A7);
	dvsec(d, 0x100, 0, 1, 0);
	d->cfg[0x10C / 4] = dv2;
	d->cfg[0x10 / 4] = bar0;
	d->cfg[0x24 / 4] = bar5;
	put_table(f, 0xFE000000ull);
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 0);
	CHECK_EQ(set.n_stopped, 1);
	CHECK_STR(set.stopped, line);
	CHECK_EQ(f->mmio_reads, 0);
	upm_disc_free(&set);
	free(f);
}

TEST(disc_find_unusable_bars)
{
	/* An I/O BAR (bit 0). */
	unusable(0, 0x0000E001u, 0, "BAR 0 of 00:00.1 (its discovery table's) is 0xe001, an I/O BAR, "
				    "where a memory BAR was expected: that table was not read");
	/* A reserved BAR type (bits 2:1 = 1). */
	unusable(0, 0xFE000002u, 0, "BAR 0 of 00:00.1 (its discovery table's) is 0xfe000002, of a "
				    "reserved type (bits 2:1), neither 32- nor 64-bit: that table was not read");
	/* A 64-bit BAR 5: no BAR above it for the upper half. */
	unusable(5, 0, 0xFE000004u, "BAR 5 of 00:00.1 (its discovery table's) is 0xfe000004, 64-bit, "
				    "with no BAR above it for the upper half: that table was not read");
	/* BIR 6: past the six BARs. */
	unusable(6, 0xFE000000u, 0, "discovery DVSEC at 00:00.1+0x100 names BAR 6, past the six BARs "
				    "(0-5): that table was not read");
	/* Bits above the BIR (a table offset Linux refuses). */
	unusable(0x1000, 0xFE000000u, 0, "discovery DVSEC at 00:00.1+0x100: its +0xC register 0x1000 "
					 "sets bits above the BIR (a table offset Linux refuses too): "
					 "that table was not read");
}

TEST(disc_find_global_record_refused_or_unreadable)
{
	struct fake *f = fake_new();
	struct upm_disc_set set;
	if (!f)
		return;
	add_fn(f, 0, 0, 0, 0x8086, 0x09A2);
	struct fake_fn *d = add_fn(f, 0, 0, 1, 0x8086, 0x09A7);
	dvsec(d, 0x100, 0, 1, 0);
	d->cfg[0x10 / 4] = 0xFE000000u;
	put_table(f, 0xFE000000ull);
	f->mmio[0] = 0x00020001u; /* stride 0 */
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 0);
	CHECK_STR(set.stopped, "00:00.1, table at 0xfe000000: the discovery table's stride is 0 words, "
			       "less than the 3 a record holds (global record 0x4000000000020001)");
	CHECK_EQ(f->mmio_reads, 6); /* the global record only */
	/* Nothing answers at the BAR's address. */
	d->cfg[0x10 / 4] = 0xFD000000u;
	CHECK_EQ(upm_disc_find(&f->be, &set), UPM_OK);
	CHECK_EQ(set.n_tables, 0);
	CHECK_STR(set.stopped, "the discovery table of 00:00.1 at 0xfd000000 could not be read (EFAULT)");
	free(f);
}
