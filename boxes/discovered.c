/* The run's box types from the discovery tables and the model's quirk table
 * (discovered.h). Pure: records in, box types and places out, each record not used a
 * finding through the caller's note. */
#include "boxes/discovered.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#define MAX_TYPES 48
#define MAX_INSTANCES 256
#define NAME_LEN 16

const struct upm_box_type upm_disc_generic = {
	.name = "type", .title = "Discovered unit", .space = UPM_SPACE_MSR, .placed = 1,
	.box_ctl = 0, .fixed_ctl = UPM_NO_REG, .fixed_ctr = UPM_NO_REG,
	.ctl_layout = { UPM_DISC_CTL_LAYOUT },
	.box_ctl_layout = UPM_DISC_BOX_CTL_LAYOUT,
	.session = UPM_DISC_SESSION,
	.source = "Linux uncore_discovery.c intel_generic_uncore_* (the generic unit)",
};

unsigned upm_disc_width_step(unsigned ctr_width)
{
	return ctr_width <= 32 ? 4 : 8;
}

static const struct upm_disc_quirk *quirk_of(const struct upm_disc_model *m, unsigned type)
{
	for (unsigned i = 0; i < m->n_quirks; i++)
		if (m->quirks[i].box_type == type)
			return &m->quirks[i];
	return NULL;
}

static const char *access_name(unsigned a)
{
	return a == UPM_DISC_ACCESS_MSR ? "MSR" : a == UPM_DISC_ACCESS_MMIO ? "MMIO" : a == UPM_DISC_ACCESS_PCI ? "PCI"
												      : "reserved";
}

