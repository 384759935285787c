#include "core/session/session.h"
#include "core/base/os.h"
#include "core/session/present.h"
#include "core/base/abort.h"
#include "core/session/pci_path.h"
#include "core/events/subcfg.h"
#include "core/workload/watchdog_plan.h"
#include "core/session/overflow.h"
#include "platform/pci.h"

uint64_t upm_counter_delta(uint64_t start, uint64_t end, unsigned width)
{
	/* Counters wrap at their width, so the difference is taken modulo 2^width. */
	return (end - start) & (width >= 64 ? ~0ull : (1ull << width) - 1);
}

const char *upm_box_state_name(enum upm_box_state st)
{
	switch (st) {
	case UPM_BOX_OK: return "ok";
	case UPM_BOX_ABSENT: return "absent";
	case UPM_BOX_MISMATCH: return "mismatch";
	case UPM_BOX_NO_BUS: return "no-bus";
	case UPM_BOX_NOT_ON_PART: return "not-on-part";
	case UPM_BOX_FAULT: return "fault";
	}
	return "?";
}

/* --- register access for one box instance --- */

static struct upm_pci_addr pci_addr(const struct upm_box_inst *b, uint32_t off, int filter_fn)
{
	const struct upm_pci_fn *fn = filter_fn && b->type->filter_pci ? &b->type->filter_pci[b->instance]
									: &b->type->pci[b->instance];
	struct upm_pci_addr a = { b->seg, b->bus, fn->dev, fn->fn, (uint16_t)off };
	return a;
}

static uint32_t msr_addr(const struct upm_box_inst *b, uint32_t addr)
{
	return upm_box_msr_addr(b->type, b->instance, addr); /* stride, instance_base or filter steps */
}

static void note_enabled(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr, uint64_t v);

static int reg_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     uint64_t v, int filter_fn)
{
	int rc;
	if (b->type->space == UPM_SPACE_MSR)
		rc = upm_msr_write(s->run->backend, msr_addr(b, addr), v);
	else if (b->type->space == UPM_SPACE_MMIO)
		return UPM_EUNSUPPORTED; /* memory-mapped counters run free: never written */
	else
		rc = upm_pci_write32(s->run->backend, pci_addr(b, addr, filter_fn), (uint32_t)v);
	if (rc == UPM_OK && !filter_fn)
		note_enabled(s, b, addr, v);
	return rc;
}

static int reg_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		    uint64_t *v, int filter_fn)
{
	if (b->type->space == UPM_SPACE_MSR)
		return upm_msr_read(s->run->backend, msr_addr(b, addr), v);
	uint32_t d = 0;
	int rc = b->type->space == UPM_SPACE_MMIO
			 ? upm_mmio_read32(s->run->backend, b->mmio_base + addr, &d)
			 : upm_pci_read32(s->run->backend, pci_addr(b, addr, filter_fn), &d);
	*v = d;
	/* All ones from a function whose IDs read all ones too: it left the bus mid-run. */
	if (rc == UPM_OK && d == UPM_PCI_ABSENT && addr != 0 && b->type->space == UPM_SPACE_PCI &&
	    upm_pci_gone(s->run->backend, pci_addr(b, 0, filter_fn)))
		rc = UPM_EABSENT;
	return rc;
}

/* Counters: one MSR, or two dwords on PCI and MMIO (low first; the box is frozen when
 * read). */
static int ctr_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		    unsigned width, uint64_t *v)
{
	uint64_t lo, hi = 0;
	int rc = reg_read(s, b, addr, &lo, 0);
	if (rc == UPM_OK && b->type->space != UPM_SPACE_MSR && width > 32)
		rc = reg_read(s, b, addr + 4, &hi, 0);
	*v = (lo | hi << 32) & (width >= 64 ? ~0ull : (1ull << width) - 1);
	/* Xeon E7 erratum (002:5626-5629): a read ending in 0x000000 or 0x000001 is
	 * 0x1000000 too high. Below 0x1000000 it cannot be, so such a value is left alone. */
	if ((b->type->session & UPM_SESS_READ_ERRATUM_24) && (*v & 0xFFFFFFu) <= 1 && *v >= 0x1000000u)
		*v -= 0x1000000u;
	return rc;
}

static int ctr_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     unsigned width, uint64_t v)
{
	if (b->type->space == UPM_SPACE_MSR)
		return reg_write(s, b, addr, v, 0);
	int rc = reg_write(s, b, addr, v & 0xFFFFFFFFu, 0);
	if (rc == UPM_OK && width > 32)
		rc = reg_write(s, b, addr + 4, v >> 32, 0);
	return rc;
}

/* The same accesses for the self-test and the health check (core/session/session.h). */
int upm_box_reg_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     uint64_t *v, int filter_fn)
{
	return reg_read(s, b, addr, v, filter_fn);
}

int upm_box_reg_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		      uint64_t v, int filter_fn)
{
	return reg_write(s, b, addr, v, filter_fn);
}

int upm_box_ctr_read(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		     unsigned width, uint64_t *v)
{
	return ctr_read(s, b, addr, width, v);
}

int upm_box_ctr_write(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr,
		      unsigned width, uint64_t v)
{
	return ctr_write(s, b, addr, width, v);
}

uint32_t upm_box_reg_addr(const struct upm_box_inst *b, uint32_t addr)
{
	return b->type->space == UPM_SPACE_MSR ? msr_addr(b, addr) : addr;
}

static uint64_t box_ctl_value(const struct upm_box_type *t, int frz, int rst_ctrs)
{
	const struct upm_box_ctl_layout *l = &t->box_ctl_layout;
	/* Every write carries frz_en: the fields are write-only (000:530-547); and the
	 * bits the guide says must be written as 1, where the box has any. */
	return upm_field_put(l->frz_en, 1) | upm_field_put(l->frz, (uint64_t)frz) |
	       upm_field_put(l->rst_ctrs, (uint64_t)rst_ctrs) | upm_field_mask(l->write_ones);
}

uint64_t upm_box_ctl_value(const struct upm_box_type *t, int frz, int rst_ctrs)
{
	return box_ctl_value(t, frz, rst_ctrs);
}

uint32_t upm_count_ctr(const struct upm_session *s, const struct upm_count *c, unsigned *width)
{
	const struct upm_box_type *t = c->box;
	const struct upm_spec *sp = &s->specs[c->spec];
	if (sp->kind == UPM_SPEC_GENERAL) {
		*width = t->ctr_width;
		return t->ctr[c->counter];
	}
	if (sp->kind == UPM_SPEC_FIXED) {
		*width = t->fixed_width;
		return t->fixed_ctr;
	}
	*width = sp->free_ctr->width;
	return sp->free_ctr->addr;
}

int upm_box_freeze(struct upm_session *s, const struct upm_box_inst *b, int frz)
{
	const struct upm_box_type *t = b->type;
	if (!(t->session & UPM_SESS_BOX_FREEZE))
		return UPM_OK;
	return reg_write(s, b, t->box_ctl, box_ctl_value(t, frz, 0), 0);
}


