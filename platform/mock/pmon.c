/* The freeze-style PMON box model (pmon.h): counters and their gating, the wiring of a
 * model's registers to boxes, traffic shares, and the model ops the mock calls (advance,
 * faults through pmon_faults.c, teardown). */
#include "platform/mock/pmon.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static const struct upm_mock_model_ops pmon_ops;

struct mock_pmon *mock_pmon_of(struct upm_mock *m)
{
	return m->model_ops == &pmon_ops ? m->model_state : NULL;
}

uint64_t mock_ctr_ctl(const struct mock_ctr *c)
{
	return c->ctl->value | (c->ctl_hi ? (uint64_t)(uint32_t)c->ctl_hi->value << 32 : 0);
}

uint64_t mock_ctr_get(const struct mock_ctr *c)
{
	uint64_t v = c->lo->value;
	if (c->hi)
		v = (v & 0xFFFFFFFFu) | c->hi->value << 32;
	return v & upm_mock_width_mask(c->width);
}

void mock_ctr_set(struct mock_ctr *c, uint64_t v)
{
	v &= upm_mock_width_mask(c->width);
	if (c->hi) {
		c->lo->value = v & 0xFFFFFFFFu;
		c->hi->value = v >> 32;
	} else {
		c->lo->value = v;
	}
}

int mock_ctr_counting(const struct mock_box *b, const struct mock_ctr *c)
{
	/* MOCK_NO_BIT: no enable bit (a discovered unit's counters count when not frozen) */
	if (!c->ctl || (c->en_bit != MOCK_NO_BIT && !((c->ctl->value >> c->en_bit) & 1)))
		return 0;
	if (!c->frozen_by_box || b->ignores_freeze)
		return 1;
	if (b->stops)
		return !b->stops(b, c);
	return !(b->box_ctl && b->frz_en && b->frz);
}

void mock_ctr_advance(const struct mock_box *b, struct mock_ctr *c, uint64_t n)
{
	if (b->unclocked || (c->lo->flags & UPM_MOCK_NO_COUNT))
		return;
	uint64_t old = mock_ctr_get(c);
	mock_ctr_set(c, old + n);
	if (b->overflow && n > upm_mock_width_mask(c->width) - old)
		b->overflow(b, c);
}

void mock_pmon_violation(struct upm_mock *m, const char *what)
{
	struct mock_pmon *p = mock_pmon_of(m);
	if (!p)
		return;
	p->violations++;
	upm_strlcpy(p->last_violation, what, sizeof p->last_violation);
}

uint64_t mock_share(uint64_t n, unsigned i, unsigned n_peers)
{
	if (n_peers <= 1)
		return n;
	/* floor(n*(i+1)/k) - floor(n*i/k) without overflow for n < 2^58 */
	uint64_t q = n / n_peers, r = n % n_peers;
	return q + ((r * (i + 1)) / n_peers - (r * i) / n_peers);
}

/* floor(n * num / den) for num <= den < 2^31, without overflow. */
static uint64_t scale(uint64_t n, uint64_t num, uint64_t den)
{
	return (n / den) * num + (n % den) * num / den;
}

uint64_t mock_box_share(const struct mock_box *b, uint64_t n)
{
	struct mock_pmon *p = b->mock ? mock_pmon_of(b->mock) : NULL;
	if (!p || !n)
		return n; /* time slices carry no traffic: nothing to spread */
	/* Set shares are share_milli/1000 of an even share; the unset peers split what is
	 * left evenly. In units of 1/(1000*k) (k unset peers) that is share_milli*k for a
	 * set box and (1000*peers - sum of set)/1 for each unset one; if every peer is set,
	 * the set shares are taken as weights. */
	uint64_t peers = 0, unset = 0, set_sum = 0;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct mock_box *o = &p->boxes[i];
		if (o->socket != b->socket || upm_strcmp(o->name, b->name) != 0)
			continue;
		peers++;
		if (o->share_set)
			set_sum += o->share_milli;
		else
			unset++;
	}
	uint64_t rest = 1000 * peers > set_sum ? 1000 * peers - set_sum : 0;
	uint64_t total = 0, before = 0, mine = 0;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct mock_box *o = &p->boxes[i];
		if (o->socket != b->socket || upm_strcmp(o->name, b->name) != 0)
			continue;
		uint64_t w = o->share_set ? o->share_milli * (unset ? unset : 1) : rest;
		if (o == b) {
			before = total;
			mine = w;
		}
		total += w;
	}
	if (!total)
		return 0;
	return scale(n, before + mine, total) - scale(n, before, total);
}

/* Finds the box (and counter) a register belongs to. */
static struct mock_box *box_of(struct upm_mock_reg *r)
{
	return r->model;
}

