#include "core/results/interval.h"
#include "core/results/markup.h"
#include "core/results/record.h"

static double seconds_of(uint64_t ns)
{
	return (double)ns / 1e9;
}

static double rate_of(uint64_t count, uint64_t window_ns)
{
	return window_ns ? (double)count * 1e9 / (double)window_ns : 0.0;
}

static const char *flag_name(uint8_t f)
{
	if (f & UPM_SAMPLE_FAILED)
		return "failed";
	if (f & UPM_SAMPLE_ALL_ONES) /* what a read found stands in a dry run too */
		return "all-ones";
	if (f & UPM_SAMPLE_DRY_RUN)
		return "dry-run";
	if (f & UPM_SAMPLE_STUCK)
		return "stuck";
	return f & UPM_SAMPLE_OVERFLOWED ? "overflowed" : "ok";
}

void upm_interval_time(const struct upm_samples *sm, unsigned i, char *buf, unsigned long size)
{
	if (!sm->start_wall_ok || i >= sm->n_ticks) {
		if (size)
			buf[0] = 0;
		return;
	}
	struct upm_wall_time t;
	unsigned ms;
	upm_wall_time_add(&sm->start_wall, sm->ticks[i].t_ns, &t, &ms);
	char zone[8] = "";
	if (t.tz_known && t.tz_minutes == 0) {
		upm_strlcpy(zone, "Z", sizeof zone);
	} else if (t.tz_known) {
		int m = t.tz_minutes < 0 ? -t.tz_minutes : t.tz_minutes;
		upm_snprintf(zone, sizeof zone, "%c%02d:%02d", t.tz_minutes < 0 ? '-' : '+', m / 60, m % 60);
	}
	upm_snprintf(buf, size, "%04u-%02u-%02uT%02u:%02u:%02u.%03u%s", t.year, t.month, t.day, t.hour, t.minute,
		     t.second, ms, zone);
}

/* The cells every row of a sample opens with: the run's identity, then time and seconds. */
static void row_start(const struct upm_record *rec, const char *when, const char *secs, const char *kind,
		      unsigned socket, struct upm_buf *out)
{
	upm_ident_csv_cells(rec->run, out);
	upm_buf_puts(out, ",");
	upm_buf_csv_field(out, when);
	upm_buf_printf(out, ",%s,%s,%u,", secs, kind, socket);
}

/* A metric's status over a sample: "ok", "partial (3 of 4 imc)", "n/a (why)" or
 * "not-counted (status)". */
static void metric_status(const struct upm_record_sample_metric *e, const char *box, char *buf, unsigned long size)
{
	if (!e->instances)
		upm_snprintf(buf, size, "not-counted (%s)", e->not_counted ? e->not_counted : "none of its boxes");
	else if (!e->valid)
		upm_snprintf(buf, size, "n/a (%s)", e->why ? e->why : "no value");
	else if (e->instances < e->of_instances)
		upm_snprintf(buf, size, "partial (%u of %u %s)", e->instances, e->of_instances, box ? box : "");
	else
		upm_strlcpy(buf, "ok", size);
}

