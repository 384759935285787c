/* The microcode revision of every socket measured: a mixed set is a finding in itself
 * (sockets of one board should run one revision), and the BSP's alone cannot show it. */
#include "platform/replay.h"
#include "core/commands/commands.h"
#include "platform/base/os.h"

struct sign_read {
	struct upm_backend *b;
	int rc;
	uint32_t revision;
};

/* SDM vol. 3A 9.11.7.1 (as platform/cpu.c on the BSP): write 0 to IA32_BIOS_SIGN_ID,
 * run CPUID(1), read bits 63:32; on a processor of the socket. */
static void read_sign(void *arg)
{
	struct sign_read *s = arg;
	struct upm_cpuid_regs regs;
	uint64_t sig = 0;
	s->rc = upm_msr_write(s->b, UPM_MSR_IA32_BIOS_SIGN_ID, 0);
	if (s->rc == UPM_OK)
		s->rc = upm_cpuid(s->b, 1, 0, &regs);
	if (s->rc == UPM_OK)
		s->rc = upm_msr_read(s->b, UPM_MSR_IA32_BIOS_SIGN_ID, &sig);
	s->revision = (uint32_t)(sig >> 32);
}

void upm_read_microcode(struct upm_run *r)
{
	if (r->cpu.microcode_status != UPM_OK)
		return; /* not an Intel family 6 processor, or the BSP could not read it either */
	/* Injected mock faults are aimed at given accesses of a socket ("its first register
	 * access"): an identity read before the session would take them. The mock models one
	 * revision anyway; the sockets stay unread (null). */
	if (upm_ident_mock_faults(r) || upm_replay_recorded_mock_faults(upm_replay_find(r->backend)))
		return; /* a replay of such a run makes the accesses it made */
	for (unsigned s = 0; s < r->n_sockets && s < UPM_MAX_SOCKETS; s++) {
		struct sign_read sr = { r->backend, UPM_OK, 0 };
		int rc = upm_os_run_on_socket(s, read_sign, &sr);
		r->ident.microcode_ok[s] = rc == UPM_OK && sr.rc == UPM_OK;
		r->ident.microcode[s] = sr.revision;
	}
}
