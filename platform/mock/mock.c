/* The mock backend: its backend operations on the register file (regfile.c), its
 * creation from a model with a fault spec (faults.c, faults_pass.c), and the snapshot
 * and compare of every register. */
#include "platform/mock/mock.h"
#include "platform/trace.h"
#include "platform/mock/model.h"
#include "platform/pci.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

unsigned upm_mock_current_socket(struct upm_mock *m)
{
	if (m->forced_socket >= 0)
		return (unsigned)m->forced_socket;
	uint32_t apic;
	unsigned pkg;
	upm_os_current_cpu(&apic, &pkg);
	return pkg;
}

/* Software's view of a register: write-only bits read as zero. */
static uint64_t reg_read(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r)
{
	if (r->on_read)
		r->on_read(m, socket, r);
	return r->value & ~r->wo_mask;
}

static void reg_write(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r, uint64_t v)
{
	r->writes++;
	v &= ~r->stuck0_mask; /* a stuck bit neither sets nor acts */
	r->value = (r->value & ~r->rw_mask) | (v & r->rw_mask);
	r->value &= ~(v & r->w1c_mask);
	if (r->on_write)
		r->on_write(m, socket, r, v);
}

/* --- backend operations --- */

static struct upm_mock *mock_of(struct upm_backend *b)
{
	return b->ctx;
}

static void put4(uint32_t *dst, const char *s)
{
	*dst = (uint32_t)(unsigned char)s[0] | (uint32_t)(unsigned char)s[1] << 8 |
	       (uint32_t)(unsigned char)s[2] << 16 | (uint32_t)(unsigned char)s[3] << 24;
}

static int mock_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf,
		      struct upm_cpuid_regs *out)
{
	struct upm_mock *m = mock_of(b);
	upm_memset(out, 0, sizeof *out);
	if (leaf == 0) {
		out->eax = 0xB;
		put4(&out->ebx, "Genu");
		put4(&out->edx, "ineI");
		put4(&out->ecx, "ntel");
	} else if (leaf == 1) {
		out->eax = m->cpuid_signature;
		out->edx = 1u << 26 | 1u << 25 | 1u << 5; /* SSE2, SSE, MSR */
	} else if (leaf == 0xB && m->cores_per_package) {
		/* Extended topology (SDM vol. 2A, CPUID leaf 0BH): SMT level, 1 thread;
		 * core level, N cores above a shift wide enough for them; then invalid. */
		unsigned shift = 0;
		while ((1u << shift) < m->cores_per_package)
			shift++;
		if (subleaf == 0) {
			out->ebx = 1;
			out->ecx = 1u << 8;
		} else if (subleaf == 1) {
			out->eax = shift;
			out->ebx = m->cores_per_package;
			out->ecx = 2u << 8 | 1;
		} else {
			out->ecx = subleaf & 0xFF;
		}
	} else if (leaf == 0x80000000u) {
		out->eax = 0x80000004u;
	} else if (leaf >= 0x80000002u && leaf <= 0x80000004u) {
		const char *s = m->brand + 16 * (leaf - 0x80000002u);
		put4(&out->eax, s);
		put4(&out->ebx, s + 4);
		put4(&out->ecx, s + 8);
		put4(&out->edx, s + 12);
	}
	return UPM_OK;
}

static int mock_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val)
{
	struct upm_mock *m = mock_of(b);
	upm_mock_access_begins(m);
	unsigned socket = upm_mock_current_socket(m);
	struct upm_mock_reg *r = upm_mock_msr(m, socket, msr);
	*val = 0;
	if (r)
		upm_mock_arm_msr(m, r, UPM_MOCK_FAULT_READ);
	/* An MSR the model does not know faults, as an undocumented MSR does on hardware. */
	if (!r || (r->flags & UPM_MOCK_FAULT_READ))
		return UPM_EFAULT;
	*val = r->flags & UPM_MOCK_DEAD ? ~0ull : reg_read(m, socket, r);
	return UPM_OK;
}

static int mock_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val)
{
	struct upm_mock *m = mock_of(b);
	upm_mock_access_begins(m);
	unsigned socket = upm_mock_current_socket(m);
	struct upm_mock_reg *r = upm_mock_msr(m, socket, msr);
	if (r)
		upm_mock_arm_msr(m, r, UPM_MOCK_FAULT_WRITE);
	if (!r || (r->flags & UPM_MOCK_FAULT_WRITE))
		return UPM_EFAULT;
	if (r->flags & UPM_MOCK_DEAD)
		return UPM_OK; /* dropped */
	/* Setting a reserved bit of an uncore MSR raises #GP on hardware. */
	if (val & ~(r->rw_mask | r->wo_mask | r->w1c_mask))
		return UPM_EFAULT;
	reg_write(m, socket, r, val);
	return UPM_OK;
}

