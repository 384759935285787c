#include "core/results/results.h"
#include "core/events/subcfg.h"

void upm_count_encoding(const struct upm_session *s, const struct upm_count *c, char *code,
			unsigned long code_size, char *umask, unsigned long umask_size)
{
	const struct upm_spec *sp = &s->specs[c->spec];
	const struct upm_ctl_layout *l = &c->box->ctl_layout;
	if (sp->kind != UPM_SPEC_GENERAL) {
		upm_strlcpy(code, sp->kind == UPM_SPEC_FIXED ? "fixed" : "free", code_size);
		upm_strlcpy(umask, "", umask_size);
		return;
	}
	/* The select as programmed: with the port and the home the scheduler chose. */
	upm_snprintf(code, code_size, "0x%llx",
		     (unsigned long long)upm_ctl_code(c->box, upm_spec_ctl(sp, c->home)));
	if (l->umask.width)
		upm_snprintf(umask, umask_size, "0x%llx", (unsigned long long)upm_field_get(l->umask, sp->ctl));
	else
		upm_strlcpy(umask, "", umask_size);
}

void upm_spec_label(const struct upm_spec *sp, char *buf, unsigned long size)
{
	/* text is BOX/TERMS/: the terms after the event's own (the first comma inside the
	 * slashes) are kept as written. */
	const char *open = upm_strchr(sp->text, '/');
	const char *terms = open ? upm_strchr(open + 1, ',') : NULL;
	unsigned long n = 0;
	if (terms) {
		const char *end = terms + upm_strlen(terms);
		if (end > terms && end[-1] == '/')
			end--;
		n = (unsigned long)(end - terms);
	}
	upm_snprintf(buf, size, "%s%.*s", sp->name, (int)n, terms ? terms : "");
}

void upm_count_json_encoding(const struct upm_session *s, const struct upm_count *c, struct upm_buf *out)
{
	const struct upm_spec *sp = &s->specs[c->spec];
	char label[200];
	upm_spec_label(sp, label, sizeof label);
	upm_buf_puts(out, ", \"spec\": ");
	upm_buf_json_string(out, sp->text);
	upm_buf_puts(out, ", \"label\": ");
	upm_buf_json_string(out, label);
	upm_buf_printf(out, ", \"ctl\": \"0x%llx\", \"filters\": {", (unsigned long long)sp->ctl);
	for (unsigned f = 0; f < sp->n_filters; f++) {
		upm_buf_printf(out, "%s", f ? ", " : "");
		upm_buf_json_string(out, sp->filters[f].field->term);
		upm_buf_printf(out, ": \"0x%llx\"", (unsigned long long)sp->filters[f].value);
	}
	upm_buf_puts(out, "}");
}

static void counter_name(const struct upm_count *c, char *buf, unsigned long size)
{
	if (c->counter >= 0)
		upm_snprintf(buf, size, "ctr%d", c->counter);
	else
		upm_strlcpy(buf, c->counter == -1 ? "fixed" : "free", size);
}

static const char *status_text(int status)
{
	return upm_count_status_name(status); /* the session's own statuses too (vouch.h) */
}

void upm_results_csv(const struct upm_session *s, struct upm_buf *out)
{
	upm_ident_csv(s->run, out);
	upm_buf_puts(out, "socket,box,instance,counter,pass,event,code,umask,raw,delta,status\n");
	for (unsigned i = 0; i < s->n_counts; i++) {
		const struct upm_count *c = &s->counts[i];
		char code[16], umask[16], ctr[8], label[200];
		upm_count_encoding(s, c, code, sizeof code, umask, sizeof umask);
		counter_name(c, ctr, sizeof ctr);
		upm_spec_label(&s->specs[c->spec], label, sizeof label);
		upm_buf_printf(out, "%u,%s,%u,%s,%u,", c->socket, c->box->name, c->instance, ctr, c->pass);
		upm_buf_csv_field(out, label);
		upm_buf_printf(out, ",%s,%s,%llu,%llu,%s\n", code, umask, (unsigned long long)c->end,
			       (unsigned long long)c->delta, status_text(c->status));
	}
}

static void json_double(struct upm_buf *out, double v, int valid)
{
	char num[48];
	if (!valid) {
		upm_buf_puts(out, "null");
		return;
	}
	upm_format_double(num, sizeof num, v, 6);
	upm_buf_puts(out, num);
}