static void box_fail(struct upm_session *s, struct upm_box_inst *b, const char *what,
		     uint32_t addr, int rc)
{
	if (b->state != UPM_BOX_OK)
		return;
	b->state = UPM_BOX_FAULT;
	b->not_replayed = rc == UPM_EDIVERGED;
	upm_box_failed_reg(b, what, addr, 0, 0);
	if (b->type->space == UPM_SPACE_MSR)
		addr = msr_addr(b, addr);
	upm_snprintf(b->why, sizeof b->why, "%s 0x%x: %s%s", what, addr, upm_status_name(rc),
		     rc == UPM_EABSENT ? " (the device reads all ones: gone from the bus)" : "");
	if (!s->error[0]) {
		upm_snprintf(s->error, sizeof s->error, "socket %u %s%u: %s", b->socket, b->type->name,
			     b->instance, b->why);
		s->error_not_replayed = b->not_replayed;
	}
}

/* --- preparation --- */

static int spec_applies(const struct upm_spec *sp, const struct upm_box_type *t, unsigned inst)
{
	return sp->box == t && (sp->instance < 0 || (unsigned)sp->instance == inst);
}

static void mark_usage(struct upm_box_inst *b, const struct upm_spec *specs)
{
	for (unsigned k = 0; k < b->n; k++) {
		const struct upm_spec *sp = &specs[b->spec_idx[k]];
		if (sp->kind == UPM_SPEC_FIXED)
			b->fixed_used = 1;
		else if (sp->kind == UPM_SPEC_GENERAL)
			b->ctr_used |= (uint8_t)(1u << b->place[k].counter);
		for (unsigned f = 0; f < sp->n_filters; f++) {
			unsigned id;
			struct upm_bitfield field;
			upm_spec_filter_place(sp, f, b->place[k].home, &id, &field);
			b->filter_used |= 1ull << id;
		}
	}
	/* A gate register goes with the registers it gates (S-Box MM_CFG, match/mask). */
	for (unsigned id = 0; b->filter_used && id < upm_sub_n_ids(b->type); id++)
		if (upm_sub_gate(b->type, id) && (b->filter_used & ~(1ull << id)))
			b->filter_used |= 1ull << id;
}

static void check_pci_presence(struct upm_session *s, struct upm_box_inst *b)
{
	uint32_t ids;
	/* After a replay diverged nothing is answered: what is not found then is its doing. */
	b->not_replayed = upm_session_replay_diverged(s);
	if (!s->buses[b->socket].found) {
		b->state = UPM_BOX_NO_BUS;
		struct upm_ecam_window w;
		if (upm_discover_unreached_segment(s->run, &w))
			upm_snprintf(b->why, sizeof b->why,
				     "no uncore bus found for socket %u: segment %04x needs ECAM, not used "
				     "(see the pci: line)", b->socket, w.seg);
		else
			upm_snprintf(b->why, sizeof b->why, "no uncore bus found for socket %u", b->socket);
		return;
	}
	b->seg = s->buses[b->socket].seg;
	b->bus = s->buses[b->socket].bus;
	const struct upm_pci_fn *fns[2] = { &b->type->pci[b->instance],
					    b->filter_used && b->type->filter_pci
						    ? &b->type->filter_pci[b->instance] : NULL };
	for (unsigned k = 0; k < 2 && fns[k]; k++) {
		enum upm_pci_presence pr = upm_pci_check(s->run, b->seg, b->bus, fns[k], &ids);
		if (pr == UPM_PCI_FOUND)
			continue;
		b->not_replayed = upm_session_replay_diverged(s);
		b->state = pr == UPM_PCI_MISSING ? UPM_BOX_ABSENT : UPM_BOX_MISMATCH;
		char at[16], reg[24];
		upm_pci_format_fn(at, sizeof at, b->seg, b->bus, fns[k]->dev, fns[k]->fn);
		upm_snprintf(reg, sizeof reg, "%s+0x0", at);
		upm_box_failed_access(b, "PCI vendor/device IDs", reg, 1, ids);
		int optional = b->type->optional_from && b->instance >= b->type->optional_from;
		upm_snprintf(b->why, sizeof b->why, "%s %s (expected 8086:%04x, read %04x:%04x)", at,
			     pr != UPM_PCI_MISSING ? "is another device: never written"
			     : optional ? "does not answer: some parts lack it (no finding)"
					: "does not answer (absent or hidden by firmware)",
			     fns[k]->device_id, ids & 0xFFFF, ids >> 16);
		return;
	}
}

/* What a socket says of box type t before its instances are placed: how many it has
 * (t->count) and, for memory-mapped boxes, where they are (t->mmio). Only types a spec
 * names are looked at, so nothing else is read. */
struct type_presence {
	unsigned n;               /* instances present */
	enum upm_box_state state; /* UPM_BOX_OK, or what every instance is */
	uint64_t mmio_base;
	unsigned raw;             /* the count register's field */
	unsigned cores;           /* n was clamped to these cores per package (0: not) */
	char why[sizeof ((struct upm_box_inst *)0)->why]; /* copied to each instance's */
	struct upm_box_access failed; /* the count register's read that failed */
};

static void type_presence(struct upm_session *s, unsigned socket, const struct upm_box_type *t,
			  struct type_presence *tp)
{
	int named = 0;
	upm_memset(tp, 0, sizeof *tp);
	tp->n = t->max_instances;
	for (unsigned i = 0; i < s->n_specs; i++)
		named |= s->specs[i].box == t;
	if (!named)
		return;
	if (t->count && upm_box_instances(s->run, socket, t, &tp->n, &tp->raw, tp->why,
					  sizeof tp->why) < 0) {
		tp->state = UPM_BOX_FAULT;
		tp->failed.known = 1;
		upm_strlcpy(tp->failed.reg, t->count->name, sizeof tp->failed.reg);
		upm_snprintf(tp->failed.address, sizeof tp->failed.address, "0x%x", t->count->msr);
	}
	unsigned cores = s->run->cpu.cores_per_package;
	if (t->count_clamped_to_cores && cores && cores < tp->n) {
		tp->n = cores;
		tp->cores = cores;
	}
	if (t->space == UPM_SPACE_MMIO && t->mmio) {
		struct upm_box_access mmio_read;
		enum upm_mmio_presence mp = upm_mmio_base_find(s->run, t, &tp->mmio_base, tp->why,
							       sizeof tp->why, &mmio_read);
		if (mp != UPM_MMIO_FOUND)
			tp->failed = mmio_read;
		tp->state = mp == UPM_MMIO_FOUND ? UPM_BOX_OK
			    : mp == UPM_MMIO_WRONG_DEVICE ? UPM_BOX_MISMATCH : UPM_BOX_ABSENT;
	}
}