/* The MCFG window covering a's segment and bus; NULL when none does. */
static const struct upm_ecam_window *covering(const struct upm_mock *m, struct upm_pci_addr a)
{
	for (unsigned i = 0; i < m->n_ecam; i++)
		if (a.seg == m->ecam[i].seg && a.bus >= m->ecam[i].bus_start &&
		    a.bus <= m->ecam[i].bus_end)
			return &m->ecam[i];
	return NULL;
}

static int check_mech(struct upm_mock *m, enum upm_pci_mech mech, struct upm_pci_addr a)
{
	if (!upm_pci_addr_valid(a))
		return UPM_EINVAL;
	if (mech == UPM_PCI_CF8) {
		uint32_t cf8;
		return upm_pci_cf8_encode(a, &cf8);
	}
	uint64_t off;
	const struct upm_ecam_window *w = covering(m, a);
	if (!w)
		return m->n_ecam ? UPM_ERANGE : UPM_EUNSUPPORTED;
	return upm_pci_ecam_offset(w, a, &off);
}

/* The device a configuration access reaches, after checking the mechanism can reach
 * the offset. *d is NULL when nothing answers there (master abort). */
static int pci_target(struct upm_mock *m, enum upm_pci_mech mech, struct upm_pci_addr a,
		      struct upm_mock_pci_dev **d, unsigned *socket)
{
	mech = upm_pci_mech_choose(m->ecam, m->n_ecam, mech, a); /* as the hw backend */
	int rc = check_mech(m, mech, a);
	*d = NULL;
	*socket = 0;
	if (rc != UPM_OK)
		return rc;
	/* badecam: segment 0's MCFG base is off by one bus, so ECAM reaches the next bus. */
	if (mech == UPM_PCI_ECAM && m->ecam_misplaced && a.seg == 0 && a.bus++ == 0xFF)
		return UPM_OK;
	*d = upm_mock_pci_dev(m, a.bus, a.dev, a.fn, socket);
	if (*d && m->sockets[*socket].seg != a.seg)
		*d = NULL; /* that function is on another segment */
	if (*d)
		upm_mock_arm_pci(m, *d); /* onesat: the function may leave the bus now */
	if (*d && (*d)->absent)
		*d = NULL;
	return UPM_OK;
}

static int mock_pci_read32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			   uint32_t *val)
{
	struct upm_mock *m = mock_of(b);
	struct upm_mock_pci_dev *d;
	unsigned socket;
	upm_mock_access_begins(m);
	int rc = pci_target(m, mech, a, &d, &socket);
	*val = UPM_PCI_ABSENT;
	if (rc != UPM_OK || !d)
		return rc; /* master abort: all ones */
	if (a.off == 0) {
		*val = (uint32_t)d->device << 16 | d->vendor;
		return UPM_OK;
	}
	if (d->all_ones)
		return UPM_OK;
	struct upm_mock_reg *r = upm_mock_pci_reg(d, a.off);
	if (r && (r->flags & UPM_MOCK_DEAD))
		*val = 0xFFFFFFFFu;
	else
		*val = r ? (uint32_t)reg_read(m, socket, r) : 0;
	return UPM_OK;
}

static int mock_pci_write32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			    uint32_t val)
{
	struct upm_mock *m = mock_of(b);
	struct upm_mock_pci_dev *d;
	unsigned socket;
	upm_mock_access_begins(m);
	int rc = pci_target(m, mech, a, &d, &socket);
	if (rc != UPM_OK || !d || d->all_ones)
		return rc; /* dropped, as on hardware */
	struct upm_mock_reg *r = upm_mock_pci_reg(d, a.off);
	if (r && !(r->flags & UPM_MOCK_DEAD))
		reg_write(m, socket, r, val);
	return UPM_OK;
}

/* The register at addr in an MMIO window, *w its window; NULL with *w NULL where nothing is
 * mapped (a fault), NULL with *w set where the window holds no register there. */
static struct upm_mock_reg *mmio_reg_at(struct upm_mock *m, uint64_t addr, struct upm_mock_mmio **w)
{
	*w = NULL;
	for (unsigned i = 0; i < m->n_mmio; i++) {
		struct upm_mock_mmio *win = &m->mmio[i];
		if (addr < win->base || addr - win->base >= win->size)
			continue;
		*w = win;
		for (unsigned k = 0; k < win->n_regs; k++)
			if (win->regs[k]->addr == addr - win->base)
				return win->regs[k];
		return NULL;
	}
	return NULL;
}

