/* link.rate (core/check/check_link_rate.c): the QPI_RATE_STATUS tables hold the guide's
 * addresses and bit positions, the mocks answer there, and each port's verdict follows
 * what its register reads. Literal facts, from the sources cited in boxes/PUBLIC_FACTS.md
 * section 22:
 *   Sandy Bridge-EP (327043-001): "QPI Misc D8,9:F0", "D4 QPI Rate Status" (Table 1-3,
 *   000:192, 207); QPI_RATE_STATUS 0xD4, 32 bits (Table 2-84, 000:3421); qpi_rate 2:0,
 *   slow_mode 4, 010..111 = 5.6 6.4 7.2 8 8.8 9.6 GT/s, other reserved (Table 2-93,
 *   000:3594-3614). Device IDs 0x3C80 at 08.0 and 0x3C90 at 09.0 from public lspci logs.
 *   Ivy Bridge-EP: one register for ports 0 and 1 at 08.0 (device 0x0E80) + 0xD4, bits
 *   2:0 decoded as above (likwid SBOX0FIX/SBOX1FIX; PCM computeQPISpeed). */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/check/check.h"
#include "core/cli/config.h"
#include "platform/pci.h"
#include "boxes/platform.h"
#include <stdlib.h>

static const struct upm_link_rate *table(const char *platform)
{
	const struct upm_platform *p = upm_platform_by_name(platform);
	return p && p->check ? p->check->link_rate : NULL;
}

TEST(link_rate_snbep_table_is_the_guides_register)
{
	const struct upm_link_rate *lr = table("snbep");
	CHECK(lr != NULL);
	if (!lr)
		return;
	CHECK_STR(lr->box, "qpi");
	CHECK_EQ(lr->n_ports, 2);
	CHECK_EQ(lr->ports[0].fn.dev, 8);
	CHECK_EQ(lr->ports[0].fn.fn, 0);
	CHECK_EQ(lr->ports[0].fn.device_id, 0x3C80);
	CHECK_EQ(lr->ports[1].fn.dev, 9);
	CHECK_EQ(lr->ports[1].fn.fn, 0);
	CHECK_EQ(lr->ports[1].fn.device_id, 0x3C90);
	CHECK(lr->ports[0].shared == NULL && lr->ports[1].shared == NULL);
	CHECK_EQ(lr->offset, 0xD4);
	CHECK_EQ(upm_field_mask(lr->rate), 0x7); /* qpi_rate 2:0 */
	CHECK_EQ(upm_field_mask(lr->slow), 0x10); /* slow_mode 4 */
	static const unsigned mts[8] = { 0, 0, 5600, 6400, 7200, 8000, 8800, 9600 };
	CHECK_EQ(lr->n_codes, 6);
	for (unsigned v = 0; v < 8; v++) {
		unsigned got = 0;
		for (unsigned i = 0; i < lr->n_codes; i++)
			if (lr->codes[i].value == v)
				got = lr->codes[i].mts;
		CHECK_EQ(got, mts[v]);
	}
	CHECK(lr->min_gts == 5.6 && lr->max_gts == 9.6);
}

TEST(link_rate_ivbep_table_shares_port_0s_register)
{
	const struct upm_link_rate *lr = table("ivbep");
	CHECK(lr != NULL);
	if (!lr)
		return;
	CHECK_EQ(lr->n_ports, 2);
	for (unsigned p = 0; p < 2; p++) {
		CHECK_EQ(lr->ports[p].fn.dev, 8);
		CHECK_EQ(lr->ports[p].fn.fn, 0);
		CHECK_EQ(lr->ports[p].fn.device_id, 0x0E80);
	}
	CHECK(lr->ports[0].shared == NULL);
	CHECK_CONTAINS(lr->ports[1].shared, "share");
	CHECK_EQ(lr->offset, 0xD4);
	CHECK_EQ(upm_field_mask(lr->rate), 0x7);
	CHECK_EQ(upm_field_mask(lr->slow), 0); /* no source reads a slow-mode bit here */
	CHECK_EQ(lr->n_codes, 6);
	CHECK_EQ(lr->codes[0].value, 2);
	CHECK_EQ(lr->codes[0].mts, 5600);
	CHECK_EQ(lr->codes[5].value, 7);
	CHECK_EQ(lr->codes[5].mts, 9600);
}