void upm_interval_csv(const struct upm_record *rec, struct upm_buf *out)
{
	const struct upm_session *s = rec->sampled;
	const struct upm_samples *sm = rec->samples;
	unsigned sockets = s->run->n_sockets;
	upm_buf_puts(out, UPM_IDENT_CSV_COLUMNS ",time,seconds,kind,socket,box,instance,spec,count,rate,status,for_metrics,"
			  "metric,value,unit\n");
	for (unsigned i = 0; i < sm->n_ticks; i++) {
		const struct upm_sample_tick *t = &sm->ticks[i];
		char when[48], secs[32], rate[48], status[96];
		upm_interval_time(sm, i, when, sizeof when);
		upm_format_double(secs, sizeof secs, seconds_of(t->t_ns), 6);
		for (unsigned k = 0; k < sm->n_counts; k++) {
			const struct upm_count *c = &s->counts[k];
			uint64_t v = upm_sample_value(sm, i, k);
			uint8_t f = upm_sample_flag(sm, i, k);
			row_start(rec, when, secs, "count", c->socket, out);
			upm_buf_csv_field(out, c->box->name);
			upm_buf_printf(out, ",%u,", c->instance);
			upm_buf_csv_field(out, s->specs[c->spec].text);
			/* for_metrics: added for a metric alone, not asked for (a count both share is
			 * the user's, and counted once: core/events/once.h). */
			const char *own = s->specs[c->spec].engine ? "yes" : "no";
			if (f & UPM_SAMPLE_NO_VALUE) {
				upm_buf_printf(out, ",,,%s,%s,,,\n", flag_name(f), own);
			} else {
				upm_format_double(rate, sizeof rate, rate_of(v, t->window_ns), 3);
				upm_buf_printf(out, ",%llu,%s,%s,%s,,,\n", (unsigned long long)v, rate, flag_name(f), own);
			}
		}
		for (unsigned j = 0; i < rec->n_sample_metric_ticks && j < rec->n_sample_slots; j++) {
			const struct upm_record_sample_metric *e = &rec->sample_metrics[(size_t)i * rec->n_sample_slots + j];
			const struct upm_metric *m = s->metrics[j / sockets];
			const char *box = rec->sample_metric_box[j / sockets];
			char value[48] = "";
			row_start(rec, when, secs, "metric", j % sockets, out);
			upm_buf_csv_field(out, box ? box : "");
			metric_status(e, box, status, sizeof status);
			if (e->instances && e->valid)
				upm_format_double(value, sizeof value, e->value, 6);
			upm_buf_puts(out, ",,,,,");
			upm_buf_csv_field(out, status);
			upm_buf_puts(out, ",,");
			upm_buf_csv_field(out, m->name);
			upm_buf_printf(out, ",%s,", value);
			upm_buf_csv_field(out, m->unit ? m->unit : "");
			upm_buf_puts(out, "\n");
		}
	}
}

void upm_interval_json_members(const struct upm_session *s, const struct upm_samples *sm, struct upm_buf *out)
{
	char num[48];
	upm_buf_printf(out, ",\n  \"interval_sampling\": {\"period_ms\": %llu, \"samples\": %u, \"kept\": %u, "
			    "\"accesses_per_sample\": %llu, \"wrap_guard_reads\": %llu, \"ticks_missed\": %llu, \"cost_us_mean\": ",
		       (unsigned long long)(sm->period_ns / 1000000u), sm->n_taken, sm->n_ticks,
		       (unsigned long long)sm->accesses_per_sample, (unsigned long long)sm->wrap_guard_reads,
		       (unsigned long long)sm->ticks_missed);
	upm_format_double(num, sizeof num, sm->n_taken ? (double)sm->cost_ns_total / 1e3 / sm->n_taken : 0.0, 3);
	upm_buf_puts(out, num);
	upm_format_double(num, sizeof num, (double)sm->cost_ns_max / 1e3, 3);
	upm_buf_printf(out, ", \"cost_us_max\": %s, \"read_as\": [", num);
	for (unsigned sock = 0; sock < s->run->n_sockets && sock < UPM_MAX_SOCKETS; sock++) {
		upm_buf_printf(out, "%s{\"socket\": %u, \"method\": ", sock ? ", " : "", sock);
		upm_buf_json_string(out, sm->method[sock] ? sm->method[sock] : "not read");
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "]},\n  \"intervals\": [");
	for (unsigned i = 0; i < sm->n_ticks; i++) {
		const struct upm_sample_tick *t = &sm->ticks[i];
		char when[48], secs[32], cost[32];
		upm_interval_time(sm, i, when, sizeof when);
		upm_format_double(secs, sizeof secs, seconds_of(t->t_ns), 6);
		upm_format_double(cost, sizeof cost, (double)t->cost_ns / 1e3, 3);
		upm_buf_printf(out, "%s\n    {\"sample\": %u, \"time\": ", i ? "," : "", i);
		if (when[0])
			upm_buf_json_string(out, when);
		else
			upm_buf_puts(out, "null");
		upm_buf_printf(out, ", \"seconds\": %s, \"window_ns\": %llu, \"accesses\": %llu, \"cost_us\": %s, \"counts\": [",
			       secs, (unsigned long long)t->window_ns, (unsigned long long)t->accesses, cost);
		for (unsigned k = 0; k < sm->n_counts; k++) {
			const struct upm_count *c = &s->counts[k];
			uint64_t v = upm_sample_value(sm, i, k);
			uint8_t f = upm_sample_flag(sm, i, k);
			upm_buf_printf(out, "%s\n      {\"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"spec\": ",
				       k ? "," : "", c->socket, c->box->name, c->instance);
			upm_buf_json_string(out, s->specs[c->spec].text);
			if (f & UPM_SAMPLE_NO_VALUE) {
				upm_buf_puts(out, ", \"count\": null, \"rate\": null");
			} else {
				upm_format_double(num, sizeof num, rate_of(v, t->window_ns), 3);
				upm_buf_printf(out, ", \"count\": %llu, \"rate\": %s", (unsigned long long)v, num);
			}
			upm_buf_printf(out, ", \"status\": \"%s\"}", flag_name(f));
		}
		upm_buf_puts(out, "]}");
	}
	upm_buf_puts(out, "\n  ]");
}

