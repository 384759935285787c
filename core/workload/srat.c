/* SRAT entries (ACPI 6.x 5.2.16): after the 36-byte header, 4 + 8 reserved bytes, then
 * structures of (type, length, ...):
 *   type 0, 16 bytes, processor local APIC affinity: domain[7:0] at 2, APIC ID at 3,
 *     flags at 4 (bit 0 enabled), domain[31:8] at 9-11
 *   type 1, 40 bytes, memory affinity: domain at 2, base at 8, length at 16, flags at 28
 *     (bit 0 enabled)
 *   type 2, 24 bytes, processor local x2APIC affinity: domain at 4, x2APIC ID at 8,
 *     flags at 12 (bit 0 enabled) */
#include "core/workload/srat.h"
#include "platform/base/str.h"
#include "platform/backend.h"

#define SRAT_FIRST_ENTRY 48

int upm_srat_parse(const uint8_t *t, size_t len, struct upm_srat *out)
{
	upm_memset(out, 0, sizeof *out);
	if (!t || len < SRAT_FIRST_ENTRY || upm_memcmp(t, "SRAT", 4) != 0 || upm_get_le(t + 4, 4) > len)
		return UPM_EINVAL;
	size_t end = (size_t)upm_get_le(t + 4, 4);
	for (size_t off = SRAT_FIRST_ENTRY; off + 2 <= end;) {
		const uint8_t *e = t + off;
		unsigned type = e[0], elen = e[1];
		if (elen < 2 || off + elen > end)
			return UPM_EINVAL;
		if (type == 0 && elen >= 16 && (upm_get_le(e + 4, 4) & 1) && out->n_cpus < UPM_MAX_CPUS) {
			out->cpus[out->n_cpus].apic_id = e[3];
			out->cpus[out->n_cpus].domain = (uint32_t)(e[2] | upm_get_le(e + 9, 3) << 8);
			out->n_cpus++;
		} else if (type == 2 && elen >= 24 && (upm_get_le(e + 12, 4) & 1) && out->n_cpus < UPM_MAX_CPUS) {
			out->cpus[out->n_cpus].apic_id = (uint32_t)upm_get_le(e + 8, 4);
			out->cpus[out->n_cpus].domain = (uint32_t)upm_get_le(e + 4, 4);
			out->n_cpus++;
		} else if (type == 1 && elen >= 40 && (upm_get_le(e + 28, 4) & 1) && upm_get_le(e + 16, 8) &&
			   out->n_mems < UPM_SRAT_MAX_MEMS) {
			out->mems[out->n_mems].domain = (uint32_t)upm_get_le(e + 2, 4);
			out->mems[out->n_mems].base = upm_get_le(e + 8, 8);
			out->mems[out->n_mems].length = upm_get_le(e + 16, 8);
			out->n_mems++;
		}
		off += elen;
	}
	return UPM_OK;
}

long upm_srat_socket_domain(const struct upm_srat *s, const struct upm_topology *t, unsigned socket)
{
	for (unsigned i = 0; i < t->n_cpus; i++) {
		if (t->cpus[i].package != socket)
			continue;
		for (unsigned k = 0; k < s->n_cpus; k++)
			if (s->cpus[k].apic_id == t->cpus[i].apic_id)
				return (long)s->cpus[k].domain;
	}
	return -1;
}