TEST(link_rate_xeon_e7_and_skylake_have_none)
{
	/* Seed 002 (Xeon E7 uncore guide) documents no link-rate status register. */
	static const char *const none[] = { "nhmex", "wsmex", "skl" };
	for (unsigned i = 0; i < 3; i++) {
		const struct upm_platform *p = upm_platform_by_name(none[i]);
		CHECK(p != NULL);
		CHECK(p && (!p->check || !p->check->link_rate));
	}
}

static uint32_t cfg_read(struct upm_backend *b, uint8_t bus, uint8_t dev, uint8_t fn, uint16_t off)
{
	struct upm_pci_addr a = { 0, bus, dev, fn, off };
	uint32_t v = 0;
	CHECK_EQ(upm_pci_read32(b, a, &v), UPM_OK);
	return v;
}

TEST(link_rate_mocks_answer_at_the_literal_addresses)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	static const uint8_t bus[2] = { 0x7F, 0xFF };
	for (unsigned s = 0; s < 2; s++) {
		CHECK_EQ(cfg_read(f.run.backend, bus[s], 8, 0, 0), 0x3C808086u);
		CHECK_EQ(cfg_read(f.run.backend, bus[s], 9, 0, 0), 0x3C908086u);
		for (uint8_t d = 8; d <= 9; d++) {
			uint32_t v = cfg_read(f.run.backend, bus[s], d, 0, 0xD4);
			CHECK_EQ(v & 0x7, 5);       /* 101b: 8 GT/s */
			CHECK_EQ(v & 0x10, 0);      /* not in slow mode */
		}
	}
	fixture_free(&f);
	if (fixture_init(&f, "ivbep", 2, NULL) < 0)
		return;
	CHECK_EQ(cfg_read(f.run.backend, 0x7F, 8, 0, 0), 0x0E808086u);
	CHECK_EQ(cfg_read(f.run.backend, 0x7F, 8, 0, 0xD4) & 0x7, 5);
	CHECK_EQ(cfg_read(f.run.backend, 0xFF, 9, 0, 0), 0x0E908086u);
	fixture_free(&f);
}

/* The link.rate verdicts of one mocked run (faults, optional configuration text). */
struct rates {
	struct upm_verdicts vs;
	struct upm_buf writes;
};

static int rates_of(struct rates *o, const char *platform, const char *faults, const char *cfg_text)
{
	struct fixture f;
	struct upm_config cfg;
	char err[200] = "";
	memset(o, 0, sizeof *o);
	upm_buf_init(&o->writes);
	if (fixture_init(&f, platform, 2, faults) < 0)
		return -1;
	if (cfg_text) {
		if (upm_config_parse(&cfg, upm_strdup(cfg_text), "lab.cfg", err, sizeof err) < 0) {
			upm_test_fail(__FILE__, __LINE__, "config: %s", err);
			fixture_free(&f);
			return -1;
		}
		f.run.config = &cfg;
	}
	upm_mock_snapshot(f.mock);
	upm_verdicts_init(&o->vs, 64);
	upm_check_link_rate(&f.run, &o->vs);
	trace_writes(f.trace, &o->writes);
	CHECK_EQ(upm_mock_compare(f.mock, 0, err, sizeof err), 0);
	if (cfg_text)
		upm_config_free(&cfg);
	fixture_free(&f);
	return 0;
}

static void rates_free(struct rates *o)
{
	upm_verdicts_free(&o->vs);
	upm_buf_free(&o->writes);
}

static const struct upm_verdict *port(const struct rates *o, unsigned socket, int p)
{
	for (unsigned i = 0; i < o->vs.n; i++)
		if (o->vs.v[i].socket == socket && o->vs.v[i].instance == p &&
		    !strcmp(o->vs.v[i].box, "qpi") && !strcmp(o->vs.v[i].check, "link.rate"))
			return &o->vs.v[i];
	return NULL;
}

/* Every port of both sockets: PASS with "8.0 GT/s", except (socket, p) which must be
 * `want` with `reason` (p = -1: no exception). */
