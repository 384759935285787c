/* Topologies firmware hands over: the package-level shift of CPUID leaf 0xB/0x1F, package
 * numbers with gaps mapped to dense sockets, more packages than supported refused, MP
 * services' package numbers contradicted by the APIC IDs, and the uncore buses of a
 * machine whose packages are 0 and 2. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/host/os_host.h"
#include "core/session/discover.h"

/* Leaf 0xB as a Sandy Bridge-EP with 8 cores and 2 threads reports it (SDM vol. 2A,
 * CPUID leaf 0BH: EAX[4:0] shift, EBX[15:0] logical processors at this level, ECX[15:8]
 * level type 1 SMT / 2 core / 0 invalid, ECX[7:0] the level number). */
TEST(package_shift_from_leaf_0b)
{
	static const uint32_t snbep[3][4] = {
		{ 1, 2, 0x100, 0 },  /* SMT: 1 bit */
		{ 5, 16, 0x201, 0 }, /* core: 5 bits to the package */
		{ 0, 0, 0x002, 0 },  /* invalid: the end */
	};
	CHECK_EQ(upm_package_shift(snbep, 3), 5);
	/* QEMU, 2 cores per socket, 1 thread: SMT shift 0, core shift 1. */
	static const uint32_t qemu[3][4] = { { 0, 1, 0x100, 0 }, { 1, 2, 0x201, 0 }, { 0, 0, 2, 0 } };
	CHECK_EQ(upm_package_shift(qemu, 3), 1);
	/* Not implemented: EBX 0 at subleaf 0, or a first level that is not SMT. */
	static const uint32_t none[1][4] = { { 0, 0, 0, 0 } };
	static const uint32_t odd[2][4] = { { 4, 8, 0x200, 0 }, { 0, 0, 1, 0 } };
	CHECK_EQ(upm_package_shift(none, 1), -1);
	CHECK_EQ(upm_package_shift(odd, 2), -1);
}

TEST(topology_packages_with_gaps_are_dense_sockets)
{
	static const unsigned ids[] = { 0, 2 };
	struct upm_topology t;
	upm_host_simulate_packages(ids, 2, 2, 0);
	CHECK_EQ(upm_os_topology(&t), UPM_OK);
	CHECK_EQ(t.n_sockets, 2);
	CHECK_EQ(t.package_ids[0], 0);
	CHECK_EQ(t.package_ids[1], 2);
	CHECK_EQ(t.n_cpus, 4);
	CHECK_EQ(t.cpus[2].apic_id, 4); /* package 2, core 0: 2 << 1 */
	CHECK_EQ(t.cpus[2].package, 1);
	CHECK_EQ(t.cpus[2].package_id, 2);
	CHECK_EQ(t.n_disagree, 0);
	CHECK_EQ(upm_socket_of_package(&t, 2), 1);
	CHECK_EQ(upm_socket_of_package(&t, 1), -1);
	/* A run on socket 1 lands on package 2's processor. */
	upm_host_simulate(2, 2);
}

