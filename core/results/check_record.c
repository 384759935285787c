/* The health check's results record, filled once when the check ends (check_record.h). */
#include "core/results/check_record.h"
#include "platform/base/exit.h"

void upm_check_record_fill(struct upm_check_record *rec, struct upm_run *r, const char *command,
			   struct upm_verdicts *vs, struct upm_burnin *burnin,
			   const struct upm_check_kernel_runs *kernels)
{
	upm_memset(rec, 0, sizeof *rec);
	rec->run = r;
	rec->command = command;
	rec->sockets = r->n_sockets;
	uint64_t now = upm_os_nanoseconds();
	rec->elapsed_ns = now > r->ident.start_ns ? now - r->ident.start_ns : 0;
	rec->verdicts = vs;
	rec->burnin = burnin;
	rec->safety = r->safety;
	if (r->safety) {
		rec->unrestored_said = r->safety->said;
		rec->dropped_said = r->safety->dropped_said;
	}
	if (r->safety) { /* "pmu restore", a silent socket's "processor", COMMAND "aborted" */
		/* An aborted check stops in its one pass (none done); a burn-in after its done
		 * passes, of those --passes planned (--duration alone plans none). */
		int burn = burnin && burnin->active;
		upm_check_safety_verdicts(r->safety, vs, command, burn ? burnin->done : 0, burn ? burnin->passes : 1);
	}
	if (upm_ident_replay_divergence(r)) /* one cause, one FAIL: the replay's */
		upm_check_safety_replay_diverged(vs, upm_ident_replay_divergence(r));
	if (burnin && burnin->active) /* the last pass counts what was added after it */
		upm_burnin_settle(burnin, vs, upm_ident_replay_divergence(r) != NULL);
	enum upm_result overall = upm_verdicts_overall(vs);
	rec->verdict = overall == UPM_RESULT_NA ? UPM_RESULT_PASS : overall;
	/* An abort is INCOMPLETE (its verdict says so) with its own status, unless something
	 * FAILed: 2 wins. */
	int status = upm_result_exit(overall);
	rec->exit_status = r->safety && r->safety->aborted && status != UPM_EXIT_FAIL ? UPM_EXIT_ABORTED : status;
	r->ident.verdict = upm_result_name(rec->verdict);
	if (kernels && kernels->stage_ran) {
		rec->has_kernels = 1;
		rec->n_kernels = kernels->n < UPM_CHECK_MAX_KERNELS ? kernels->n : UPM_CHECK_MAX_KERNELS;
		upm_memcpy(rec->kernels, kernels->k, rec->n_kernels * sizeof rec->kernels[0]);
	}
}
