/* The discovery mocks' shared parts (units.h). */
#include "platform/mock/disc/units.h"
#include "platform/mock/model.h"
#include "platform/mock/model_rates.h"
#include "platform/pci.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#define DISC_DEVICE 0x09A7u /* uncore_discovery.h UNCORE_DISCOVERY_TABLE_DEVICE */
#define DVSEC_AT 0x200u     /* mock's choice: after an AER capability at 0x100 */

int mock_disc_device(struct upm_mock *m, unsigned s, uint8_t bus, uint8_t dev, uint8_t fn, uint64_t table,
		     struct upm_mock_reg *bar[2])
{
	struct upm_mock_pci_dev *d = upm_mock_add_pci_dev(m, s, bus, dev, fn, UPM_PCI_VENDOR_INTEL, DISC_DEVICE);
	if (!d)
		return -1;
	/* AER (ID 0x0001, version 1) pointing at the DVSEC; DVSEC (0x23, version 1, last). */
	bar[0] = upm_mock_add_pci_reg(m, d, 0x10, (uint32_t)table | 0x4u, 0); /* 64-bit memory BAR */
	bar[1] = upm_mock_add_pci_reg(m, d, 0x14, (uint32_t)(table >> 32), 0);
	if (!bar[0] || !bar[1] || !upm_mock_add_pci_reg(m, d, 0x100, 0x0001u | 1u << 16 | DVSEC_AT << 20, 0) ||
	    !upm_mock_add_pci_reg(m, d, DVSEC_AT, 0x0023u | 1u << 16, 0) ||
	    !upm_mock_add_pci_reg(m, d, DVSEC_AT + 0x4, 0x8086u | 0x010u << 20, 0) ||
	    !upm_mock_add_pci_reg(m, d, DVSEC_AT + 0x8, 1u, 0) || /* entry type 1: PMON */
	    !upm_mock_add_pci_reg(m, d, DVSEC_AT + 0xC, 0u, 0))   /* BIR 0 */
		return -1;
	return 0;
}

uint64_t mock_disc_word1(unsigned n_ctrs, unsigned ctl_off, unsigned width, unsigned ctr_off, uint64_t access)
{
	return (uint64_t)n_ctrs | (uint64_t)ctl_off << 8 | (uint64_t)width << 16 | (uint64_t)ctr_off << 24 |
	       access << 62;
}

int mock_disc_record(struct upm_mock *m, const struct mock_disc_table *t, unsigned index, uint64_t w1, uint64_t w2,
		     uint64_t w3)
{
	uint32_t at = index * t->stride * 8u;
	uint64_t words[3] = { w1, w2, w3 };
	for (unsigned i = 0; i < 3; i++) {
		struct upm_mock_reg *r = upm_mock_add_mmio_reg(m, t->window, at + 8u * i, 0, 0);
		if (!r)
			return -1;
		r->value = words[i];
		if (index > 0 && t->words && index - 1 < t->max_records)
			t->words[index - 1][i] = r;
	}
	return 0;
}

static int generic_stops(const struct mock_box *b, const struct mock_ctr *c)
{
	(void)c;
	if (b->box_ctl && (b->box_ctl->value & 1))
		return 1;
	const struct mock_disc_state *st = mock_pmon_of(b->mock)->model;
	struct upm_mock_reg *g = st && b->socket < MOCK_DISC_SOCKETS ? st->global_ctl[b->socket] : NULL;
	return g && (g->value & 1);
}

/* Unit control writes: RST_CTRL (8) zeroes the counter controls, RST_CTRS (9) the counters. */
static void on_unit_ctl(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t w)
{
	(void)m;
	(void)socket;
	struct mock_box *b = r->model;
	for (unsigned i = 0; i < b->n_ctrs; i++) {
		if (w >> 8 & 1) {
			b->ctrs[i].ctl->value = 0;
			if (b->ctrs[i].ctl_hi)
				b->ctrs[i].ctl_hi->value = 0;
		}
		if (w >> 9 & 1)
			mock_ctr_set(&b->ctrs[i], 0);
	}
}