/* A 32-bit load: the register starting there (all ones when dead, zero where the window
 * holds none), or the high half of a 64-bit one starting 4 bytes before (a table word, a
 * 64-bit counter), as a dword load of it reads; an unmapped address faults. */
static int mock_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	struct upm_mock *m = mock_of(b);
	struct upm_mock_mmio *w, *below = NULL;
	upm_mock_access_begins(m);
	*val = 0xFFFFFFFFu;
	struct upm_mock_reg *r = mmio_reg_at(m, addr, &w);
	if (!w)
		return UPM_EFAULT; /* nothing mapped there */
	unsigned shift = 0;
	if (!r && addr - w->base >= 4) {
		r = mmio_reg_at(m, addr - 4, &below);
		r = below == w ? r : NULL;
		shift = 32;
	}
	if (!r)
		*val = 0;
	else if (!(r->flags & UPM_MOCK_DEAD))
		*val = (uint32_t)(reg_read(m, 0, r) >> shift);
	return UPM_OK;
}

/* A 32-bit store replaces the register's low 32 bits (a register wider than that keeps
 * its high bits); a dead register drops it, as on hardware; an unmapped address faults. */
static int mock_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	struct upm_mock *m = mock_of(b);
	struct upm_mock_mmio *w;
	upm_mock_access_begins(m);
	struct upm_mock_reg *r = mmio_reg_at(m, addr, &w);
	if (!w)
		return UPM_EFAULT;
	if (r && !(r->flags & UPM_MOCK_DEAD))
		reg_write(m, 0, r, (r->value & ~0xFFFFFFFFull) | val);
	return UPM_OK;
}

/* A 64-bit load returns the whole register (all ones when dead, zero where the window
 * holds none); an unmapped address faults. */
static int mock_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	struct upm_mock *m = mock_of(b);
	struct upm_mock_mmio *w;
	upm_mock_access_begins(m);
	struct upm_mock_reg *r = mmio_reg_at(m, addr, &w);
	*val = ~0ull;
	if (!w)
		return UPM_EFAULT;
	*val = !r ? 0 : r->flags & UPM_MOCK_DEAD ? ~0ull : reg_read(m, 0, r);
	return UPM_OK;
}

static int mock_ecam_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	struct upm_mock *m = mock_of(b);
	if (index >= m->n_ecam)
		return UPM_ENOTFOUND;
	*out = m->ecam[index];
	return UPM_OK;
}


/* Traffic that came faster than the model's links and memory channels carry waits for
 * them (mock.h, Links and memory); m->traffic_ns grows by the time held. */
static void hold_until_carried(struct upm_mock *m, const struct upm_activity *act)
{
	uint64_t need = m->model_ops->carry_ns ? m->model_ops->carry_ns(m, act) : 0;
	uint64_t allowed = UPM_MOCK_HOLD_MAX * act->nanoseconds;
	if (need <= m->traffic_ns || m->held_ns >= allowed)
		return;
	uint64_t hold = need - m->traffic_ns;
	if (hold > allowed - m->held_ns)
		hold = allowed - m->held_ns;
	upm_mock_hold(m, hold);
	m->held_ns += hold;
	m->traffic_ns += hold;
}

static void mock_activity(struct upm_backend *b, const struct upm_activity *act)
{
	struct upm_mock *m = mock_of(b);
	m->activity_seen = 1; /* faults armed "@run" act from now on */
	upm_mock_pass_activity(m);
	upm_mock_catch_up(m); /* the time the traffic took has passed already */
	if (m->model_ops && m->model_ops->advance && act->socket < m->n_sockets) {
		struct upm_activity traffic = *act;
		traffic.nanoseconds = 0;
		m->traffic_ns = act->nanoseconds + m->held_ns;
		hold_until_carried(m, act);
		if (m->interleave) { /* each socket's memory an even share; the rest where it was */
			unsigned n = m->n_sockets;
			for (unsigned t = 0; t < n; t++) {
				struct upm_activity part = t == act->socket ? traffic : (struct upm_activity){ 0 };
				part.socket = t;
				part.lines_read = act->lines_read / n + (t < act->lines_read % n);
				part.lines_written = act->lines_written / n + (t < act->lines_written % n);
				m->model_ops->advance(m, &part);
			}
		} else {
			m->model_ops->advance(m, &traffic);
		}
		m->traffic_ns = 0;
	}
}

