/* The discovery tables of the run and its platform built from them (disc_run.h). */
#include "core/session/disc_run.h"
#include "core/session/run_sessions.h"
#include "platform/discovery.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static void note(void *ctx, const char *line)
{
	upm_warn(ctx, "uncore discovery: %s", line);
}

void upm_disc_run(struct upm_run *r)
{
	const struct upm_platform *p = r->platform;
	struct upm_run_sessions *rs = r->sessions;
	struct upm_disc_set set;
	if (!p || !p->discovered || !r->backend || rs->disc_platform)
		return;
	int rc = upm_disc_find(r->backend, &set);
	if (rc != UPM_OK) {
		upm_snprintf(rs->disc_why, sizeof rs->disc_why, "finding the tables failed (%s)", upm_status_name(rc));
		upm_warn(r, "uncore discovery: %s: every %s box is absent", rs->disc_why, p->name);
		return;
	}
	upm_disc_take(r, &set);
	upm_disc_free(&set);
}

void upm_disc_take(struct upm_run *r, const struct upm_disc_set *set)
{
	const struct upm_platform *p = r->platform;
	struct upm_run_sessions *rs = r->sessions;
	char err[200];
	if (!p || !p->discovered || rs->disc_platform)
		return;
	for (unsigned k = 0; k < set->n_tables; k++) {
		const struct upm_disc_table *tb = set->tables[k];
		for (unsigned i = 0; i < tb->n_findings; i++)
			upm_warn(r, "uncore discovery: socket %u table %u: %s", tb->socket, tb->die, tb->findings[i].line);
		if (tb->findings_dropped)
			upm_warn(r, "uncore discovery: socket %u table %u: %u more records skipped (past the %u said)",
				 tb->socket, tb->die, tb->findings_dropped, (unsigned)UPM_DISC_MAX_FINDINGS);
	}
	if (set->stopped[0] && set->n_tables)
		upm_warn(r, "uncore discovery: not every table was read: %s", set->stopped);
	struct upm_platform *built = NULL;
	if (set->n_tables)
		built = p->discovered(p, set, r->n_sockets, note, r, err, sizeof err);
	else
		upm_strlcpy(err, set->stopped[0] ? set->stopped : "no PCI function carries one", sizeof err);
	if (!built) {
		upm_snprintf(rs->disc_why, sizeof rs->disc_why, "no uncore discovery table: %s", err);
		upm_warn(r, "uncore discovery: %s: every %s box is absent", rs->disc_why, p->name);
		return;
	}
	rs->disc_platform = built;
	r->platform = built;
}

void upm_disc_run_end(struct upm_run *r, const struct upm_platform *registered)
{
	struct upm_run_sessions *rs = r->sessions;
	if (!rs || !rs->disc_platform)
		return;
	if (r->platform == rs->disc_platform)
		r->platform = registered;
	upm_os_free(rs->disc_platform);
	rs->disc_platform = NULL;
}
