/* The mock's register semantics and fault injection. Addresses are the guide's. */
#include "tests/unit/test.h"
#include "tests/unit/mock_backend.h"
#include "platform/mock/mock.h"
#include "platform/mock/pmon.h"
#include "platform/pci.h"
#include "platform/base/os.h"

static struct upm_backend *mock(const char *faults, unsigned sockets)
{
	return mock_backend("snbep", sockets, faults, NULL);
}

TEST(mock_write_masks_and_reserved_bits)
{
	struct upm_backend *b = mock(NULL, 2);
	uint64_t v;
	/* CBo 0 control 0xD10 (Table 2-10): bit 16 and 21:20 reserved -> #GP on hardware. */
	CHECK_EQ(upm_msr_write(b, 0xD10, 1ull << 16), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(b, 0xD10, 1ull << 20), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(b, 0xD10, 0xFF4C1234ull), UPM_OK);
	CHECK_EQ(upm_msr_read(b, 0xD10, &v), UPM_OK);
	CHECK_EQ(v, 0xFF4C1234ull);
	/* UBox control: thresh is 5 bits (28:24), so bit 29 is reserved (Table 2-2). */
	CHECK_EQ(upm_msr_write(b, 0xC10, 1ull << 29), UPM_EFAULT);
	/* 44-bit CBo counter 0xD16: bits above 43 do not exist. */
	CHECK_EQ(upm_msr_write(b, 0xD16, 1ull << 44), UPM_EFAULT);
	upm_backend_destroy(b);
}

TEST(mock_write_only_bits_read_as_zero)
{
	struct upm_backend *b = mock(NULL, 1);
	uint64_t v;
	/* CBo box control: every field write-only (Table 2-9). */
	CHECK_EQ(upm_msr_write(b, 0xD04, 0x10100), UPM_OK);
	CHECK_EQ(upm_msr_read(b, 0xD04, &v), UPM_OK);
	CHECK_EQ(v, 0);
	/* Counter reset bit 17 is write-only: it clears the counter and reads as zero. */
	CHECK_EQ(upm_msr_write(b, 0xD17, 0x1234), UPM_OK);
	CHECK_EQ(upm_msr_write(b, 0xD11, 0x400000 | 1ull << 17), UPM_OK);
	CHECK_EQ(upm_msr_read(b, 0xD11, &v), UPM_OK);
	CHECK_EQ(v, 0x400000);
	CHECK_EQ(upm_msr_read(b, 0xD17, &v), UPM_OK);
	CHECK_EQ(v, 0);
	upm_backend_destroy(b);
}

TEST(mock_write_one_to_clear)
{
	struct upm_backend *b = mock(NULL, 1);
	struct upm_mock *m = upm_mock_of(b);
	struct upm_mock_reg *r = upm_mock_add_msr(m, 0, 0xE02, 0x0B, 0);
	r->w1c_mask = 0x0F;
	upm_mock_seal(m);
	uint64_t v;
	CHECK_EQ(upm_msr_write(b, 0xE02, 0x02), UPM_OK);
	CHECK_EQ(upm_msr_read(b, 0xE02, &v), UPM_OK);
	CHECK_EQ(v, 0x09);
	CHECK_EQ(upm_msr_write(b, 0xE02, 0x10), UPM_EFAULT); /* outside every mask */
	upm_backend_destroy(b);
}

TEST(mock_unknown_msr_faults)
{
	struct upm_backend *b = mock(NULL, 1);
	uint64_t v;
	CHECK_EQ(upm_msr_read(b, 0xD1A, &v), UPM_EFAULT); /* IVB-EP filter1: not on SNB-EP */
	CHECK_EQ(upm_msr_write(b, 0xC00, 0), UPM_EFAULT); /* no global control on SNB-EP */
	upm_backend_destroy(b);
}

static void read_ctr(void *arg)
{
	uint64_t *v = arg;
	(void)upm_msr_read(*(struct upm_backend **)(v + 1), 0xD16, v);
}

