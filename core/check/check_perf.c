/* check --against perf: the second opinion. The read and ntwrite kernels, once counted by
 * upmon's standard event set, run once more with the kernel's perf counting the same
 * memory traffic by the kernel's own definition (the uncore_imc PMUs' event aliases, named
 * in the platform's naming tables: core/events/alias_perf.h), one after the other, never
 * at once (both would program the same counters). Each socket's two byte counts are held
 * to each other within 5%, as a lab asks of a new tool before trusting it. */
#include "core/check/check_perf.h"
#include "core/events/alias_perf.h"
#include "core/cli/console_wrap.h"

#define PERF_TOLERANCE 0.05

/* The profile's memory count of the role, upmon's spelling. */
static const char *role_specs(const struct check *c, enum role role)
{
	return role == R_MEM_RD ? c->p->mem_read : c->p->mem_write;
}

int upm_check_perf_ready(struct upm_run *r, char *err, size_t err_size)
{
	const struct upm_check_profile *p = r->platform ? r->platform->check : NULL;
	if (!p) {
		upm_snprintf(err, err_size, "no health check is defined for this processor");
		return -1;
	}
	const char *pmu, *aliases[UPM_ALIAS_PERF_MAX];
	unsigned n;
	if (!p->mem_read || !p->mem_write) {
		upm_snprintf(err, err_size, "%s's check counts no memory traffic to hold perf's to", r->platform->name);
		return -1;
	}
	/* Each alias opened and let go at once: a machine without the PMUs, or whose kernel
	 * defines an alias otherwise, is refused before the check touches a register, not
	 * after its kernels. */
	const char *const specs[2] = { p->mem_read, p->mem_write };
	for (unsigned k = 0; k < 2; k++) {
		if (upm_alias_perf_of(r->platform, specs[k], &pmu, aliases, UPM_ALIAS_PERF_MAX, &n, err, err_size) < 0)
			return -1;
		for (unsigned i = 0; i < n; i++) {
			struct upm_os_perf *h = upm_os_perf_begin(pmu, aliases[i], err, err_size);
			double sums[UPM_MAX_SOCKETS];
			char unit[16];
			int partial;
			if (!h || upm_os_perf_end(h, sums, UPM_MAX_SOCKETS, unit, sizeof unit, &partial, err, err_size) < 0)
				return -1;
		}
	}
	return 0;
}

void upm_ck_perf_count(struct check *c, struct measure *m, enum role role, struct upm_ck_perf *out)
{
	const char *pmu, *aliases[UPM_ALIAS_PERF_MAX];
	struct upm_os_perf *h[UPM_ALIAS_PERF_MAX];
	unsigned n, opened = 0;
	upm_memset(out, 0, sizeof *out);
	out->role = role;
	out->ran = 1;
	if (upm_alias_perf_of(c->r->platform, role_specs(c, role), &pmu, aliases, UPM_ALIAS_PERF_MAX, &n, out->err,
			      sizeof out->err) < 0)
		return;
	out->n_aliases = n;
	for (unsigned i = 0; i < n; i++)
		out->aliases[i] = aliases[i];
	out->pmu = pmu;
	for (; opened < n; opened++)
		if (!(h[opened] = upm_os_perf_begin(pmu, aliases[opened], out->err, sizeof out->err)))
			break;
	struct upm_workload_result res;
	int ran = opened == n && upm_workload_execute(m->plan, &res, out->err, sizeof out->err) == UPM_OK;
	for (unsigned i = 0; i < opened; i++) {
		double sums[UPM_MAX_SOCKETS];
		char unit[16], why[160];
		int partial;
		if (upm_os_perf_end(h[i], sums, UPM_MAX_SOCKETS, unit, sizeof unit, &partial, why, sizeof why) < 0) {
			if (ran)
				upm_strlcpy(out->err, why, sizeof out->err);
			ran = 0;
			continue;
		}
		/* perf's unit for these aliases: MiB after the scale (64 bytes a CAS, Linux
		 * uncore_snbep.c and uncore_snb.c: 6.103515625e-5); bare counts are CAS. */
		double bytes_per = upm_strcmp(unit, "MiB") == 0 ? 1048576.0
				   : unit[0] == 0	       ? (double)c->p->mem_bytes_per_count
							       : -1;
		if (bytes_per < 0) {
			upm_snprintf(out->err, sizeof out->err, "perf gives uncore_%s/%s/ in '%s', not MiB", pmu, aliases[i],
				     unit);
			ran = 0;
			continue;
		}
		for (unsigned s = 0; s < UPM_MAX_SOCKETS; s++)
			out->bytes[s] += sums[s] * bytes_per;
		out->partial |= partial;
	}
	out->counted = ran;
}

