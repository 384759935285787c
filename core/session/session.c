#include "core/session/session.h"
#include "core/cli/console_wrap.h"
#include "platform/base/os.h"
#include "core/session/present.h"
#include "platform/base/abort.h"
#include "core/session/pci_path.h"
#include "core/events/subcfg.h"
#include "core/workload/watchdog_plan.h"
#include "core/session/overflow.h"
#include "core/session/save_restore.h"
#include "core/session/global_ctl.h"
#include "core/session/session_pmu.h"
#include "core/session/in_use.h"
#include "core/session/own_passes.h"
#include "platform/pci.h"
#include "core/cli/progress.h"

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

static void box_fail(struct upm_session *s, struct upm_box_inst *b, const char *what,
		     uint32_t addr, int rc)
{
	if (b->state != UPM_BOX_OK)
		return;
	b->state = UPM_BOX_FAULT;
	b->not_replayed = rc == UPM_EDIVERGED;
	upm_box_failed_reg(b, what, addr, 0, 0);
	addr = upm_box_reg_addr(b, addr);
	/* A CF8/CFC access given up: the lock and its holder (docs/safety.md, CF8/CFC and the firmware). */
	const char *lock = rc == UPM_EBUSY ? s->run->backend->lock_finding : NULL;
	upm_snprintf(b->why, sizeof b->why, "%s 0x%x: %s%s%s%s", what, addr, upm_status_name(rc),
		     rc == UPM_EABSENT ? " (the device reads all ones: gone from the bus)" : "",
		     lock && lock[0] ? ": " : "", lock && lock[0] ? lock : "");
	if (!s->error[0]) {
		upm_snprintf(s->error, sizeof s->error, "socket %u %s%u: %s", b->socket, b->type->name,
			     b->instance, b->why);
		s->error_not_replayed = b->not_replayed;
	}
}

/* --- preparation --- */

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

/* A box instance of a type placed at run time (upm_box_type.places): its place on its
 * socket, and for a PCI function its vendor and device IDs read before anything is
 * written. 1: left out (the socket's table has no such instance and no spec names it). */
static int placed_instance(struct upm_session *s, struct upm_box_inst *b, const struct upm_spec *const *mine)
{
	const struct upm_box_type *t = b->type;
	b->where = upm_box_place(t, b->socket, b->instance);
	if (!b->where) {
		int named = 0;
		for (unsigned k = 0; k < b->n; k++)
			named |= mine[k]->instance >= 0;
		if (t->places && !named)
			return 1; /* a smaller part: the table says which instances it has */
		if (!t->places && b->instance && !named)
			return 1; /* no table: said once, on instance 0 */
		b->state = UPM_BOX_ABSENT;
		const char *why = s->run->sessions->disc_why[0] ? s->run->sessions->disc_why : "none was found";
		if (t->places)
			upm_snprintf(b->why, sizeof b->why, "socket %u's uncore discovery table has no %s%u",
				     b->socket, t->name, b->instance);
		else
			upm_snprintf(b->why, sizeof b->why, "no uncore discovery table placed %s: %s", t->name, why);
		return 0;
	}
	if (t->space == UPM_SPACE_MMIO) {
		b->mmio_base = b->where->addr;
		if (s->run->backend->loads_unguarded) {
			b->state = UPM_BOX_ABSENT;
			upm_snprintf(b->why, sizeof b->why, "0x%llx not read: a fault there could not be caught (the "
				     "firmware kept #PF)", (unsigned long long)b->where->addr);
		}
		return 0;
	}
	if (t->space != UPM_SPACE_PCI)
		return 0;
	struct upm_pci_addr a = upm_box_pci_fn(b, 0);
	char at[24], reg[32];
	b->seg = a.seg;
	b->bus = a.bus;
	upm_pci_format_fn(at, sizeof at, a.seg, a.bus, a.dev, a.fn);
	uint32_t ids = UPM_PCI_ABSENT;
	int rc = upm_pci_read32(s->run->backend, a, &ids);
	int missing = rc != UPM_OK || (ids & 0xFFFF) == 0xFFFF;
	int other = !missing && ((ids & 0xFFFF) != UPM_PCI_VENDOR_INTEL ||
				 (b->where->device_id && (ids >> 16) != b->where->device_id));
	if (missing || other) {
		b->not_replayed = upm_session_replay_diverged(s);
		b->state = missing ? UPM_BOX_ABSENT : UPM_BOX_MISMATCH;
		upm_snprintf(reg, sizeof reg, "%s+0x0", at);
		upm_box_failed_access(b, "PCI vendor/device IDs", reg, rc == UPM_OK, ids);
		char expected[16] = "8086:any";
		if (b->where->device_id)
			upm_snprintf(expected, sizeof expected, "8086:%04x", b->where->device_id);
		upm_snprintf(b->why, sizeof b->why, "%s %s (expected %s, read %04x:%04x)", at,
			     other ? "is another device: never written" : "does not answer (absent or hidden by firmware)",
			     expected, ids & 0xFFFF, ids >> 16);
		return 0;
	}
	/* Offsets past 0xFF need ECAM: said, never tried through CF8/CFC. */
	uint32_t top = 8;
	for (unsigned i = 0; i < t->n_ctrs; i++) {
		top = t->ctl[i] + 8 > top ? t->ctl[i] + 8 : top;
		top = t->ctr[i] + 8 > top ? t->ctr[i] + 8 : top;
	}
	top += b->where->pci.off;
	if (top > 0x100 && !s->has_ecam) {
		b->state = UPM_BOX_ABSENT;
		upm_snprintf(b->why, sizeof b->why, "%s+0x%x is extended config space, reachable only through ECAM: "
			     "%s", at, b->where->pci.off, upm_pci_no_ecam_why(s->run));
	}
	return 0;
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
	struct upm_spec_list list;
	int rc = -1;
	upm_spec_list_init(&list);
	upm_memset(s, 0, sizeof *s);
	s->run = r;
	if (!r->platform || upm_spec_list_add_text(r->platform, &list, spec_list, UPM_SPEC_BY_USER, NULL, s->error,
						   sizeof s->error) == 0)
		rc = upm_session_take(s, r, &list, 0);
	upm_spec_list_free(&list);
	return rc;
}