/* An instance beyond the count: left out, unless a spec names it, when it is reported. */
static int beyond_count(const struct type_presence *tp, struct upm_box_inst *b,
			const struct upm_spec *const *mine)
{
	if (tp->state != UPM_BOX_OK || b->instance < tp->n)
		return 0; /* a failed count read is reported on every instance */
	if (tp->cores) { /* kept, to be reported as not on this part */
		b->state = UPM_BOX_NOT_ON_PART;
		upm_snprintf(b->why, sizeof b->why,
			     "not present on this part: CPUID reports %u cores per package, one %s each",
			     tp->cores, b->type->name);
		return 0;
	}
	for (unsigned k = 0; k < b->n; k++) {
		if (mine[k]->instance >= 0) {
			b->state = UPM_BOX_ABSENT;
			char msr[16];
			upm_snprintf(msr, sizeof msr, "0x%x", b->type->count->msr);
			upm_box_failed_access(b, b->type->count->name, msr, 1, tp->raw);
			upm_snprintf(b->why, sizeof b->why, "%s (MSR 0x%x) is %u, minus %u: %s%u is not present",
				     b->type->count->name, b->type->count->msr, tp->raw, b->type->count->minus,
				     b->type->name, b->instance);
			return 0;
		}
	}
	return 1;
}

int upm_session_prepare(struct upm_session *s, struct upm_run *r, const char *spec_list)
{
	return upm_session_prepare_split(s, r, spec_list, UPM_SESSION_MAX_SPECS);
}

int upm_session_prepare_split(struct upm_session *s, struct upm_run *r, const char *spec_list,
			      unsigned engine_from)
{
	const struct upm_platform *p = r->platform;
	struct upm_ecam_window w;

	upm_memset(s, 0, sizeof *s);
	s->run = r;
	if (!p) {
		struct upm_buf text; /* the same sentence the commands say (upm_unsupported_text) */
		upm_buf_init(&text);
		upm_unsupported_text(r, &text);
		upm_strlcpy(s->error, text.data ? text.data : "this processor is not one upmon knows",
			    sizeof s->error);
		upm_buf_free(&text);
		return -1;
	}
	int n = upm_spec_parse_list(p, spec_list, s->specs, UPM_SESSION_MAX_SPECS, s->error,
				    sizeof s->error);
	if (n < 0)
		return -1;
	s->n_specs = (unsigned)n;
	s->metric_specs_from = engine_from < s->n_specs ? engine_from : s->n_specs;
	for (unsigned i = s->metric_specs_from; i < s->n_specs; i++)
		s->specs[i].engine = 1;
	if (upm_platform_reads_pci(p)) /* how configuration space is reached, said once */
		upm_pci_path_select(r);
	s->has_ecam = upm_ecam_window(r->backend, &w) == UPM_OK;

	/* Filter registers above config offset 0xFF need ECAM; say so instead of skipping. */
	for (unsigned i = 0; i < s->n_specs; i++) {
		const struct upm_spec *sp = &s->specs[i];
		for (unsigned f = 0; f < sp->n_filters && !s->has_ecam; f++) {
			uint32_t off = sp->box->filter_regs[sp->filters[f].field->reg];
			if (sp->box->space == UPM_SPACE_PCI && off > 0xFF) {
				upm_snprintf(s->error, sizeof s->error,
					     "%s: %s is at config offset 0x%x, reachable only through ECAM, and "
					     "%s: the filter is unavailable",
					     sp->text, sp->filters[f].field->term, off, upm_pci_no_ecam_why(r));
				return -1;
			}
		}
	}
	if (p->bus_map)
		upm_discover_buses(r, s->buses);

	unsigned cap = r->n_sockets * 64;
	s->boxes = upm_os_alloc(cap * sizeof *s->boxes);
	if (!s->boxes) {
		upm_strlcpy(s->error, "out of memory", sizeof s->error);
		return -1;
	}
	s->n_passes = 1;
	for (unsigned sock = 0; sock < r->n_sockets; sock++) {
		for (unsigned bt = 0; bt < p->n_boxes; bt++) {
			const struct upm_box_type *t = p->boxes[bt];
			struct type_presence tp;
			type_presence(s, sock, t, &tp);
			for (unsigned inst = 0; inst < t->max_instances; inst++) {
				const struct upm_spec *mine[UPM_SESSION_MAX_SPECS];
				struct upm_box_inst *b = &s->boxes[s->n_boxes];
				upm_memset(b, 0, sizeof *b);
				for (unsigned i = 0; i < s->n_specs; i++) {
					if (spec_applies(&s->specs[i], t, inst)) {
						b->spec_idx[b->n] = i;
						mine[b->n++] = &s->specs[i];
					}
				}
				if (!b->n)
					continue;
				if (s->n_boxes + 1 >= cap) {
					upm_strlcpy(s->error, "too many box instances", sizeof s->error);
					return -1;
				}
				b->type = t;
				b->socket = sock;
				b->instance = inst;
				if (beyond_count(&tp, b, mine))
					continue;
				int passes = upm_schedule(t, mine, b->n, b->place, s->error, sizeof s->error);
				if (passes < 0)
					return -1;
				if ((unsigned)passes > s->n_passes)
					s->n_passes = (unsigned)passes;
				mark_usage(b, s->specs);
				if (t->space == UPM_SPACE_PCI)
					check_pci_presence(s, b);
				if (tp.state != UPM_BOX_OK && b->state == UPM_BOX_OK) {
					b->state = tp.state;
					upm_strlcpy(b->why, tp.why, sizeof b->why);
					b->failed = tp.failed;
				}
				b->mmio_base = tp.mmio_base;
				s->n_boxes++;
			}
		}
	}
	return 0;
}

/* --- save and restore --- */

/* A register of an MSR box other than addr (its first counter, else its first control; the
 * fixed pair where it has no general counters): 0 where it has none. */
static uint32_t another_register(const struct upm_box_type *t, uint32_t addr)
{
	uint32_t ctr = t->n_ctrs ? t->ctr[0] : t->fixed_ctr, ctl = t->n_ctrs ? t->ctl[0] : t->fixed_ctl;
	return addr != ctr ? ctr : ctl != addr ? ctl : 0;
}

static void save_reg(struct upm_session *s, struct upm_box_inst *b, uint32_t addr, int filter_fn,
		     int dwords, int write_only)
{
	if (b->state != UPM_BOX_OK || s->n_saved >= s->cap_saved)
		return;
	struct upm_saved_reg *r = &s->saved[s->n_saved];
	upm_memset(r, 0, sizeof *r);
	r->box = b;
	r->addr = addr;
	r->on_filter_fn = (uint8_t)filter_fn;
	r->dwords = (uint8_t)dwords;
	r->write_only = (uint8_t)write_only;
	r->counts_on_ctl = UPM_NO_REG;
	int rc = UPM_OK;
	if (write_only)
		r->value = 0; /* write-only: its reset value is what software left unset */
	else if (dwords == 2)
		rc = ctr_read(s, b, addr, 64, &r->value);
	else
		rc = reg_read(s, b, addr, &r->value, filter_fn);
	if (rc != UPM_OK) {
		/* The first access to an MSR box tells whether this part has it: a #GP there and
		 * at another register of the box is a box the part lacks; one that answers
		 * elsewhere is there and faulting (as the self-test's presence probe has it). */
		uint32_t other = 0;
		uint64_t v;
		if (rc == UPM_EFAULT && b->type->space == UPM_SPACE_MSR) {
			other = another_register(b->type, addr);
			if (other && reg_read(s, b, other, &v, 0) != UPM_OK)
				other = 0;
			b->state = other ? UPM_BOX_FAULT : UPM_BOX_ABSENT;
		} else {
			b->state = UPM_BOX_FAULT;
		}
		b->not_replayed = rc == UPM_EDIVERGED;
		if (!filter_fn) /* a register of the filter function: said by the reason alone */
			upm_box_failed_reg(b, "saved register", addr, 0, 0);
		char answers[40] = "";
		if (other)
			upm_snprintf(answers, sizeof answers, " (0x%x answers: the box is there)", msr_addr(b, other));
		upm_snprintf(b->why, sizeof b->why, "reading 0x%x: %s%s%s",
			     b->type->space == UPM_SPACE_MSR ? msr_addr(b, addr) : addr, upm_status_name(rc),
			     b->state == UPM_BOX_ABSENT ? " (not on this part)" : "", answers);
		/* Drop what was saved of this box: nothing of it will be written. */
		while (s->n_saved && s->saved[s->n_saved - 1].box == b)
			s->n_saved--;
		return;
	}
	s->n_saved++;
}