static void expect_ports(const struct rates *o, unsigned socket, int p, enum upm_result want,
			 const char *reason)
{
	CHECK_EQ(o->vs.n, 4);
	for (unsigned s = 0; s < 2; s++)
		for (int q = 0; q < 2; q++) {
			const struct upm_verdict *v = port(o, s, q);
			int hit = s == socket && q == p;
			if (!v) {
				upm_test_fail(__FILE__, __LINE__, "no link.rate verdict for socket %u qpi%d", s, q);
				continue;
			}
			if (v->result != (hit ? want : UPM_RESULT_PASS) || !strstr(v->reason, hit ? reason : "8.0 GT/s"))
				upm_test_fail(__FILE__, __LINE__, "socket %u qpi%d: %s (%s)", s, q,
					      upm_result_name(v->result), v->reason);
		}
}

TEST(link_rate_clean_mocks_pass_every_port_and_write_nothing)
{
	struct rates o;
	if (rates_of(&o, "snbep", NULL, NULL) == 0) {
		expect_ports(&o, 0, -1, UPM_RESULT_PASS, "");
		CHECK_CONTAINS(port(&o, 1, 1)->reason, "ff:09.0+0xd4 = 0x5");
		CHECK_EQ(o.writes.len, 0); /* reads only */
		rates_free(&o);
	}
	if (rates_of(&o, "ivbep", NULL, NULL) == 0) {
		expect_ports(&o, 0, -1, UPM_RESULT_PASS, "");
		CHECK_CONTAINS(port(&o, 0, 1)->reason, "7f:08.0+0xd4");
		CHECK_CONTAINS(port(&o, 0, 1)->reason, "share");
		CHECK_EQ(o.writes.len, 0);
		rates_free(&o);
	}
	if (rates_of(&o, "nhmex", NULL, NULL) == 0) {
		CHECK_EQ(o.vs.n, 0);
		rates_free(&o);
	}
}

TEST(link_rate_reserved_field_fails_on_exactly_that_port)
{
	struct rates o;
	if (rates_of(&o, "snbep", "s1.linkrate=qpi1:0x1", NULL) == 0) {
		expect_ports(&o, 1, 1, UPM_RESULT_FAIL, "ff:09.0+0xd4 = 0x1: rate field 1 is reserved");
		rates_free(&o);
	}
	if (rates_of(&o, "snbep", "linkrate=qpi0:0x0", NULL) == 0) {
		expect_ports(&o, 0, 0, UPM_RESULT_FAIL, "rate field 0 is reserved");
		rates_free(&o);
	}
}

TEST(link_rate_all_ones_fails)
{
	struct rates o;
	if (rates_of(&o, "snbep", "linkrate=qpi1:0xffffffff", NULL) == 0) {
		expect_ports(&o, 0, 1, UPM_RESULT_FAIL, "7f:09.0+0xd4 reads all ones");
		rates_free(&o);
	}
	/* The function answers with its IDs and reads all ones elsewhere. */
	if (rates_of(&o, "snbep", "ones=ff:08.0", NULL) == 0) {
		expect_ports(&o, 1, 0, UPM_RESULT_FAIL, "reads all ones");
		rates_free(&o);
	}
}

TEST(link_rate_slow_mode_warns)
{
	/* slow_mode (bit 4) with qpi_rate 011b, as out of reset (000:3597-3606). */
	struct rates o;
	if (rates_of(&o, "snbep", "s1.linkrate=qpi0:0x13", NULL) == 0) {
		expect_ports(&o, 1, 0, UPM_RESULT_WARN, "slow mode is set");
		CHECK_CONTAINS(port(&o, 1, 0)->reason, "not 6.4 GT/s");
		rates_free(&o);
	}
}

TEST(link_rate_missing_or_other_device_warns_and_is_not_read)
{
	struct rates o;
	if (rates_of(&o, "snbep", "absent=7f:09.0", NULL) == 0) {
		expect_ports(&o, 0, 1, UPM_RESULT_WARN, "7f:09.0 (3c90) does not answer");
		rates_free(&o);
	}
	/* The whole port gone (its PMON, filter and misc functions). */
	if (rates_of(&o, "snbep", "s1.absent=qpi0", NULL) == 0) {
		expect_ports(&o, 1, 0, UPM_RESULT_WARN, "ff:08.0 (3c80) does not answer");
		rates_free(&o);
	}
}

