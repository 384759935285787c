/* A fleet of runs (fleet.h): read from a source, a machine's older runs set aside, the
 * numbers grouped into series by SKU, platform, command and number, and each series'
 * statistics and outliers settled once, for the writers. */
#include "core/fleet/fleet.h"

#define HASH_SLOTS (2u * UPM_FLEET_MAX_SERIES)

void upm_fleet_init(struct upm_fleet *f, const char *dir)
{
	upm_memset(f, 0, sizeof *f);
	upm_strlcpy(f->dir, dir ? dir : "", sizeof f->dir);
}

int upm_fleet_add(struct upm_fleet *f, struct upm_fleet_run *run)
{
	if (f->n_runs == f->cap_runs) {
		unsigned cap = f->cap_runs ? f->cap_runs * 2 : 64;
		struct upm_fleet_run *bigger = upm_os_alloc(cap * sizeof *bigger);
		if (!bigger)
			return -1;
		if (f->runs) {
			upm_memcpy(bigger, f->runs, f->n_runs * sizeof *bigger);
			upm_os_free(f->runs);
		}
		f->runs = bigger;
		f->cap_runs = cap;
	}
	f->runs[f->n_runs++] = *run;
	run->metrics = NULL; /* taken over */
	run->n_metrics = 0;
	return 0;
}

int upm_fleet_read(struct upm_fleet *f, struct upm_fleet_source *src, char *why, size_t why_size)
{
	const char *name;
	void *data;
	size_t len;
	char read_why[200];
	struct upm_fleet_run *run = upm_os_alloc(sizeof *run);
	if (!run) {
		upm_snprintf(why, why_size, "out of memory");
		return -1;
	}
	f->found = src->found;
	upm_strlcpy(f->left_out, src->left_out, sizeof f->left_out);
	int rc = 0;
	while (src->next(src, &name, &data, &len, read_why, sizeof read_why) == 1) {
		upm_fleet_run_read(name, data, len, read_why, run);
		upm_os_free(data);
		if (upm_fleet_add(f, run) < 0) {
			upm_fleet_run_free(run);
			upm_snprintf(why, why_size, "out of memory after %u runs", f->n_runs);
			rc = -1;
			break;
		}
	}
	upm_os_free(run);
	return rc;
}

/* Whether run b is a later run than a (by start time, then path). */
static int later(const struct upm_fleet_run *a, const struct upm_fleet_run *b)
{
	int c = upm_strcmp(b->start, a->start);
	return c > 0 || (c == 0 && upm_strcmp(b->path, a->path) > 0);
}

static int same_machine(const struct upm_fleet_run *a, const struct upm_fleet_run *b)
{
	return upm_strcmp(a->serial, "unknown") != 0 && upm_strcmp(a->serial, b->serial) == 0 &&
	       upm_strcmp(a->sku, b->sku) == 0 && upm_strcmp(a->platform, b->platform) == 0 &&
	       upm_strcmp(a->command, b->command) == 0;
}

static void supersede(struct upm_fleet *f)
{
	for (unsigned i = 0; i < f->n_runs; i++) {
		struct upm_fleet_run *a = &f->runs[i];
		if (a->state != UPM_FLEET_COMPARED)
			continue;
		const struct upm_fleet_run *latest = NULL;
		for (unsigned k = 0; k < f->n_runs; k++) {
			const struct upm_fleet_run *b = &f->runs[k];
			if (k != i && b->state == UPM_FLEET_COMPARED && same_machine(a, b) && later(a, b) &&
			    (!latest || later(latest, b)))
				latest = b;
		}
		if (latest) {
			a->state = UPM_FLEET_SUPERSEDED;
			upm_snprintf(a->why, sizeof a->why, "an older run of %s %s: its latest, %s, counts", a->serial,
				     a->command, latest->folder);
		}
	}
	/* Superseded runs' numbers are not kept. */
	for (unsigned i = 0; i < f->n_runs; i++)
		if (f->runs[i].state == UPM_FLEET_SUPERSEDED)
			upm_fleet_run_free(&f->runs[i]);
}