/* The counter value just saved, corrected like a read (UPM_SESS_READ_ERRATUM_24), so
 * the restore writes the count and not the erratum's error. */
static void erratum_fix_saved(struct upm_session *s, struct upm_box_inst *b)
{
	struct upm_saved_reg *r = s->n_saved ? &s->saved[s->n_saved - 1] : NULL;
	if (r && r->box == b && (b->type->session & UPM_SESS_READ_ERRATUM_24) &&
	    (r->value & 0xFFFFFFu) <= 1 && r->value >= 0x1000000u)
		r->value -= 0x1000000u;
}

static void save_box(struct upm_session *s, struct upm_box_inst *b)
{
	const struct upm_box_type *t = b->type;
	int pci48 = t->space == UPM_SPACE_PCI ? 2 : 1;
	unsigned first = s->n_saved;
	/* A per-counter enable is readable and goes back as found; one that lives in the
	 * global control goes back with it. */
	if (t->box_ctl != UPM_NO_REG && !(t->session & UPM_SESS_ENABLE_IN_GLOBAL))
		save_reg(s, b, t->box_ctl, 0, 1, !(t->session & UPM_SESS_BOX_ENABLE_MASK));
	/* A reset at the box (or of the socket) clears every counter of the box, not only
	 * those in use: where the guide lets software write the counters, each goes back. */
	int reset_clears_all = (t->session & (UPM_SESS_RESET_BIT | UPM_SESS_GLOBAL_RESET)) && t->ctr_writable;
	for (unsigned i = 0; i < t->n_ctrs; i++) {
		int used = (b->ctr_used >> i) & 1;
		if (!used && !reset_clears_all)
			continue;
		if (used)
			save_reg(s, b, t->ctl[i], 0, 1, 0);
		save_reg(s, b, t->ctr[i], 0, pci48, 0);
		erratum_fix_saved(s, b);
	}
	for (unsigned id = 0; id < upm_sub_n_ids(t); id++)
		if ((b->filter_used >> id) & 1)
			save_reg(s, b, upm_sub_addr0(t, id), 1, 1, 0);
	if (b->fixed_used) {
		save_reg(s, b, t->fixed_ctl, 0, 1, 0);
		save_reg(s, b, t->fixed_ctr, 0, pci48, 0);
		erratum_fix_saved(s, b);
	} else if (reset_clears_all && (t->session & UPM_SESS_GLOBAL_RESET) && t->fixed_ctr != UPM_NO_REG) {
		save_reg(s, b, t->fixed_ctr, 0, pci48, 0); /* rst_all clears it too (002 2.1.3 a) */
		erratum_fix_saved(s, b);
	}
	if (b->state != UPM_BOX_OK)
		s->n_saved = first;
}

/* The gate field of a saved filter register (upm_filter_reg_info.gate), 0 when none. */
static uint64_t saved_gate(const struct upm_box_type *t, const struct upm_saved_reg *r)
{
	for (unsigned id = 0; r->on_filter_fn && id < upm_sub_n_ids(t); id++)
		if (upm_sub_gate(t, id) && upm_sub_addr0(t, id) == r->addr)
			return upm_sub_gate(t, id);
	return 0;
}

static struct upm_saved_reg *saved_at(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr)
{
	for (unsigned i = 0; addr != UPM_NO_REG && i < s->n_saved; i++)
		if (s->saved[i].box == b && s->saved[i].addr == addr && !s->saved[i].on_filter_fn)
			return &s->saved[i];
	return NULL;
}

/* A counter control written with its enable set: it marks the saved control (restore_box
 * asks whether the session ever enabled it). */
static void note_enabled(struct upm_session *s, const struct upm_box_inst *b, uint32_t addr, uint64_t v)
{
	const struct upm_box_type *t = b->type;
	uint64_t en = 0;
	for (unsigned i = 0; i < t->n_ctrs && !en; i++)
		en = t->ctl[i] == addr ? upm_field_mask(t->ctl_layout.en) : 0;
	if (!en && t->fixed_ctr != UPM_NO_REG && t->fixed_ctl == addr)
		en = upm_field_mask(t->fixed_en);
	if (!(v & en))
		return;
	struct upm_saved_reg *r = saved_at(s, b, addr);
	if (r)
		r->enabled = 1;
}

/* A counter written back behind its control that was not, when the session had enabled
 * that control: the control may still enable it, so the value it got does not stay. It
 * is not restored either, for the control's reason, and says which control that is. */
static void mark_counting_on(struct upm_session *s, const struct upm_box_inst *b)
{
	const struct upm_box_type *t = b->type;
	for (unsigned i = 0; i <= t->n_ctrs; i++) {
		uint32_t ctl = i < t->n_ctrs ? t->ctl[i] : t->fixed_ctl;
		uint32_t ctr = i < t->n_ctrs ? t->ctr[i] : t->fixed_ctr;
		struct upm_saved_reg *c = saved_at(s, b, ctl), *v = saved_at(s, b, ctr);
		if (!c || !v || !c->enabled || c->restored == UPM_OK || v->restored != UPM_OK)
			continue;
		v->restored = c->restored;
		v->counts_on_ctl = ctl;
		s->restore_failures++;
	}
}