static void on_box_ctl(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t w)
{
	struct mock_box *b = box_of(r);
	(void)socket;
	(void)m;
	b->frz_en = (w >> 16) & 1;
	b->frz = (w >> 8) & 1;
	if (b->has_reset_bits && (w & 1)) { /* rst_ctrl: control registers to zero */
		for (unsigned i = 0; i < b->n_ctrs; i++)
			b->ctrs[i].ctl->value = 0;
	}
	if (b->has_reset_bits && (w & 2)) { /* rst_ctrs: counters to zero */
		for (unsigned i = 0; i < b->n_ctrs; i++)
			mock_ctr_set(&b->ctrs[i], 0);
	}
}

static void on_ctl(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t w)
{
	struct mock_box *b = box_of(r);
	struct mock_ctr *c = r->model_index == MOCK_MAX_CTRS ? &b->fixed : &b->ctrs[r->model_index];
	(void)m;
	(void)socket;
	if (c->rst_bit != MOCK_NO_BIT && ((w >> c->rst_bit) & 1))
		mock_ctr_set(c, 0);
}

static void on_pci_write_reserved(struct upm_mock *m, struct upm_mock_reg *r, uint64_t w)
{
	uint64_t allowed = r->rw_mask | r->wo_mask | r->w1c_mask;
	if ((w & 0xFFFFFFFFu) & ~allowed) {
		struct mock_box *b = box_of(r);
		char msg[96];
		upm_snprintf(msg, sizeof msg, "%s%u register 0x%x: reserved bits written (0x%llx)",
			     b->name, b->instance, r->addr, (unsigned long long)w);
		mock_pmon_violation(m, msg);
	}
}

static void on_box_ctl_checked(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r,
			       uint64_t w)
{
	on_pci_write_reserved(m, r, w);
	on_box_ctl(m, socket, r, w);
}

static void on_ctl_checked(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t w)
{
	on_pci_write_reserved(m, r, w);
	on_ctl(m, socket, r, w);
}

void mock_box_set_box_ctl(struct mock_box *b, struct upm_mock_reg *r, int has_reset_bits)
{
	b->box_ctl = r;
	b->has_reset_bits = (uint8_t)has_reset_bits;
	r->model = b;
	/* MSR writes with reserved bits fault in the backend; PCI ones are caught here. */
	r->on_write = on_box_ctl_checked;
}

static void wire_ctr(struct mock_box *b, struct mock_ctr *c, unsigned index,
		     struct upm_mock_reg *ctl, struct upm_mock_reg *lo, struct upm_mock_reg *hi,
		     unsigned width, uint8_t en_bit, uint8_t rst_bit)
{
	struct mock_pmon *p = mock_pmon_of(b->mock);
	if (p)
		p->refs_stale = 1;
	c->ctl = ctl;
	c->lo = lo;
	c->hi = hi;
	c->width = width;
	c->en_bit = en_bit;
	c->rst_bit = rst_bit;
	c->frozen_by_box = 1;
	if (ctl) {
		ctl->model = b;
		ctl->model_index = index;
		ctl->on_write = on_ctl_checked;
	}
	lo->model = b;
	lo->flags |= UPM_MOCK_COUNTER;
	if (hi) {
		hi->model = b;
		hi->flags |= UPM_MOCK_COUNTER;
	}
}

void mock_box_add_ctr(struct mock_box *b, struct upm_mock_reg *ctl, struct upm_mock_reg *lo,
		      struct upm_mock_reg *hi, unsigned width, uint8_t en_bit, uint8_t rst_bit)
{
	if (b->n_ctrs >= MOCK_MAX_CTRS)
		return;
	wire_ctr(b, &b->ctrs[b->n_ctrs], b->n_ctrs, ctl, lo, hi, width, en_bit, rst_bit);
	b->n_ctrs++;
}

void mock_box_set_fixed(struct mock_box *b, struct upm_mock_reg *ctl, struct upm_mock_reg *lo,
			struct upm_mock_reg *hi, unsigned width, uint8_t en_bit, uint8_t rst_bit)
{
	wire_ctr(b, &b->fixed, MOCK_MAX_CTRS, ctl, lo, hi, width, en_bit, rst_bit);
}

int mock_box_add_reg(struct mock_box *b, struct upm_mock_reg *r)
{
	if (!r || b->n_extra >= MOCK_MAX_EXTRA)
		return -1;
	b->extra[b->n_extra++] = r;
	return 0;
}

struct mock_box *mock_pmon_add_box(struct upm_mock *m, const char *name, unsigned kind,
				   unsigned socket, unsigned instance)
{
	struct mock_pmon *p = mock_pmon_of(m);
	if (!p)
		return NULL;
	if (p->n_boxes == p->cap) {
		/* Boxes are referenced from registers: allocate them once, up front. */
		upm_strlcpy(m->error, "mock: box table full", sizeof m->error);
		return NULL;
	}
	struct mock_box *b = &p->boxes[p->n_boxes++];
	p->refs_stale = 1;
	upm_memset(b, 0, sizeof *b);
	b->name = name;
	b->kind = kind;
	b->socket = socket;
	b->instance = instance;
	b->n_peers = 1;
	b->mock = m;
	return b;
}

struct mock_box *mock_pmon_find(struct upm_mock *m, unsigned socket, const char *name,
				unsigned instance)
{
	struct mock_pmon *p = mock_pmon_of(m);
	return p ? mock_pmon_box(p, socket, name, instance) : NULL;
}

