/* libFuzzer target: ACPI tables the firmware hands over (bytes a real machine's firmware
 * may get wrong).
 *   1. The input as one table: MCFG (platform/mcfg.c), SRAT (core/workload/srat.c), then
 *      the SRAT's answer for a small topology, and FADT (platform/acpi_fadt.c).
 *   2. The input as firmware memory at IMAGE_BASE with the RSDP at its start: the walk of
 *      platform/acpi_tables.c to the MCFG, the SRAT and the FADT, then their parsers. So that the
 *      fuzzer reaches past the checksums, the harness makes them right over whatever the
 *      mutated pointers and lengths name (the RSDP's, the root's, each entry's), unless the
 *      input's last byte is odd: then they stay as mutated. */
#include "core/workload/srat.h"
#include "platform/acpi_fadt.h"
#include "platform/acpi_tables.h"
#include "platform/mcfg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define IMAGE_BASE 0x10000ull
#define IMAGE_MAX (64u * 1024)

struct image {
	uint8_t *b;
	size_t n;
};

static const uint8_t *view(void *ctx, uint64_t addr, uint32_t len)
{
	const struct image *im = ctx;
	if (addr < IMAGE_BASE || addr - IMAGE_BASE > im->n || len > im->n - (addr - IMAGE_BASE))
		return NULL;
	return im->b + (addr - IMAGE_BASE);
}

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* Sets the byte at at so that the n bytes from start sum to zero. */
static void fix(uint8_t *start, size_t n, uint8_t *at)
{
	uint8_t s = 0;
	*at = 0;
	for (size_t i = 0; i < n; i++)
		s = (uint8_t)(s + start[i]);
	*at = (uint8_t)(0 - s);
}

/* The table header at addr, when it and its whole length lie in the image. */
static uint8_t *table_in(struct image *im, uint64_t addr, uint32_t *len)
{
	const uint8_t *h = view(im, addr, 36);
	if (!h)
		return NULL;
	*len = (uint32_t)le(h + 4, 4);
	if (*len < 36 || !view(im, addr, *len))
		return NULL;
	return im->b + (addr - IMAGE_BASE);
}

static void fix_checksums(struct image *im)
{
	uint8_t *p = im->b;
	uint32_t root_len, len;
	if (im->n < 36)
		return;
	fix(p, 20, p + 8);
	fix(p, 36, p + 32);
	uint64_t xsdt = p[15] >= 2 ? le(p + 24, 8) : 0;
	unsigned entry = xsdt ? 8 : 4;
	uint8_t *root = table_in(im, xsdt ? xsdt : le(p + 16, 4), &root_len);
	if (!root)
		return;
	for (uint32_t off = 36; off + entry <= root_len; off += entry) {
		uint8_t *t = table_in(im, le(root + off, entry), &len);
		if (t && t != root)
			fix(t, len, t + 9);
	}
	fix(root, root_len, root + 9); /* last: an entry may overlap the root */
}

static void parse_srat(const uint8_t *t, size_t len)
{
	static struct upm_srat srat; /* large: kept off the stack */
	static struct upm_topology topo;
	if (upm_srat_parse(t, len, &srat) != UPM_OK)
		return;
	memset(&topo, 0, sizeof topo);
	topo.n_cpus = 4;
	for (unsigned i = 0; i < 4; i++) {
		topo.cpus[i].apic_id = i * 2;
		topo.cpus[i].package = i / 2;
	}
	upm_srat_socket_domain(&srat, &topo, 0);
	upm_srat_socket_domain(&srat, &topo, 1);
}

/* What the walk hands back lies in the image, whole, and sums to zero. */
static void found_is_whole(const struct image *im, const uint8_t *t, uint32_t len)
{
	uint8_t s = 0;
	if (len < 36 || t < im->b || (size_t)(t - im->b) > im->n || len > im->n - (size_t)(t - im->b))
		abort();
	for (uint32_t i = 0; i < len; i++)
		s = (uint8_t)(s + t[i]);
	if (s)
		abort();
}

static void walk(const uint8_t *data, size_t size)
{
	struct image im = { NULL, size < IMAGE_MAX ? size : IMAGE_MAX };
	const struct upm_acpi_memory mem = { view, &im };
	const uint8_t *t;
	uint32_t len;
	char why[160];
	struct upm_ecam_window w[4];
	unsigned total = 0;

	im.b = malloc(im.n ? im.n : 1);
	if (!im.b)
		return;
	memcpy(im.b, data, im.n);
	if (!(size && data[size - 1] & 1))
		fix_checksums(&im);
	if (upm_acpi_find(&mem, IMAGE_BASE, "MCFG", &t, &len, why, sizeof why) == UPM_ACPI_FOUND) {
		found_is_whole(&im, t, len);
		upm_mcfg_parse(t, len, w, 4, &total);
	}
	if (upm_acpi_find(&mem, IMAGE_BASE, "SRAT", &t, &len, why, sizeof why) == UPM_ACPI_FOUND) {
		found_is_whole(&im, t, len);
		parse_srat(t, len);
	}
	if (upm_acpi_find(&mem, IMAGE_BASE, "FACP", &t, &len, why, sizeof why) == UPM_ACPI_FOUND) {
		struct upm_acpi_reset reset;
		found_is_whole(&im, t, len);
		upm_fadt_reset_reg(t, len, &reset, why, sizeof why);
	}
	free(im.b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct upm_ecam_window w[4];
	unsigned total = 0;
	struct upm_acpi_reset reset;
	char why[160];
	uint32_t len32 = (uint32_t)(size > UINT32_MAX ? UINT32_MAX : size);
	upm_mcfg_parse(data, len32, w, 4, &total);
	parse_srat(data, size);
	upm_fadt_reset_reg(data, len32, &reset, why, sizeof why);
	walk(data, size);
	return 0;
}