/* --- the chart --- */

#define SVG_W 640
#define SVG_H 220
#define SVG_LEFT 70
#define SVG_RIGHT 20
#define SVG_TOP 28
#define SVG_BOTTOM 30

/* Colours per socket (distinct in print and for the common colour blindnesses). */
static const char *const socket_colours[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd",
					      "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f" };

/* The socket's rate of spec sp in tick i: counts per second summed over its instances,
 * or for a clock their mean (eight CBos at 2 GHz are a 2 GHz clock, as the console says,
 * not 16 G/s). -1 when no count of it was read. */
static double socket_rate(const struct upm_session *s, const struct upm_samples *sm, unsigned i, unsigned sp,
			  unsigned sock)
{
	double sum = 0;
	unsigned any = 0;
	for (unsigned k = 0; k < sm->n_counts; k++) {
		const struct upm_count *c = &s->counts[k];
		if (c->spec != sp || c->socket != sock || (upm_sample_flag(sm, i, k) & UPM_SAMPLE_NO_VALUE))
			continue;
		sum += rate_of(upm_sample_value(sm, i, k), sm->ticks[i].window_ns);
		any++;
	}
	if (!any)
		return -1;
	return upm_spec_counts_clock(&s->specs[sp]) ? sum / any : sum;
}

static void svg_num(struct upm_buf *out, double v)
{
	char num[32];
	upm_format_double(num, sizeof num, v, 1);
	upm_buf_puts(out, num);
}

