/* The fault guard's proof (core/session/guard_proof.h). */
#include "core/session/guard_proof.h"
#include "platform/base/os.h"

struct probe {
	struct upm_run *r;
	int rc;
	uint32_t value;
};

static void probe_fn(void *arg)
{
	struct probe *p = arg;
	p->rc = upm_mmio_read32(p->r->backend, UPM_GUARD_PROBE_ADDR, &p->value);
}

int upm_guard_prove_here(struct upm_run *r, char *why, unsigned long why_size)
{
	struct probe p = { r, UPM_OK, 0 };
	probe_fn(&p);
	if (p.rc == UPM_EFAULT)
		return 0;
	upm_snprintf(why, why_size,
		     "the #GP guard is not working: a load from non-canonical 0x%llx gave %s, not a "
		     "caught fault",
		     (unsigned long long)UPM_GUARD_PROBE_ADDR, upm_status_name(p.rc));
	return -1;
}

unsigned upm_guard_prove_sockets(struct upm_run *r)
{
	unsigned failed = 0;
	for (unsigned s = 0; s < r->n_sockets && s < UPM_MAX_SOCKETS; s++) {
		struct probe p = { r, UPM_OK, 0 };
		int rc = upm_os_run_on_socket(s, probe_fn, &p);
		if (rc == UPM_OK && p.rc == UPM_EFAULT)
			continue;
		r->sessions->socket_unguarded[s] = 1;
		failed++;
		if (rc != UPM_OK)
			upm_error(r, "socket %u: its processor did not come back from the #GP guard's proof "
				  "(%s): socket skipped", s, upm_status_name(rc));
		else
			upm_error(r, "socket %u: the #GP guard is not working on its processor (a "
				  "non-canonical load gave %s): socket skipped", s, upm_status_name(p.rc));
	}
	return failed;
}
