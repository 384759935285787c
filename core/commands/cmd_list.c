/* `list boxes`, `list events [--box B] [--format csv]`, `list metrics`, `list groups`. */
#include "core/commands/commands.h"
#include "core/events/spec.h"

static void counters_text(uint8_t mask, char *buf, unsigned long size)
{
	size_t n = 0;
	buf[0] = 0;
	for (unsigned c = 0; c < 8; c++) {
		if (!((mask >> c) & 1))
			continue;
		unsigned last = c;
		while (last + 1 < 8 && ((mask >> (last + 1)) & 1))
			last++;
		n += (size_t)upm_snprintf(buf + n, size - n, n ? " %u" : "%u", c);
		if (last > c)
			n += (size_t)upm_snprintf(buf + n, size - n, "-%u", last);
		c = last;
	}
}

static void list_boxes(struct upm_run *r)
{
	const struct upm_platform *p = r->platform;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct upm_box_type *t = p->boxes[i];
		upm_say(r, "%-8s %-4s x%-2u %u counters of %u bits%s%s  %s", t->name,
			t->space == UPM_SPACE_MSR ? "msr" : t->space == UPM_SPACE_PCI ? "pci" : "mmio",
			t->max_instances, t->n_ctrs, t->ctr_width,
			t->fixed_ctr != UPM_NO_REG ? ", fixed " : "",
			t->fixed_ctr != UPM_NO_REG ? t->fixed_event : "", t->title);
	}
}

static void list_events(struct upm_run *r, const char *box, int csv)
{
	const struct upm_platform *p = r->platform;
	if (csv)
		upm_say(r, "platform,box,event,code,umask,counters");
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct upm_box_type *t = p->boxes[i];
		if (box && upm_strcasecmp(box, t->name) != 0)
			continue;
		for (unsigned e = 0; e < *t->n_events; e++) {
			const struct upm_event_def *ev = &t->events[e];
			char ctrs[32], code[8];
			counters_text(ev->counters, ctrs, sizeof ctrs);
			upm_snprintf(code, sizeof code, "0x%02x", ev->code | (ev->ext ? 0x100 : 0));
			unsigned n = ev->n_umasks ? ev->n_umasks : 1;
			for (unsigned u = 0; u < n; u++) {
				const struct upm_umask *um = ev->n_umasks ? &ev->umasks[u] : NULL;
				char name[80], umask[8] = "";
				upm_snprintf(name, sizeof name, "%s%s%s", ev->name, um ? "." : "", um ? um->name : "");
				if (um)
					upm_snprintf(umask, sizeof umask, "0x%02x", um->value);
				/* Sub-configuration the event and unit mask set (M-Box, R-Box), and the
				 * per-port term the box asks for. */
				char sub[160] = "";
				size_t k = 0;
				for (unsigned j = 0; j < ev->n_sub + (um ? um->n_sub : 0u) && k < sizeof sub; j++) {
					const struct upm_sub_setting *ss = j < ev->n_sub ? &ev->sub[j] : &um->sub[j - ev->n_sub];
					k += (size_t)upm_snprintf(sub + k, sizeof sub - k, "%s%s=0x%llx", k ? "," : "  sub: ",
								  ss->term, (unsigned long long)ss->value);
				}
				if (t->index_term && k < sizeof sub)
					upm_snprintf(sub + k, sizeof sub - k, "%s%s=N", k ? "," : "  needs ", t->index_term);
				if (csv)
					upm_say(r, "%s,%s,%s,%s,%s,%s", p->name, t->name, name, code, umask, ctrs);
				else
					upm_say(r, "%-7s %-44s %-6s %-5s ctr %s%s", t->name, name, code, umask, ctrs, sub);
			}
		}
		if (t->fixed_ctr != UPM_NO_REG) {
			if (csv)
				upm_say(r, "%s,%s,%s,fixed,,fixed", p->name, t->name, t->fixed_event);
			else
				upm_say(r, "%-7s %-44s fixed counter", t->name, t->fixed_event);
		}
		for (unsigned f = 0; f < t->n_free_ctrs; f++) {
			if (csv)
				upm_say(r, "%s,%s,%s,free,,free", p->name, t->name, t->free_ctrs[f].name);
			else
				upm_say(r, "%-7s %-44s free-running counter", t->name, t->free_ctrs[f].name);
		}
	}
}

static void list_metrics(struct upm_run *r)
{
	const struct upm_platform *p = r->platform;
	for (unsigned i = 0; p->metrics && i < *p->n_metrics; i++) {
		const struct upm_metric *m = &p->metrics[i];
		upm_say(r, "%-22s %s: %s%s%s [%s]", m->name, m->desc, m->numerator,
			m->denominator ? " / " : " per second",
			m->denominator ? m->denominator : "", m->unit);
	}
}

/* Each group: its name and question, then what `run --group NAME` counts. */
static void list_groups(struct upm_run *r)
{
	const struct upm_platform *p = r->platform;
	unsigned n = p->n_groups ? *p->n_groups : 0;
	if (!n)
		upm_say(r, "%s has no event groups", p->name);
	for (unsigned i = 0; i < n; i++) {
		const struct upm_group *g = &p->groups[i];
		upm_say(r, "%-6s %s", g->name, g->question);
		if (g->events)
			upm_say(r, "       events:  %s", g->events);
		if (g->metrics)
			upm_say(r, "       metrics: %s", g->metrics);
	}
}

int upm_cmd_list(struct upm_run *r)
{
	const char *what = r->opts.cmd_argc > 0 ? r->opts.cmd_argv[0] : NULL;
	const char *box = NULL;
	int csv = 0;
	if (!r->platform) {
		upm_error(r, "unsupported processor: use --platform NAME to list a platform's tables");
		return UPM_EXIT_USAGE;
	}
	for (int i = 1; i < r->opts.cmd_argc; i++) {
		const char *a = r->opts.cmd_argv[i];
		const char *v = i + 1 < r->opts.cmd_argc ? r->opts.cmd_argv[i + 1] : NULL;
		if (upm_strcmp(a, "--box") == 0 && v) {
			box = v;
			i++;
		} else if (upm_strcmp(a, "--format") == 0 && v && (upm_strcmp(v, "csv") == 0 || upm_strcmp(v, "text") == 0)) {
			csv = upm_strcmp(v, "csv") == 0;
			i++;
		} else {
			upm_error(r, "list: unknown argument '%s' (use --box NAME, --format csv|text)", a);
			return UPM_EXIT_USAGE;
		}
	}
	if (box && !upm_platform_box(r->platform, box)) {
		upm_error(r, "list: no box '%s' on %s (see 'upmon list boxes')", box, r->platform->name);
		return UPM_EXIT_USAGE;
	}
	if (what && upm_strcmp(what, "boxes") == 0)
		list_boxes(r);
	else if (what && upm_strcmp(what, "events") == 0)
		list_events(r, box, csv);
	else if (what && upm_strcmp(what, "metrics") == 0)
		list_metrics(r);
	else if (what && upm_strcmp(what, "groups") == 0)
		list_groups(r);
	else {
		upm_error(r, "list: say what to list: boxes, events, metrics or groups");
		return UPM_EXIT_USAGE;
	}
	return UPM_EXIT_OK;
}