static void mock_pass_begins(struct upm_backend *b, unsigned pass)
{
	upm_mock_pass_begins(mock_of(b), pass);
}

static void free_regs(struct upm_mock_reg **regs, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		upm_os_free(regs[i]);
	upm_os_free(regs);
}

static void mock_destroy(struct upm_backend *b)
{
	struct upm_mock *m = mock_of(b);
	if (m->model_ops && m->model_ops->destroy)
		m->model_ops->destroy(m);
	for (unsigned s = 0; s < UPM_MOCK_MAX_SOCKETS; s++) {
		struct upm_mock_socket *so = &m->sockets[s];
		for (unsigned i = 0; i < so->n_devs; i++) {
			free_regs(so->devs[i]->regs, so->devs[i]->n_regs);
			upm_os_free(so->devs[i]);
		}
		upm_os_free(so->devs);
		free_regs(so->msrs, so->n_msrs);
	}
	for (unsigned i = 0; i < m->n_mmio; i++)
		free_regs(m->mmio[i].regs, m->mmio[i].n_regs);
	upm_os_free(m);
}

static const struct upm_backend_ops mock_ops = {
	.cpuid = mock_cpuid,
	.msr_read = mock_msr_read,
	.msr_write = mock_msr_write,
	.pci_read32 = mock_pci_read32,
	.pci_write32 = mock_pci_write32,
	.mmio_read32 = mock_mmio_read32,
	.mmio_write32 = mock_mmio_write32,
	.mmio_read64 = mock_mmio_read64,
	.ecam_window = mock_ecam_window,
	.activity = mock_activity,
	.pass_begins = mock_pass_begins,
	.destroy = mock_destroy,
};

struct upm_mock *upm_mock_of(struct upm_backend *b)
{
	return b && b->ops == &mock_ops ? b->ctx : NULL;
}

struct upm_mock *upm_mock_find(struct upm_backend *b)
{
	struct upm_trace *t = upm_trace_of(b);
	return upm_mock_of(t ? t->inner : b);
}


/* A term just deferred to pass N (faults_pass.c) is refused now when it would be refused
 * then: it is applied to a scratch mock of the same platform. Here, where mocks are made,
 * so that the pass faults need not make one. */
static int check_deferred(struct upm_mock *m, const char *term)
{
	const struct upm_mock_deferred *d = &m->deferred[m->n_deferred - 1];
	if (upm_strcmp(d->term, "esc") == 0)
		return 0;
	char err[sizeof m->error - 32];
	struct upm_backend *scratch = upm_mock_create_model(m->model, m->n_sockets, d->term, err, sizeof err);
	if (!scratch) {
		upm_snprintf(m->error, sizeof m->error, "%s (in '%s')", err, term);
		return -1;
	}
	upm_backend_destroy(scratch);
	return 0;
}

static int apply_faults(struct upm_mock *m, const char *spec)
{
	char term[96];
	while (spec && *spec) {
		const char *comma = upm_strchr(spec, ',');
		size_t n = comma ? (size_t)(comma - spec) : upm_strlen(spec);
		if (n == 0 || n >= sizeof term) {
			upm_strlcpy(m->error, "mock fault: empty or overlong fault term", sizeof m->error);
			return -1;
		}
		upm_memcpy(term, spec, n);
		term[n] = 0;
		int deferred = upm_mock_defer_fault(m, term); /* TERM@passN */
		if (deferred < 0 || (deferred && check_deferred(m, term) < 0) ||
		    (!deferred && upm_mock_apply_fault(m, term) < 0))
			return -1;
		spec = comma ? comma + 1 : NULL;
	}
	return 0;
}