TEST(link_rate_range_from_the_configuration)
{
	struct rates o;
	/* The mock's 8.0 GT/s below an expected 8.8: FAIL on every port. */
	if (rates_of(&o, "snbep", NULL, "check.link_rate_min_gts = 8.8\n") == 0) {
		CHECK_EQ(o.vs.n, 4);
		for (unsigned i = 0; i < o.vs.n; i++) {
			CHECK_EQ(o.vs.v[i].result, UPM_RESULT_FAIL);
			CHECK_CONTAINS(o.vs.v[i].reason, "outside the range; expected 8.8-9.6 GT/s");
		}
		rates_free(&o);
	}
	if (rates_of(&o, "snbep", NULL, "check.link_rate_min_gts = 8\ncheck.link_rate_max_gts = 8\n") == 0) {
		expect_ports(&o, 0, -1, UPM_RESULT_PASS, "");
		CHECK_CONTAINS(o.vs.v[0].reason, "expected 8.0-8.0 GT/s");
		rates_free(&o);
	}
	struct upm_config c;
	char err[200] = "";
	CHECK_EQ(upm_config_parse(&c, upm_strdup("check.link_rate_max_gts = 6.4\ncheck.link_rate_min_gts = 8\n"),
				  "lab.cfg", err, sizeof err),
		 -1);
	CHECK_STR(err, "lab.cfg:2: check.link_rate_min_gts is above check.link_rate_max_gts (line 1): swap them");
	upm_config_free(&c);
}

TEST(link_rate_other_device_is_never_read_past_its_ids)
{
	/* Another device answers at socket 0's 09.0: WARN, and its 0xD4 is not read. */
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_mock_pci_dev *d = upm_mock_pci_dev(f.mock, 0x7F, 9, 0, NULL);
	CHECK(d != NULL);
	if (d)
		d->device = 0x3C91; /* the ID likwid lists there, which no public log shows */
	struct upm_verdicts vs;
	upm_verdicts_init(&vs, 16);
	upm_check_link_rate(&f.run, &vs);
	const struct upm_verdict *v = NULL;
	for (unsigned i = 0; i < vs.n; i++)
		if (vs.v[i].socket == 0 && vs.v[i].instance == 1)
			v = &vs.v[i];
	CHECK(v && v->result == UPM_RESULT_WARN);
	CHECK_CONTAINS(v ? v->reason : NULL, "7f:09.0 is 8086:3c91, not 8086:3c90: rate not read");
	struct upm_buf t;
	upm_buf_init(&t);
	upm_trace_format(f.trace, "", &t);
	CHECK_CONTAINS(t.data, "7f:09.0+0x000");
	CHECK(!strstr(t.data, "7f:09.0+0x0d4"));
	CHECK_CONTAINS(t.data, "ff:09.0+0x0d4"); /* socket 1's port 1 is read */
	upm_buf_free(&t);
	upm_verdicts_free(&vs);
	fixture_free(&f);
}

