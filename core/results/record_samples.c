/* The samples of `run --interval` in the results record (record.h): the session they were
 * taken from, and each metric over each kept sample's window, computed once here so the
 * console's end, interval.csv and the rest render them. */
#include "core/results/record.h"

void upm_record_add_samples(struct upm_record *rec, const struct upm_session *s, const struct upm_samples *sm)
{
	rec->samples = sm;
	rec->sampled = s;
	unsigned sockets = s->run->n_sockets, slots = s->n_metrics * sockets;
	if (!slots || !sm->n_ticks)
		return;
	unsigned ticks = sm->n_ticks;
	if ((uint64_t)ticks * slots > UPM_RECORD_MAX_SAMPLE_METRICS) {
		ticks = UPM_RECORD_MAX_SAMPLE_METRICS / slots;
		rec->sample_metrics_short = 1;
	}
	struct upm_metric_value *v = upm_os_alloc(slots * sizeof *v);
	rec->sample_metrics = ticks ? upm_os_alloc((size_t)ticks * slots * sizeof *rec->sample_metrics) : NULL;
	if (!v || !rec->sample_metrics) {
		upm_os_free(v);
		upm_os_free(rec->sample_metrics);
		rec->sample_metrics = NULL;
		rec->sample_metrics_short = 1;
		return;
	}
	rec->n_sample_slots = slots;
	upm_memset(rec->sample_metrics, 0, (size_t)ticks * slots * sizeof *rec->sample_metrics);
	for (unsigned i = 0; i < ticks; i++) {
		const size_t at = (size_t)i * sm->n_counts;
		unsigned n = upm_metrics_compute_sample(s, sm->values + at, sm->flags + at, sm->ticks[i].window_ns, v, slots);
		struct upm_record_sample_metric *row = &rec->sample_metrics[(size_t)i * slots];
		for (unsigned j = 0; j < slots; j++) /* a metric that did not compile: no value */
			row[j].why = "not counted";
		for (unsigned k = 0; k < n; k++) {
			unsigned m = 0;
			while (m < s->n_metrics && s->metrics[m] != v[k].metric)
				m++;
			if (m == s->n_metrics || v[k].socket >= sockets)
				continue;
			struct upm_record_sample_metric *e = &row[m * sockets + v[k].socket];
			e->value = v[k].value;
			e->valid = (uint8_t)v[k].valid;
			e->why = v[k].why;
			e->instances = (uint16_t)v[k].instances;
			e->of_instances = (uint16_t)v[k].of_instances;
			e->not_counted = !v[k].instances && v[k].not_counted != UPM_OK
						 ? upm_count_status_name(v[k].not_counted) : NULL;
			if (v[k].box && !rec->sample_metric_box[m])
				rec->sample_metric_box[m] = v[k].box;
		}
	}
	rec->n_sample_metric_ticks = ticks;
	upm_os_free(v);
}