static void restore_box(struct upm_session *s, struct upm_box_inst *b)
{
	const struct upm_box_type *t = b->type;
	int saved_any = 0;
	for (unsigned i = 0; i < s->n_saved; i++)
		saved_any |= s->saved[i].box == b;
	if (!saved_any) /* never touched: absent, mismatched, or faulted on the first read */
		return;
	if (b->type->space == UPM_SPACE_PCI && upm_pci_box_gone(s, b)) {
		upm_session_mark_unrestored(s, b, UPM_EABSENT);
		return;
	}
	/* Freeze while the old values go back, then write the box control last. */
	(void)upm_box_freeze(s, b, 1);
	struct upm_saved_reg *box_ctl = NULL;
	/* Registers a gate guards go back while it is clear: cleared first, restored last. */
	for (unsigned i = 0; i < s->n_saved; i++)
		if (s->saved[i].box == b && saved_gate(t, &s->saved[i]))
			(void)reg_write(s, b, s->saved[i].addr, s->saved[i].value & ~saved_gate(t, &s->saved[i]), 1);
	for (unsigned pass = 0; pass < 2; pass++) {
		for (unsigned i = 0; i < s->n_saved; i++) {
			struct upm_saved_reg *r = &s->saved[i];
			if (r->box != b || (pass == 0) != !saved_gate(t, r))
				continue;
			if (r->write_only) {
				box_ctl = r;
				continue;
			}
			r->restored = r->dwords == 2 ? ctr_write(s, b, r->addr, 64, r->value)
					 : r->on_filter_fn ? reg_write(s, b, r->addr, r->value, 1)
							   : reg_write(s, b, r->addr, r->value, 0);
			s->restore_failures += r->restored != UPM_OK;
		}
	}
	if (box_ctl) {
		box_ctl->restored = reg_write(s, b, box_ctl->addr,
					      box_ctl->value | upm_field_mask(t->box_ctl_layout.write_ones), 0);
		s->restore_failures += box_ctl->restored != UPM_OK;
	}
	/* A function that left the bus meanwhile took none of the writes (a configuration
	 * write to a function that is gone is dropped without an error). */
	if (b->type->space == UPM_SPACE_PCI && upm_pci_box_gone(s, b))
		upm_session_mark_unrestored(s, b, UPM_EABSENT);
	mark_counting_on(s, b);
}

/* --- the steps --- */

enum step { STEP_SAVE, STEP_SETUP, STEP_START, STEP_STOP_READ, STEP_RESTORE };

struct step_args {
	struct upm_session *s;
	unsigned socket;
	unsigned pass;
	enum step step;
	unsigned count_base; /* where this pass's counts start */
};

static int in_pass(const struct upm_box_inst *b, unsigned pass)
{
	for (unsigned k = 0; k < b->n; k++)
		if (b->place[k].pass == pass)
			return 1;
	return 0;
}

/* The control value of counter i in this pass, or 0 when it is idle. */
static uint64_t ctl_for(const struct upm_session *s, const struct upm_box_inst *b, unsigned pass,
			unsigned i)
{
	for (unsigned k = 0; k < b->n; k++)
		if (b->place[k].pass == pass && b->place[k].counter == (int)i)
			return upm_spec_ctl(&s->specs[b->spec_idx[k]], b->place[k].home);
	return 0;
}

/* What filter register instance `id` holds in this pass (core/events/subcfg.h); a gate has its
 * gate field set (the registers it gates are in use whenever it is). */
static uint64_t filter_for(const struct upm_session *s, const struct upm_box_inst *b, unsigned pass,
			   unsigned id)
{
	uint64_t v = upm_sub_gate(b->type, id);
	for (unsigned k = 0; k < b->n; k++)
		if (b->place[k].pass == pass)
			v |= upm_spec_sub_value(&s->specs[b->spec_idx[k]], b->place[k].home, id);
	return v;
}

static int global_write(struct upm_session *s, unsigned socket, uint64_t v, const char *what);

#define TRY(b, what, addr, expr)                               \
	do {                                                   \
		int rc_ = (expr);                              \
		if (rc_ != UPM_OK) {                           \
			box_fail(s, b, what, addr, rc_);       \
			return;                                \
		}                                              \
	} while (0)

/* Steps (a)-(e) of 000:255-293: freeze, enable, program, filter, reset; the box stays
 * frozen until STEP_START. */
static void setup_box(struct upm_session *s, struct upm_box_inst *b, unsigned pass)
{
	const struct upm_box_type *t = b->type;
	const struct upm_ctl_layout *l = &t->ctl_layout;

	TRY(b, "box control", t->box_ctl, upm_box_freeze(s, b, 0));
	TRY(b, "box control", t->box_ctl, upm_box_freeze(s, b, 1));
	for (unsigned i = 0; i < t->n_ctrs; i++) {
		if (!((b->ctr_used >> i) & 1))
			continue;
		uint64_t v = ctl_for(s, b, pass, i);
		/* (c) enable, then (d) select the event; a box enabled per counter takes its select
		 * and local enable in one write (and occ_rst with it, 002:2390). */
		if (v && !(t->session & UPM_SESS_BOX_ENABLE_MASK))
			TRY(b, "control", t->ctl[i], reg_write(s, b, t->ctl[i], upm_field_put(l->en, 1), 0));
		if (t->session & UPM_SESS_PARK_EVSEL) /* ev_sel stays 0 until the others unfreeze */
			v &= ~upm_field_mask(l->ev_sel);
		TRY(b, "control", t->ctl[i], reg_write(s, b, t->ctl[i], v, 0));
	}
	/* Filters in table order; a gate is written clear first and set last, so the
	 * registers it gates are written only while it is clear (002:2524-2531). */
	for (unsigned round = 0; round < 3; round++) {
		for (unsigned id = 0; id < upm_sub_n_ids(t); id++) {
			uint64_t gate = upm_sub_gate(t, id);
			if (!((b->filter_used >> id) & 1) || (round == 1) == !!gate)
				continue;
			uint32_t a = upm_sub_addr0(t, id);
			uint64_t v = filter_for(s, b, pass, id);
			TRY(b, "filter", a, reg_write(s, b, a, round == 0 ? v & ~gate : v, 1));
		}
	}
	if (b->fixed_used) {
		uint64_t en = upm_field_put(t->fixed_en, 1);
		if (t->fixed_rst.width)
			TRY(b, "fixed control", t->fixed_ctl,
			    reg_write(s, b, t->fixed_ctl, en | upm_field_put(t->fixed_rst, 1), 0));
		else if (!(t->session & UPM_SESS_GLOBAL_RESET)) /* rst_all cleared it already */
			TRY(b, "fixed counter", t->fixed_ctr, ctr_write(s, b, t->fixed_ctr, t->fixed_width, 0));
		TRY(b, "fixed control", t->fixed_ctl, reg_write(s, b, t->fixed_ctl, en, 0));
	}
	if (t->session & UPM_SESS_RESET_BIT) /* (e) BOX_CTL[1:0] = 0x2, still frozen */
		TRY(b, "box control", t->box_ctl, reg_write(s, b, t->box_ctl, box_ctl_value(t, 1, 1), 0));
	if (t->session & UPM_SESS_ZERO_CTRS) /* no reset bit: write 0 to each counter */
		for (unsigned i = 0; i < t->n_ctrs; i++)
			if ((b->ctr_used >> i) & 1)
				TRY(b, "counter", t->ctr[i], ctr_write(s, b, t->ctr[i], t->ctr_width, 0));
	if (t->session & UPM_SESS_BOX_ENABLE_MASK) {
		/* Counters of the pass and the fixed one: their stale overflows cleared at the box
		 * where the platform walks overflows (002:470-474), then (d) enabled at the box. */
		const struct upm_box_ctl_layout *bl = &t->box_ctl_layout;
		uint64_t mine = 0, en = b->fixed_used ? upm_field_mask(bl->fixed_ctr_en) : 0;
		for (unsigned i = 0; i < t->n_ctrs; i++)
			if (ctl_for(s, b, pass, i))
				mine |= 1ull << i;
		en |= upm_field_put(bl->ctr_en, mine);
		uint64_t clear = mine << t->ovf_lo | (b->fixed_used ? upm_field_mask(t->ovf_fixed) : 0);
		if (s->run->platform->overflow && t->ovf_clear && clear)
			TRY(b, "overflow control", t->ovf_clear, reg_write(s, b, t->ovf_clear, clear, 0));
		if ((t->session & UPM_SESS_ENABLE_IN_GLOBAL) && s->run->platform->global) {
			s->global_extra[b->socket] |= en;
			global_write(s, b->socket, s->run->platform->global->setup, "box enable");
		} else if (!(t->session & UPM_SESS_ENABLE_IN_GLOBAL)) {
			TRY(b, "box enable", t->box_ctl, reg_write(s, b, t->box_ctl, en, 0));
		}
	}
}