void upm_results_json(const struct upm_session *s, const struct upm_metric_value *metrics,
		      unsigned n_metrics, const char *command, struct upm_buf *out)
{
	(void)command; /* the identity names the command (core/cli/identity.c) */
	upm_buf_puts(out, "{");
	upm_ident_json(s->run, out);
	upm_buf_puts(out, ",\n  \"boxes\": [");
	for (unsigned i = 0; i < s->n_boxes; i++) {
		const struct upm_box_inst *b = &s->boxes[i];
		upm_buf_printf(out, "%s\n    {\"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"state\": \"%s\", \"reason\": ",
			       i ? "," : "", b->socket, b->type->name, b->instance,
			       upm_box_state_name(b->state));
		upm_buf_json_string(out, b->why);
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "\n  ],\n  \"passes\": [");
	for (unsigned p = 0; p < s->n_passes; p++) {
		uint64_t ns = 0;
		for (unsigned i = 0; i < s->n_counts; i++)
			if (s->counts[i].pass == p && s->counts[i].interval_ns)
				ns = s->counts[i].interval_ns;
		upm_buf_printf(out, "%s\n    {\"pass\": %u, \"interval_ns\": %llu, \"counters\": [", p ? "," : "",
			       p, (unsigned long long)ns);
		int first = 1;
		for (unsigned i = 0; i < s->n_counts; i++) {
			const struct upm_count *c = &s->counts[i];
			char code[16], umask[16], ctr[8];
			if (c->pass != p)
				continue;
			upm_count_encoding(s, c, code, sizeof code, umask, sizeof umask);
			counter_name(c, ctr, sizeof ctr);
			upm_buf_printf(out, "%s\n      {\"socket\": %u, \"box\": \"%s\", \"instance\": %u, \"counter\": \"%s\"",
				       first ? "" : ",", c->socket, c->box->name, c->instance, ctr);
			upm_count_json_encoding(s, c, out);
			upm_buf_puts(out, ", \"event\": ");
			upm_buf_json_string(out, s->specs[c->spec].name);
			upm_buf_printf(out, ", \"code\": \"%s\", \"umask\": \"%s\", \"raw\": %llu, \"delta\": %llu, \"status\": \"%s\"%s%s}",
				       code, umask, (unsigned long long)c->end, (unsigned long long)c->delta,
				       status_text(c->status), c->overflowed ? ", \"overflowed\": true" : "",
				       s->specs[c->spec].engine ? ", \"for_metrics\": true" : "");
			first = 0;
		}
		upm_buf_puts(out, "\n    ]}");
	}
	upm_buf_puts(out, "\n  ],\n  \"metrics\": [");
	for (unsigned i = 0; i < n_metrics; i++) {
		upm_buf_printf(out, "%s\n    {\"socket\": %u, \"name\": ", i ? "," : "", metrics[i].socket);
		upm_buf_json_string(out, metrics[i].metric->name);
		upm_buf_puts(out, ", \"value\": ");
		json_double(out, metrics[i].value, metrics[i].valid);
		upm_buf_puts(out, ", \"unit\": ");
		upm_buf_json_string(out, metrics[i].metric->unit);
		if (!metrics[i].valid && metrics[i].why) {
			upm_buf_puts(out, ", \"why\": ");
			upm_buf_json_string(out, metrics[i].why);
		}
		upm_buf_printf(out, ", \"instances\": %u, \"of_instances\": %u}", metrics[i].instances,
			       metrics[i].of_instances);
	}
	upm_buf_puts(out, "\n  ]");
	upm_session_safety_json(s, out); /* aborted, sockets_skipped, unrestored */
	upm_buf_puts(out, "\n}\n");
}

void upm_results_print(struct upm_session *s, const struct upm_metric_value *metrics,
		       unsigned n_metrics)
{
	struct upm_run *r = s->run;
	for (unsigned i = 0; i < s->n_boxes; i++) {
		const struct upm_box_inst *b = &s->boxes[i];
		if (b->state != UPM_BOX_OK) {
			upm_say(r, "socket %u %s%u: %s: %s", b->socket, b->type->name, b->instance,
				upm_box_state_name(b->state), b->why);
			continue;
		}
		for (unsigned k = 0; k < s->n_counts; k++) {
			const struct upm_count *c = &s->counts[k];
			char ctr[8], label[200];
			if (c->socket != b->socket || c->box != b->type || c->instance != b->instance)
				continue;
			counter_name(c, ctr, sizeof ctr);
			upm_spec_label(&s->specs[c->spec], label, sizeof label);
			if (c->status != UPM_OK) { /* e.g. a pass an abort kept from running */
				upm_say(r, "socket %u %s%u pass %u %-5s %-40s %s", c->socket, c->box->name,
					c->instance, c->pass, ctr, label, status_text(c->status));
				continue;
			}
			upm_say(r, "socket %u %s%u pass %u %-5s %-40s %llu%s%s", c->socket, c->box->name, c->instance,
				c->pass, ctr, label, (unsigned long long)c->delta,
				c->overflowed ? " (overflowed: its status bit was set)" : "",
				s->specs[c->spec].engine ? " (for metrics)" : "");
		}
	}
	for (unsigned i = 0; i < n_metrics; i++) {
		char num[80], cov[48]; /* cov: " (3 of 4 imc)" when over fewer instances */
		upm_metric_value_text(&metrics[i], num, sizeof num, 3);
		upm_metric_coverage(&metrics[i], cov, sizeof cov);
		upm_say(r, "socket %u metric %-24s %s %s%s", metrics[i].socket, metrics[i].metric->name, num,
			metrics[i].metric->unit, cov);
	}
}
