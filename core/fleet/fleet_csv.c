/* The fleet's CSV files (fleet.h; docs/fleet.md, The files), each opening with its header
 * row (RFC 4180), its first column the fleet run's folder as every results CSV's. */
#include "core/fleet/fleet.h"

static void field(struct upm_buf *out, const char *s)
{
	upm_buf_puts(out, ",");
	upm_buf_csv_field(out, s);
}

static void number(struct upm_buf *out, double v)
{
	char num[48];
	upm_fleet_number(num, sizeof num, v);
	upm_buf_printf(out, ",%s", num);
}

static void int_or_empty(struct upm_buf *out, int v)
{
	if (v >= 0)
		upm_buf_printf(out, ",%d", v);
	else
		upm_buf_puts(out, ",");
}

/* run,sku,platform,command,metric,box,instance,socket,unit: the series' key. */
static void key_cells(struct upm_buf *out, const char *run_name, const struct upm_fleet_series *s)
{
	upm_buf_csv_field(out, run_name);
	field(out, s->first->sku);
	field(out, s->first->platform);
	field(out, s->first->command);
	field(out, s->key->name);
	field(out, s->key->box);
	int_or_empty(out, s->key->instance);
	int_or_empty(out, s->key->socket);
	field(out, s->key->unit);
}

#define KEY_COLUMNS "run,sku,platform,command,metric,box,instance,socket,unit"

void upm_fleet_csv(const struct upm_fleet *f, const char *run_name, struct upm_buf *out)
{
	upm_buf_puts(out, KEY_COLUMNS ",n,median,mad,min,max,outliers\n");
	for (unsigned i = 0; i < f->n_series; i++) {
		const struct upm_fleet_series *s = &f->series[i];
		key_cells(out, run_name, s);
		upm_buf_printf(out, ",%u", s->st.n);
		number(out, s->st.median);
		number(out, s->st.mad);
		number(out, s->st.min);
		number(out, s->st.max);
		struct upm_buf serials;
		upm_buf_init(&serials);
		for (unsigned k = 0; k < s->n; k++)
			if (s->outlier[k])
				upm_buf_printf(&serials, "%s%s", serials.len ? ";" : "", f->runs[s->runs[k]].serial);
		field(out, serials.data ? serials.data : "");
		out->failed |= serials.failed;
		upm_buf_free(&serials);
		upm_buf_puts(out, "\n");
	}
}

struct outlier_rows {
	struct upm_buf *out;
	const char *run_name;
};

static void outlier_row(void *ctx, const struct upm_fleet_series *s, unsigned k, const struct upm_fleet_run *run)
{
	struct outlier_rows *o = ctx;
	double x = s->values[k], pct;
	key_cells(o->out, o->run_name, s);
	field(o->out, run->serial);
	number(o->out, x);
	number(o->out, s->st.median);
	number(o->out, s->st.mad);
	if (upm_fleet_off_pct(&s->st, x, &pct))
		number(o->out, pct);
	else
		upm_buf_puts(o->out, ",");
	if (s->st.mad > 0)
		number(o->out, upm_fleet_robust_z(&s->st, x));
	else
		upm_buf_puts(o->out, ",");
	field(o->out, run->folder);
	upm_buf_puts(o->out, "\n");
}

void upm_fleet_outliers_csv(const struct upm_fleet *f, const char *run_name, struct upm_buf *out)
{
	struct outlier_rows o = { out, run_name };
	upm_buf_puts(out, KEY_COLUMNS ",serial,value,median,mad,deviation_pct,robust_z,folder\n");
	upm_fleet_each_outlier(f, outlier_row, &o);
}

void upm_fleet_runs_csv(const struct upm_fleet *f, const char *run_name, struct upm_buf *out)
{
	upm_buf_puts(out, "run,path,serial,sku,platform,command,start,state,why,numbers\n");
	for (unsigned i = 0; i < f->n_runs; i++) {
		const struct upm_fleet_run *r = &f->runs[i];
		upm_buf_csv_field(out, run_name);
		field(out, r->path);
		field(out, r->serial);
		field(out, r->sku);
		field(out, r->platform);
		field(out, r->command);
		field(out, r->start);
		field(out, upm_fleet_state_name(r->state));
		field(out, r->why);
		upm_buf_printf(out, ",%u\n", r->n_metrics);
	}
}