static struct upm_count *count_for(struct upm_session *s, unsigned base, const struct upm_box_inst *b,
				   unsigned k)
{
	/* Counts of a pass are laid out box by box in the order of s->boxes. */
	unsigned idx = base;
	for (unsigned i = 0; i < s->n_boxes && &s->boxes[i] != b; i++)
		idx += s->boxes[i].n;
	return &s->counts[idx + k];
}

static void read_start(struct upm_session *s, struct upm_box_inst *b, unsigned pass, unsigned base)
{
	for (unsigned k = 0; k < b->n; k++) {
		if (b->place[k].pass != pass)
			continue;
		struct upm_count *c = count_for(s, base, b, k);
		unsigned width;
		uint32_t addr = upm_count_ctr(s, c, &width);
		TRY(b, c->counter == -1 ? "fixed counter" : "counter", addr, ctr_read(s, b, addr, width, &c->start));
		c->read_ns = upm_os_nanoseconds();
	}
}

/* Stamps the counts of box b in this pass with now: where the box unfroze (stop 0) or
 * is about to freeze (stop 1). */
static void stamp_counts(struct upm_session *s, const struct upm_box_inst *b, unsigned pass,
			 unsigned base, int stop)
{
	uint64_t now = upm_os_nanoseconds();
	for (unsigned k = 0; k < b->n; k++) {
		if (b->place[k].pass != pass)
			continue;
		struct upm_count *c = count_for(s, base, b, k);
		if (stop)
			c->stop_ns = now;
		else
			c->unfrozen_ns = now;
	}
}

/* (f) unfreeze; the UBox gets its real event selects just before (000:298-301). */
static void start_box(struct upm_session *s, struct upm_box_inst *b, unsigned pass, unsigned base)
{
	const struct upm_box_type *t = b->type;
	if (t->session & UPM_SESS_PARK_EVSEL)
		for (unsigned i = 0; i < t->n_ctrs; i++)
			if ((b->ctr_used >> i) & 1 && ctl_for(s, b, pass, i))
				TRY(b, "control", t->ctl[i], reg_write(s, b, t->ctl[i], ctl_for(s, b, pass, i), 0));
	TRY(b, "box control", t->box_ctl, upm_box_freeze(s, b, 0));
	stamp_counts(s, b, pass, base, 0);
}

/* Freeze (or park), then read every counter of the pass (2.1.2). */
static void stop_read_box(struct upm_session *s, struct upm_box_inst *b, unsigned pass, unsigned base)
{
	const struct upm_box_type *t = b->type;
	const struct upm_ctl_layout *l = &t->ctl_layout;
	stamp_counts(s, b, pass, base, 1);
	TRY(b, "box control", t->box_ctl, upm_box_freeze(s, b, 1));
	if (t->session & UPM_SESS_PARK_EVSEL)
		for (unsigned i = 0; i < t->n_ctrs; i++)
			if ((b->ctr_used >> i) & 1 && ctl_for(s, b, pass, i))
				TRY(b, "control", t->ctl[i],
				    reg_write(s, b, t->ctl[i], ctl_for(s, b, pass, i) & ~upm_field_mask(l->ev_sel), 0));
	for (unsigned k = 0; k < b->n; k++) {
		if (b->place[k].pass != pass)
			continue;
		struct upm_count *c = count_for(s, base, b, k);
		unsigned width;
		uint32_t addr = upm_count_ctr(s, c, &width);
		int rc = ctr_read(s, b, addr, width, &c->end);
		if (rc != UPM_OK) {
			box_fail(s, b, "counter", addr, rc);
			return;
		}
		c->delta = upm_counter_delta(c->start, c->end, width);
		c->status = UPM_OK;
	}
}

/* --- the platform's global control (one per socket) --- */

/* Boxes with only free-running counters are not under the global control. */
static int governed(const struct upm_box_inst *b)
{
	return b->type->n_ctrs || b->type->fixed_ctr != UPM_NO_REG;
}

static int socket_has_boxes(const struct upm_session *s, unsigned socket)
{
	for (unsigned i = 0; i < s->n_boxes; i++)
		if (s->boxes[i].socket == socket && s->boxes[i].state == UPM_BOX_OK &&
		    governed(&s->boxes[i]))
			return 1;
	return 0;
}

/* what: the access and rc its status ("reading", EFAULT), or rc UPM_OK and what says
 * it all ("reads all ones"), with the value read where there is one (has_value). */
static void global_fail(struct upm_session *s, unsigned socket, const char *what, int rc, int has_value,
			uint64_t value)
{
	const char *sp = rc != UPM_OK ? " " : "", *status = rc != UPM_OK ? upm_status_name(rc) : "";
	if (!s->error[0]) {
		upm_snprintf(s->error, sizeof s->error, "socket %u global control 0x%x: %s%s%s", socket,
			     s->run->platform->global->msr, what, sp, status);
		s->error_not_replayed = rc == UPM_EDIVERGED;
	}
	/* Without the global control no box of the socket can count: say so per box. */
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		if (b->socket == socket && b->state == UPM_BOX_OK && governed(b)) {
			b->state = UPM_BOX_FAULT;
			b->not_replayed = rc == UPM_EDIVERGED;
			b->by_global = 1;
			upm_snprintf(b->why, sizeof b->why, "global control 0x%x: %s%s%s",
				     s->run->platform->global->msr, what, sp, status);
			char msr[16];
			upm_snprintf(msr, sizeof msr, "0x%x", s->run->platform->global->msr);
			upm_box_failed_access(b, "global control", msr, has_value, value);
		}
	}
}

/* The step's global value: `v` in the mask bits, the value found elsewhere. Box enables
 * that live here (UPM_SESS_ENABLE_IN_GLOBAL) ride along in every write. */
static uint64_t global_value(const struct upm_session *s, unsigned socket, uint64_t v)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	uint64_t keep = g->write_only ? g->restore : s->global_found[socket];
	return (keep & ~g->mask) | (v & g->mask) | s->global_extra[socket];
}