TEST(topology_beyond_the_supported_sockets_is_refused_in_one_line)
{
	static const unsigned nine[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	struct upm_topology t;
	upm_host_simulate_packages(nine, 9, 2, 0);
	CHECK_EQ(upm_os_topology(&t), UPM_ERANGE);
	CHECK_CONTAINS(t.refused, "9 processor packages found");
	CHECK_CONTAINS(t.refused, "at most 8 sockets");
	CHECK(strchr(t.refused, '\n') == NULL);
	/* Eight with gaps still fit. */
	static const unsigned eight[] = { 0, 1, 2, 3, 4, 5, 6, 9 };
	upm_host_simulate_packages(eight, 8, 2, 0);
	CHECK_EQ(upm_os_topology(&t), UPM_OK);
	CHECK_EQ(t.n_sockets, 8);
	CHECK_EQ(t.package_ids[7], 9);
	CHECK_EQ(t.cpus[15].package, 7);
	upm_host_simulate(2, 2);
}

/* More enabled processors than upmon lists (an eight-socket machine of 40 threads a
 * socket): refused, not measured with its last sockets silently missing. */
TEST(topology_beyond_the_listed_processors_is_refused_in_one_line)
{
	static const unsigned eight[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	struct upm_topology t;
	upm_host_simulate_packages(eight, 8, 40, 0);
	CHECK_EQ(upm_os_topology(&t), UPM_ERANGE);
	CHECK_EQ(t.n_unlisted, 64);
	CHECK_STR(t.refused, "320 enabled processors found; upmon lists at most 256, and a socket left out would "
			     "be measured as absent: nothing was measured");
	upm_host_simulate_packages(eight, 8, 32, 0); /* 256: all listed */
	CHECK_EQ(upm_os_topology(&t), UPM_OK);
	CHECK_EQ(t.n_sockets, 8);
	upm_host_simulate(2, 2);
}

TEST(topology_apic_id_overrules_mp_services_package_zero)
{
	static const unsigned ids[] = { 0, 1 };
	struct upm_topology t;
	upm_host_simulate_packages(ids, 2, 2, 1); /* MP services: package 0 for all */
	CHECK_EQ(upm_os_topology(&t), UPM_OK);
	CHECK_EQ(t.n_sockets, 2);
	CHECK_EQ(t.cpus[3].package, 1);
	CHECK_EQ(t.n_disagree, 2);
	CHECK_CONTAINS(t.note, "processor 2 (APIC ID 0x2): MP services say package 0, its APIC ID says 1");
	upm_host_simulate(2, 2);
}

/* The UBox's GIDNIDMAP field i names package i's node (Linux uncore_snbep.c): a
 * two-socket machine with packages 0 and 2 has its second node in field 2. */
static void node_map_for_packages(struct upm_mock *m, const unsigned *ids)
{
	uint32_t map = 0;
	for (unsigned i = 0; i < 8; i++)
		map |= 7u << (3 * i); /* no package: a node nobody has */
	for (unsigned s = 0; s < m->n_sockets; s++)
		map = (map & ~(7u << (3 * ids[s]))) | s << (3 * ids[s]);
	for (unsigned s = 0; s < m->n_sockets; s++)
		for (unsigned d = 0; d < m->sockets[s].n_devs; d++) {
			struct upm_mock_pci_dev *dev = m->sockets[s].devs[d];
			struct upm_mock_reg *r = dev->dev == 11 && dev->fn == 0 ? upm_mock_pci_reg(dev, 0x54) : NULL;
			if (r)
				r->value = r->reset = map;
		}
}

TEST(uncore_buses_of_packages_with_gaps)
{
	static const unsigned ids[] = { 0, 2 };
	struct fixture f;
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	upm_host_simulate_packages(ids, 2, 2, 0);
	CHECK_EQ(upm_os_topology(&f.run.topo), UPM_OK);
	node_map_for_packages(f.mock, ids);
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	CHECK_EQ(upm_discover_buses(&f.run, buses), 2);
	CHECK(buses[0].found && buses[1].found);
	CHECK_EQ(buses[1].node_id, 1);
	CHECK(buses[0].bus != buses[1].bus);
	fixture_free(&f);
}

/* One topology, said alike everywhere: narrowed to the sockets measured, it counts their
 * processors and leaves every processor listed (upm_os_run_parallel indexes them). */
TEST(topology_measured_sockets_count_their_processors)
{
	static const unsigned ids[] = { 0, 1, 2 };
	struct upm_topology t;
	upm_host_simulate_packages(ids, 3, 2, 0);
	CHECK_EQ(upm_os_topology(&t), UPM_OK);
	CHECK_EQ(t.n_measured, 3);
	CHECK_EQ(t.n_measured_cpus, 6);
	upm_topology_measure(&t, 1);
	CHECK_EQ(t.n_sockets, 3);
	CHECK_EQ(t.n_cpus, 6);
	CHECK_EQ(t.n_measured, 1);
	CHECK_EQ(t.n_measured_cpus, 2);
	/* More than there are: every socket. */
	upm_topology_measure(&t, 8);
	CHECK_EQ(t.n_measured, 3);
	CHECK_EQ(t.n_measured_cpus, 6);
	upm_host_simulate(2, 2);
}
