/* CPUID leaf 4, Intel SDM vol. 2A (CPUID, "Deterministic Cache Parameters Leaf"):
 * EAX[4:0] type (0 none, 1 data, 2 instruction, 3 unified), EAX[7:5] level,
 * EAX[25:14] logical processors sharing - 1; EBX[11:0] line size - 1, EBX[21:12]
 * partitions - 1, EBX[31:22] ways - 1; ECX sets - 1. Subleaves run until type 0. */
#include "core/workload/caches.h"
#include "platform/base/str.h"

int upm_caches_read(struct upm_backend *b, struct upm_caches *out)
{
	struct upm_cpuid_regs r;
	upm_memset(out, 0, sizeof *out);
	if (upm_cpuid(b, 0, 0, &r) != UPM_OK || r.eax < 4)
		return UPM_EUNSUPPORTED;
	/* "GenuineIntel" in EBX, EDX, ECX: other vendors define leaf 4 differently. */
	if (r.ebx != 0x756e6547u || r.edx != 0x49656e69u || r.ecx != 0x6c65746eu)
		return UPM_EUNSUPPORTED;
	unsigned best_level = 0;
	for (uint32_t sub = 0; sub < 16 && out->n < UPM_MAX_CACHES; sub++) {
		if (upm_cpuid(b, 4, sub, &r) != UPM_OK)
			break;
		unsigned type = r.eax & 0x1F;
		if (type == 0 || type > 3)
			break;
		struct upm_cache *c = &out->c[out->n++];
		c->level = (r.eax >> 5) & 7;
		c->type = type == 1 ? 'd' : type == 2 ? 'i' : 'u';
		c->sharing = ((r.eax >> 14) & 0xFFF) + 1;
		c->line = (r.ebx & 0xFFF) + 1;
		c->partitions = ((r.ebx >> 12) & 0x3FF) + 1;
		c->ways = ((r.ebx >> 22) & 0x3FF) + 1;
		c->sets = r.ecx + 1;
		c->bytes = (uint64_t)c->ways * c->partitions * c->line * c->sets;
		if (c->type != 'i' && c->level >= best_level) {
			best_level = c->level;
			out->llc_bytes = c->bytes;
		}
	}
	return out->n ? UPM_OK : UPM_EUNSUPPORTED;
}