/* After the start: the enable a read can show must read set, or no box of the socket
 * counts (a control that keeps no write). Not in a dry run, whose start was never made. */
static void global_check_start(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	uint64_t want = g->start & g->start_shows, got = 0;
	if (!want || g->write_only || s->run->opts.dry_run)
		return;
	int rc = upm_msr_read(s->run->backend, g->msr, &got);
	if (rc != UPM_OK) {
		global_fail(s, socket, "reading it back after the start", rc, 0, 0);
		return;
	}
	if ((got & want) == want)
		return;
	char what[96];
	upm_snprintf(what, sizeof what, "keeps no start: reads 0x%llx after 0x%llx was written",
		     (unsigned long long)got, (unsigned long long)global_value(s, socket, g->start));
	global_fail(s, socket, what, UPM_OK, 1, got);
}

/* 1 when written. */
static int global_write(struct upm_session *s, unsigned socket, uint64_t v, const char *what)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !s->global_saved[socket])
		return 0;
	int rc = upm_msr_write(s->run->backend, g->msr, global_value(s, socket, v));
	s->global_may_run[socket] = rc != UPM_OK || v == g->start;
	if (rc != UPM_OK)
		global_fail(s, socket, what, rc, 0, 0);
	return rc == UPM_OK;
}

static void global_save(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !socket_has_boxes(s, socket))
		return;
	int rc = g->write_only ? UPM_OK : upm_msr_read(s->run->backend, g->msr, &s->global_found[socket]);
	if (rc != UPM_OK) {
		global_fail(s, socket, "reading", rc, 0, 0);
		return;
	}
	/* Every global control has reserved bits, which read 0: all ones is no working
	 * register (a dead U-Box), and none of the socket's boxes would count. */
	if (s->global_found[socket] == ~0ull) {
		global_fail(s, socket, "reads all ones", UPM_OK, 1, s->global_found[socket]);
		return;
	}
	s->global_saved[socket] = 1;
}

/* Before the boxes' found values go back: nothing may count while they do (a sampled run
 * leaves the global control started, a failed pass may too, and not every platform's
 * boxes have a freeze of their own). A failure here is no finding of its own: the global
 * restore that follows says whether the register came back. */
static void global_stop_for_restore(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !s->global_saved[socket] || !s->global_may_run[socket])
		return; /* stopped already (the last pass's stop) */
	s->global_may_run[socket] = 0;
	(void)upm_msr_write(s->run->backend, g->msr, global_value(s, socket, g->stop));
}

static void global_restore(struct upm_session *s, unsigned socket)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (!g || !s->global_saved[socket])
		return;
	uint64_t v = g->write_only ? g->restore : s->global_found[socket] | g->restore;
	s->global_restore_rc[socket] = upm_msr_write(s->run->backend, g->msr, v);
	if (s->global_restore_rc[socket] != UPM_OK)
		s->restore_failures++;
}

static void socket_step(void *arg)
{
	struct step_args *a = arg;
	struct upm_session *s = a->s;
	const struct upm_global_ctl *g = s->run->platform->global;

	/* The global control brackets the boxes: it stops everything before they are
	 * programmed or read, and starts them after they are unfrozen. */
	if (g && a->step == STEP_SETUP)
		global_write(s, a->socket, g->setup, "setup");
	if (a->step == STEP_RESTORE)
		global_stop_for_restore(s, a->socket);
	if (a->step == STEP_STOP_READ) /* the window closes with the first freeze */
		s->window_end_ns[a->socket] = upm_os_nanoseconds();
	if (g && a->step == STEP_STOP_READ) {
		global_write(s, a->socket, g->stop, "stop");
		/* Overflow status: read, never written (its bits clear on writing one, so a
		 * write could not leave it as found). */
		if (g->status_msr && s->global_saved[a->socket])
			s->global_status_ok[a->socket] =
				upm_msr_read(s->run->backend, g->status_msr,
					     &s->global_status[a->socket]) == UPM_OK;
	}
	for (unsigned i = 0; i < s->n_boxes; i++) {
		struct upm_box_inst *b = &s->boxes[i];
		if (b->socket != a->socket)
			continue;
		if (a->step == STEP_RESTORE) { /* every box something was saved of */
			restore_box(s, b);
			continue;
		}
		if (b->state != UPM_BOX_OK)
			continue;
		switch (a->step) {
		case STEP_SAVE:
			save_box(s, b);
			break;
		case STEP_SETUP:
			if (in_pass(b, a->pass) || b->ctr_used) {
				setup_box(s, b, a->pass);
				if (b->state == UPM_BOX_OK)
					read_start(s, b, a->pass, a->count_base);
			}
			break;
		case STEP_START:
			start_box(s, b, a->pass, a->count_base);
			break;
		case STEP_STOP_READ:
			stop_read_box(s, b, a->pass, a->count_base);
			break;
		case STEP_RESTORE:
			break;
		}
	}
	if (a->step == STEP_STOP_READ) /* platforms with an overflow hierarchy */
		upm_overflow_walk(s, a->socket, a->pass, a->count_base);
	if (g && a->step == STEP_SAVE)
		global_save(s, a->socket);
	int started = g && a->step == STEP_START && global_write(s, a->socket, g->start, "start");
	if (a->step == STEP_SETUP) /* start values read: counters that run count from here */
		s->window_read_ns[a->socket] = upm_os_nanoseconds();
	if (a->step == STEP_START) /* ... the others from the last unfreeze */
		s->window_start_ns[a->socket] = upm_os_nanoseconds();
	if (started) /* read back inside the window: the read takes no time from it */
		global_check_start(s, a->socket);
	if (g && a->step == STEP_RESTORE)
		global_restore(s, a->socket);
}

static int on_every_socket(struct upm_session *s, enum step step, unsigned pass, unsigned base)
{
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		struct step_args a = { s, sock, pass, step, base };
		/* A lost socket gets one restore attempt, when anything of it was saved. */
		if (s->socket_lost[sock] && (step != STEP_RESTORE || !upm_session_socket_saved(s, sock)))
			continue;
		int rc = upm_os_run_on_socket(sock, socket_step, &a);
		if (rc != UPM_OK)
			upm_session_socket_lost(s, sock, step == STEP_RESTORE, rc);
	}
	return 0;
}

uint64_t upm_session_idle(struct upm_session *s, uint64_t ns)
{
	uint64_t t0 = upm_os_nanoseconds();
	upm_abort_sleep(ns);
	uint64_t measured = upm_os_nanoseconds() - t0;
	upm_session_time_passed(s, measured);
	return measured;
}

void upm_session_time_passed(struct upm_session *s, uint64_t ns)
{
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		struct upm_activity a = { 0 };
		a.socket = sock;
		a.nanoseconds = ns;
		upm_activity(s->run->backend, &a);
	}
}

void upm_session_global(struct upm_session *s, unsigned socket, int run)
{
	const struct upm_global_ctl *g = s->run->platform->global;
	if (g)
		global_write(s, socket, run ? g->start : g->stop, run ? "start" : "stop");
}

/* 1 when the count's counter stood still until its socket's start step: frozen at its
 * box, parked, or stopped by the platform's global control. Else it ran from the read of
 * its start value (a fixed clock enabled at setup, a free-running counter). */
