#include "core/events/spec.h"
#include "platform/base/str.h"
#include "core/events/alias.h"

static int failf(char *err, unsigned long size, const char *fmt, const char *a, const char *b)
{
	upm_snprintf(err, size, fmt, a, b);
	return -1;
}

/* "cbo3" -> cbo, 3; "cbo" -> cbo, -1. The longest box name that prefixes the text wins. */
static const struct upm_box_type *parse_box(const struct upm_platform *p, const char *s,
					    size_t len, int *instance)
{
	size_t best_len;
	const struct upm_box_type *best = upm_platform_box_prefix(p, s, len, &best_len);
	if (!best)
		return NULL;
	if (best_len == len) {
		*instance = -1;
		return best;
	}
	uint64_t v = 0;
	for (size_t i = best_len; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' || v > 1000)
			return NULL;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*instance = (int)v;
	return best;
}

struct term {
	/* An event's name: perfmon's longest EVENT.UMASK is 49 characters
	 * (UNC_CHA_TOR_OCCUPANCY.RRQ_MISS_RDINVOWN_OPT_CXL_EXP_LOCAL, EMR). */
	char key[80];
	char value[48];
	int has_value;
};

static int split_term(const char *s, size_t len, struct term *t)
{
	const char *eq = NULL;
	for (size_t i = 0; i < len; i++)
		if (s[i] == '=' && !eq)
			eq = s + i;
	size_t klen = eq ? (size_t)(eq - s) : len;
	size_t vlen = eq ? len - klen - 1 : 0;
	if (klen == 0 || klen >= sizeof t->key || vlen >= sizeof t->value)
		return -1;
	if (eq && vlen == 0) { /* "thresh=": said as such, not as a malformed term */
		upm_memcpy(t->key, s, klen);
		t->key[klen] = 0;
		return -2;
	}
	upm_memcpy(t->key, s, klen);
	t->key[klen] = 0;
	upm_memcpy(t->value, eq ? eq + 1 : "", vlen);
	t->value[vlen] = 0;
	t->has_value = eq != NULL;
	return 0;
}

/* Puts v into field f of the control value; a field the box lacks or a value too wide
 * is an error naming the term. */
static int set_field(struct upm_spec *o, struct upm_bitfield f, const struct term *t, uint64_t v,
		     char *err, unsigned long n)
{
	if (!f.width)
		return failf(err, n, "%s: box %s has no such field", t->key, o->box->name);
	if (!upm_field_fits(f, v)) {
		upm_snprintf(err, n, "%s=%s is out of range: %s takes 0-%llu (0x%llx) on box %s", t->key, t->value,
			     t->key, (unsigned long long)upm_field_mask((struct upm_bitfield){ 0, f.width }),
			     (unsigned long long)upm_field_mask((struct upm_bitfield){ 0, f.width }), o->box->name);
		return -1;
	}
	uint64_t m = upm_field_mask(f);
	if (o->ctl_terms & m)
		return failf(err, n, "%s given twice: give it once%s", t->key, "");
	/* 'CAS_COUNT.RD,umask=0xc' would count CAS_COUNT.WR under RD's name. */
	if ((o->ctl_named & m) && (o->ctl & m) != upm_field_put(f, v)) {
		upm_snprintf(err, n, "%s%s%s contradicts %s, which sets %s to 0x%llx: leave %s out%s", t->key,
			     t->has_value ? "=" : "", t->has_value ? t->value : "", o->name, t->key,
			     (unsigned long long)upm_field_get(f, o->ctl), t->key,
			     o->umask ? ", or name the event without its unit mask" : "");
		return -1;
	}
	o->ctl_terms |= m;
	o->ctl = (o->ctl & ~m) | upm_field_put(f, v);
	return 0;
}

/* A decimal number, maybe negative, that did not parse: too large, or below 0. */
static int looks_numeric(const char *v)
{
	if (*v == '-')
		v++;
	if (!*v)
		return 0;
	for (; *v; v++)
		if (*v < '0' || *v > '9')
			return 0;
	return 1;
}

static int term_value(const struct term *t, uint64_t dflt, uint64_t *v, char *err, unsigned long n)
{
	if (!t->has_value) {
		*v = dflt;
		return 0;
	}
	if (upm_parse_u64(t->value, v) < 0)
		return failf(err, n, "%s: '%s' is not a number", t->key, t->value);
	return 0;
}

/* port=N on a box with per-port sub-configuration: port N is port N % n_index of
 * instance N / n_index (R-Box: rbox0 has ports 0-3, rbox1 ports 4-7). */
static int apply_index(struct upm_spec *o, const struct term *t, char *err, unsigned long n)
{
	const struct upm_box_type *b = o->box;
	uint64_t v;
	if (!t->has_value)
		return failf(err, n, "%s needs a value (%s=N)", t->key, t->key);
	if (term_value(t, 0, &v, err, n) < 0)
		return -1;
	if (o->index >= 0)
		return failf(err, n, "%s given twice%s", t->key, "");
	if (v >= (uint64_t)b->max_instances * b->n_index) {
		upm_snprintf(err, n, "%s=%s: box %s has %ss 0-%u", t->key, t->value, b->name, t->key,
			     b->max_instances * b->n_index - 1);
		return -1;
	}
	int inst = (int)(v / b->n_index);
	if (o->instance >= 0 && o->instance != inst) {
		upm_snprintf(err, n, "%s %s is on %s%d, not %s%d (%s%d has %ss %u-%u)", t->key, t->value,
			     b->name, inst, b->name, o->instance, b->name, o->instance, t->key,
			     (unsigned)o->instance * b->n_index, (unsigned)o->instance * b->n_index + b->n_index - 1);
		return -1;
	}
	o->instance = inst;
	o->index = (int)(v % b->n_index);
	return 0;
}

/* The sub-configuration an event or unit mask needs, added as implied filter terms. */
static int add_subs(struct upm_spec *o, const struct upm_sub_setting *sub, unsigned n_sub,
		    char *err, unsigned long n)
{
	for (unsigned i = 0; i < n_sub; i++) {
		const struct upm_filter_field *ff = NULL;
		for (unsigned k = 0; k < o->box->n_filters && !ff; k++)
			if (upm_strcasecmp(o->box->filters[k].term, sub[i].term) == 0)
				ff = &o->box->filters[k];
		if (!ff || !upm_field_fits(ff->field, sub[i].value))
			return failf(err, n, "table error: box %s has no field %s for this value", o->box->name,
				     sub[i].term);
		int dup = 0;
		for (unsigned k = 0; k < o->n_filters; k++) {
			if (o->filters[k].field != ff)
				continue;
			if (o->filters[k].value != sub[i].value)
				return failf(err, n, "table error: %s is set twice differently (%s)",
					     sub[i].term, o->box->name);
			dup = 1;
		}
		if (dup)
			continue;
		if (o->n_filters >= UPM_SPEC_MAX_FILTERS)
			return failf(err, n, "table error: too many sub-configuration settings (%s)%s",
				     sub[i].term, "");
		o->filters[o->n_filters].field = ff;
		o->filters[o->n_filters].value = sub[i].value;
		o->filters[o->n_filters].implied = 1;
		o->n_filters++;
	}
	return 0;
}

static int apply_modifier(struct upm_spec *o, const struct term *t, char *err, unsigned long n)
{
	const struct upm_ctl_layout *l = &o->box->ctl_layout;
	static const struct {
		const char *key;
		size_t off;
		uint64_t dflt; /* value of a bare flag; ~0 means a value is required */
	} mods[] = {
		{ "event", __builtin_offsetof(struct upm_ctl_layout, ev_sel), ~0ull },
		{ "umask", __builtin_offsetof(struct upm_ctl_layout, umask), ~0ull },
		{ "thresh", __builtin_offsetof(struct upm_ctl_layout, thresh), ~0ull },
		{ "edge", __builtin_offsetof(struct upm_ctl_layout, edge), 1 },
		{ "inv", __builtin_offsetof(struct upm_ctl_layout, invert), 1 },
		{ "tid_en", __builtin_offsetof(struct upm_ctl_layout, tid_en), 1 },
		{ "ext", __builtin_offsetof(struct upm_ctl_layout, ev_sel_ext), 1 },
		{ "occ_sel", __builtin_offsetof(struct upm_ctl_layout, occ_sel), ~0ull },
		{ "occ_inv", __builtin_offsetof(struct upm_ctl_layout, occ_invert), 1 },
		{ "occ_edge", __builtin_offsetof(struct upm_ctl_layout, occ_edge), 1 },
		/* Linux's SPR format names: umask_ext (the CHA's, UPI's, M2M's upper unit
		 * mask), ch_mask and fc_mask (the IIO's port and function-class masks;
		 * uncore_snbep.c format_attr_ch_mask2, format_attr_fc_mask2). */
		{ "umask_ext", __builtin_offsetof(struct upm_ctl_layout, umask_ext), ~0ull },
		{ "ch_mask", __builtin_offsetof(struct upm_ctl_layout, port_mask), ~0ull },
		{ "fc_mask", __builtin_offsetof(struct upm_ctl_layout, fc_mask), ~0ull },
	};
	uint64_t v;
	for (unsigned i = 0; i < UPM_ARRAY_LEN(mods); i++) {
		if (upm_strcasecmp(t->key, mods[i].key) != 0)
			continue;
		if (mods[i].dflt == ~0ull && !t->has_value)
			return failf(err, n, "%s needs a value (%s=N)", t->key, t->key);
		const struct upm_bitfield *f =
			(const struct upm_bitfield *)((const char *)l + mods[i].off);
		if (term_value(t, mods[i].dflt, &v, err, n) < 0) {
			/* '-1' or a 25-digit number is a number out of range, not "not a number". */
			if (f->width && looks_numeric(t->value))
				upm_snprintf(err, n, "%s=%s is out of range: %s takes 0-%llu (0x%llx) on box %s", t->key,
					     t->value, t->key, (unsigned long long)upm_field_mask((struct upm_bitfield){ 0, f->width }),
					     (unsigned long long)upm_field_mask((struct upm_bitfield){ 0, f->width }),
					     o->box->name);
			return -1;
		}
		/* "event=0x102" on a box with an extra select bit: bit 8 is that bit. */
		if (i == 0 && v > 0xFF && l->ev_sel_ext.width && v <= 0x1FF) {
			if (set_field(o, l->ev_sel_ext, t, 1, err, n) < 0)
				return -1;
			v &= 0xFF;
			if (l->ev_sel_alt.width) /* the box's second select takes the code */
				f = &l->ev_sel_alt;
		}
		return set_field(o, *f, t, v, err, n);
	}
	if (o->box->index_term && upm_strcasecmp(t->key, o->box->index_term) == 0)
		return apply_index(o, t, err, n);
	for (unsigned i = 0; i < o->box->n_filters; i++) {
		const struct upm_filter_field *ff = &o->box->filters[i];
		if (upm_strcasecmp(t->key, ff->term) != 0)
			continue;
		if (!t->has_value)
			return failf(err, n, "%s needs a value (%s=N)", t->key, t->key);
		if (term_value(t, 0, &v, err, n) < 0)
			return -1;
		if (!upm_field_fits(ff->field, v)) {
			uint64_t top = upm_field_mask((struct upm_bitfield){ 0, ff->field.width });
			upm_snprintf(err, n, "%s=%s is out of range: %s takes 0-0x%llx on box %s", t->key, t->value,
				     t->key, (unsigned long long)top, o->box->name);
			return -1;
		}
		for (unsigned k = 0; k < o->n_filters; k++) {
			if (o->filters[k].field != ff)
				continue;
			if (o->filters[k].implied && o->filters[k].value == v)
				return 0; /* what the event sets anyway */
			if (o->filters[k].implied)
				return failf(err, n, "%s: the event sets it to another value (%s names the "
					     "event's own sub-configuration)", t->key, o->name);
			return failf(err, n, "%s given twice%s", t->key, "");
		}
		if (o->n_filters >= UPM_SPEC_MAX_FILTERS)
			return failf(err, n, "%s: too many filter terms%s", t->key, "");
		o->filters[o->n_filters].field = ff;
		o->filters[o->n_filters].value = v;
		o->n_filters++;
		return 0;
	}
	char near[120], terms[400];
	upm_alias_suggest_term(o->box, t->key, near, sizeof near);
	upm_alias_term_names(o->box, terms, sizeof terms);
	upm_snprintf(err, n, "unknown term '%s' for box %s (%s%s%s takes %s; see 'upmon list events --box %s')",
		     t->key, o->box->name, near, near[0] ? "; " : "", o->box->name, terms, o->box->name);
	return -1;
}

/* The control fields a named event fixes: its select, and with a named unit mask that
 * mask and the threshold it implies. An event named without a unit mask leaves umask to a
 * term ('CAS_COUNT,umask=0x3'). */
static uint64_t named_fields(const struct upm_spec *o)
{
	const struct upm_ctl_layout *l = &o->box->ctl_layout;
	if (!o->event)
		return 0;
	uint64_t m = upm_field_mask(l->ev_sel) | upm_field_mask(l->ev_sel_ext) | upm_field_mask(l->ev_sel_alt);
	if (o->umask)
		m |= upm_field_mask(l->umask) | (o->umask->thresh ? upm_field_mask(l->thresh) : 0);
	if (o->umask || o->event->named_alone) /* the name fixes the extension fields too */
		m |= upm_field_mask(l->umask_ext) | upm_field_mask(l->port_mask) | upm_field_mask(l->fc_mask);
	if (!o->umask && o->event->named_alone && o->event->umask)
		m |= upm_field_mask(l->umask);
	return m;
}

static int has_filter(const struct upm_spec *o, unsigned need)
{
	for (unsigned k = 0; k < o->n_filters; k++)
		if (o->filters[k].field->satisfies == need)
			return 1;
	return 0;
}

static const char *filter_hint(const struct upm_box_type *box, unsigned need)
{
	for (unsigned i = 0; i < box->n_filters; i++)
		if (box->filters[i].satisfies == need)
			return box->filters[i].term;
	return "a filter";
}

/* A named event's or unit mask's unit mask and extension fields into the control value:
 * a value the box's field cannot hold is a table error, never a silently cut mask. */
static int put_ext(struct upm_spec *o, uint64_t umask, uint64_t ext, uint64_t port, uint64_t fc, char *err,
		   unsigned long n)
{
	const struct upm_ctl_layout *l = &o->box->ctl_layout;
	const struct {
		const char *what;
		struct upm_bitfield f;
		uint64_t v;
	} parts[] = { { "umask_ext", l->umask_ext, ext }, { "ch_mask", l->port_mask, port },
		      { "fc_mask", l->fc_mask, fc } };
	o->ctl |= upm_field_put(l->umask, umask);
	for (unsigned i = 0; i < UPM_ARRAY_LEN(parts); i++) {
		if (!parts[i].v)
			continue;
		if (!upm_field_fits(parts[i].f, parts[i].v)) {
			upm_snprintf(err, n, "table error: %s's %s 0x%llx does not fit box %s's field (%u bits)",
				     o->event->name, parts[i].what, (unsigned long long)parts[i].v, o->box->name,
				     (unsigned)parts[i].f.width);
			return -1;
		}
		o->ctl |= upm_field_put(parts[i].f, parts[i].v);
	}
	return 0;
}

/* An event name, a fixed counter, or a free-running counter. */
static int apply_name(const struct upm_platform *p, struct upm_spec *o, const char *name, char *err,
		      unsigned long n)
{
	const struct upm_box_type *box = o->box;
	char ev_name[UPM_SPEC_NAME];
	const char *dot = upm_strchr(name, '.');
	size_t len = dot ? (size_t)(dot - name) : upm_strlen(name);

	if (upm_fixed_named(box, name)) {
		o->kind = UPM_SPEC_FIXED;
		upm_strlcpy(o->name, box->fixed_event, sizeof o->name);
		return 0;
	}
	for (unsigned i = 0; i < box->n_free_ctrs; i++) {
		if (upm_strcasecmp(name, box->free_ctrs[i].name) == 0) {
			o->kind = UPM_SPEC_FREE;
			o->free_ctr = &box->free_ctrs[i];
			upm_strlcpy(o->name, box->free_ctrs[i].name, sizeof o->name);
			return 0;
		}
	}
	if (len >= sizeof ev_name)
		return failf(err, n, "event name '%s' is too long%s", name, "");
	upm_memcpy(ev_name, name, len);
	ev_name[len] = 0;
	o->event = upm_event_find(box, ev_name);
	if (!o->event) {
		char near[160];
		upm_alias_suggest_event(p, box, ev_name, near, sizeof near);
		upm_snprintf(err, n, "unknown event '%s' for box %s (%s%ssee 'upmon list events --box %s')",
			     ev_name, box->name, near, near[0] ? "; " : "", box->name);
		return -1;
	}
	/* Events with ext go to the box's second select where it has one (M-Box). */
	int alt = o->event->ext && box->ctl_layout.ev_sel_alt.width;
	o->ctl |= upm_field_put(alt ? box->ctl_layout.ev_sel_alt : box->ctl_layout.ev_sel,
			       o->event->code & 0xFF);
	if (o->event->ext || o->event->code > 0xFF) {
		if (!box->ctl_layout.ev_sel_ext.width)
			return failf(err, n, "%s needs an extra select bit box %s does not have", ev_name,
				     box->name);
		o->ctl |= upm_field_put(box->ctl_layout.ev_sel_ext, 1);
	}
	if (add_subs(o, o->event->sub, o->event->n_sub, err, n) < 0)
		return -1;
	o->counters = o->event->counters;
	o->max_inc = o->event->max_inc;
	if (!dot && o->event->named_alone &&
	    put_ext(o, o->event->umask, o->event->umask_ext, o->event->port_mask, o->event->fc_mask, err, n) < 0)
		return -1;
	if (dot) {
		o->umask = upm_umask_find(o->event, dot + 1);
		if (!o->umask) {
			char near[192];
			upm_alias_suggest_umask(o->event, dot + 1, near, sizeof near);
			upm_snprintf(err, n, "event %s has no unit mask '%s' (%s%ssee 'upmon list events --box %s')",
				     o->event->name, dot + 1, near, near[0] ? "; " : "", box->name);
			return -1;
		}
		o->ctl |= upm_field_put(box->ctl_layout.thresh, o->umask->thresh);
		if (put_ext(o, o->umask->value, o->umask->umask_ext, o->umask->port_mask, o->umask->fc_mask, err,
			    n) < 0)
			return -1;
		if (o->umask->counters)
			o->counters = o->umask->counters;
		if (add_subs(o, o->umask->sub, o->umask->n_sub, err, n) < 0)
			return -1;
	}
	upm_snprintf(o->name, sizeof o->name, "%s%s%s", o->event->name, o->umask ? "." : "",
		     o->umask ? o->umask->name : "");
	return 0;
}

/* A box with per-port sub-configuration: the port is required and moves the event
 * select to that port's group; a spec may take the second home of its sub-configuration
 * when every register it uses has one. */
static int apply_ports(struct upm_spec *o, int raw_event, char *err, unsigned long n)
{
	const struct upm_box_type *b = o->box;
	const struct upm_bitfield ev = b->ctl_layout.ev_sel;
	uint64_t sel = upm_field_get(ev, o->ctl);
	if (b->index_term) {
		if (o->index < 0) {
			upm_snprintf(err, n, "%s: say which %s it watches: %s=N (0-%u)", o->text,
				     b->index_term, b->index_term, b->max_instances * b->n_index - 1);
			return -1;
		}
		if (raw_event && sel >= b->index_ev_step) {
			upm_snprintf(err, n, "%s: on box %s event= selects within one %s (0-%u); %s= picks "
				     "the %s", o->text, b->name, b->index_term, b->index_ev_step - 1u,
				     b->index_term, b->index_term);
			return -1;
		}
		sel += (uint64_t)b->index_ev_step * (unsigned)o->index;
	}
	if (b->alt_ev_add && raw_event && (sel % (2u * b->alt_ev_add)) >= b->alt_ev_add) {
		upm_snprintf(err, n, "%s: event=0x%llx selects a second home; give the first (0x%llx) "
			     "and the scheduler picks the home", o->text, (unsigned long long)sel,
			     (unsigned long long)(sel - b->alt_ev_add));
		return -1;
	}
	if (!upm_field_fits(ev, sel))
		return failf(err, n, "%s: the event select does not fit%s", o->text, "");
	o->ctl = (o->ctl & ~upm_field_mask(ev)) | upm_field_put(ev, sel);
	int movable = b->n_alt_slots && o->n_filters;
	for (unsigned f = 0; f < o->n_filters && movable; f++) {
		int found = 0;
		for (unsigned k = 0; k < b->n_alt_slots; k++)
			found |= b->alt_slots[k].from == o->filters[f].field->reg;
		movable = found;
	}
	o->n_homes = movable ? 2 : 1;
	return 0;
}

static int parse_own(const struct upm_platform *p, const char *text, const char *written, struct upm_spec *o,
		     char *err, unsigned long n);

static unsigned terms_in(const char *text)
{
	unsigned n = 0;
	for (; *text; text++)
		n += *text == ',';
	return n;
}

/* The display name is the first term as written ("UNC_Q_MESSAGE.DRS.WbIData" of
 * "qpi1/UNC_Q_MESSAGE.DRS.WbIData,edge/"). */
static void name_as_written(struct upm_spec *o, const char *text)
{
	const char *slash = upm_strchr(text, '/');
	const char *t = slash ? slash + 1 : text;
	size_t len = 0;
	while (t[len] && t[len] != ',' && t[len] != '/')
		len++;
	if (len && len < sizeof o->name)
		upm_snprintf(o->name, sizeof o->name, "%.*s", (int)len, t);
}

/* Other programs' spellings become upmon's first (core/events/alias.h); the spec keeps
 * the text as the user wrote it. A name that stands for an event with terms of its own
 * (a QPI packet preset: CTO_COUNT with its match/mask values) keeps that name for
 * display, as the event's name would not tell two such presets apart. */
unsigned long upm_spec_parses;

int upm_spec_parse(const struct upm_platform *p, const char *text, struct upm_spec *o, char *err,
		   unsigned long n)
{
	char own[128];
	upm_spec_parses++;
	upm_memset(o, 0, sizeof *o);
	if (upm_alias_resolve(p, text, own, sizeof own, err, n) < 0)
		return -1;
	int rc = parse_own(p, own, text, o, err, n);
	upm_strlcpy(o->text, text, sizeof o->text);
	if (rc == 0 && o->kind == UPM_SPEC_GENERAL && terms_in(own) > terms_in(text))
		name_as_written(o, text);
	return rc;
}

/* written: the spec as the user wrote it, for advice in their spelling. */
static int parse_own(const struct upm_platform *p, const char *text, const char *written, struct upm_spec *o,
		     char *err, unsigned long n)
{
	size_t len = upm_strlen(text);
	upm_memset(o, 0, sizeof *o);
	o->index = -1;
	upm_strlcpy(o->text, text, sizeof o->text);

	const char *slash = upm_strchr(text, '/');
	if (!slash || len < 4 || text[len - 1] != '/' || slash == text || slash >= text + len - 2)
		return failf(err, n, "malformed event spec '%s': expected BOX/EVENT[,TERMS]/%s", text, "");
	o->box = parse_box(p, text, (size_t)(slash - text), &o->instance);
	if (!o->box) {
		upm_snprintf(err, n, "no box '%.*s' on %s (see 'upmon list boxes')", (int)(slash - text),
			     text, p->name);
		return -1;
	}
	if (o->instance >= (int)o->box->max_instances) {
		upm_snprintf(err, n, "box %s has instances 0-%u on %s, not %d", o->box->name,
			     o->box->max_instances - 1, p->name, o->instance);
		return -1;
	}
	o->counters = (uint8_t)((1u << o->box->n_ctrs) - 1);

	/* Terms between the slashes; no slash may appear inside. */
	const char *t = slash + 1, *end = text + len - 1;
	int first = 1, raw_event = 0, named = 0;
	while (t < end) {
		const char *comma = t;
		while (comma < end && *comma != ',')
			comma++;
		if (upm_strchr(t, '/') < comma)
			return failf(err, n, "malformed event spec '%s': stray '/'%s", text, "");
		if (comma == t || comma + 1 == end)
			return failf(err, n, "empty term in '%s' (a %s ','): remove the extra comma", text,
				     comma == t ? "doubled" : "trailing");
		struct term term;
		int split = split_term(t, (size_t)(comma - t), &term);
		if (split == -2) {
			upm_snprintf(err, n, "%s= in '%s' has an empty value: write %s=N", term.key, text, term.key);
			return -1;
		}
		if (split < 0)
			return failf(err, n, "malformed term in '%s'%s", text, "");
		if (first && !term.has_value) {
			if (apply_name(p, o, term.key, err, n) < 0)
				return -1;
			named = 1;
			o->ctl_named = named_fields(o);
		} else {
			if (o->kind != UPM_SPEC_GENERAL)
				return failf(err, n, "%s takes no terms (%s)", o->name, term.key);
			if (apply_modifier(o, &term, err, n) < 0)
				return -1;
			raw_event |= upm_strcasecmp(term.key, "event") == 0;
		}
		first = 0;
		t = comma + 1;
	}
	if (named && raw_event)
		return failf(err, n, "'%s' names an event and gives event= too%s", text, "");
	if (!named && !raw_event)
		return failf(err, n, "'%s' names no event (give a name or event=0xNN)%s", text, "");
	if (o->kind != UPM_SPEC_GENERAL)
		return 0;
	if (!o->box->n_ctrs)
		return failf(err, n, "box %s has no general counters%s", o->box->name, "");
	if (raw_event)
		upm_snprintf(o->name, sizeof o->name, "event=0x%llx,umask=0x%llx",
			     (unsigned long long)upm_ctl_code(o->box, o->ctl),
			     (unsigned long long)upm_field_get(o->box->ctl_layout.umask, o->ctl));
	if (o->event && o->event->n_umasks && !o->umask && !o->event->named_alone &&
	    !upm_field_get(o->box->ctl_layout.umask, o->ctl)) {
		upm_snprintf(err, n, "event %s needs a unit mask: %s.%s or umask=N", o->event->name,
			     o->event->name, o->event->umasks[0].name);
		return -1;
	}
	unsigned needs = o->umask && o->umask->filter ? o->umask->filter : o->event ? o->event->filter : 0;
	for (unsigned need = 1; need <= needs; need <<= 1) {
		if (!(needs & need))
			continue;
		const char *hint = filter_hint(o->box, need);
		char usual[64] = "VALUE", value[24] = "VALUE";
		/* Every state is the usual choice (the field's bits all set). */
		for (unsigned i = 0; need == UPM_FILT_CBO_STATE && i < o->box->n_filters; i++)
			if (o->box->filters[i].satisfies == need) {
				upm_snprintf(value, sizeof value, "0x%llx",
					     (unsigned long long)upm_field_mask((struct upm_bitfield){
						     0, o->box->filters[i].field.width }));
				upm_snprintf(usual, sizeof usual, "%s (every state)", value);
			}
		if (!has_filter(o, need) && !upm_strchr(written, '/')) {
			/* A perfmon name alone has no slashes to add a term between: the
			 * spelling that takes one, with the name as written. */
			upm_snprintf(err, n, "%s counts only through its filter: write %s/%s,%s=%s/%s", written,
				     o->box->name, written, hint, value,
				     need == UPM_FILT_CBO_STATE ? " (every state)" : "");
			return -1;
		}
		if (!has_filter(o, need)) {
			upm_snprintf(err, n, "%s counts only through its filter: add %s=%s", o->name, hint, usual);
			return -1;
		}
		/* A state filter of 0 selects no state: the event could only count 0. */
		for (unsigned k = 0; need == UPM_FILT_CBO_STATE && k < o->n_filters; k++)
			if (o->filters[k].field->satisfies == need && o->filters[k].value == 0) {
				upm_snprintf(err, n, "%s with %s=0 selects no state and counts nothing: give the states "
						     "to count, %s=%s", o->name, hint, hint, usual);
				return -1;
			}
	}
	if (upm_field_get(o->box->ctl_layout.tid_en, o->ctl) && !has_filter(o, UPM_FILT_CBO_TID))
		return failf(err, n, "tid_en needs filter_tid=N%s%s", "", "");
	if (apply_ports(o, raw_event, err, n) < 0)
		return -1;
	o->ctl |= upm_field_put(o->box->ctl_layout.en, 1) | upm_field_put(o->box->ctl_layout.occ_rst, 1) |
		  upm_field_put(o->box->ctl_layout.wrap, 1);
	/* A 32-bit control register would drop the fields above bit 31 (umask_ext, ch_mask,
	 * fc_mask): the box's counter controls must be 64 bits wide to take them. */
	if ((o->ctl >> 32) && o->box->ctl_width < 64) {
		upm_snprintf(err, n, "%s sets control bits above 31 (0x%llx) that box %s's %u-bit counter control "
			     "does not hold: leave out umask_ext=, ch_mask= and fc_mask=", o->name,
			     (unsigned long long)o->ctl, o->box->name, o->box->ctl_width ? o->box->ctl_width : 32);
		return -1;
	}
	return 0;
}

/* The length of perf's event modifiers at s ("u", ":k", "uk", ...; perf-list(1), event
 * modifiers: u k h I G H p P S D W e b) up to the next comma or the end; 0 when s holds
 * anything else. */
static size_t perf_modifiers_len(const char *s)
{
	size_t i = *s == ':';
	size_t first = i;
	for (; s[i] && s[i] != ','; i++)
		if (!upm_strchr("ukhIGHpPSDWeb", s[i]))
			return 0;
	return i > first ? i : 0;
}

/* perf's modifiers select privilege levels, host or guest, precision or pinning: an
 * uncore counter counts the whole socket at every level, so none of them applies. */
static int refuse_perf_modifiers(const char *spec, size_t spec_len, const char *mods, size_t mods_len,
				 char *err, unsigned long n)
{
	upm_snprintf(err, n,
		     "perf's event modifier '%.*s' after '%.*s' does not apply: an uncore counter counts the "
		     "whole socket at every privilege level; leave it out (%.*s)",
		     (int)mods_len, mods, (int)spec_len, spec, (int)spec_len, spec);
	return -1;
}

int upm_spec_parse_each(const struct upm_platform *p, const char *text, unsigned max, upm_spec_each_fn fn,
			void *ctx, char *err, unsigned long n)
{
	unsigned count = 0;
	const char *s = text;
	struct upm_spec one_spec;
	/* An empty item (",imc/..", "..,,..", "..,") is a slip of the comma, refused alike
	 * wherever it is: a trailing one would otherwise be dropped unseen. */
	if (*s == ',')
		return failf(err, n, "empty event spec at the start (a leading ','): remove the comma%s%s", "", "");
	/* perf's event group, "{a/../,b/../}" (perf-list(1), event grouping): a pass already
	 * counts its events over one window, so braces add nothing. */
	if (*s == '{' || (*s && s[upm_strlen(s) - 1] == '}'))
		return failf(err, n, "perf's group braces '{...}' are not taken: upmon counts the events of a pass "
			     "over one window already; leave the braces out%s%s", "", "");
	while (*s) {
		/* A spec runs to its second slash; a perfmon name alone, to the next comma. */
		size_t len = upm_alias_spec_len(s);
		char one[128];
		if (len >= sizeof one)
			return failf(err, n, "event spec too long: '%.40s...'%s", s, "");
		if (count >= max)
			return failf(err, n, "too many event specs (at most %s)%s", "64", "");
		upm_memcpy(one, s, len);
		one[len] = 0;
		/* A perfmon name with perf's ':u' (the name alone runs to the comma). */
		const char *colon = upm_strchr(one, ':');
		if (!upm_strchr(one, '/') && colon && perf_modifiers_len(colon))
			return refuse_perf_modifiers(one, (size_t)(colon - one), colon, upm_strlen(colon), err, n);
		if (upm_spec_parse(p, one, &one_spec, err, n) < 0)
			return -1;
		fn(ctx, &one_spec, (unsigned long)(s - text));
		count++;
		s += len;
		if (*s == ',' && (s[1] == ',' || !s[1]))
			return failf(err, n, "empty event spec after '%s' (a %s ','): remove the extra comma", one,
				     s[1] ? "doubled" : "trailing");
		if (*s == ',')
			s++;
		else if (perf_modifiers_len(s))
			return refuse_perf_modifiers(one, len, s, perf_modifiers_len(s), err, n);
		else if (*s)
			return failf(err, n, "expected ',' after '%s'%s", one, "");
	}
	if (!count)
		return failf(err, n, "no event specs given%s%s", "", "");
	return (int)count;
}

/* upm_spec_parse_list's step: each spec into the next place of the array. */
struct into_array {
	struct upm_spec *out;
	unsigned n;
};

static void into_array(void *ctx, const struct upm_spec *sp, unsigned long at)
{
	struct into_array *a = ctx;
	(void)at;
	a->out[a->n++] = *sp;
}

int upm_spec_parse_list(const struct upm_platform *p, const char *text, struct upm_spec *out,
			unsigned max, char *err, unsigned long n)
{
	struct into_array a = { out, 0 };
	return upm_spec_parse_each(p, text, max, into_array, &a, err, n);
}
