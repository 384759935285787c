/* Topology settling: package numbers from APIC IDs, dense socket indices, and the sockets
 * measured, which every report says (platform/base/os.h). */
#include "platform/base/os.h"
#include "platform/base/str.h"

/* Extended topology leaves (0xB, 0x1F): level types in ECX[15:8]. Linux,
 * arch/x86/kernel/cpu/topology.c: INVALID_TYPE 0, SMT_TYPE 1; LEAFB_SUBTYPE(ecx) is
 * (ecx >> 8) & 0xff, BITS_SHIFT_NEXT_LEVEL(eax) is eax & 0x1f. */
#define LEVEL_TYPE(ecx) (((ecx) >> 8) & 0xffu)
#define LEVEL_SHIFT(eax) ((eax) & 0x1fu)
#define TYPE_INVALID 0u
#define TYPE_SMT 1u

int upm_package_shift(const uint32_t (*regs)[4], unsigned n)
{
	if (n == 0 || regs[0][1] == 0 || LEVEL_TYPE(regs[0][2]) != TYPE_SMT)
		return -1;
	int shift = -1;
	for (unsigned i = 0; i < n && LEVEL_TYPE(regs[i][2]) != TYPE_INVALID; i++)
		shift = (int)LEVEL_SHIFT(regs[i][0]);
	return shift;
}

int upm_topology_settle(struct upm_topology *t, int pkg_shift)
{
	unsigned ids[UPM_MAX_CPUS], n_ids = 0;
	t->n_disagree = 0;
	t->note[0] = 0;
	t->refused[0] = 0;
	for (unsigned i = 0; i < t->n_cpus && i < UPM_MAX_CPUS; i++) {
		struct upm_cpu_info *c = &t->cpus[i];
		unsigned mp_package = c->package;
		c->package_id = mp_package;
		if (pkg_shift >= 0 && pkg_shift < 32) {
			c->package_id = c->apic_id >> pkg_shift;
			if (c->package_id != mp_package && t->n_disagree++ == 0)
				upm_snprintf(t->note, sizeof t->note,
					     "processor %u (APIC ID 0x%x): MP services say package %u, "
					     "its APIC ID says %u (CPUID topology shift %d): using %u",
					     c->index, (unsigned)c->apic_id, mp_package, c->package_id,
					     pkg_shift, c->package_id);
		}
		/* Sorted insert of a new package number. */
		unsigned k = 0;
		while (k < n_ids && ids[k] < c->package_id)
			k++;
		if (k < n_ids && ids[k] == c->package_id)
			continue;
		for (unsigned m = n_ids; m > k; m--)
			ids[m] = ids[m - 1];
		ids[k] = c->package_id;
		n_ids++;
	}
	if (t->n_unlisted) {
		upm_snprintf(t->refused, sizeof t->refused,
			     "%u enabled processors found; upmon lists at most %u, and a socket left out would "
			     "be measured as absent: nothing was measured",
			     t->n_cpus + t->n_unlisted, UPM_MAX_CPUS);
		t->n_sockets = 0;
		return -1;
	}
	if (n_ids > UPM_MAX_SOCKETS) {
		upm_snprintf(t->refused, sizeof t->refused,
			     "%u processor packages found (numbers %u to %u); upmon supports at most %u "
			     "sockets: nothing was measured, run it on a machine with %u or fewer",
			     n_ids, ids[0], ids[n_ids - 1], UPM_MAX_SOCKETS, UPM_MAX_SOCKETS);
		t->n_sockets = 0;
		return -1;
	}
	for (unsigned s = 0; s < n_ids; s++)
		t->package_ids[s] = ids[s];
	for (unsigned i = 0; i < t->n_cpus && i < UPM_MAX_CPUS; i++) {
		struct upm_cpu_info *c = &t->cpus[i];
		for (unsigned s = 0; s < n_ids; s++)
			if (ids[s] == c->package_id)
				c->package = s;
	}
	t->n_sockets = n_ids ? n_ids : 1;
	upm_topology_measure(t, t->n_sockets);
	return 0;
}

void upm_topology_measure(struct upm_topology *t, unsigned n_sockets)
{
	t->n_measured = n_sockets < t->n_sockets ? n_sockets : t->n_sockets;
	t->n_measured_cpus = 0;
	for (unsigned i = 0; i < t->n_cpus && i < UPM_MAX_CPUS; i++)
		t->n_measured_cpus += t->cpus[i].package < t->n_measured;
}
