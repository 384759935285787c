/* Counters another agent runs (core/session/in_use.h). */
#include "core/session/in_use.h"
#include "core/events/alias_perf.h"
#include "platform/base/os.h"
#include "platform/replay.h"

struct in_use_scan {
	struct upm_session *s;
	unsigned socket;
	const struct upm_box_inst *box; /* the first found */
	uint32_t ctl;
	uint64_t value;
};

static void scan_socket(void *arg)
{
	struct in_use_scan *a = arg;
	for (unsigned i = 0; i < a->s->n_boxes && !a->box; i++) {
		const struct upm_box_inst *b = &a->s->boxes[i];
		const struct upm_box_type *t = b->type;
		uint64_t en = upm_field_mask(t->ctl_layout.en);
		if (b->socket != a->socket || b->state != UPM_BOX_OK || !en)
			continue;
		for (unsigned k = 0; k < t->n_ctrs && !a->box; k++) {
			uint64_t v;
			if (upm_box_reg_read(a->s, b, t->ctl[k], &v, 0) == UPM_OK && (v & en)) {
				a->box = b;
				a->ctl = upm_box_reg_addr(b, t->ctl[k]);
				a->value = v;
			}
		}
	}
}

int upm_session_refuse_in_use(struct upm_session *s)
{
	/* A replay of a Linux run reads what the recording read, the scan included. */
	int dry = 0;
	const char *recorded = upm_replay_recorded_backend(upm_replay_find(s->run->backend), &dry);
	if (s->run->opts.backend != UPM_BACKEND_LINUX && !(recorded && upm_strcmp(recorded, "linux") == 0))
		return 0;
	struct in_use_scan a;
	upm_memset(&a, 0, sizeof a);
	a.s = s;
	for (unsigned sock = 0; sock < s->run->n_sockets && !a.box; sock++) {
		a.socket = sock;
		if (upm_os_run_on_socket(sock, scan_socket, &a) != UPM_OK)
			return 0; /* a socket that does not answer: the session's own steps say so */
	}
	if (!a.box)
		return 0;
	char pmu[64], err[120];
	if (upm_alias_perf_pmu_name(s->run->platform, a.box->type, a.box->instance, pmu, sizeof pmu, err, sizeof err) < 0)
		upm_strlcpy(pmu, "none", sizeof pmu);
	upm_snprintf(s->error, sizeof s->error,
		     "socket %u %s%u is counting already: its counter control 0x%x reads 0x%llx, enable set (perf's PMU "
		     "%s, or another tool): counting beside it spoils both counts; stop it (perf, pcm) and run again "
		     "(a count a killed tool left running clears at the next boot); nothing was written",
		     a.box->socket, a.box->type->name, a.box->instance, a.ctl, (unsigned long long)a.value, pmu);
	return -1;
}