void mock_disc_wire_unit_ctl(struct mock_box *b, struct upm_mock_reg *r)
{
	b->box_ctl = r;
	b->stops = generic_stops;
	r->model = b;
	r->on_write = on_unit_ctl;
	r->wo_mask |= 0x300u; /* RST_CTRL (8) and RST_CTRS (9) act and read as zero */
}

struct mock_box *mock_disc_msr_unit(struct upm_mock *m, const struct mock_disc_table *t, unsigned rec,
				    const char *name, unsigned kind, unsigned type, unsigned id, uint32_t ctl,
				    mock_rate_fn rate, unsigned peers)
{
	unsigned s = t->socket;
	if (mock_disc_record(m, t, rec, mock_disc_word1(4, 2, 48, 8, MOCK_DISC_ACCESS_MSR), ctl,
			     (uint64_t)id << 16 | type) < 0)
		return NULL;
	struct mock_box *b = mock_pmon_add_box(m, name, kind, s, id);
	struct upm_mock_reg *uc = upm_mock_add_msr(m, s, ctl, 0, 0x1);
	if (!b || !uc)
		return NULL;
	mock_disc_wire_unit_ctl(b, uc);
	b->rate = rate;
	b->n_peers = peers;
	for (unsigned i = 0; i < 4; i++) {
		struct upm_mock_reg *cc = upm_mock_add_msr(m, s, ctl + 2 + i, 0, ~0ull);
		struct upm_mock_reg *cr = upm_mock_add_msr(m, s, ctl + 8 + i, 0, (1ull << 48) - 1);
		if (!cc || !cr)
			return NULL;
		cr->flags |= UPM_MOCK_COUNTER;
		mock_box_add_ctr(b, cc, cr, NULL, 48, MOCK_NO_BIT, MOCK_NO_BIT);
	}
	return b;
}

struct mock_box *mock_disc_pci_pmon(struct upm_mock *m, unsigned s, struct upm_mock_pci_dev *d, const char *name,
				    unsigned kind, unsigned id, uint16_t box_ctl, uint16_t ctl0, uint16_t ctr0,
				    uint32_t ext_mask)
{
	struct mock_box *b = mock_pmon_add_box(m, name, kind, s, id);
	struct upm_mock_reg *ctl = upm_mock_add_pci_reg(m, d, box_ctl, 0, 0x1);
	if (!b || !ctl)
		return NULL;
	mock_disc_wire_unit_ctl(b, ctl);
	for (unsigned i = 0; i < 4; i++) {
		struct upm_mock_reg *cc = upm_mock_add_pci_reg(m, d, (uint16_t)(ctl0 + 8 * i), 0, 0xFFFFFFFFu);
		struct upm_mock_reg *cch = upm_mock_add_pci_reg(m, d, (uint16_t)(ctl0 + 4 + 8 * i), 0, ext_mask);
		struct upm_mock_reg *lo = upm_mock_add_pci_reg(m, d, (uint16_t)(ctr0 + 8 * i), 0, 0xFFFFFFFFu);
		struct upm_mock_reg *hi = upm_mock_add_pci_reg(m, d, (uint16_t)(ctr0 + 4 + 8 * i), 0, 0xFFFFu);
		if (!cc || !cch || !lo || !hi || mock_box_add_reg(b, cch) < 0)
			return NULL;
		lo->flags |= UPM_MOCK_COUNTER;
		mock_box_add_ctr(b, cc, lo, hi, 48, MOCK_NO_BIT, MOCK_NO_BIT);
		b->ctrs[b->n_ctrs - 1].ctl_hi = cch;
	}
	return b;
}