static uint32_t mix(uint32_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u; /* FNV-1a */
	return (h ^ 0xff) * 16777619u;
}

static uint32_t mix_int(uint32_t h, int v)
{
	for (unsigned k = 0; k < 4; k++)
		h = (h ^ (uint8_t)((unsigned)v >> (8 * k))) * 16777619u;
	return h;
}

static uint32_t key_hash(const struct upm_fleet_run *r, const struct upm_fleet_metric *m)
{
	uint32_t h = 2166136261u;
	h = mix(mix(mix(h, r->sku), r->platform), r->command);
	h = mix(mix(mix(h, m->name), m->box), m->unit);
	return mix_int(mix_int(h, m->instance), m->socket);
}

static int same_key(const struct upm_fleet_series *s, const struct upm_fleet_run *r, const struct upm_fleet_metric *m)
{
	const struct upm_fleet_metric *k = s->key;
	return k->instance == m->instance && k->socket == m->socket && upm_strcmp(k->name, m->name) == 0 &&
	       upm_strcmp(k->box, m->box) == 0 && upm_strcmp(k->unit, m->unit) == 0 &&
	       upm_strcmp(s->first->sku, r->sku) == 0 && upm_strcmp(s->first->platform, r->platform) == 0 &&
	       upm_strcmp(s->first->command, r->command) == 0;
}

static int push(struct upm_fleet_series *s, double v, unsigned run)
{
	if (s->n == s->cap) {
		unsigned cap = s->cap ? s->cap * 2 : 16;
		double *values = upm_os_alloc(cap * sizeof *values);
		unsigned *runs = upm_os_alloc(cap * sizeof *runs);
		if (!values || !runs) {
			upm_os_free(values);
			upm_os_free(runs);
			return -1;
		}
		if (s->n) {
			upm_memcpy(values, s->values, s->n * sizeof *values);
			upm_memcpy(runs, s->runs, s->n * sizeof *runs);
		}
		upm_os_free(s->values);
		upm_os_free(s->runs);
		s->values = values;
		s->runs = runs;
		s->cap = cap;
	}
	s->values[s->n] = v;
	s->runs[s->n] = run;
	s->n++;
	return 0;
}

static int cmp_series(const struct upm_fleet_series *a, const struct upm_fleet_series *b)
{
	int c;
	if ((c = upm_strcmp(a->first->sku, b->first->sku)) || (c = upm_strcmp(a->first->platform, b->first->platform)) ||
	    (c = upm_strcmp(a->first->command, b->first->command)) || (c = upm_strcmp(a->key->name, b->key->name)) ||
	    (c = upm_strcmp(a->key->box, b->key->box)))
		return c;
	if (a->key->socket != b->key->socket)
		return a->key->socket < b->key->socket ? -1 : 1;
	if (a->key->instance != b->key->instance)
		return a->key->instance < b->key->instance ? -1 : 1;
	return upm_strcmp(a->key->unit, b->key->unit);
}

static void sort_series(struct upm_fleet_series *s, unsigned n)
{
	for (unsigned gap = n / 2; gap > 0; gap /= 2)
		for (unsigned i = gap; i < n; i++) {
			struct upm_fleet_series t = s[i];
			unsigned k = i;
			for (; k >= gap && cmp_series(&s[k - gap], &t) > 0; k -= gap)
				s[k] = s[k - gap];
			s[k] = t;
		}
}

