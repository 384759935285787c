/* PCI address encodings and the trace format. */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "platform/mock/mock.h"
#include "platform/pci.h"
#include "platform/trace.h"
#include "platform/base/os.h"
#include <stdlib.h>

TEST(pci_cf8_encoding)
{
	uint32_t cf8;
	struct upm_pci_addr ha = { 0, 0x7F, 14, 1, 0xF4 };
	CHECK_EQ(upm_pci_cf8_encode(ha, &cf8), UPM_OK);
	/* enable 31, bus 23:16, device 15:11, function 10:8, register 7:2 */
	CHECK_EQ(cf8, 0x807F71F4u);
	struct upm_pci_addr match = { 0, 0x7F, 8, 6, 0x228 };
	CHECK_EQ(upm_pci_cf8_encode(match, &cf8), UPM_ERANGE);
	struct upm_pci_addr bad = { 0, 0, 32, 0, 0 };
	CHECK_EQ(upm_pci_cf8_encode(bad, &cf8), UPM_EINVAL);
	struct upm_pci_addr unaligned = { 0, 0, 1, 0, 0x42 };
	CHECK_EQ(upm_pci_cf8_encode(unaligned, &cf8), UPM_EINVAL);
}

TEST(pci_ecam_offset)
{
	struct upm_ecam_window w = { 0xE0000000ull, 0, 0, 255 };
	uint64_t off;
	struct upm_pci_addr a = { 0, 0xFF, 9, 6, 0x23C };
	CHECK_EQ(upm_pci_ecam_offset(&w, a, &off), UPM_OK);
	CHECK_EQ(off, 0xFF00000ull | (9u << 15) | (6u << 12) | 0x23C);
	struct upm_ecam_window narrow = { 0xE0000000ull, 0, 0x10, 0x1F };
	a.bus = 0x12;
	CHECK_EQ(upm_pci_ecam_offset(&narrow, a, &off), UPM_OK);
	CHECK_EQ(off, (0x12ull << 20) | (9u << 15) | (6u << 12) | 0x23C); /* from bus 0 */
	a.bus = 0x20;
	CHECK_EQ(upm_pci_ecam_offset(&narrow, a, &off), UPM_ERANGE);
}

TEST(pci_format_and_parse)
{
	char b[32];
	struct upm_pci_addr a;
	upm_pci_format(b, sizeof b, (struct upm_pci_addr){ 0, 0x7F, 0x10, 5, 0xD0 });
	CHECK_STR(b, "7f:10.5+0x0d0");
	CHECK_EQ(upm_pci_parse("ff:0e.1", &a), 0);
	CHECK_EQ(a.bus, 0xFF);
	CHECK_EQ(a.dev, 0x0E);
	CHECK_EQ(a.fn, 1);
	CHECK_EQ(upm_pci_parse("7f:08.6+0x228", &a), 0);
	CHECK_EQ(a.off, 0x228);
	CHECK_EQ(upm_pci_parse("0000:7f:13.5", &a), 0);
	CHECK_EQ(a.dev, 0x13);
	CHECK_EQ(upm_pci_parse("7f:20.0", &a), -1); /* device 32 */
	CHECK_EQ(upm_pci_parse("7f:08.8", &a), -1);
	CHECK_EQ(upm_pci_parse("7f:08.1+0x3", &a), -1);
	CHECK_EQ(upm_pci_parse("7f08.1", &a), -1);
	CHECK_EQ(upm_pci_parse("7f:08.1x", &a), -1);
}

static struct upm_backend *mock_snbep(const char *faults)
{
	return mock_backend("snbep", 2, faults, NULL);
}

static void write_cbo1_box_ctl(void *arg)
{
	upm_msr_write(arg, 0xD24, 0x10100);
}

TEST(trace_lines_exact_format)
{
	struct upm_backend *t = upm_trace_create(mock_snbep(NULL), 0, 16);
	uint64_t v;
	uint32_t d;
	CHECK_EQ(upm_msr_write(t, 0xD10, 0x400034), UPM_OK);
	CHECK_EQ(upm_msr_read(t, 0xD10, &v), UPM_OK);
	CHECK_EQ(upm_os_run_on_socket(1, write_cbo1_box_ctl, t), UPM_OK);
	CHECK_EQ(upm_pci_read32(t, (struct upm_pci_addr){ 0, 0xFF, 14, 1, 0 }, &d), UPM_OK);
	CHECK_EQ(upm_msr_read(t, 0x6E1, &v), UPM_EFAULT);
	CHECK_EQ(upm_mmio_read32(t, 0xFED10000ull, &d), UPM_EFAULT);

	struct upm_buf out;
	upm_buf_init(&out);
	upm_trace_format(upm_trace_of(t), "test", &out);
	CHECK_STR(out.data, "# upmon trace: test\n"
			    "# seq\tcpu\tsocket\top\tspace\taddress\tvalue\n"
			    "1\t0\t0\tW\tmsr\t0xd10\t0x400034\n"
			    "2\t0\t0\tR\tmsr\t0xd10\t0x400034\n"
			    "3\t2\t1\tW\tmsr\t0xd24\t0x10100\n"
			    "4\t0\t0\tR\tpci\tff:0e.1+0x000\t0x3c468086\n"
			    "5\t0\t0\tR!\tmsr\t0x6e1\t0x0\n"
			    "6\t0\t0\tR!\tmmio\t0xfed10000\t0xffffffff\n");
	upm_buf_free(&out);
	upm_backend_destroy(t);
}

TEST(trace_dry_run_records_but_does_not_write)
{
	struct upm_backend *t = upm_trace_create(mock_snbep(NULL), 1, 16);
	uint64_t v;
	CHECK_EQ(upm_msr_write(t, 0xD10, 0x400034), UPM_OK);
	CHECK_EQ(upm_msr_read(t, 0xD10, &v), UPM_OK);
	CHECK_EQ(v, 0); /* the write never reached the register */
	struct upm_buf out;
	upm_buf_init(&out);
	upm_trace_format(upm_trace_of(t), "dry", &out);
	CHECK_CONTAINS(out.data, "# dry run: writes were recorded, not performed\n");
	CHECK_CONTAINS(out.data, "1\t0\t0\tW\tmsr\t0xd10\t0x400034\n");
	upm_buf_free(&out);
	upm_backend_destroy(t);
}

TEST(trace_full_buffer_counts_what_it_dropped)
{
	struct upm_backend *t = upm_trace_create(mock_snbep(NULL), 0, 2);
	uint64_t v;
	for (int i = 0; i < 5; i++)
		upm_msr_read(t, 0xD10, &v);
	struct upm_buf out;
	upm_buf_init(&out);
	upm_trace_format(upm_trace_of(t), "x", &out);
	CHECK_CONTAINS(out.data, "# 3 accesses not recorded: trace buffer full\n");
	upm_buf_free(&out);
	upm_backend_destroy(t);
}