int mock_disc_pci_record(struct upm_mock *m, const struct mock_disc_table *t, unsigned rec, unsigned type,
			 unsigned id, uint8_t bus, unsigned devfn, unsigned box_ctl, unsigned ctl0, unsigned ctr0)
{
	uint64_t at = (uint64_t)bus << 20 | (uint64_t)devfn << 12 | box_ctl;
	return mock_disc_record(m, t, rec, mock_disc_word1(4, ctl0 - box_ctl, 48, ctr0 - box_ctl, MOCK_DISC_ACCESS_PCI),
				at, (uint64_t)id << 16 | type);
}

struct mock_box *mock_disc_mmio_unit(struct upm_mock *m, const struct mock_disc_table *t, unsigned rec,
				     struct upm_mock_mmio *w, uint32_t off, const char *name, unsigned kind,
				     unsigned type, unsigned id, unsigned ctl_step, mock_rate_fn rate, unsigned peers)
{
	if (mock_disc_record(m, t, rec, mock_disc_word1(4, 0x40, 48, 0x08, MOCK_DISC_ACCESS_MMIO), w->base + off,
			     (uint64_t)id << 16 | type) < 0)
		return NULL;
	struct mock_box *b = mock_pmon_add_box(m, name, kind, t->socket, id);
	struct upm_mock_reg *ctl = upm_mock_add_mmio_reg(m, w, off, 0, 0x1);
	if (!b || !ctl)
		return NULL;
	mock_disc_wire_unit_ctl(b, ctl);
	b->rate = rate;
	b->n_peers = peers;
	for (unsigned i = 0; i < 4; i++) {
		struct upm_mock_reg *cc = upm_mock_add_mmio_reg(m, w, off + 0x40 + ctl_step * i, 0, ~0u);
		struct upm_mock_reg *cr = upm_mock_add_mmio_reg(m, w, off + 0x08 + 8 * i, 0, 0);
		if (!cc || !cr)
			return NULL;
		cr->flags |= UPM_MOCK_COUNTER;
		mock_box_add_ctr(b, cc, cr, NULL, 48, MOCK_NO_BIT, MOCK_NO_BIT);
	}
	return b;
}

int mock_disc_imc_fixed(struct upm_mock *m, struct mock_box *b, struct upm_mock_mmio *w, uint32_t off,
			mock_rate_fn rate)
{
	struct upm_mock_reg *fc = upm_mock_add_mmio_reg(m, w, off + 0x54, 0, 1u << 22);
	struct upm_mock_reg *fr = upm_mock_add_mmio_reg(m, w, off + 0x38, 0, 0);
	if (!fc || !fr)
		return -1;
	fr->flags |= UPM_MOCK_COUNTER;
	mock_box_set_fixed(b, fc, fr, NULL, 48, 22, MOCK_NO_BIT);
	b->fixed_rate = rate;
	return 0;
}

uint64_t mock_disc_upi_data_flits(const struct mock_box *b, const struct upm_activity *act, unsigned mhz)
{
	uint64_t flits = mock_box_share(b, act->remote_lines * 9u);
	uint64_t most = traffic_cycles(b, act, mhz);
	return flits < most ? flits : most;
}

void mock_disc_upi_receive(struct upm_mock *m, const struct upm_activity *act, unsigned n_links, unsigned mhz)
{
	unsigned peer = act->socket ^ 1u;
	if (!act->remote_lines || peer >= m->n_sockets)
		return;
	for (unsigned l = 0; l < n_links; l++) {
		const struct mock_box *tx = mock_pmon_find(m, act->socket, "upi", l);
		struct mock_box *rx = mock_pmon_find(m, peer, "upi", l);
		if (!tx || !rx)
			continue;
		uint64_t flits = mock_disc_upi_data_flits(tx, act, mhz);
		for (unsigned k = 0; k < rx->n_ctrs; k++) {
			uint64_t ctl = mock_ctr_ctl(&rx->ctrs[k]);
			if (ev(ctl) == 0x03 && umask(ctl) == 0x0F && mock_ctr_counting(rx, &rx->ctrs[k]))
				mock_ctr_advance(rx, &rx->ctrs[k], flits);
		}
	}
}