void upm_session_say_doubled(const struct upm_session *s, const char *who)
{
	char line[400];
	unsigned shown = s->n_doubled < UPM_ARRAY_LEN(s->doubled) ? s->n_doubled : UPM_ARRAY_LEN(s->doubled);
	for (unsigned i = 0; i < shown; i++) {
		upm_spec_double_text(&s->doubled[i], line, sizeof line);
		upm_say_wrappedf(s->run, 5, 0, "%s: note: %s", who, line); /* specs may be long: 80 columns */
	}
	if (s->n_doubled > shown)
		upm_say_wrappedf(s->run, 5, 0, "%s: note: %u more specs count what others count: each counted once",
				 who, s->n_doubled - shown);
}

int upm_session_take(struct upm_session *s, struct upm_run *r, const struct upm_spec_list *list, int once)
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
	/* The list as it came, into the session's own array (a view the once step works on). */
	struct upm_spec_list mine = { s->specs, 0, 0 };
	for (unsigned i = 0; i < list->n && i < UPM_SESSION_MAX_SPECS; i++)
		s->specs[mine.n++] = list->specs[i];
	if (once)
		upm_spec_list_once(&mine, s->doubled, UPM_ARRAY_LEN(s->doubled), &s->n_doubled);
	s->n_specs = mine.n;
	s->metric_specs_from = upm_spec_list_n_asked(&mine);
	for (unsigned i = s->metric_specs_from; i < s->n_specs; i++)
		s->specs[i].engine = 1;
	/* Counted through the kernel's perf PMUs (--backend perf): no register is touched;
	 * the kernel's PMUs are the box instances (core/session/session_pmu.c). */
	int by_pmu = upm_backend_counts_by_pmu(r->backend);
	if (upm_platform_reads_pci(p) && !by_pmu) /* how configuration space is reached, said once */
		upm_pci_path_select(r);
	s->has_ecam = !by_pmu && upm_ecam_window(r->backend, &w) == UPM_OK;
	for (unsigned i = 0; by_pmu && i < s->n_specs; i++)
		if (upm_session_pmu_terms_check(s, &s->specs[i]) < 0)
			return -1;

	/* Filter registers above config offset 0xFF need ECAM; say so instead of skipping. */
	for (unsigned i = 0; i < s->n_specs && !by_pmu; i++) {
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
	if (p->bus_map && !by_pmu)
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
			if (by_pmu)
				upm_memset(&tp, 0, sizeof tp);
			else
				type_presence(s, sock, t, &tp);
			for (unsigned inst = 0; inst < t->max_instances; inst++) {
				const struct upm_spec *mine[UPM_SESSION_MAX_SPECS];
				struct upm_box_inst *b = &s->boxes[s->n_boxes];
				upm_memset(b, 0, sizeof *b);
				b->n = upm_specs_on_instance(s->specs, s->n_specs, t, inst, once, b->spec_idx);
				for (unsigned k = 0; k < b->n; k++)
					mine[k] = &s->specs[b->spec_idx[k]];
				if (!b->n)
					continue;
				if (s->n_boxes + 1 >= cap) {
					upm_strlcpy(s->error, "too many box instances", sizeof s->error);
					return -1;
				}
				b->type = t;
				b->socket = sock;
				b->instance = inst;
				if (by_pmu && upm_session_pmu_instance(s, b, mine))
					continue;
				if (!by_pmu && beyond_count(&tp, b, mine))
					continue;
				if (t->placed && !by_pmu && placed_instance(s, b, mine))
					continue;
				int passes = upm_schedule(t, mine, b->n, b->place, s->error, sizeof s->error);
				if (passes < 0)
					return -1;
				if ((unsigned)passes > s->n_passes)
					s->n_passes = (unsigned)passes;
				mark_usage(b, s->specs);
				if (t->space == UPM_SPACE_PCI && !t->placed && !by_pmu)
					check_pci_presence(s, b);
				if (tp.state != UPM_BOX_OK && b->state == UPM_BOX_OK) {
					b->state = tp.state;
					upm_strlcpy(b->why, tp.why, sizeof b->why);
					b->failed = tp.failed;
				}
				if (!t->placed)
					b->mmio_base = tp.mmio_base;
				s->n_boxes++;
			}
		}
	}
	/* Before anything is written: a box another agent counts on is a refusal. */
	return upm_session_refuse_in_use(s);
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
		 * and local enable in one write (and occ_rst with it, 002:2390); a control with no
		 * enable bit (the discovery tables' generic unit: the freeze gates it) has no (c). */
		if (v && l->en.width && !(t->session & UPM_SESS_BOX_ENABLE_MASK))
			TRY(b, "control", t->ctl[i], upm_box_reg_write(s, b, t->ctl[i], upm_field_put(l->en, 1), 0));
		if (t->session & UPM_SESS_PARK_EVSEL) /* ev_sel stays 0 until the others unfreeze */
			v &= ~upm_field_mask(l->ev_sel);
		TRY(b, "control", t->ctl[i], upm_box_reg_write(s, b, t->ctl[i], v, 0));
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
			TRY(b, "filter", a, upm_box_reg_write(s, b, a, round == 0 ? v & ~gate : v, 1));
		}
	}
	if (b->fixed_used) {
		uint64_t en = upm_field_put(t->fixed_en, 1);
		if (t->fixed_rst.width)
			TRY(b, "fixed control", t->fixed_ctl,
			    upm_box_reg_write(s, b, t->fixed_ctl, en | upm_field_put(t->fixed_rst, 1), 0));
		else if (!(t->session & UPM_SESS_GLOBAL_RESET)) /* rst_all cleared it already */
			TRY(b, "fixed counter", t->fixed_ctr, upm_box_ctr_write(s, b, t->fixed_ctr, t->fixed_width, 0));
		TRY(b, "fixed control", t->fixed_ctl, upm_box_reg_write(s, b, t->fixed_ctl, en, 0));
	}
	if (t->session & UPM_SESS_RESET_BIT) /* (e) BOX_CTL[1:0] = 0x2, still frozen */
		TRY(b, "box control", t->box_ctl, upm_box_reg_write(s, b, t->box_ctl, upm_box_ctl_value(t, 1, 1), 0));
	if (t->session & UPM_SESS_ZERO_CTRS) /* no reset bit: write 0 to each counter */
		for (unsigned i = 0; i < t->n_ctrs; i++)
			if ((b->ctr_used >> i) & 1)
				TRY(b, "counter", t->ctr[i], upm_box_ctr_write(s, b, t->ctr[i], t->ctr_width, 0));
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
			TRY(b, "overflow control", t->ovf_clear, upm_box_reg_write(s, b, t->ovf_clear, clear, 0));
		if ((t->session & UPM_SESS_ENABLE_IN_GLOBAL) && s->run->platform->global) {
			s->global_extra[b->socket] |= en;
			upm_global_write(s, b->socket, s->run->platform->global->setup, "box enable");
		} else if (!(t->session & UPM_SESS_ENABLE_IN_GLOBAL)) {
			TRY(b, "box enable", t->box_ctl, upm_box_reg_write(s, b, t->box_ctl, en, 0));
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
		TRY(b, c->counter == -1 ? "fixed counter" : "counter", addr, upm_box_ctr_read(s, b, addr, width, &c->start));
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
				TRY(b, "control", t->ctl[i], upm_box_reg_write(s, b, t->ctl[i], ctl_for(s, b, pass, i), 0));
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
				    upm_box_reg_write(s, b, t->ctl[i], ctl_for(s, b, pass, i) & ~upm_field_mask(l->ev_sel), 0));
	for (unsigned k = 0; k < b->n; k++) {
		if (b->place[k].pass != pass)
			continue;
		struct upm_count *c = count_for(s, base, b, k);
		unsigned width;
		uint32_t addr = upm_count_ctr(s, c, &width);
		int rc = upm_box_ctr_read(s, b, addr, width, &c->end);
		if (rc != UPM_OK) {
			box_fail(s, b, "counter", addr, rc);
			return;
		}
		c->delta = upm_counter_delta(c->start, c->end, width);
		c->status = UPM_OK;
	}
}

