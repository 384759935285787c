/* The platform-level global control as the engine drives it: written before the boxes
 * are programmed, after they are unfrozen and before they are read, with the bits
 * outside its mask kept, and written back at the end, also when it faults. A test
 * platform borrows the Sandy Bridge-EP tables and uses the UBox fixed-counter control
 * (0xC08, enable bit 22: 000 Table 2-3) as its "global" register, so the mock checks
 * every write against that register's real fields. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "boxes/platform.h"
#include <stdlib.h>

static const struct upm_global_ctl test_global = {
	.msr = 0xC08,
	.mask = 1ull << 22,
	.setup = 0,
	.start = 1ull << 22,
	.stop = 0,
	.source = "test",
};

static struct feed idle = { 1000000, 0, 0, 0, 0, 0 };

static char *run_with_global(const char *faults, const char *specs, int *rc, char *err, size_t n)
{
	struct fixture f;
	struct upm_session s;
	struct upm_platform p;
	if (fixture_init(&f, "snbep", 1, faults) < 0)
		return upm_strdup("");
	p = *f.run.platform;
	p.global = &test_global;
	f.run.platform = &p;
	*rc = upm_session_prepare(&s, &f.run, specs);
	if (*rc == 0)
		*rc = upm_session_run(&s, feed_interval, &idle);
	upm_strlcpy(err, s.error, n);
	return fixture_end_writes(&f, &s);
}

TEST(global_ctl_brackets_the_boxes)
{
	int rc;
	char err[200];
	char *got = run_with_global(NULL, "cbo3/LLC_LOOKUP.DATA_READ,filter_state=0x1f/", &rc, err, sizeof err);
	CHECK_EQ(rc, 0);
	/* setup: global stop first, then CBo 3 (as in session_sequence_cbo); start: unfreeze
	 * the box, then the global start; stop: global stop, then the box freeze; restore:
	 * the box, then the global value found (0). */
	CHECK_STR(got,
		  "0:msr:0xc08=0x0\n"
		  "0:msr:0xd64=0x10000\n0:msr:0xd64=0x10100\n0:msr:0xd70=0x400000\n"
		  "0:msr:0xd70=0x400334\n0:msr:0xd74=0x7c0000\n0:msr:0xd64=0x10102\n"
		  "0:msr:0xd64=0x10000\n0:msr:0xc08=0x400000\n"
		  "0:msr:0xc08=0x0\n0:msr:0xd64=0x10100\n"
		  "0:msr:0xd64=0x10100\n0:msr:0xd70=0x0\n0:msr:0xd76=0x0\n0:msr:0xd74=0x0\n"
		  "0:msr:0xd64=0x0\n0:msr:0xc08=0x0\n");
	upm_os_free(got);
}

TEST(global_ctl_write_fault_fails_the_socket_and_still_restores)
{
	int rc;
	char err[200];
	char *got = run_with_global("gpw=0xC08", "cbo3/CLOCKTICKS/", &rc, err, sizeof err);
	CHECK(rc < 0);
	CHECK_CONTAINS(err, "socket 0 global control 0xc08: setup");
	/* Nothing of the CBo was programmed (CLOCKTICKS is event 0 with the enable bit 22:
	 * 0xd70=0x400000), and its saved state went back. */
	CHECK(strstr(got, "0:msr:0xd70=0x400000") == NULL);
	CHECK_CONTAINS(got, "0:msr:0xd64=0x0\n");
	upm_os_free(got);
}

TEST(global_ctl_untouched_without_boxes_on_the_socket)
{
	int rc;
	char err[200];
	/* The only box asked for is absent (iMC channel 0 at 10.0 on socket 0's bus 0x7F):
	 * nothing on the socket counts, so its global control is not touched either. */
	char *got = run_with_global("absent=7f:10.0", "imc0/CAS_COUNT.RD/", &rc, err, sizeof err);
	CHECK_EQ(rc, 0);
	CHECK_STR(got, "");
	upm_os_free(got);
}