TEST(link_rate_ivbep_shared_register_and_fault_syntax)
{
	struct rates o;
	/* 08.0's register is both ports': 010b = 5.6 GT/s on both of socket 0's ports. */
	if (rates_of(&o, "ivbep", "linkrate=qpi0:0x2", NULL) == 0) {
		CHECK_EQ(port(&o, 0, 0)->result, UPM_RESULT_PASS);
		CHECK_CONTAINS(port(&o, 0, 0)->reason, "5.6 GT/s (7f:08.0+0xd4 = 0x2)");
		CHECK_CONTAINS(port(&o, 0, 1)->reason, "5.6 GT/s (7f:08.0+0xd4 = 0x2)");
		CHECK_CONTAINS(port(&o, 1, 1)->reason, "8.0 GT/s");
		rates_free(&o);
	}
	/* The slow-mode bit is not judged on Ivy Bridge-EP: no source defines it there. */
	if (rates_of(&o, "ivbep", "s1.linkrate=qpi0:0x15", NULL) == 0) {
		CHECK_EQ(port(&o, 1, 0)->result, UPM_RESULT_PASS);
		rates_free(&o);
	}
	char err[200];
	struct upm_backend *b = upm_mock_create("ivbep", 2, "linkrate=qpi1:0x1", err, sizeof err);
	CHECK(b == NULL);
	CHECK_STR(err, "mock fault: linkrate=qpi1:0x1: qpi1 has no rate status register in the ivbep model");
	b = upm_mock_create("snbep", 2, "linkrate=qpi1", err, sizeof err);
	CHECK(b == NULL);
	CHECK_STR(err, "mock fault: linkrate=qpi1: use qpi1:VALUE with a 32-bit VALUE (e.g. 0x1)");
	b = upm_mock_create("snbep", 2, "linkrate=cbo1:0x1", err, sizeof err);
	CHECK(b == NULL);
	CHECK_CONTAINS(err, "cbo1 has no rate status register");
}

/* --- inside the whole plausibility stage --- */

static int plausibility(const char *platform, const char *faults, struct upm_verdicts *vs)
{
	struct fixture f;
	char err[200];
	if (fixture_init(&f, platform, 2, faults) < 0)
		return -1;
	fixture_real_time(&f); /* time really passes in the check */
	struct upm_check_opts opts = { .quick = 1 };
	upm_verdicts_init(vs, 4096);
	int rc = upm_check_plausibility(&f.run, &opts, vs, NULL, err, sizeof err);
	if (rc < 0)
		upm_test_fail(__FILE__, __LINE__, "%s check: %s", platform, err);
	fixture_free(&f);
	return rc;
}

static const struct upm_verdict *same(const struct upm_verdicts *vs, const struct upm_verdict *b)
{
	for (unsigned i = 0; i < vs->n; i++)
		if (vs->v[i].socket == b->socket && vs->v[i].instance == b->instance &&
		    !strcmp(vs->v[i].box, b->box) && !strcmp(vs->v[i].check, b->check))
			return &vs->v[i];
	return NULL;
}

TEST(link_rate_in_the_check_passes_clean_and_a_fault_moves_only_its_port)
{
	static const char *const platforms[] = { "snbep", "ivbep" };
	for (unsigned k = 0; k < 2; k++) {
		struct upm_verdicts clean;
		if (plausibility(platforms[k], NULL, &clean) < 0)
			return;
		unsigned rates = 0;
		for (unsigned i = 0; i < clean.n; i++)
			if (!strcmp(clean.v[i].check, "link.rate")) {
				rates++;
				if (clean.v[i].result != UPM_RESULT_PASS)
					upm_test_fail(__FILE__, __LINE__, "%s socket %u qpi%d link.rate: %s", platforms[k],
						      clean.v[i].socket, clean.v[i].instance, clean.v[i].reason);
			}
		CHECK_EQ(rates, 4); /* two sockets, two ports */
		CHECK_EQ(upm_verdicts_overall(&clean), UPM_RESULT_PASS);
		if (k == 0) {
			struct upm_verdicts bad;
			if (plausibility("snbep", "s1.linkrate=qpi1:0x1", &bad) == 0) {
				CHECK_EQ(bad.n, clean.n);
				for (unsigned i = 0; i < clean.n; i++) {
					const struct upm_verdict *b = &clean.v[i], *now = same(&bad, b);
					int faulted = b->socket == 1 && b->instance == 1 && !strcmp(b->box, "qpi") &&
						      !strcmp(b->check, "link.rate");
					enum upm_result want = faulted ? UPM_RESULT_FAIL : b->result;
					if (!now || now->result != want)
						upm_test_fail(__FILE__, __LINE__, "socket %u %s%d %s: %s -> %s", b->socket,
							      b->box, b->instance, b->check, upm_result_name(b->result),
							      now ? upm_result_name(now->result) : "missing");
				}
				CHECK_EQ(upm_verdicts_overall(&bad), UPM_RESULT_FAIL);
				upm_verdicts_free(&bad);
			}
		}
		upm_verdicts_free(&clean);
	}
}