TEST(mock_msr_routed_by_executing_socket)
{
	struct upm_backend *b = mock(NULL, 2);
	uint64_t slot[2];
	*(struct upm_backend **)(slot + 1) = b;
	CHECK_EQ(upm_msr_write(b, 0xD16, 0x111), UPM_OK); /* on socket 0 */
	CHECK_EQ(upm_os_run_on_socket(1, read_ctr, slot), UPM_OK);
	CHECK_EQ(slot[0], 0);
	CHECK_EQ(upm_os_run_on_socket(0, read_ctr, slot), UPM_OK);
	CHECK_EQ(slot[0], 0x111);
	upm_backend_destroy(b);
}

TEST(mock_pci_ids_and_cf8_reach)
{
	struct upm_backend *b = mock(NULL, 2);
	uint32_t d;
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, 0x7F, 16, 4, 0 }, &d), UPM_OK);
	CHECK_EQ(d, 0x3CB48086u);
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, 0x7F, 16, 2, 0 }, &d), UPM_OK);
	CHECK_EQ(d, UPM_PCI_ABSENT); /* no function 2 on the iMC device */
	/* QPI match at 0x228 is above 0xFF: CF8 cannot reach it, ECAM can. */
	struct upm_pci_addr match = { 0, 0x7F, 8, 6, 0x228 };
	CHECK_EQ(upm_pci_read32_via(b, UPM_PCI_CF8, match, &d), UPM_ERANGE);
	CHECK_EQ(upm_pci_read32_via(b, UPM_PCI_ECAM, match, &d), UPM_OK);
	/* Counter dwords are writable; the high dword only to bit 47. */
	struct upm_pci_addr hi = { 0, 0xFF, 14, 1, 0xA4 };
	CHECK_EQ(upm_pci_write32(b, hi, 0xFFFFFFFFu), UPM_OK);
	CHECK_EQ(upm_pci_read32(b, hi, &d), UPM_OK);
	CHECK_EQ(d, 0xFFFF);
	upm_backend_destroy(b);
}

TEST(mock_faults_gp_absent_ones_noecam)
{
	struct upm_backend *b = mock("gpw=0xD04,s1.gpr=0xD16,absent=7f:0e.1,s1.ones=ff:10.0,noecam", 2);
	struct upm_mock *m = upm_mock_of(b);
	uint64_t v;
	uint32_t d;
	struct upm_ecam_window w;
	CHECK_EQ(upm_msr_write(b, 0xD04, 0x10000), UPM_EFAULT);
	CHECK_EQ(upm_msr_read(b, 0xD04, &v), UPM_OK);
	m->forced_socket = 1;
	CHECK_EQ(upm_msr_read(b, 0xD16, &v), UPM_EFAULT);
	CHECK_EQ(upm_msr_write(b, 0xD16, 5), UPM_OK);
	m->forced_socket = -1;
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, 0x7F, 14, 1, 0 }, &d), UPM_OK);
	CHECK_EQ(d, UPM_PCI_ABSENT);
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, 0xFF, 16, 0, 0 }, &d), UPM_OK);
	CHECK_EQ(d, 0x3CB08086u); /* still answers with its IDs */
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, 0xFF, 16, 0, 0xD8 }, &d), UPM_OK);
	CHECK_EQ(d, 0xFFFFFFFFu);
	CHECK_EQ(upm_ecam_window(b, &w), UPM_ENOTFOUND);
	CHECK_EQ(upm_pci_read32_via(b, UPM_PCI_ECAM, (struct upm_pci_addr){ 0, 0, 0, 0, 0 }, &d),
		 UPM_EUNSUPPORTED);
	upm_backend_destroy(b);
}

