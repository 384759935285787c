/* Box-level mock faults (syntax in mock.h): stuck, stuckbit, dead, absent, nofreeze,
 * nochannel, unpopulated, skew, linkrate. Boxes are found by the names and instances the model
 * registered with mock_pmon_add_box, never through the tables in boxes/; the faults act
 * on the box's registers (flags, stuck bits) or on its box state (freeze, shares). */
#include "platform/mock/pmon.h"
#include "platform/base/str.h"
#include "platform/base/suggest.h"

#define MAX_BOX_REGS (1 + 3 * MOCK_MAX_CTRS + 3 + MOCK_MAX_FILTERS + MOCK_MAX_EXTRA)

static int fail(struct upm_mock *m, const char *term, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct upm_mock *m, const char *term, const char *fmt, ...)
{
	va_list ap;
	int n = upm_snprintf(m->error, sizeof m->error, "mock fault: %s: ", term);
	if (n < 0 || (size_t)n >= sizeof m->error)
		return -1;
	va_start(ap, fmt);
	upm_vsnprintf(m->error + n, sizeof m->error - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static void put(char *out, size_t size, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void put(char *out, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;
	if (*len + 1 >= size)
		return;
	va_start(ap, fmt);
	int n = upm_vsnprintf(out + *len, size - *len, fmt, ap);
	va_end(ap);
	*len += n > 0 && (size_t)n < size - *len ? (size_t)n : size - *len - 1;
}

/* "cbo0..cbo7, pcu0, imc0, imc2": the boxes of a socket (of one type when type is set). */
static void list_boxes(const struct mock_pmon *p, unsigned socket, const char *type, char *out,
		       size_t size)
{
	size_t len = 0;
	const struct mock_box *first = NULL, *last = NULL;
	out[0] = 0;
	for (unsigned i = 0; i <= p->n_boxes; i++) {
		const struct mock_box *b = i < p->n_boxes ? &p->boxes[i] : NULL;
		if (b && (b->socket != socket || (type && upm_strcmp(b->name, type) != 0)))
			continue;
		if (b && last && upm_strcmp(b->name, last->name) == 0 && b->instance == last->instance + 1) {
			last = b;
			continue;
		}
		if (first) {
			put(out, size, &len, "%s%s%u", len ? ", " : "", first->name, first->instance);
			if (last != first)
				put(out, size, &len, "..%s%u", last->name, last->instance);
		}
		first = last = b;
	}
	if (!len)
		put(out, size, &len, "no boxes");
}

static int all_digits(const char *s)
{
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

/* The box named by value up to the first '.' or ':'; *rest points there. */
static struct mock_box *find_box(struct upm_mock *m, struct mock_pmon *p, unsigned socket,
				 const char *term, const char *value, const char **rest)
{
	char spec[32], name[40];
	size_t n = 0;
	/* "nochannel=s1.imc0": the socket belongs before the fault, "s1.nochannel=imc0". */
	const char *eq = upm_strchr(term, '='), *key = term;
	if (key[0] == 's' && key[1] >= '0' && key[1] <= '9' && key[2] == '.')
		key += 3; /* already given a socket: the value's is the one meant */
	if (value[0] == 's' && value[1] >= '0' && value[1] <= '9' && value[2] == '.' && eq && eq > key) {
		fail(m, term, "the socket goes before the fault's name: %.3s%.*s=%s", value, (int)(eq - key), key,
		     value + 3);
		return NULL;
	}
	while (value[n] && value[n] != '.' && value[n] != ':')
		n++;
	*rest = value + n;
	if (n == 0 || n >= sizeof spec) {
		fail(m, term, "name a box (e.g. cbo0)");
		return NULL;
	}
	upm_memcpy(spec, value, n);
	spec[n] = 0;
	const char *type = NULL;
	size_t best = 0;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		struct mock_box *b = &p->boxes[i];
		if (b->socket != socket)
			continue;
		upm_snprintf(name, sizeof name, "%s%u", b->name, b->instance);
		if (upm_strcmp(name, spec) == 0)
			return b;
		size_t len = upm_strlen(b->name);
		if (len > best && upm_strncmp(spec, b->name, len) == 0 && all_digits(spec + len)) {
			type = b->name;
			best = len;
		}
	}
	char list[140], near[60] = "";
	list_boxes(p, socket, type, list, sizeof list);
	if (!type) { /* not even the type: the closest of this socket's types */
		struct upm_suggest s;
		size_t t = 0;
		while (spec[t] && (spec[t] < '0' || spec[t] > '9'))
			t++;
		spec[t] = 0;
		upm_suggest_init(&s, spec);
		for (unsigned i = 0; i < p->n_boxes; i++)
			if (p->boxes[i].socket == socket)
				upm_suggest_add(&s, p->boxes[i].name);
		upm_suggest_text(&s, near, sizeof near);
	}
	fail(m, term, "socket %u has %s%s%s%s: name one of those", socket, list, near[0] ? " (" : "", near,
	     near[0] ? ")" : "");
	return NULL;
}

/* The box a term names alone ("dead=cbo3"); NULL, with the error set, otherwise. */
static struct mock_box *find_whole_box(struct upm_mock *m, struct mock_pmon *p, unsigned socket,
				       const char *term, const char *value)
{
	const char *rest;
	struct mock_box *b = find_box(m, p, socket, term, value, &rest);
	if (b && *rest) {
		fail(m, term, "name the box alone (%s%u)", b->name, b->instance);
		return NULL;
	}
	return b;
}

/* Parses "PREFIXN" (e.g. "ctr2") into N; -1 when value is not that. */
static int parse_index(const char *s, const char *prefix, size_t len, unsigned *out)
{
	size_t plen = upm_strlen(prefix);
	char num[12];
	uint64_t v;
	if (len <= plen || len - plen >= sizeof num || upm_strncmp(s, prefix, plen) != 0)
		return -1;
	upm_memcpy(num, s + plen, len - plen);
	num[len - plen] = 0;
	if (!all_digits(num) || upm_parse_u64(num, &v) < 0 || v > 255)
		return -1;
	*out = (unsigned)v;
	return 0;
}

static void describe_ctrs(const struct mock_box *b, char *out, size_t size)
{
	size_t len = 0;
	out[0] = 0;
	if (b->n_ctrs == 1)
		put(out, size, &len, "ctr0");
	else if (b->n_ctrs)
		put(out, size, &len, "ctr0..ctr%u", b->n_ctrs - 1);
	else
		put(out, size, &len, "no general counters");
	put(out, size, &len, b->fixed.lo ? " and fixed" : ", no fixed counter");
}

/* The spellings a fault takes on the box, "cbo3.ctr0..cbo3.ctr3 or cbo3.fixed": only
 * what the box has, so the advice is never refused in turn. reg: "ctr" or "ctl". */
static void describe_use(const struct mock_box *b, const char *reg, int box, int fixed, char *out, size_t size)
{
	size_t len = 0;
	out[0] = 0;
	if (b->n_ctrs)
		put(out, size, &len, "%s%u.%s0", b->name, b->instance, reg);
	if (b->n_ctrs > 1)
		put(out, size, &len, "..%s%u.%s%u", b->name, b->instance, reg, b->n_ctrs - 1);
	if (box)
		put(out, size, &len, "%s%s%u.box", len ? (fixed ? ", " : " or ") : "", b->name, b->instance);
	if (fixed)
		put(out, size, &len, "%s%s%u.fixed", len ? " or " : "", b->name, b->instance);
}

static int fault_stuck(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
		       const char *value)
{
	const char *rest;
	struct mock_box *b = find_box(m, p, socket, term, value, &rest);
	char have[48], use[96];
	unsigned i;
	if (!b)
		return -1;
	describe_ctrs(b, have, sizeof have);
	describe_use(b, "ctr", 0, b->fixed.lo != NULL, use, sizeof use);
	struct mock_ctr *c = NULL;
	if (*rest == '.' && upm_strcmp(rest + 1, "fixed") == 0)
		c = b->fixed.lo ? &b->fixed : NULL;
	else if (*rest == '.' && parse_index(rest + 1, "ctr", upm_strlen(rest + 1), &i) == 0)
		c = i < b->n_ctrs ? &b->ctrs[i] : NULL;
	if (!c)
		return fail(m, term, "%s%u has %s (use %s)", b->name, b->instance, have, use);
	c->lo->flags |= UPM_MOCK_NO_COUNT;
	return 1;
}

/* "0-15,18-19,22-31" */
static void describe_bits(uint64_t mask, char *out, size_t size)
{
	size_t len = 0;
	out[0] = 0;
	for (unsigned bit = 0; bit < 64; bit++) {
		if (!((mask >> bit) & 1))
			continue;
		unsigned end = bit;
		while (end < 63 && ((mask >> (end + 1)) & 1))
			end++;
		put(out, size, &len, end == bit ? "%s%u" : "%s%u-%u", len ? "," : "", bit, end);
		bit = end;
	}
	if (!len)
		put(out, size, &len, "none");
}

static int fault_stuckbit(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
			  const char *value)
{
	const char *rest;
	struct mock_box *b = find_box(m, p, socket, term, value, &rest);
	if (!b)
		return -1;
	const char *colon = upm_strchr(rest, ':');
	char use[128];
	describe_use(b, "ctl", b->box_ctl != NULL, b->fixed.ctl != NULL, use, sizeof use);
	if (*rest != '.' || !colon)
		return fail(m, term, "use %s, then :BIT", use);
	const char *part = rest + 1;
	size_t plen = (size_t)(colon - part);
	struct upm_mock_reg *r = NULL;
	unsigned i;
	char have[48];
	if (plen == 3 && upm_strncmp(part, "box", 3) == 0) {
		if (!(r = b->box_ctl))
			return fail(m, term, "%s%u has no box control (use %s)", b->name, b->instance, use);
	} else if (plen == 5 && upm_strncmp(part, "fixed", 5) == 0) {
		if (!(r = b->fixed.ctl))
			return fail(m, term, "%s%u has no fixed counter control (use %s)", b->name, b->instance, use);
	} else if (parse_index(part, "ctl", plen, &i) == 0 && i < b->n_ctrs && b->ctrs[i].ctl) {
		r = b->ctrs[i].ctl;
	} else {
		describe_ctrs(b, have, sizeof have);
		return fail(m, term, "%s%u has %s (use %s)", b->name, b->instance, have, use);
	}
	uint64_t bit;
	char bits[80];
	describe_bits(r->rw_mask, bits, sizeof bits);
	if (!colon[1] || !all_digits(colon + 1) || upm_parse_u64(colon + 1, &bit) < 0 || bit > 63 ||
	    !((r->rw_mask >> bit) & 1))
		return fail(m, term, "bit %s of %s%u.%.*s is not a read-write bit (read-write: %s)",
			    colon + 1, b->name, b->instance, (int)plen, part, bits);
	r->stuck0_mask |= 1ull << bit;
	r->value &= ~(1ull << bit);
	return 1;
}

/* A PCI function belongs to the box alone when every register it has is one of the
 * box's: then the whole function can vanish; otherwise only the box's registers do. */
static int function_is_the_box(struct upm_mock_pci_dev *d, struct upm_mock_reg **regs, unsigned n)
{
	for (unsigned k = 0; k < d->n_regs; k++) {
		int mine = 0;
		for (unsigned j = 0; j < n && !mine; j++)
			mine = regs[j] == d->regs[k];
		if (!mine)
			return 0;
	}
	return 1;
}

static int fault_gone(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
		      const char *value, int absent)
{
	struct mock_box *b = find_whole_box(m, p, socket, term, value);
	if (!b)
		return -1;
	struct upm_mock_reg *regs[MAX_BOX_REGS];
	unsigned n = mock_box_regs(b, regs, MAX_BOX_REGS);
	for (unsigned i = 0; i < n; i++) {
		struct upm_mock_reg *r = regs[i];
		if (r->space == UPM_MOCK_MSR) {
			r->flags |= absent ? UPM_MOCK_FAULT_READ | UPM_MOCK_FAULT_WRITE : UPM_MOCK_DEAD;
		} else if (r->space == UPM_MOCK_PCI && function_is_the_box(r->dev, regs, n)) {
			if (absent)
				r->dev->absent = 1;
			else
				r->dev->all_ones = 1;
		} else {
			r->flags |= UPM_MOCK_DEAD;
		}
	}
	return 1;
}

static int fault_nofreeze(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
			  const char *value)
{
	struct mock_box *b = find_whole_box(m, p, socket, term, value);
	if (!b)
		return -1;
	if (!b->box_ctl && !b->stops)
		return fail(m, term, "%s%u has no box-level freeze to ignore", b->name, b->instance);
	b->ignores_freeze = 1;
	return 1;
}

/* "3", "0.5", "1.125" in thousandths. */
static int parse_milli(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	unsigned frac = 0;
	int dot = 0, digits = 0;
	for (; *s; s++) {
		if (*s == '.' && !dot) {
			dot = 1;
			continue;
		}
		if (*s < '0' || *s > '9' || (dot && ++frac > 3) || v > 1000000)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
		digits++;
	}
	if (!digits)
		return -1;
	for (; frac < 3; frac++)
		v *= 10;
	*out = v;
	return 0;
}

enum share_fault { NOCHANNEL, UNPOPULATED, SKEW };

static int fault_share(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
		       const char *value, enum share_fault kind)
{
	const char *rest;
	struct mock_box *b = find_box(m, p, socket, term, value, &rest);
	if (!b)
		return -1;
	unsigned peers = 0;
	uint64_t others = 0;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct mock_box *o = &p->boxes[i];
		if (o->socket == socket && upm_strcmp(o->name, b->name) == 0) {
			peers++;
			others += o != b && o->share_set ? o->share_milli : 0;
		}
	}
	if (peers < 2)
		return fail(m, term, "%s%u is the only %s on socket %u: no traffic to redistribute",
			    b->name, b->instance, b->name, socket);
	uint64_t milli = 0;
	if (kind == SKEW) {
		if (*rest != ':' || parse_milli(rest + 1, &milli) < 0 || milli > 1000ull * peers)
			return fail(m, term, "use %s%u:F with F from 0 to %u (up to 3 decimals)", b->name,
				    b->instance, peers);
		if (others + milli > 1000ull * peers)
			return fail(m, term, "the %ss of socket %u would take more than all the traffic",
				    b->name, socket);
	} else if (*rest) {
		return fail(m, term, "name the box alone (%s%u)", b->name, b->instance);
	}
	b->share_set = 1;
	b->share_milli = (uint32_t)milli;
	if (kind == UNPOPULATED)
		b->unclocked = 1;
	return 1;
}

/* linkrate=BOXn:VALUE: the box's rate status register reads VALUE (a 32-bit number). */
static int fault_linkrate(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
			  const char *value)
{
	const char *rest;
	struct mock_box *b = find_box(m, p, socket, term, value, &rest);
	if (!b)
		return -1;
	if (!b->rate_status)
		return fail(m, term, "%s%u has no rate status register in the %s model", b->name, b->instance,
			    m->platform);
	uint64_t v;
	if (*rest != ':' || upm_parse_u64(rest + 1, &v) < 0 || v > 0xFFFFFFFFu)
		return fail(m, term, "use %s%u:VALUE with a 32-bit VALUE (e.g. 0x1)", b->name, b->instance);
	b->rate_status->value = v;
	b->rate_status->reset = v;
	return 1;
}

/* Every register of b reads 0 and keeps nothing written, without #GP, and b takes no
 * traffic: what a CBo beyond a part's cores does (per the report that Linux's clamp
 * answers), and what any box whose writes firmware drops would. */
static void lock_box(struct mock_box *b)
{
	struct upm_mock_reg *regs[MAX_BOX_REGS];
	unsigned k = mock_box_regs(b, regs, MAX_BOX_REGS);
	while (k--) {
		regs[k]->stuck0_mask = ~0ull;
		regs[k]->value = regs[k]->reset = 0;
	}
	b->share_set = 1;
	b->share_milli = 0;
}

/* locked=BOXn: lock_box. */
static int fault_locked(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
			const char *value)
{
	struct mock_box *b = find_whole_box(m, p, socket, term, value);
	if (!b)
		return -1;
	lock_box(b);
	return 1;
}

/* cores=N: a part with N cores per package on a die with more CBos (an E5-2620: 6 of
 * the die's 8). CPUID leaf 0xB says N cores; every CBo from N on is locked (lock_box). */
static int fault_cores(struct upm_mock *m, struct mock_pmon *p, const char *term, const char *value)
{
	uint64_t n;
	/* Skylake client has as many CBos as cores, and says so in MSR_UNC_CBO_CONFIG
	 * (platform/mock/skl/model.c): fewer cores than CBos is no machine there. */
	if (upm_strcmp(m->platform, "skl") == 0)
		return fail(m, term, "skl has one CBo a core and counts them in MSR_UNC_CBO_CONFIG: use cbos=N");
	if (upm_parse_u64(value, &n) < 0 || n < 1 || n > 64)
		return fail(m, term, "give the cores per package, 1 to 64 (cores=6)");
	m->cores_per_package = (unsigned)n;
	for (unsigned s = 0; s < m->n_sockets; s++)
		for (unsigned i = (unsigned)n; i < 64; i++) {
			struct mock_box *b = mock_pmon_box(p, s, "cbo", i);
			if (b)
				lock_box(b);
		}
	return 1;
}

int mock_pmon_apply_fault(struct upm_mock *m, struct mock_pmon *p, unsigned socket, const char *term,
			  const char *key, const char *value)
{
	if (upm_strcmp(key, "linkrate") == 0)
		return fault_linkrate(m, p, socket, term, value);
	if (upm_strcmp(key, "cores") == 0)
		return fault_cores(m, p, term, value);
	if (upm_strcmp(key, "stuck") == 0)
		return fault_stuck(m, p, socket, term, value);
	if (upm_strcmp(key, "stuckbit") == 0)
		return fault_stuckbit(m, p, socket, term, value);
	if (upm_strcmp(key, "dead") == 0)
		return fault_gone(m, p, socket, term, value, 0);
	if (upm_strcmp(key, "absent") == 0)
		return fault_gone(m, p, socket, term, value, 1);
	if (upm_strcmp(key, "nofreeze") == 0)
		return fault_nofreeze(m, p, socket, term, value);
	if (upm_strcmp(key, "locked") == 0)
		return fault_locked(m, p, socket, term, value);
	if (upm_strcmp(key, "nochannel") == 0)
		return fault_share(m, p, socket, term, value, NOCHANNEL);
	if (upm_strcmp(key, "unpopulated") == 0)
		return fault_share(m, p, socket, term, value, UNPOPULATED);
	if (upm_strcmp(key, "skew") == 0)
		return fault_share(m, p, socket, term, value, SKEW);
	return 0;
}