static void socket_step(void *arg)
{
	struct step_args *a = arg;
	struct upm_session *s = a->s;
	const struct upm_global_ctl *g = s->run->platform->global;

	/* The global control brackets the boxes: it stops everything before they are
	 * programmed or read, and starts them after they are unfrozen. */
	if (g && a->step == STEP_SETUP)
		upm_global_write(s, a->socket, g->setup, "setup");
	if (a->step == STEP_RESTORE)
		upm_global_stop_for_restore(s, a->socket);
	if (a->step == STEP_STOP_READ) /* the window closes with the first freeze */
		s->window_end_ns[a->socket] = upm_os_nanoseconds();
	if (g && a->step == STEP_STOP_READ) {
		upm_global_write(s, a->socket, g->stop, "stop");
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
			upm_session_restore_box(s, b);
			continue;
		}
		if (b->state != UPM_BOX_OK)
			continue;
		switch (a->step) {
		case STEP_SAVE:
			upm_session_save_box(s, b);
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
		upm_global_save(s, a->socket);
	int started = g && a->step == STEP_START && upm_global_write(s, a->socket, g->start, "start");
	if (a->step == STEP_SETUP) /* start values read: counters that run count from here */
		s->window_read_ns[a->socket] = upm_os_nanoseconds();
	if (a->step == STEP_START) /* ... the others from the last unfreeze */
		s->window_start_ns[a->socket] = upm_os_nanoseconds();
	if (started) /* read back inside the window: the read takes no time from it */
		upm_global_check_start(s, a->socket);
	if (g && a->step == STEP_RESTORE)
		upm_global_restore(s, a->socket);
}

/* The run-in-progress marker's detail (core/cli/progress.h): which boxes, which step,
 * which pass and socket; a reset during it leaves that as the run's last step. */
static void progress_detail(const struct upm_session *s, enum step step, unsigned pass, unsigned sock)
{
	static const char *const names[] = { "saving the registers", "programming", "starting",
					     "stopping and reading", "restoring the registers" };
	char types[120] = "", at[40] = "";
	size_t n = 0;
	for (unsigned i = 0; i < s->n_boxes && n + 16 < sizeof types; i++) {
		unsigned j = 0;
		while (j < i && s->boxes[j].type != s->boxes[i].type)
			j++;
		if (j == i)
			n += (size_t)upm_snprintf(types + n, sizeof types - n, "%s%s", n ? ", " : "",
						  s->boxes[i].type->name);
	}
	if (step != STEP_SAVE && step != STEP_RESTORE)
		upm_snprintf(at, sizeof at, ", pass %u of %u", pass + 1, s->n_passes);
	upm_progress_detail("session of %s: %s%s, socket %u", types[0] ? types : "no box", names[step], at, sock);
}

static int on_every_socket(struct upm_session *s, enum step step, unsigned pass, unsigned base)
{
	for (unsigned sock = 0; sock < s->run->n_sockets; sock++) {
		struct step_args a = { s, sock, pass, step, base };
		/* A lost socket gets one restore attempt, when anything of it was saved. */
		if (s->socket_lost[sock] && (step != STEP_RESTORE || !upm_session_socket_saved(s, sock)))
			continue;
		progress_detail(s, step, pass, sock);
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
		upm_global_write(s, socket, run ? g->start : g->stop, run ? "start" : "stop");
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
		if (s->run->sessions->socket_unguarded[sock])
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
	if (upm_backend_counts_by_pmu(s->run->backend)) /* perf's counters, opened and started */
		return upm_session_pmu_start(s);
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
	if (s->pmu_handles) { /* perf: stopped and let go; nothing was written */
		upm_session_pmu_stop(s);
		return;
	}
	on_every_socket(s, STEP_RESTORE, 0, 0);
}

int upm_session_run(struct upm_session *s, upm_interval_fn interval, void *ctx)
{
	unsigned per_pass;
	if (layout_counts(s, &per_pass) < 0)
		return -1;
	if (upm_backend_counts_by_pmu(s->run->backend))
		return upm_session_pmu_run(s, interval, ctx, per_pass);

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
	upm_session_keep_own_passes(s, per_pass);
	return failed || s->error[0] ? -1 : 0;
}


void upm_session_free(struct upm_session *s)
{
	upm_os_free(s->boxes);
	upm_os_free(s->counts);
	upm_os_free(s->saved);
	upm_os_free(s->metric_parts);
	s->metric_parts = NULL;
	if (s->pmu_handles)
		upm_session_pmu_stop(s);
	s->boxes = NULL;
	s->counts = NULL;
	s->saved = NULL;
}
