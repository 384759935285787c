/* Working-set sizes: the defaults each kernel needs to exercise what it is named for,
 * and the parser for sizes given on the command line. */
#include "kernels/kernel.h"
#include "platform/backend.h"

/* A working set of 8x the LLC leaves at most an eighth of it cache-resident (STREAM asks
 * for each array to be 4x the caches; our arrays share the 8x), half the LLC stays
 * resident next to code and page tables, and 4x is enough to evict every line between
 * two visits of a line-stride sweep. */
uint64_t upm_kernel_default_size(const char *name, uint64_t llc_bytes)
{
	const struct upm_kernel_desc *k = upm_kernel_find(name);
	if (!k)
		return 0;
	if (llc_bytes == 0)
		llc_bytes = UPM_KERNEL_LLC_FALLBACK;

	uint64_t size;
	switch (k->footprint) {
	case UPM_KERNEL_IN_DRAM:
		if (__builtin_mul_overflow(llc_bytes, 8, &size))
			return 0;
		break;
	case UPM_KERNEL_IN_LLC:
		size = llc_bytes / 2;
		break;
	case UPM_KERNEL_OVER_LLC:
		if (__builtin_mul_overflow(llc_bytes, 4, &size))
			return 0;
		break;
	default:
		return 0;
	}

	/* Whole lines in every array, and never below the kernel's minimum. */
	uint64_t unit = (uint64_t)k->arrays * UPM_KERNEL_LINE;
	uint64_t min = unit * k->min_lines;
	if (size < min)
		size = min;
	if (size % unit && __builtin_add_overflow(size, unit - size % unit, &size))
		return 0;
	return size;
}

int upm_kernel_parse_size(const char *text, uint64_t *bytes)
{
	if (!text || !bytes)
		return UPM_EINVAL;
	/* Own digit loop rather than upm_parse_u64_prefix, which reports junk and
	 * overflow alike; decimal only, as a size is never written in hex. */
	const char *p = text;
	uint64_t v = 0;
	int overflow = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		uint64_t d = (uint64_t)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			overflow = 1; /* keep scanning: junk after the digits still wins */
		else
			v = v * 10 + d;
	}
	if (p == text)
		return UPM_EINVAL;

	unsigned shift = 0;
	switch (*p) {
	case '\0':
		break;
	case 'k': case 'K':
		shift = 10;
		break;
	case 'm': case 'M':
		shift = 20;
		break;
	case 'g': case 'G':
		shift = 30;
		break;
	default:
		return UPM_EINVAL;
	}
	if (shift && p[1])
		return UPM_EINVAL;
	if (overflow || v > (UINT64_MAX >> shift))
		return UPM_ERANGE;
	if (v == 0)
		return UPM_EINVAL;
	*bytes = v << shift;
	return UPM_OK;
}