static int held_until_start(const struct upm_session *s, const struct upm_count *c)
{
	const struct upm_box_type *t = c->box;
	if (c->counter == -2)
		return 0;
	if (s->run->platform->global && s->global_saved[c->socket])
		return 1;
	return (t->session & UPM_SESS_BOX_FREEZE) || (c->counter >= 0 && (t->session & UPM_SESS_PARK_EVSEL));
}

/* The count's window: the interval (ns, in the time the backend was told; it took
 * `took` here, at least ns when time really passed) plus the time it counted outside it,
 * between its start and the freeze,
 * as timed on its socket: at its own box's edges, or at the platform's global start and
 * stop where those bracket every box. */
static uint64_t window_of(const struct upm_session *s, const struct upm_count *c, uint64_t ns, uint64_t took)
{
	int global = s->run->platform->global && s->global_saved[c->socket];
	int held = held_until_start(s, c);
	uint64_t t0 = held ? s->window_start_ns[c->socket] : s->window_read_ns[c->socket];
	uint64_t t1 = s->window_end_ns[c->socket];
	if (held && !global && c->unfrozen_ns)
		t0 = c->unfrozen_ns;
	else if (!held && c->read_ns)
		t0 = c->read_ns;
	if (!global && c->stop_ns)
		t1 = c->stop_ns;
	if (!ns || !t0 || t1 <= t0 || t1 - t0 < took)
		return ns;
	/* The interval stands for at most the time it took here: what the interval function
	 * spent beyond the interval it reports (a first TSC calibration, the reports) passed
	 * on the counters too. */
	return ns + (t1 - t0 - (ns < took ? ns : took));
}

/* Allocates the counts and the save area and lays out every count of every pass, so
 * boxes that fail still show why. 0, or -1 with error. */
static int layout_counts(struct upm_session *s, unsigned *per_pass_out)
{
	unsigned per_pass = 0, n_regs = 0;
	for (unsigned i = 0; i < s->n_boxes; i++) {
		per_pass += s->boxes[i].n;
		n_regs += 2 + 2 * s->boxes[i].type->n_ctrs + UPM_MAX_FILTER_REGS * UPM_MAX_SUB_INDEX + 2;
	}
	*per_pass_out = per_pass;
	s->counts = upm_os_alloc((size_t)per_pass * s->n_passes * sizeof *s->counts + 1);
	s->saved = upm_os_alloc((size_t)n_regs * sizeof *s->saved + 1);
	if (!s->counts || !s->saved) {
		upm_strlcpy(s->error, "out of memory", sizeof s->error);
		return -1;
	}
	s->cap_saved = n_regs;
	for (unsigned p = 0; p < s->n_passes; p++) {
		for (unsigned i = 0; i < s->n_boxes; i++) {
			struct upm_box_inst *b = &s->boxes[i];
			for (unsigned k = 0; k < b->n; k++) {
				struct upm_count *c = &s->counts[s->n_counts++];
				const struct upm_spec *sp = &s->specs[b->spec_idx[k]];
				upm_memset(c, 0, sizeof *c);
				c->pass = b->place[k].pass;
				c->socket = b->socket;
				c->box = b->type;
				c->instance = b->instance;
				c->counter = sp->kind == UPM_SPEC_GENERAL ? b->place[k].counter
					     : sp->kind == UPM_SPEC_FIXED ? -1 : -2;
				c->spec = b->spec_idx[k];
				c->home = b->place[k].home;
				c->status = UPM_ENOTFOUND;
			}
		}
	}
	/* Sockets whose processor failed the #GP guard's proof are not touched. */
	for (unsigned sock = 0; sock < s->run->n_sockets && sock < UPM_MAX_SOCKETS; sock++)
		if (s->run->socket_unguarded[sock])
			upm_session_socket_lost(s, sock, 0, UPM_EFAULT);
	return 0;
}

int upm_session_start(struct upm_session *s)
{
	unsigned per_pass;
	if (s->n_passes != 1) {
		upm_snprintf(s->error, sizeof s->error, "the events need %u passes; a started session counts one",
			     s->n_passes);
		return -1;
	}
	if (layout_counts(s, &per_pass) < 0)
		return -1;
	s->aborted = upm_abort_check();
	if (s->aborted)
		return 0;
	/* A box or socket that fails is left in its state and s->error, as a pass leaves it;
	 * the others count. */
	on_every_socket(s, STEP_SAVE, 0, 0);
	on_every_socket(s, STEP_SETUP, 0, 0);
	on_every_socket(s, STEP_START, 0, 0);
	return 0;
}

void upm_session_restore(struct upm_session *s)
{
	on_every_socket(s, STEP_RESTORE, 0, 0);
}

int upm_session_run(struct upm_session *s, upm_interval_fn interval, void *ctx)
{
	unsigned per_pass;
	if (layout_counts(s, &per_pass) < 0)
		return -1;

	s->aborted = upm_abort_check();
	int failed = !s->aborted && on_every_socket(s, STEP_SAVE, 0, 0) < 0;
	for (unsigned p = 0; p < s->n_passes && !failed && !s->aborted; p++) {
		unsigned base = p * per_pass;
		upm_memset(s->window_read_ns, 0, sizeof s->window_read_ns);
		upm_memset(s->window_start_ns, 0, sizeof s->window_start_ns);
		upm_memset(s->window_end_ns, 0, sizeof s->window_end_ns);
		/* Re-armed for this pass: its estimated length plus the margin. */
		upm_os_watchdog_arm(upm_plan_watchdog_s(s->pass_estimate_ns));
		failed |= on_every_socket(s, STEP_SETUP, p, base) < 0;
		failed |= !failed && on_every_socket(s, STEP_START, p, base) < 0;
		uint64_t r0 = upm_os_nanoseconds();
		uint64_t ns = failed ? 0 : interval(s, p, ctx);
		uint64_t took = upm_os_nanoseconds() - r0;
		s->aborted = upm_abort_check();
		if (s->aborted)
			s->aborted_pass = p;
		failed |= on_every_socket(s, STEP_STOP_READ, p, base) < 0;
		for (unsigned i = base; i < base + per_pass; i++)
			s->counts[i].interval_ns = window_of(s, &s->counts[i], ns, took);
	}
	/* Restore also after a failure: hardware is left as it was found. */
	on_every_socket(s, STEP_RESTORE, 0, 0);
	/* Counts belong to their own pass only. */
	unsigned keep = 0;
	for (unsigned i = 0; i < s->n_counts; i++) {
		unsigned pass_of_slot = per_pass ? i / per_pass : 0;
		if (s->counts[i].pass == pass_of_slot)
			s->counts[keep++] = s->counts[i];
	}
	s->n_counts = keep;
	return failed || s->error[0] ? -1 : 0;
}

void upm_session_free(struct upm_session *s)
{
	upm_os_free(s->boxes);
	upm_os_free(s->counts);
	upm_os_free(s->saved);
	s->boxes = NULL;
	s->counts = NULL;
	s->saved = NULL;
}