void upm_ck_perf_judge(struct check *c, const struct measure *m, const struct upm_ck_perf *pf)
{
	const char *check = pf->role == R_MEM_RD ? "perf.read" : "perf.write";
	const char *box = c->role_box[pf->role];
	if (!pf->ran)
		return;
	if (!pf->counted) {
		upm_verdict_add(c->vs, 0, box, -1, check, UPM_RESULT_INCOMPLETE, "not judged: perf did not count: %s",
				pf->err);
		return;
	}
	char perf_names[120];
	unsigned long at = 0;
	for (unsigned i = 0; i < pf->n_aliases; i++)
		at += (unsigned long)upm_snprintf(perf_names + at, sizeof perf_names - at, "%suncore_%s/%s/", i ? " + " : "",
						  pf->pmu, pf->aliases[i]);
	for (unsigned s = 0; s < c->r->n_sockets && s < UPM_MAX_SOCKETS; s++) {
		struct sum raw = upm_ck_sum_of(c, m, pf->role, s, -1);
		double ours = (double)raw.delta * c->p->mem_bytes_per_count;
		if (!raw.n) {
			upm_verdict_add(c->vs, s, box, -1, check, UPM_RESULT_INCOMPLETE,
					"not judged: upmon read no count of its own here");
			continue;
		}
		char perf_mib[32], ours_mib[32], ratio_text[32];
		upm_format_double(perf_mib, sizeof perf_mib, pf->bytes[s] / 1048576.0, 2);
		upm_format_double(ours_mib, sizeof ours_mib, ours / 1048576.0, 2);
		if ((double)raw.delta < CK_MIN_EXPECTED) {
			upm_verdict_add(c->vs, s, box, -1, check, UPM_RESULT_NA,
					"not judged: upmon counted %llu, too few to hold to 5%% (give a larger --size); "
					"perf %s %s MiB", (unsigned long long)raw.delta, perf_names, perf_mib);
			continue;
		}
		double ratio = pf->bytes[s] / ours;
		upm_format_double(ratio_text, sizeof ratio_text, ratio, 3);
		enum upm_result result = ratio >= 1 - PERF_TOLERANCE && ratio <= 1 + PERF_TOLERANCE ? UPM_RESULT_PASS
												     : UPM_RESULT_FAIL;
		if (pf->partial) /* a multiplexed count is a part of the kernel's traffic */
			result = UPM_RESULT_WARN;
		struct upm_verdict *vd = upm_verdict_add(
			c->vs, s, box, -1, check, result, "perf %s %s MiB, upmon %s MiB: perf/upmon %s%s",
			perf_names, perf_mib, ours_mib, ratio_text,
			pf->partial ? " (perf multiplexed its count: not judged)" : "");
		upm_verdict_numbers(vd, pf->bytes[s], ours, PERF_TOLERANCE, "bytes");
	}
}

void upm_ck_perf_not_counted(struct check *c)
{
	/* The checks each role's counts feed (core/check/check.h). */
	static const char *const checks[R_N] = { "uclk", "memory.read", "memory.write", "memory.channel",
						 "llc.hits", "llc.misses", "link.flits" };
	for (unsigned i = 0; i < R_N; i++) {
		if (!c->perf_skipped[i][0])
			continue;
		for (unsigned s = 0; s < c->r->n_sockets && s < UPM_MAX_SOCKETS; s++)
			upm_verdict_add(c->vs, s, c->role_box[i], -1, checks[i], UPM_RESULT_NA,
					"not counted through perf: %s", c->perf_skipped[i]);
	}
}
