/* The uncore bus scan: once per run, and never on a bus behind a PCI-to-PCI bridge (a
 * root port's secondary side, where real root ports answer with Unsupported Requests and
 * log them). The mock gets a root port at 00:01.0 whose secondary buses are 0x10-0x1f;
 * the trace counts the configuration reads. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/session/discover.h"
#include "core/session/session.h"
#include <stdlib.h>

/* A bridge: header type 0x01 at 0x0E (the dword at 0x0C, bits 22:16), bus numbers at
 * 0x18: primary 0x00, secondary 0x10, subordinate 0x1F. */
static int add_root_port(struct upm_mock *m)
{
	struct upm_mock_pci_dev *rp = upm_mock_add_pci_dev(m, 0, 0x00, 1, 0, 0x8086, 0x3C02);
	return rp && upm_mock_add_pci_reg(m, rp, 0x0C, 0x00010000u, 0) &&
	       upm_mock_add_pci_reg(m, rp, 0x18, 0x001F1000u, 0) ? 0 : -1;
}

static unsigned pci_reads(const struct upm_trace *t, unsigned bus_lo, unsigned bus_hi)
{
	unsigned n = 0;
	for (uint32_t i = 0; i < t->n; i++) {
		const struct upm_trace_record *r = &t->records[i];
		n += r->space == UPM_SPACE_PCI && r->op == 'R' && r->bus >= bus_lo && r->bus <= bus_hi;
	}
	return n;
}

TEST(bus_scan_skips_bridged_buses_and_runs_once)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	CHECK_EQ(add_root_port(f.mock), 0);
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	CHECK_EQ(upm_discover_buses(&f.run, buses), 2);
	CHECK(buses[0].found && buses[1].found);
	/* Nothing behind the root port was read. */
	CHECK_EQ(pci_reads(f.trace, 0x10, 0x1F), 0);
	/* Every other bus: its device 11 was asked (a bus not behind a bridge is scanned). */
	CHECK(pci_reads(f.trace, 0x20, 0x7E) >= 0x7F - 0x20);
	/* The session, the link-rate check and info ask again: no read more. */
	uint32_t before = f.trace->n;
	CHECK_EQ(upm_discover_buses(&f.run, buses), 2);
	struct upm_session *s = malloc(sizeof *s);
	if (s) {
		CHECK_EQ(upm_session_prepare(s, &f.run, "imc0/CAS_COUNT.RD/"), 0);
		uint32_t after_prepare = f.trace->n;
		/* prepare reads the iMC function's IDs, but the scan is not done again. */
		CHECK(pci_reads(f.trace, 0x20, 0x7E) >= 0x7F - 0x20);
		unsigned scan_reads = 0;
		for (uint32_t i = before; i < after_prepare; i++)
			scan_reads += f.trace->records[i].dev == 11 && f.trace->records[i].addr == 0;
		/* The ECAM check reads the two UBoxes found both ways: 4, not a bus scan (256). */
		CHECK_EQ(scan_reads, 4);
		upm_session_free(s);
		free(s);
	}
	fixture_free(&f);
}