/* The flat counter list (mock_pmon.refs), built again when it is stale: the boxes'
 * counters and then their fixed one, box by box, in table order, as they are advanced. */
static void refs_build(struct mock_pmon *p)
{
	p->n_refs = 0;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		struct mock_box *b = &p->boxes[i];
		for (unsigned k = 0; k <= b->n_ctrs; k++) {
			struct mock_ctr *c = k < b->n_ctrs ? &b->ctrs[k] : &b->fixed;
			if (!c->lo || !c->ctl)
				continue; /* never counts: wiring it makes the list stale */
			struct mock_ctr_ref *r = &p->refs[p->n_refs++];
			r->ctl_value = &c->ctl->value;
			r->en_mask = c->en_bit == MOCK_NO_BIT ? 0 : 1ull << c->en_bit;
			r->box = b;
			r->ctr = c;
			r->socket = b->socket;
			r->fixed = k == b->n_ctrs;
		}
	}
	p->refs_stale = 0;
}

/* Advances every counter that counts (all sockets, or only all_sockets == 0's socket) by
 * what its event's rate gives for the activity. Adding nothing leaves a counter as it is
 * (its value is kept within its width), so a counter whose event did not happen is not
 * touched. */
static void advance_refs(struct mock_pmon *p, const struct upm_activity *act, int all_sockets)
{
	struct upm_activity a = *act;
	if (p->refs_stale)
		refs_build(p);
	for (unsigned i = 0; i < p->n_refs; i++) {
		const struct mock_ctr_ref *r = &p->refs[i];
		if (r->en_mask && !(*r->ctl_value & r->en_mask))
			continue;
		if (all_sockets)
			a.socket = r->socket;
		else if (r->socket != act->socket)
			continue;
		struct mock_box *b = r->box;
		mock_rate_fn rate = r->fixed ? b->fixed_rate : b->rate;
		if (!rate || !mock_ctr_counting(b, r->ctr))
			continue;
		uint64_t n = rate(b, mock_ctr_ctl(r->ctr), &a);
		if (n)
			mock_ctr_advance(b, r->ctr, n);
	}
}

static void pmon_advance(struct upm_mock *m, const struct upm_activity *act)
{
	struct mock_pmon *p = mock_pmon_of(m);
	advance_refs(p, act, 0);
	if (p->model_advance)
		p->model_advance(m, act);
}

static void pmon_advance_time(struct upm_mock *m, uint64_t ns)
{
	struct mock_pmon *p = mock_pmon_of(m);
	struct upm_activity a = { 0 };
	a.nanoseconds = ns;
	advance_refs(p, &a, 1);
	for (unsigned s = 0; p->model_advance && s < m->n_sockets; s++) {
		a.socket = s;
		p->model_advance(m, &a);
	}
}

static void pmon_destroy(struct upm_mock *m)
{
	struct mock_pmon *p = mock_pmon_of(m);
	if (p) {
		upm_os_free(p->refs);
		upm_os_free(p->index);
		upm_os_free(p->boxes);
		upm_os_free(p->model);
		upm_os_free(p);
	}
	m->model_state = NULL;
}

/* Box faults first, then the model's own terms. */
static int pmon_apply_fault(struct upm_mock *m, unsigned socket, const char *term, const char *key,
			    const char *value)
{
	struct mock_pmon *p = mock_pmon_of(m);
	int rc = mock_pmon_apply_fault(m, p, socket, term, key, value);
	if (rc == 0 && p && p->model_fault)
		rc = p->model_fault(m, socket, term, key, value);
	return rc;
}

static uint64_t pmon_carry_ns(struct upm_mock *m, const struct upm_activity *act)
{
	struct mock_pmon *p = mock_pmon_of(m);
	return p && p->model_carry_ns ? p->model_carry_ns(m, act) : 0;
}

static const struct upm_mock_model_ops pmon_ops = {
	.advance = pmon_advance,
	.advance_time = pmon_advance_time,
	.destroy = pmon_destroy,
	.apply_fault = pmon_apply_fault,
	.carry_ns = pmon_carry_ns,
};

int mock_pmon_init(struct upm_mock *m)
{
	struct mock_pmon *p = upm_os_alloc(sizeof *p);
	if (!p)
		return -1;
	upm_memset(p, 0, sizeof *p);
	p->cap = 256; /* four sockets of Ivy Bridge-EP boxes (about 35 each) */
	p->boxes = upm_os_alloc(p->cap * sizeof *p->boxes);
	/* Room for every counter of a full table, so the list never needs memory later. */
	p->refs = upm_os_alloc(p->cap * (MOCK_MAX_CTRS + 1) * sizeof *p->refs);
	if (!p->boxes || !p->refs) {
		upm_os_free(p->boxes);
		upm_os_free(p->refs);
		upm_os_free(p);
		return -1;
	}
	m->model_state = p;
	m->model_ops = &pmon_ops;
	return 0;
}
