/* results.json's "burnin": a burn-in's passes (each with its counts and kernels), its
 * box instances (the first failing and warning pass) and their trends, rendered from the
 * check's burn-in table and computing nothing (docs/results.md). */
#include "core/results/check_parts.h"
#include "platform/base/human.h"

static void json_pass_or_null(struct upm_buf *out, const char *key, unsigned pass)
{
	if (pass)
		upm_buf_printf(out, ", \"%s\": %u", key, pass);
	else
		upm_buf_printf(out, ", \"%s\": null", key);
}

static void json_trends_of(const struct upm_burnin *b, const struct upm_burnin_instance *x, struct upm_buf *out)
{
	int first = 1;
	upm_buf_puts(out, ", \"trend\": [");
	for (unsigned i = 0; i < b->n_trend; i++) {
		const struct upm_trend *t = &b->trend[i];
		if (t->socket != x->socket || t->instance != x->instance || upm_strcmp(t->box, x->box) != 0)
			continue;
		upm_buf_puts(out, first ? "\n      {\"check\": " : ",\n      {\"check\": ");
		first = 0;
		upm_buf_json_string(out, t->check);
		upm_buf_puts(out, ", \"unit\": ");
		upm_buf_json_string(out, t->unit);
		upm_buf_printf(out, ", \"every\": %u, \"passes\": [", t->stride);
		for (unsigned k = 0; k < t->n; k++)
			upm_buf_printf(out, "%s%u", k ? ", " : "", t->pass[k]);
		upm_buf_puts(out, "], \"measured\": [");
		for (unsigned k = 0; k < t->n; k++) {
			char num[48];
			upm_format_double(num, sizeof num, t->measured[k], 6);
			upm_buf_printf(out, "%s%s", k ? ", " : "", num);
		}
		upm_buf_puts(out, "], \"results\": [");
		for (unsigned k = 0; k < t->n; k++) {
			upm_buf_puts(out, k ? ", " : "");
			upm_buf_json_string(out, upm_result_name((enum upm_result)t->result[k]));
		}
		upm_buf_puts(out, "]}");
	}
	upm_buf_puts(out, first ? "]" : "\n    ]");
}

void upm_burnin_json(const struct upm_burnin *b, struct upm_buf *out)
{
	if (!b->active)
		return;
	char secs[32];
	upm_format_double(secs, sizeof secs, (double)b->ns / 1e9, 3);
	upm_buf_puts(out, ",\n\"burnin\": {\"passes_asked\": ");
	if (b->passes)
		upm_buf_printf(out, "%u", b->passes);
	else
		upm_buf_puts(out, "null");
	upm_buf_puts(out, ", \"duration_s\": ");
	if (b->duration_ns)
		upm_buf_printf(out, "%llu", (unsigned long long)(b->duration_ns / 1000000000ull));
	else
		upm_buf_puts(out, "null");
	unsigned first_fail = 0;
	for (unsigned i = 0; i < b->n_pass; i++)
		if (!first_fail && b->pass[i].worst == UPM_RESULT_FAIL)
			first_fail = b->pass[i].pass;
	upm_buf_printf(out, ", \"passes_done\": %u, \"aborted\": %s, \"seconds\": %s, \"stopped_by\": ", b->done,
		       b->aborted ? "true" : "false", secs);
	upm_buf_json_string(out, b->stopped_by);
	json_pass_or_null(out, "first_failing_pass", first_fail);
	upm_buf_printf(out, ", \"verdicts_left_out\": %u,\n  \"passes\": [", b->left_out);
	for (unsigned i = 0; i < b->n_pass; i++) {
		const struct upm_burnin_pass *p = &b->pass[i];
		char ps[32];
		upm_format_double(ps, sizeof ps, (double)p->ns / 1e9, 3);
		upm_buf_printf(out, "%s\n    {\"pass\": %u, \"verdict\": \"%s\", \"aborted\": %s, \"seconds\": %s, "
				    "\"pass_count\": %u, \"warn\": %u, \"fail\": %u, \"incomplete\": %u, \"na\": %u, \"kernels\": [",
			       i ? "," : "", p->pass, upm_result_name(p->worst), p->aborted ? "true" : "false", ps,
			       p->counts[UPM_RESULT_PASS], p->counts[UPM_RESULT_WARN], p->counts[UPM_RESULT_FAIL],
			       p->counts[UPM_RESULT_INCOMPLETE], p->counts[UPM_RESULT_NA]);
		for (unsigned k = 0; k < p->bandwidth.n; k++) {
			char g[32];
			upm_format_double(g, sizeof g, p->bandwidth.k[k].gbps, 3);
			upm_buf_printf(out, "%s{\"kernel\": ", k ? ", " : "");
			upm_buf_json_string(out, p->bandwidth.k[k].label);
			upm_buf_printf(out, ", \"gbps\": %s}", g);
		}
		upm_buf_puts(out, "]}");
	}
	upm_buf_puts(out, "\n  ],\n  \"instances\": [");
	for (unsigned i = 0; i < b->n_inst; i++) {
		const struct upm_burnin_instance *x = &b->inst[i];
		upm_buf_printf(out, "%s\n    {\"socket\": %u, \"box\": ", i ? "," : "", x->socket);
		upm_buf_json_string(out, x->box);
		if (x->instance < 0)
			upm_buf_puts(out, ", \"instance\": null");
		else
			upm_buf_printf(out, ", \"instance\": %d", x->instance);
		upm_buf_printf(out, ", \"verdict\": \"%s\"", upm_result_name(x->worst));
		json_pass_or_null(out, "first_failing_pass", x->first_fail);
		json_pass_or_null(out, "first_warning_pass", x->first_warn);
		json_trends_of(b, x, out);
		upm_buf_puts(out, "}");
	}
	upm_buf_puts(out, "\n  ]}");
}