static void say(upm_disc_note_fn note, void *ctx, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(upm_disc_note_fn note, void *ctx, const char *fmt, ...)
{
	char line[320];
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (note)
		note(ctx, line);
}

/* The record of a table that names a type's instance, as findings name it. */
static void record_name(char *out, size_t n, const struct upm_disc_table *tb, const struct upm_disc_unit *u,
			const char *type_name)
{
	upm_snprintf(out, n, "socket %u discovery table %u record %u (%s%u)", tb->socket, tb->die, u->record,
		     type_name, u->box_id);
}

/* What one type of the run is while it is being gathered. */
struct gathered {
	unsigned type;
	const struct upm_disc_quirk *q;
	const struct upm_disc_unit *first; /* the record its layout comes from */
	unsigned max_id;                   /* largest box id + 1 */
};

static struct gathered *gather(struct gathered *g, unsigned *n, unsigned type)
{
	for (unsigned i = 0; i < *n; i++)
		if (g[i].type == type)
			return &g[i];
	if (*n >= MAX_TYPES)
		return NULL;
	/* Kept in type order: the run lists its boxes as the tables number them. */
	unsigned at = *n;
	while (at && g[at - 1].type > type) {
		g[at] = g[at - 1];
		at--;
	}
	upm_memset(&g[at], 0, sizeof g[at]);
	g[at].type = type;
	(*n)++;
	return &g[at];
}

static void fmt_fn(char *out, size_t n, struct upm_pci_addr a)
{
	upm_snprintf(out, n, "%04x:%02x:%02x.%u+0x%x", a.seg, a.bus, a.dev, a.fn, a.off);
}

/* The generic layout from the first record of the type: counter controls and counters
 * stepping one MSR, or by the width in bytes (the quirk's control step where it has one). */
static void lay_out(struct upm_box_type *t, const struct gathered *g)
{
	const struct upm_disc_unit *u = g->first;
	unsigned n = u->n_ctrs < UPM_MAX_CTRS ? u->n_ctrs : UPM_MAX_CTRS;
	unsigned rstep = u->access == UPM_DISC_ACCESS_MSR ? 1 : upm_disc_width_step(u->ctr_width);
	unsigned cstep = u->access == UPM_DISC_ACCESS_MSR ? 1 : g->q && g->q->ctl_step ? g->q->ctl_step : rstep;
	t->space = u->access == UPM_DISC_ACCESS_MSR ? UPM_SPACE_MSR
		   : u->access == UPM_DISC_ACCESS_PCI ? UPM_SPACE_PCI
						      : UPM_SPACE_MMIO;
	t->box_ctl = 0;
	t->n_ctrs = n;
	t->ctr_width = u->ctr_width;
	for (unsigned i = 0; i < UPM_MAX_CTRS; i++) {
		t->ctl[i] = i < n ? u->ctl_offset + i * cstep : 0;
		t->ctr[i] = i < n ? u->ctr_offset + i * rstep : 0;
	}
	if (!g->q) /* Linux's generic PCI and MMIO units take 32-bit controls */
		t->ctl_width = t->space == UPM_SPACE_MSR ? 64 : 32;
}

/* 1 when record u describes the same layout as the type's first record. */
static int same_layout(const struct upm_disc_unit *a, const struct upm_disc_unit *u)
{
	return a->access == u->access && a->n_ctrs == u->n_ctrs && a->ctr_width == u->ctr_width &&
	       a->ctl_offset == u->ctl_offset && a->ctr_offset == u->ctr_offset;
}

/* Ids one table gives a type: its largest box id of the type's layout + 1 (0: none). */
static unsigned table_ids(const struct upm_disc_table *tb, const struct gathered *g)
{
	unsigned n = 0;
	for (unsigned i = 0; i < tb->n_units; i++) {
		const struct upm_disc_unit *u = &tb->units[i];
		if (u->box_type == g->type && u->box_id < MAX_INSTANCES && u->box_id + 1u > n &&
		    (!g->first || same_layout(g->first, u)))
			n = u->box_id + 1u;
	}
	return n;
}

/* Where table k's ids of type g start among its socket's instances: 0, or with ids per
 * die, after the ids of the socket's earlier tables. */
static unsigned die_base(const struct upm_disc_set *set, unsigned k, const struct gathered *g, int per_die)
{
	unsigned base = 0;
	for (unsigned j = 0; per_die && j < k; j++)
		if (set->tables[j] && set->tables[j]->socket == set->tables[k]->socket)
			base += table_ids(set->tables[j], g);
	return base;
}

/* Places the table records of type g on their sockets. */
static void place_records(const struct upm_disc_set *set, unsigned n_sockets, const struct gathered *g,
			  struct upm_box_type *t, struct upm_unit_place *places, int per_die, upm_disc_note_fn note,
			  void *ctx)
{
	char who[96];
	for (unsigned k = 0; k < set->n_tables; k++) {
		const struct upm_disc_table *tb = set->tables[k];
		if (!tb || tb->socket >= n_sockets)
			continue;
		unsigned base = die_base(set, k, g, per_die);
		for (unsigned i = 0; i < tb->n_units; i++) {
			const struct upm_disc_unit *u = &tb->units[i];
			if (u->box_type != g->type)
				continue;
			if (u->box_id >= MAX_INSTANCES)
				continue; /* said when gathered */
			record_name(who, sizeof who, tb, u, t->name);
			if (!same_layout(g->first, u)) {
				say(note, ctx, "%s: its counters (%u x %u bits at +0x%x, controls at +0x%x, %s) differ from "
					       "the other %s units': not used",
				    who, u->n_ctrs, u->ctr_width, u->ctr_offset, u->ctl_offset, access_name(u->access),
				    t->name);
				continue;
			}
			if (base + u->box_id >= t->max_instances) { /* past the instances kept (MAX_INSTANCES) */
				say(note, ctx, "%s: the socket's dies number more than %u %s units: not used", who,
				    t->max_instances, t->name);
				continue;
			}
			struct upm_unit_place *p = &places[tb->socket * t->max_instances + base + u->box_id];
			if (p->present) {
				say(note, ctx, "%s: another of the socket's tables has %s%u already: not used", who,
				    t->name, u->box_id);
				continue;
			}
			p->present = 1;
			p->record = (uint16_t)u->record;
			p->table = (uint8_t)tb->die;
			p->addr = u->ctl_addr;
			p->pci = u->pci;
		}
	}
}

/* A replacement's places (SPR UPI, M3UPI): on each socket, the bus the table's records of
 * the type name most often, and each record that does not name its link's function is a
 * finding. */
static void place_replacement(const struct upm_disc_set *set, unsigned n_sockets, const struct gathered *g,
			      struct upm_box_type *t, struct upm_unit_place *places, upm_disc_note_fn note,
			      void *ctx)
{
	const struct upm_disc_replacement *rp = g->q->replace;
	char who[96], said[32], meant[32];
	for (unsigned sock = 0; sock < n_sockets; sock++) {
		struct upm_pci_addr bus = { 0 };
		unsigned best = 0;
		for (unsigned k = 0; k < set->n_tables; k++) {
			const struct upm_disc_table *tb = set->tables[k];
			for (unsigned i = 0; tb && tb->socket == sock && i < tb->n_units; i++) {
				const struct upm_disc_unit *u = &tb->units[i];
				if (u->box_type != g->type || u->access != UPM_DISC_ACCESS_PCI)
					continue;
				unsigned votes = 0; /* records on the same bus */
				for (unsigned j = 0; j < tb->n_units; j++)
					votes += tb->units[j].box_type == g->type &&
						 tb->units[j].access == UPM_DISC_ACCESS_PCI &&
						 tb->units[j].pci.seg == u->pci.seg && tb->units[j].pci.bus == u->pci.bus;
				if (votes > best) {
					best = votes;
					bus = u->pci;
				}
			}
		}
		if (!best) {
			int has_table = 0;
			for (unsigned k = 0; k < set->n_tables; k++)
				has_table |= set->tables[k] && set->tables[k]->socket == sock;
			if (has_table)
				say(note, ctx, "socket %u: its discovery table has no %s record to find the %s functions' "
					       "bus (8086:%04x): %s not placed", sock, t->name, t->name, rp->device_id, t->name);
			continue;
		}
		for (unsigned i = 0; i < rp->n && i < t->max_instances; i++) {
			struct upm_unit_place *p = &places[sock * t->max_instances + i];
			p->present = 1;
			p->record = 0xFFFF;
			p->device_id = rp->device_id;
			p->pci.seg = bus.seg;
			p->pci.bus = bus.bus;
			p->pci.dev = (uint8_t)(rp->dev0 + i);
			p->pci.fn = rp->fn;
			p->pci.off = rp->unit_ctl;
		}
		for (unsigned k = 0; k < set->n_tables; k++) {
			const struct upm_disc_table *tb = set->tables[k];
			for (unsigned i = 0; tb && tb->socket == sock && i < tb->n_units; i++) {
				const struct upm_disc_unit *u = &tb->units[i];
				if (u->box_type != g->type)
					continue;
				record_name(who, sizeof who, tb, u, t->name);
				fmt_fn(said, sizeof said, u->pci);
				if (u->box_id >= rp->n) {
					say(note, ctx, "%s: unit control %s: %s has links 0-%u only: not used (%s)", who, said,
					    t->name, rp->n - 1u, rp->source);
					continue;
				}
				const struct upm_unit_place *p = &places[sock * t->max_instances + u->box_id];
				fmt_fn(meant, sizeof meant, p->pci);
				if (u->access != UPM_DISC_ACCESS_PCI || u->pci.seg != p->pci.seg || u->pci.bus != p->pci.bus ||
				    u->pci.dev != p->pci.dev || u->pci.fn != p->pci.fn || u->pci.off != p->pci.off)
					say(note, ctx, "%s: unit control %s is not link %u's function (8086:%04x at %s): the "
						       "entry is broken, %s%u is placed at %s (%s)",
					    who, u->access == UPM_DISC_ACCESS_PCI ? said : access_name(u->access), u->box_id,
					    rp->device_id, meant, t->name, u->box_id, meant, rp->source);
			}
		}
	}
}

/* The tables' global control: an MSR whose bit 0 freezes every unit (LIKWID
 * perfmon_sapphirerapids.h freezes with it, unfreezes with 0); the value found goes back. */
static int global_from(const struct upm_disc_set *set, unsigned n_sockets, struct upm_global_ctl *gc,
		       upm_disc_note_fn note, void *ctx)
{
	const struct upm_disc_table *first = NULL;
	for (unsigned k = 0; k < set->n_tables; k++) {
		const struct upm_disc_table *tb = set->tables[k];
		if (!tb || tb->socket >= n_sockets)
			continue;
		if (!first) {
			first = tb;
			continue;
		}
		if (tb->global.access != first->global.access || tb->global.ctl_addr != first->global.ctl_addr)
			say(note, ctx, "socket %u discovery table %u: its global control (%s 0x%llx) differs from socket "
				       "%u's (%s 0x%llx): socket %u's is driven",
			    tb->socket, tb->die, access_name(tb->global.access), (unsigned long long)tb->global.ctl_addr,
			    first->socket, access_name(first->global.access), (unsigned long long)first->global.ctl_addr,
			    first->socket);
	}
	if (!first)
		return 0;
	if (first->global.access != UPM_DISC_ACCESS_MSR || !first->global.ctl_addr ||
	    first->global.ctl_addr > 0xFFFFFFFFull) {
		say(note, ctx, "socket %u discovery table %u: its global control is %s 0x%llx, not an MSR upmon drives: "
			       "each unit is frozen on its own",
		    first->socket, first->die, access_name(first->global.access),
		    (unsigned long long)first->global.ctl_addr);
		return 0;
	}
	upm_memset(gc, 0, sizeof *gc);
	gc->msr = (uint32_t)first->global.ctl_addr;
	gc->mask = 1;
	gc->setup = 1;
	gc->start = 0;
	gc->stop = 1;
	gc->source = "the discovery table's global record (Linux uncore_discovery.h); freeze bit 0 (LIKWID "
		     "perfmon_sapphirerapids.h)";
	return 1;
}

struct upm_platform *upm_disc_build(const struct upm_platform *tmpl, const struct upm_disc_model *model,
				    const struct upm_disc_set *set, unsigned n_sockets, upm_disc_note_fn note,
				    void *ctx, char *err, size_t err_size)
{
	struct gathered g[MAX_TYPES];
	unsigned n = 0, dropped = 0;
	if (n_sockets > UPM_MAX_SOCKETS)
		n_sockets = UPM_MAX_SOCKETS;
	for (unsigned k = 0; k < set->n_tables; k++) {
		const struct upm_disc_table *tb = set->tables[k];
		for (unsigned i = 0; tb && tb->socket < n_sockets && i < tb->n_units; i++) {
			const struct upm_disc_unit *u = &tb->units[i];
			struct gathered *e = gather(g, &n, u->box_type);
			if (!e) {
				dropped++;
				continue;
			}
			if (u->box_id >= MAX_INSTANCES) {
				say(note, ctx, "socket %u discovery table %u record %u (type %u id %u): an id past %u: not used",
				    tb->socket, tb->die, u->record, u->box_type, u->box_id, MAX_INSTANCES - 1);
				continue;
			}
			e->q = quirk_of(model, u->box_type);
			if (!e->first)
				e->first = u;
			if (u->box_id + 1u > e->max_id && (!e->first || same_layout(e->first, u)))
				e->max_id = u->box_id + 1u;
		}
	}
	if (dropped)
		say(note, ctx, "the discovery tables name more than %u box types: %u records of the others not used",
		    MAX_TYPES, dropped);
	/* Ids per die: a socket has every die's, and the type as many as its largest socket. */
	for (unsigned i = 0; model->ids_per_die && i < n; i++) {
		unsigned most = 0;
		for (unsigned sock = 0; sock < n_sockets; sock++) {
			unsigned ids = 0;
			for (unsigned k = 0; k < set->n_tables; k++)
				if (set->tables[k] && set->tables[k]->socket == sock)
					ids += table_ids(set->tables[k], &g[i]);
			most = ids > most ? ids : most;
		}
		g[i].max_id = most < MAX_INSTANCES ? most : MAX_INSTANCES;
	}
	if (!n) {
		upm_snprintf(err, err_size, "no discovery table of sockets 0-%u names a box", n_sockets - 1);
		return NULL;
	}
	size_t places = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned max = g[i].q && g[i].q->replace ? g[i].q->replace->n : g[i].max_id;
		places += (size_t)max * n_sockets;
	}
	size_t size = sizeof(struct upm_platform) + sizeof(struct upm_global_ctl) + n * sizeof(void *) +
		      n * sizeof(struct upm_box_type) + n * NAME_LEN * 2 + places * sizeof(struct upm_unit_place);
	char *block = upm_os_alloc(size);
	if (!block) {
		upm_snprintf(err, err_size, "out of memory for the discovered box types (%zu bytes)", size);
		return NULL;
	}
	upm_memset(block, 0, size);
	struct upm_platform *p = (struct upm_platform *)block;
	struct upm_global_ctl *gc = (struct upm_global_ctl *)(p + 1);
	const struct upm_box_type **list = (const struct upm_box_type **)(gc + 1);
	struct upm_box_type *types = (struct upm_box_type *)(list + n);
	struct upm_unit_place *place = (struct upm_unit_place *)(types + n);
	char *names = (char *)(place + places);

	*p = *tmpl;
	p->boxes = list;
	p->n_boxes = n;
	p->global = global_from(set, n_sockets, gc, note, ctx) ? gc : NULL;
	for (unsigned i = 0; i < n; i++) {
		struct upm_box_type *t = &types[i];
		const struct upm_disc_quirk *q = g[i].q;
		*t = q ? *q->tmpl : *model->generic;
		if (!q) { /* a type the model does not know: named from its id */
			char *name = names + i * NAME_LEN * 2, *title = name + NAME_LEN;
			upm_snprintf(name, NAME_LEN, "type%u", g[i].type);
			upm_snprintf(title, NAME_LEN, "Unit type %u", g[i].type);
			t->name = name;
			t->title = title;
		}
		t->placed = 1;
		t->max_instances = q && q->replace ? q->replace->n : g[i].max_id;
		t->places = place;
		t->places_sockets = n_sockets;
		if (q && q->replace) {
			place_replacement(set, n_sockets, &g[i], t, place, note, ctx);
		} else {
			lay_out(t, &g[i]);
			place_records(set, n_sockets, &g[i], t, place, model->ids_per_die, note, ctx);
		}
		place += (size_t)t->max_instances * n_sockets;
		list[i] = t;
	}
	return p;
}

struct upm_platform *upm_disc_discovered(const struct upm_platform *self, const struct upm_disc_set *set,
					 unsigned n_sockets, void (*note)(void *ctx, const char *line), void *ctx,
					 char *err, unsigned long err_size)
{
	if (!self->disc_model) {
		upm_snprintf(err, err_size, "platform %s names no discovery quirk table", self->name);
		return NULL;
	}
	return upm_disc_build(self, self->disc_model, set, n_sockets, note, ctx, err, err_size);
}
