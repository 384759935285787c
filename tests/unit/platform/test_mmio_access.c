/* MMIO writes and 64-bit MMIO reads through every backend: the mock's registers, the
 * trace's lines, the dry run's skipped write, the replay of both kinds, the refusal
 * where loads are unguarded and the access count. */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "platform/mock/mock.h"
#include "platform/replay.h"
#include "platform/trace.h"
#include "platform/base/str.h"

#define WIN 0xF0000000ull

/* A mock with one MMIO window holding a read-write 32-bit control at +0x10 and a 64-bit
 * counter at +0x38 (value 0x1234567890). */
static struct upm_backend *mock_with_window(void)
{
	struct upm_backend *b = mock_backend("snbep", 1, NULL, NULL);
	struct upm_mock *m = b ? upm_mock_of(b) : NULL;
	struct upm_mock_mmio *w = m ? upm_mock_add_mmio(m, WIN, 0x1000) : NULL;
	if (!w)
		return b;
	upm_mock_add_mmio_reg(m, w, 0x10, 0, 0xFFFFFFFFu);
	struct upm_mock_reg *ctr = upm_mock_add_mmio_reg(m, w, 0x38, 0, 0);
	if (ctr)
		ctr->value = 0x1234567890ull;
	return b;
}

TEST(mmio_mock_write32_and_read64)
{
	struct upm_backend *b = mock_with_window();
	uint32_t v32;
	uint64_t v64;
	CHECK_EQ(upm_mmio_write32(b, WIN + 0x10, 0xCAFE0001u), UPM_OK);
	CHECK_EQ(upm_mmio_read32(b, WIN + 0x10, &v32), UPM_OK);
	CHECK_EQ(v32, 0xCAFE0001u);
	CHECK_EQ(upm_mmio_read64(b, WIN + 0x38, &v64), UPM_OK);
	CHECK_EQ(v64, 0x1234567890ull); /* whole, not its low dword */
	CHECK_EQ(upm_mmio_read64(b, WIN + 0x100, &v64), UPM_OK);
	CHECK_EQ(v64, 0); /* in the window, no register */
	CHECK_EQ(upm_mmio_read64(b, 0xE0000000ull, &v64), UPM_EFAULT); /* nothing mapped */
	CHECK_EQ(upm_mmio_write32(b, 0xE0000000ull, 1), UPM_EFAULT);
	CHECK_EQ(b->accesses, 6);
	upm_backend_destroy(b);
}

TEST(mmio_refused_where_loads_unguarded)
{
	struct upm_backend *b = mock_with_window();
	uint64_t v64 = 5;
	b->loads_unguarded = "test: no page-fault handler";
	CHECK_EQ(upm_mmio_write32(b, WIN + 0x10, 7), UPM_EUNSUPPORTED);
	CHECK_EQ(upm_mmio_read64(b, WIN + 0x38, &v64), UPM_EUNSUPPORTED);
	CHECK_EQ(b->accesses, 0);
	b->loads_unguarded = NULL;
	uint32_t v32;
	CHECK_EQ(upm_mmio_read32(b, WIN + 0x10, &v32), UPM_OK);
	CHECK_EQ(v32, 0); /* the refused write never arrived */
	upm_backend_destroy(b);
}

TEST(mmio_trace_lines_exact_format)
{
	struct upm_backend *t = upm_trace_create(mock_with_window(), 0, 8);
	uint64_t v64;
	CHECK_EQ(upm_mmio_write32(t, WIN + 0x10, 0x101u), UPM_OK);
	CHECK_EQ(upm_mmio_read64(t, WIN + 0x38, &v64), UPM_OK);
	struct upm_buf text;
	upm_buf_init(&text);
	upm_trace_format(upm_trace_of(t), "test", &text);
	CHECK_CONTAINS(text.data, "\tW\tmmio\t0xf0000010\t0x101\n");
	CHECK_CONTAINS(text.data, "\tR\tmmio64\t0xf0000038\t0x1234567890\n");
	upm_buf_free(&text);
	upm_backend_destroy(t);
}

TEST(mmio_dry_run_skips_the_write)
{
	struct upm_backend *inner = mock_with_window();
	struct upm_backend *t = upm_trace_create(inner, 1, 8);
	uint32_t v32 = 1;
	CHECK_EQ(upm_mmio_write32(t, WIN + 0x10, 0xFFu), UPM_OK);
	CHECK(upm_trace_of(t)->n == 1 && upm_trace_of(t)->records[0].skipped);
	CHECK_EQ(inner->accesses, 0); /* not passed on */
	CHECK_EQ(upm_mmio_read32(inner, WIN + 0x10, &v32), UPM_OK);
	CHECK_EQ(v32, 0);
	upm_backend_destroy(t);
}

TEST(mmio_replay_round_trip)
{
	struct upm_backend *t = upm_trace_create(mock_with_window(), 0, 8);
	uint64_t v64 = 0;
	CHECK_EQ(upm_mmio_write32(t, WIN + 0x10, 0x100u), UPM_OK);
	CHECK_EQ(upm_mmio_read64(t, WIN + 0x38, &v64), UPM_OK);
	struct upm_buf text;
	upm_buf_init(&text);
	upm_trace_format(upm_trace_of(t), "test", &text);
	char err[200] = "";
	struct upm_backend *rp = upm_replay_create(text.data, text.len, err, sizeof err);
	CHECK(rp != NULL);
	if (rp) {
		uint32_t v32;
		v64 = 0;
		CHECK_EQ(upm_mmio_write32(rp, WIN + 0x10, 0x100u), UPM_OK);
		CHECK_EQ(upm_mmio_read64(rp, WIN + 0x38, &v64), UPM_OK);
		CHECK_EQ(v64, 0x1234567890ull);
		/* a 32-bit load of the same address is another access: not in the recording */
		CHECK_EQ(upm_mmio_read32(rp, WIN + 0x38, &v32), UPM_EDIVERGED);
		CHECK(upm_replay_divergence(rp) != NULL);
		upm_backend_destroy(rp);
	}
	/* a write recorded differently diverges */
	rp = upm_replay_create(text.data, text.len, err, sizeof err);
	if (rp) {
		CHECK_EQ(upm_mmio_write32(rp, WIN + 0x10, 0x200u), UPM_EDIVERGED);
		CHECK_CONTAINS(upm_replay_divergence(rp), "mmio 0xf0000010");
		upm_backend_destroy(rp);
	}
	upm_buf_free(&text);
	upm_backend_destroy(t);
}

TEST(mmio_replay_reads_old_and_rejects_wide_writes)
{
	char err[200] = "";
	const char *old = "# upmon trace: old\n1\t0\t0\tR\tmmio\t0xfed15040\t0x5\n";
	struct upm_backend *rp = upm_replay_create(old, upm_strlen(old), err, sizeof err);
	CHECK(rp != NULL);
	if (rp)
		upm_backend_destroy(rp);
	const char *bad = "# upmon trace: x\n1\t0\t0\tW\tmmio64\t0xfed15040\t0x5\n";
	rp = upm_replay_create(bad, upm_strlen(bad), err, sizeof err);
	CHECK(rp == NULL); /* MMIO writes are 32-bit only */
	CHECK_CONTAINS(err, "mmio|mmio64");
}