static int build_series(struct upm_fleet *f)
{
	int32_t *slots = upm_os_alloc(HASH_SLOTS * sizeof *slots);
	unsigned cap = 0;
	if (!slots)
		return -1;
	for (unsigned i = 0; i < HASH_SLOTS; i++)
		slots[i] = -1;
	int rc = 0;
	for (unsigned r = 0; r < f->n_runs && rc == 0; r++) {
		const struct upm_fleet_run *run = &f->runs[r];
		if (run->state != UPM_FLEET_COMPARED)
			continue;
		for (unsigned k = 0; k < run->n_metrics && rc == 0; k++) {
			const struct upm_fleet_metric *m = &run->metrics[k];
			uint32_t h = key_hash(run, m) & (HASH_SLOTS - 1);
			while (slots[h] >= 0 && !same_key(&f->series[slots[h]], run, m))
				h = (h + 1) & (HASH_SLOTS - 1);
			if (slots[h] < 0) {
				if (f->n_series >= UPM_FLEET_MAX_SERIES) {
					f->series_cut = 1;
					continue;
				}
				if (f->n_series == cap) {
					unsigned bigger_cap = cap ? cap * 2 : 64;
					struct upm_fleet_series *bigger = upm_os_alloc(bigger_cap * sizeof *bigger);
					if (!bigger) {
						rc = -1;
						break;
					}
					if (f->series) {
						upm_memcpy(bigger, f->series, f->n_series * sizeof *bigger);
						upm_os_free(f->series);
					}
					f->series = bigger;
					cap = bigger_cap;
				}
				struct upm_fleet_series *s = &f->series[f->n_series];
				upm_memset(s, 0, sizeof *s);
				s->key = m;
				s->first = run;
				slots[h] = (int32_t)f->n_series++;
			}
			/* A run with the same number twice (it should not) counts it once. */
			struct upm_fleet_series *s = &f->series[slots[h]];
			if (s->n && s->runs[s->n - 1] == r)
				continue;
			if (push(s, m->value, r) < 0)
				rc = -1;
		}
	}
	upm_os_free(slots);
	return rc;
}

void upm_fleet_each_outlier(const struct upm_fleet *f, upm_fleet_outlier_fn *fn, void *ctx)
{
	for (unsigned i = 0; i < f->n_series; i++) {
		const struct upm_fleet_series *s = &f->series[i];
		for (unsigned k = 0; k < s->n; k++)
			if (s->outlier[k])
				fn(ctx, s, k, &f->runs[s->runs[k]]);
	}
}

int upm_fleet_off_pct(const struct upm_fleet_stats *st, double x, double *pct)
{
	double m = st->median < 0 ? -st->median : st->median;
	if (m == 0)
		return 0;
	*pct = 100.0 * (x - st->median) / m;
	return 1;
}

int upm_fleet_compare(struct upm_fleet *f)
{
	supersede(f);
	for (unsigned i = 0; i < f->n_runs; i++)
		f->n_state[f->runs[i].state]++;
	f->n_machines = f->n_state[UPM_FLEET_COMPARED];
	/* Groups: distinct (sku, platform) among the compared runs. */
	for (unsigned i = 0; i < f->n_runs; i++) {
		const struct upm_fleet_run *a = &f->runs[i];
		int seen = 0;
		for (unsigned k = 0; k < i && !seen && a->state == UPM_FLEET_COMPARED; k++)
			seen = f->runs[k].state == UPM_FLEET_COMPARED && upm_strcmp(f->runs[k].sku, a->sku) == 0 &&
			       upm_strcmp(f->runs[k].platform, a->platform) == 0;
		f->n_groups += a->state == UPM_FLEET_COMPARED && !seen;
	}
	if (build_series(f) < 0)
		return -1;
	for (unsigned i = 0; i < f->n_series; i++) {
		struct upm_fleet_series *s = &f->series[i];
		s->outlier = upm_os_alloc(s->n ? s->n : 1);
		if (!s->outlier || upm_fleet_stats_of(s->values, s->n, &s->st) < 0)
			return -1;
		for (unsigned k = 0; k < s->n; k++) {
			s->outlier[k] = (unsigned char)upm_fleet_is_outlier(&s->st, s->values[k]);
			s->n_outliers += s->outlier[k];
		}
		f->n_outliers += s->n_outliers;
	}
	sort_series(f->series, f->n_series);
	return 0;
}

void upm_fleet_free(struct upm_fleet *f)
{
	for (unsigned i = 0; i < f->n_series; i++) {
		upm_os_free(f->series[i].values);
		upm_os_free(f->series[i].runs);
		upm_os_free(f->series[i].outlier);
	}
	upm_os_free(f->series);
	for (unsigned i = 0; i < f->n_runs; i++)
		upm_fleet_run_free(&f->runs[i]);
	upm_os_free(f->runs);
	upm_memset(f, 0, sizeof *f);
}