static void chart(const struct upm_session *s, const struct upm_samples *sm, unsigned sp, struct upm_buf *out)
{
	const double pw = SVG_W - SVG_LEFT - SVG_RIGHT, ph = SVG_H - SVG_TOP - SVG_BOTTOM;
	double vmax = 0, tmax = sm->n_ticks ? seconds_of(sm->ticks[sm->n_ticks - 1].t_ns) : 0;
	unsigned n_sockets = s->run->n_sockets < UPM_MAX_SOCKETS ? s->run->n_sockets : UPM_MAX_SOCKETS;
	for (unsigned i = 0; i < sm->n_ticks; i++)
		for (unsigned sock = 0; sock < n_sockets; sock++) {
			double v = socket_rate(s, sm, i, sp, sock);
			if (v > vmax)
				vmax = v;
		}
	if (vmax <= 0)
		vmax = 1;
	if (tmax <= 0)
		tmax = 1;
	char label[200], top[48], right[48];
	upm_spec_label(&s->specs[sp], label, sizeof label);
	upm_format_short(top, sizeof top, vmax);
	upm_format_short(right, sizeof right, tmax);
	upm_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"interval-chart\" width=\"%d\" height=\"%d\" "
			    "viewBox=\"0 0 %d %d\" role=\"img\"><title>",
		       SVG_W, SVG_H, SVG_W, SVG_H);
	upm_buf_xml_text(out, s->specs[sp].text);
	upm_buf_puts(out, " per second, per socket</title><text x=\"4\" y=\"16\" font-size=\"13\">");
	upm_buf_xml_text(out, s->specs[sp].box->name);
	upm_buf_puts(out, " ");
	upm_buf_xml_text(out, label);
	/* A clock's line is its frequency (the mean over the socket's instances). */
	upm_buf_puts(out, upm_spec_counts_clock(&s->specs[sp]) ? " per second (a clock: Hz, the mean of the socket's boxes)</text>"
							       : " per second</text>");
	/* Axes: value 0..vmax upwards, seconds 0..tmax rightwards. */
	upm_buf_printf(out, "<path d=\"M%d %d V%d H%d\" fill=\"none\" stroke=\"#444\"/>", SVG_LEFT, SVG_TOP,
		       SVG_H - SVG_BOTTOM, SVG_W - SVG_RIGHT);
	upm_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s</text>", SVG_LEFT - 4,
		       SVG_TOP + 4, top);
	upm_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">0</text>", SVG_LEFT - 4,
		       SVG_H - SVG_BOTTOM);
	upm_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s s</text>",
		       SVG_W - SVG_RIGHT, SVG_H - 8, right);
	for (unsigned sock = 0; sock < n_sockets; sock++) {
		const char *colour = socket_colours[sock % UPM_ARRAY_LEN(socket_colours)];
		int open = 0;
		for (unsigned i = 0; i < sm->n_ticks; i++) {
			double v = socket_rate(s, sm, i, sp, sock);
			if (v < 0)
				continue;
			if (!open) {
				upm_buf_printf(out, "<polyline class=\"socket%u\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"",
					       sock, colour);
				open = 1;
			} else {
				upm_buf_puts(out, " ");
			}
			svg_num(out, SVG_LEFT + pw * seconds_of(sm->ticks[i].t_ns) / tmax);
			upm_buf_puts(out, ",");
			svg_num(out, SVG_TOP + ph * (1 - v / vmax));
		}
		if (open)
			upm_buf_puts(out, "\"/>");
		upm_buf_printf(out, "<text x=\"%u\" y=\"%d\" font-size=\"11\" fill=\"%s\">socket %u</text>",
			       SVG_LEFT + 8 + 70 * sock, SVG_H - 8, colour, sock);
	}
	upm_buf_puts(out, "</svg>\n");
}

void upm_interval_svg(const struct upm_session *s, const struct upm_samples *sm, struct upm_buf *out)
{
	int user = 0;
	for (unsigned sp = 0; sp < s->n_specs; sp++)
		user |= !s->specs[sp].engine;
	for (unsigned sp = 0; sp < s->n_specs; sp++)
		if (!user || !s->specs[sp].engine)
			chart(s, sm, sp, out);
}

void upm_interval_html(const struct upm_session *s, const struct upm_samples *sm, struct upm_buf *out)
{
	char mean[32];
	upm_format_double(mean, sizeof mean, sm->n_taken ? (double)sm->cost_ns_total / 1e3 / sm->n_taken : 0.0, 1);
	upm_buf_printf(out, "<section id=\"intervals\"><h2>Samples</h2>\n<p>%u sample%s every %llu ms; each read "
			    "with %llu %s in %s us on average.</p>\n",
		       sm->n_taken, sm->n_taken == 1 ? "" : "s", (unsigned long long)(sm->period_ns / 1000000u),
		       (unsigned long long)sm->accesses_per_sample,
		       upm_backend_counts_by_pmu(s->run->backend) ? "perf reads" : "register accesses", mean);
	upm_interval_svg(s, sm, out);
	upm_buf_puts(out, "</section>\n");
}