uint64_t mock_disc_upi_carry_ns(struct upm_mock *m, const struct upm_activity *act, unsigned n_links, unsigned mhz)
{
	uint64_t most = 0;
	for (unsigned l = 0; act->remote_lines && l < n_links; l++) {
		const struct mock_box *tx = mock_pmon_find(m, act->socket, "upi", l);
		uint64_t flits = tx ? mock_box_share(tx, act->remote_lines * 9u) : 0;
		most = flits > most ? flits : most;
	}
	/* A flit a clock, rounded up to whole ns: mock_disc_upi_data_flits then allows them. */
	return (most * 1000u + mhz - 1) / mhz;
}

void *mock_disc_model_init(struct upm_mock *m, uint32_t signature, const char *brand, size_t state_size)
{
	m->cpuid_signature = signature;
	upm_strlcpy(m->brand, brand, sizeof m->brand);
	m->n_ecam = 1;
	m->ecam[0].base = 0xE0000000ull; /* mock's choice */
	m->ecam[0].seg = 0;
	m->ecam[0].bus_start = 0;
	m->ecam[0].bus_end = 255;
	if (mock_pmon_init(m) < 0)
		return NULL;
	void *st = upm_os_alloc(state_size);
	if (!st)
		return NULL;
	upm_memset(st, 0, state_size);
	mock_pmon_of(m)->model = st;
	return st;
}

uint64_t mock_disc_tor_drd(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act, uint32_t drd)
{
	if (ev(ctl) != 0x35 || umask(ctl) != 0x01)
		return 0;
	uint64_t ext = ctl >> 32 & 0x7FFFFFFFu, base = (uint64_t)drd << 8;
	uint64_t misses = act->llc_misses < act->llc_lookups ? act->llc_misses : act->llc_lookups;
	return ext == (base | 0xFF) ? mock_box_share(b, act->llc_lookups)
	       : ext == (base | 0xFE) ? mock_box_share(b, misses)
	       : ext == (base | 0xFD) ? mock_box_share(b, act->llc_lookups - misses) : 0;
}

int mock_disc_table_fault(struct upm_mock *m, const struct mock_disc_fault_target *t, const char *term,
			  const char *key, const char *what, const char *value)
{
	uint64_t n = 0;
	if (upm_strcmp(what, "bar") == 0) {
		if (!value || upm_strcmp(value, "0") != 0) {
			upm_snprintf(m->error, sizeof m->error, "mock fault: '%s': only %s=0 (a BAR of zero) is known", term,
				     key);
			return -1;
		}
		t->bar[0]->value = 0;
		t->bar[1]->value = 0;
		return 1;
	}
	int ones = upm_strcmp(what, "ones") == 0, zeroctl = upm_strcmp(what, "zeroctl") == 0;
	int dup = upm_strcmp(what, "dup") == 0, trunc = upm_strcmp(what, "truncate") == 0;
	if (!ones && !zeroctl && !dup && !trunc)
		return 0;
	if (!value || upm_parse_u64(value, &n) < 0 || n >= t->n_records || (dup && n == 0)) {
		upm_snprintf(m->error, sizeof m->error, "mock fault: '%s': give a unit record 0-%u of %s (dup: 1-%u), e.g. %s=3",
			     term, t->n_records - 1, t->name, t->n_records - 1, key);
		return -1;
	}
	struct upm_mock_reg **r = t->words[n];
	if (ones)
		for (unsigned i = 0; i < 3; i++)
			r[i]->value = ~0ull;
	else if (zeroctl)
		r[1]->value = 0;
	else if (dup)
		r[2]->value = t->words[n - 1][2]->value;
	else
		t->window->size = ((uint64_t)n + 1) * t->stride * 8u;
	return 1;
}