TEST(mock_fault_spec_errors)
{
	char err[160];
	CHECK(!upm_mock_create("snbep", 2, "gp=zz", err, sizeof err));
	CHECK_CONTAINS(err, "'zz' is not an MSR number");
	CHECK(!upm_mock_create("snbep", 2, "melt=1", err, sizeof err));
	CHECK_CONTAINS(err, "unknown fault 'melt'");
	CHECK(!upm_mock_create("snbep", 2, "s3.gp=0xD04", err, sizeof err));
	CHECK_CONTAINS(err, "socket 3 does not exist");
	CHECK(!upm_mock_create("snbep", 2, "absent=12:00.0", err, sizeof err));
	CHECK_CONTAINS(err, "no mocked device at 12:00.0");
	CHECK(!upm_mock_create("snbep", 2, "gp=0xD04,,", err, sizeof err));
	CHECK(!upm_mock_create("snbep", 9, NULL, err, sizeof err));
	CHECK(!upm_mock_create("p4", 1, NULL, err, sizeof err));
	CHECK_CONTAINS(err, "no mock model for platform 'p4'");
}

TEST(mock_pci_reserved_write_is_a_violation)
{
	struct upm_backend *b = mock(NULL, 1);
	struct mock_pmon *p = mock_pmon_of(upm_mock_of(b));
	/* HA box control: bits 1:0 must be written 0 (Table 2-34). */
	CHECK_EQ(upm_pci_write32(b, (struct upm_pci_addr){ 0, 0x7F, 14, 1, 0xF4 }, 0x10102), UPM_OK);
	CHECK_EQ(p->violations, 1);
	CHECK_CONTAINS(p->last_violation, "ha0 register 0xf4: reserved bits");
	upm_backend_destroy(b);
}

/* mock_pmon_box answers through an index of the box table: what a search of the table in
 * order would answer, for every box of a model (SNB-EP: 8 CBos, 4 iMC channels, 2 QPI
 * ports a socket), for boxes added after a lookup, for a key two boxes share (the first
 * added) and for a renumbered box (its new number only). */
TEST(mock_box_index_answers_as_the_table_in_order)
{
	struct upm_backend *b = mock(NULL, 2);
	struct upm_mock *m = upm_mock_of(b);
	struct mock_pmon *p = mock_pmon_of(m);
	CHECK(p != NULL);
	if (!p) {
		upm_backend_destroy(b);
		return;
	}
	for (unsigned i = 0; i < p->n_boxes; i++) {
		struct mock_box *want = NULL;
		for (unsigned k = 0; k < p->n_boxes && !want; k++)
			if (p->boxes[k].socket == p->boxes[i].socket && p->boxes[k].instance == p->boxes[i].instance &&
			    strcmp(p->boxes[k].name, p->boxes[i].name) == 0)
				want = &p->boxes[k];
		CHECK(mock_pmon_find(m, p->boxes[i].socket, p->boxes[i].name, p->boxes[i].instance) == want);
	}
	CHECK(mock_pmon_find(m, 0, "cbo", 7) != NULL);
	CHECK(mock_pmon_find(m, 1, "qpi", 1) != NULL);
	CHECK(mock_pmon_find(m, 0, "cbo", 8) == NULL);
	CHECK(mock_pmon_find(m, 2, "cbo", 0) == NULL);
	CHECK(mock_pmon_find(m, 0, "cb", 0) == NULL);

	struct mock_box *first = mock_pmon_add_box(m, "tst", 99, 1, 3);
	struct mock_box *second = mock_pmon_add_box(m, "tst", 99, 1, 3);
	CHECK(first && second && first != second);
	CHECK(mock_pmon_find(m, 1, "tst", 3) == first);
	struct mock_box *later = mock_pmon_add_box(m, "tst", 99, 1, 4);
	CHECK(mock_pmon_find(m, 1, "tst", 4) == later);
	mock_box_renumber(p, later, 9);
	CHECK(mock_pmon_find(m, 1, "tst", 9) == later);
	CHECK(mock_pmon_find(m, 1, "tst", 4) == NULL);
	mock_box_renumber(p, first, 5);
	CHECK(mock_pmon_find(m, 1, "tst", 3) == second);
	CHECK(mock_pmon_find(m, 1, "tst", 5) == first);
	upm_backend_destroy(b);
}