struct upm_backend *upm_mock_create_model(const struct upm_mock_model *model, unsigned n_sockets,
					  const char *faults, char *err, unsigned long err_size)
{
	const char *platform = model->platform;
	if (n_sockets == 0)
		n_sockets = model->default_sockets;
	if (n_sockets > model->max_sockets || n_sockets > UPM_MOCK_MAX_SOCKETS) {
		if (model->max_sockets == 1)
			upm_snprintf(err, err_size, "the %s mock has 1 socket, not %u: give --sockets 1", platform, n_sockets);
		else
			upm_snprintf(err, err_size, "the %s mock has at most %u sockets, not %u: give --sockets 1 to %u",
				     platform, model->max_sockets, n_sockets, model->max_sockets);
		return NULL;
	}
	struct upm_mock *m = upm_os_alloc(sizeof *m);
	if (!m) {
		upm_snprintf(err, err_size, "out of memory creating the mock");
		return NULL;
	}
	upm_memset(m, 0, sizeof *m);
	m->backend.name = "mock";
	m->backend.ops = &mock_ops;
	m->backend.memory_follows_plan = 1; /* its counts are the activity fed to it */
	m->backend.ctx = m;
	m->model = model;
	m->platform = model->platform;
	m->n_sockets = n_sockets;
	m->forced_socket = -1;
	m->microcode = 0x710; /* an arbitrary revision the tests can see */
	m->clock_ns = upm_os_nanoseconds(); /* the clocks start now (clock.c) */
	for (unsigned s = 0; s < n_sockets; s++) {
		/* IA32_BIOS_SIGN_ID: the revision sits in the read-only bits 63:32; software
		 * writes zero to the low half before CPUID(1) (SDM vol. 3A 9.11.7.1). */
		if (!upm_mock_add_msr(m, s, 0x8B, (uint64_t)m->microcode << 32, 0xFFFFFFFFull))
			break;
	}
	if (!m->error[0] && model->build(m) < 0 && !m->error[0])
		upm_strlcpy(m->error, "mock model failed", sizeof m->error);
	if (!m->error[0]) {
		upm_mock_seal(m);
		apply_faults(m, faults);
	}
	if (m->error[0]) {
		upm_strlcpy(err, m->error, err_size);
		mock_destroy(&m->backend);
		return NULL;
	}
	return &m->backend;
}

/* --- snapshot and compare --- */

typedef void (*reg_visit_fn)(struct upm_mock_reg *r, const struct upm_mock_mmio *w, void *ctx);

static void visit_regs(struct upm_mock *m, reg_visit_fn fn, void *ctx)
{
	for (unsigned s = 0; s < m->n_sockets; s++) {
		struct upm_mock_socket *so = &m->sockets[s];
		for (unsigned i = 0; i < so->n_msrs; i++)
			fn(so->msrs[i], NULL, ctx);
		for (unsigned d = 0; d < so->n_devs; d++)
			for (unsigned i = 0; i < so->devs[d]->n_regs; i++)
				fn(so->devs[d]->regs[i], NULL, ctx);
	}
	for (unsigned w = 0; w < m->n_mmio; w++)
		for (unsigned i = 0; i < m->mmio[w].n_regs; i++)
			fn(m->mmio[w].regs[i], &m->mmio[w], ctx);
}

static void take_snapshot(struct upm_mock_reg *r, const struct upm_mock_mmio *w, void *ctx)
{
	(void)w;
	(void)ctx;
	r->snapshot = r->value;
	r->writes = 0;
}

void upm_mock_snapshot(struct upm_mock *m)
{
	visit_regs(m, take_snapshot, NULL);
}

struct compare_ctx {
	unsigned flags;
	char *out;
	size_t size, len;
	unsigned differ;
};

static void compare_reg(struct upm_mock_reg *r, const struct upm_mock_mmio *w, void *ctx)
{
	struct compare_ctx *c = ctx;
	if (r->value == r->snapshot)
		return;
	if ((c->flags & UPM_MOCK_CMP_SKIP_COUNTERS) && (r->flags & UPM_MOCK_COUNTER))
		return;
	if ((c->flags & UPM_MOCK_CMP_WRITTEN_ONLY) && !r->writes)
		return;
	c->differ++;
	if (!c->out || c->len + 1 >= c->size)
		return;
	char where[40];
	if (r->space == UPM_MOCK_PCI)
		upm_snprintf(where, sizeof where, "s%u pci %02x:%02x.%u+0x%x", r->socket, r->dev->bus,
			     r->dev->dev, r->dev->fn, r->addr);
	else if (r->space == UPM_MOCK_MMIO)
		upm_snprintf(where, sizeof where, "mmio 0x%llx+0x%x",
			     (unsigned long long)(w ? w->base : 0), r->addr);
	else
		upm_snprintf(where, sizeof where, "s%u msr 0x%x", r->socket, r->addr);
	int n = upm_snprintf(c->out + c->len, c->size - c->len, "%s: was 0x%llx, now 0x%llx (%u writes)\n",
			     where, (unsigned long long)r->snapshot, (unsigned long long)r->value,
			     r->writes);
	c->len += (size_t)n < c->size - c->len ? (size_t)n : c->size - c->len - 1;
}

unsigned upm_mock_compare(struct upm_mock *m, unsigned flags, char *out, size_t n)
{
	struct compare_ctx c = { flags, out, n, 0, 0 };
	if (out && n)
		out[0] = 0;
	visit_regs(m, compare_reg, &c);
	return c.differ;
}
