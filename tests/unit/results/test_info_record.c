/* `info`'s results record (core/results/info_record.h): filled from the mock's reads with
 * the addresses and device IDs of the tables (Sandy Bridge-EP: boxes/PUBLIC_FACTS.md:
 * UBox 8086:3ce0 at 0b.0, HA 8086:3c46 at 0e.1, iMC channel 2 8086:3cb4 at 10.4), and
 * rendered by its writers exactly as given: a hand-made record whose values no machine
 * would give shows through in results.json and on the console. */
#include <stdlib.h>
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/results/info_record.h"

static const struct upm_info_device *device(const struct upm_info_record *rec, unsigned socket, const char *name)
{
	for (unsigned i = 0; i < rec->n_devices; i++)
		if (rec->devices[i].socket == socket && strcmp(rec->devices[i].name, name) == 0)
			return &rec->devices[i];
	return NULL;
}

static const struct upm_info_box *box(const struct upm_info_record *rec, const char *name)
{
	for (unsigned i = 0; i < rec->n_boxes; i++)
		if (strcmp(rec->boxes[i].type->name, name) == 0)
			return &rec->boxes[i];
	return NULL;
}

/* A mock run's info record, filled; NULL (the test failed) when either could not be
 * made. */
static struct upm_info_record *filled(struct fixture *f, const char *platform, unsigned sockets,
				      const char *faults)
{
	if (fixture_init(f, platform, sockets, faults) < 0)
		return NULL;
	f->run.console_held = 1;
	struct upm_info_record *rec = calloc(1, sizeof *rec);
	CHECK(rec != NULL);
	if (!rec) {
		fixture_free(f);
		return NULL;
	}
	upm_info_record_fill(rec, &f->run);
	return rec;
}

TEST(info_record_fill_snbep_buses_and_functions)
{
	struct fixture f;
	struct upm_info_record *rec = filled(&f, "snbep", 2, "s1.absent=imc2");
	if (!rec)
		return;
	CHECK_EQ(rec->sockets, 2);
	CHECK(rec->platform && strcmp(rec->platform->name, "snbep") == 0);
	CHECK_EQ(rec->has_pci_uncore, 1);
	CHECK_EQ(rec->ubox_device_id, 0x3ce0);
	CHECK_EQ(rec->ubox_dev, 0x0b);
	CHECK_EQ(rec->ubox_fn, 0);
	/* The mock's uncore buses: 0x7f (node 0) and 0xff (node 1), as on public logs. */
	CHECK_EQ(rec->n_buses_found, 2);
	CHECK(rec->buses[0].found && rec->buses[0].bus == 0x7f && rec->buses[0].node_id == 0);
	CHECK(rec->buses[1].found && rec->buses[1].bus == 0xff && rec->buses[1].node_id == 1);
	/* 12 functions a socket: ha, imc0-3, qpi0-1 and their filters, r2pcie, r3qpi0-1. */
	CHECK_EQ(rec->n_devices, 24);
	const struct upm_info_device *ha = device(rec, 0, "ha");
	CHECK(ha != NULL);
	if (ha) {
		CHECK_STR(ha->address, "7f:0e.1");
		CHECK_EQ(ha->dev, 0x0e);
		CHECK_EQ(ha->fn, 1);
		CHECK_EQ(ha->device_id, 0x3c46);
		CHECK_EQ(ha->ids, 0x3c468086u);
		CHECK_EQ(ha->presence, UPM_PCI_FOUND);
	}
	const struct upm_info_device *qf = device(rec, 1, "qpi1-filter");
	CHECK(qf != NULL && qf->filter == 1 && qf->device_id == 0x3c96 && strcmp(qf->address, "ff:09.6") == 0);
	const struct upm_info_device *imc2 = device(rec, 1, "imc2");
	CHECK(imc2 != NULL);
	if (imc2) {
		CHECK_STR(imc2->address, "ff:10.4");
		CHECK_EQ(imc2->device_id, 0x3cb4);
		CHECK_EQ(imc2->ids, 0xffffffffu);
		CHECK_EQ(imc2->presence, UPM_PCI_MISSING);
	}
	const struct upm_info_device *imc2s0 = device(rec, 0, "imc2");
	CHECK(imc2s0 != NULL && imc2s0->presence == UPM_PCI_FOUND);
	/* The PCI path: the mock's MCFG window, and the host bridge 8086:3c00 both ways. */
	CHECK_STR(rec->pci_mechanism, "ecam");
	CHECK_EQ(rec->n_ecam, 1);
	CHECK(rec->ecam[0].base == 0x80000000ull && rec->ecam[0].bus_start == 0 && rec->ecam[0].bus_end == 255);
	CHECK_EQ(rec->host_bridge.cf8, 0x3c008086u);
	CHECK_EQ(rec->host_bridge.match, 1);
	const struct upm_info_box *cbo = box(rec, "cbo");
	CHECK(cbo != NULL && cbo->type->space == UPM_SPACE_MSR && cbo->type->max_instances == 8);
	/* The AVX kernels: every processor of the run asked on itself (this host's own
	 * answer: the compiler's runtime check reads the same CPUID and XCR0 bits). */
	CHECK_EQ(rec->avx_asked, 1);
	CHECK_EQ(rec->avx.processors, f.run.topo.n_cpus);
	CHECK_EQ(rec->avx.usable, upm_test_avx_here() ? f.run.topo.n_cpus : 0);
	upm_info_record_free(rec);
	free(rec);
	fixture_free(&f);
}

/* Skylake's CBo count is a register (MSR_UNC_CBO_CONFIG 0x396, read minus one): the
 * record keeps what it read, per socket. */
TEST(info_record_fill_skl_instance_count)
{
	struct fixture f;
	struct upm_info_record *rec = filled(&f, "skl", 1, "cbos=2");
	if (!rec)
		return;
	const struct upm_info_box *cbo = box(rec, "cbo");
	CHECK(cbo != NULL);
	if (cbo) {
		CHECK(cbo->type->count != NULL && cbo->type->count->msr == 0x396 && cbo->type->count->minus == 1);
		CHECK_EQ(cbo->count[0].known, 1);
		CHECK_EQ(cbo->count[0].raw, 3);
		CHECK_EQ(cbo->count[0].n, 2);
	}
	CHECK_EQ(rec->has_pci_uncore, 0);
	CHECK_EQ(rec->n_devices, 0);
	upm_info_record_free(rec);
	free(rec);
	fixture_free(&f);
}

/* The record's AVX finding as the console and results.json give it. */
static void check_avx_rendered(const struct upm_info_record *rec, struct upm_run *run, const char *line,
			       const char *json)
{
	size_t from = run->log.len;
	upm_info_record_print(rec);
	CHECK_CONTAINS(run->log.data + from, line);
	struct upm_buf out;
	upm_buf_init(&out);
	upm_info_record_json(rec, &out);
	CHECK_CONTAINS(out.data, json);
	upm_buf_free(&out);
}

TEST(info_record_writers_render_the_record)
{
	struct fixture f;
	if (fixture_init(&f, "snbep", 1, NULL) < 0)
		return;
	f.run.console_held = 1;
	struct upm_info_record *rec = calloc(1, sizeof *rec);
	struct upm_info_device *devs = calloc(2, sizeof *devs);
	CHECK(rec != NULL && devs != NULL);
	if (!rec || !devs) {
		free(rec);
		free(devs);
		fixture_free(&f);
		return;
	}
	const struct upm_platform *p = upm_platform_by_name("snbep");
	const struct upm_box_type *ha = NULL;
	for (unsigned b = 0; p && b < p->n_boxes; b++)
		if (strcmp(p->boxes[b]->name, "ha") == 0)
			ha = p->boxes[b];
	CHECK(ha != NULL);
	if (!ha) {
		free(rec);
		free(devs);
		fixture_free(&f);
		return;
	}
	/* Values no machine gives: the writers must show these, not what they would read. */
	rec->run = &f.run;
	rec->environment = "host";
	rec->backend = "mock";
	rec->cpu = f.run.cpu;
	rec->topo = &f.run.topo;
	rec->tsc_hz = 1234567;
	rec->tsc_calibrated_against = "a hand-made clock";
	rec->platform = p;
	rec->platform_forced = 1;
	rec->pci_mechanism = "ecam";
	rec->n_ecam = 1;
	rec->ecam[0] = (struct upm_ecam_window){ .base = 0xa0000000ull, .seg = 0, .bus_start = 0x10, .bus_end = 0x7f };
	rec->host_bridge = (struct upm_info_host_bridge){ .cf8 = 0x3c008086u, .has_ecam = 1, .ecam_read = 1,
							  .ecam = 0x12348086u };
	rec->sockets = 1;
	rec->boxes[0].type = ha;
	rec->n_boxes = 1;
	rec->has_pci_uncore = 1;
	rec->ubox_device_id = 0x3ce0;
	rec->ubox_dev = 0x0b;
	rec->n_buses_found = 1;
	rec->buses[0] = (struct upm_socket_bus){ .found = 1, .seg = 0, .bus = 0x3f, .node_id = 5 };
	devs[0] = (struct upm_info_device){ .socket = 0, .type = ha, .instance = 0, .name = "ha", .address = "3f:0e.1",
					    .bus = 0x3f, .dev = 0x0e, .fn = 1, .device_id = 0x3c46, .ids = 0x1234abcdu,
					    .presence = UPM_PCI_MISMATCH };
	rec->devices = devs;
	rec->n_devices = 1;
	rec->avx_asked = 1;
	rec->avx = (struct upm_workload_isa_survey){ .isa = UPM_KERNEL_ISA_AVX, .processors = 6, .usable = 5,
						     .refused_cpu = 4, .refused_socket = 1, .refused_apic_id = 0x21,
						     .refused_state = UPM_KERNEL_ISA_STATE_OFF };

	struct upm_buf out;
	upm_buf_init(&out);
	upm_info_record_json(rec, &out);
	CHECK_CONTAINS(out.data, "\"command\": ");
	CHECK_CONTAINS(out.data, "\"aborted\": false,\n  \"sockets\": 1,\n  \"cpu\": {\"vendor\": \"GenuineIntel\"");
	CHECK_CONTAINS(out.data, "\"tsc_hz\": 1234567,\n  \"tsc_calibrated_against\": \"a hand-made clock\"");
	CHECK_CONTAINS(out.data, "\"caches\": null");
	CHECK_CONTAINS(out.data, "\"memory_bytes\": null");
	CHECK_CONTAINS(out.data, "\"kernels_avx\": {\"asked\": true, \"processors\": 6, \"usable\": 5, \"first_refused\": "
				 "{\"cpu\": 4, \"socket\": 1, \"apic_id\": 33, \"why\": \"the firmware left XCR0's SSE or AVX "
				 "state bit clear (upmon never sets them)\"}}");
	CHECK_CONTAINS(out.data, "\"platform_detail\": {\"name\": \"snbep\", \"title\": \"Xeon E5-2600 (Sandy Bridge-EP)\", "
				 "\"chosen\": \"--platform\"}");
	CHECK_CONTAINS(out.data, "\"ecam_windows\": [{\"base\": \"0xa0000000\", \"segment\": 0, \"bus_start\": 16, \"bus_end\": 127}]");
	CHECK_CONTAINS(out.data, "\"host_bridge\": {\"address\": \"00:00.0\", \"cf8\": \"0x3c008086\", \"cf8_status\": \"ok\", "
				 "\"ecam\": \"0x12348086\", \"ecam_status\": \"ok\", \"match\": false}");
	CHECK_CONTAINS(out.data, "\"uncore_boxes\": [\n    {\"box\": \"ha\", \"space\": \"pci\", \"instances_max\": 1, "
				 "\"instance_count\": null, \"mmio\": null}\n  ]");
	CHECK_CONTAINS(out.data, "\"uncore_ubox\": {\"expected\": \"8086:3ce0\", \"device\": 11, \"function\": 0}");
	CHECK_CONTAINS(out.data, "\"uncore_buses\": [\n    {\"socket\": 0, \"found\": true, \"segment\": 0, \"bus\": 63, \"node\": 5}\n  ]");
	CHECK_CONTAINS(out.data, "{\"socket\": 0, \"box\": \"ha\", \"instance\": 0, \"filter\": false, \"name\": \"ha\", "
				 "\"address\": \"3f:0e.1\", \"segment\": 0, \"bus\": 63, \"device\": 14, \"function\": 1, "
				 "\"expected\": \"8086:3c46\", \"read\": \"abcd:1234\", \"presence\": \"mismatch\"}");
	CHECK_CONTAINS(out.data, "\"uncore_devices_dropped\": 0\n}\n");
	upm_buf_free(&out);

	size_t from = f.run.log.len;
	upm_info_record_print(rec);
	const char *log = f.run.log.data + from;
	CHECK_CONTAINS(log, " on host, backend mock\n");
	CHECK_CONTAINS(log, "tsc: 1234567 Hz (calibrated against a hand-made clock)\n");
	CHECK_CONTAINS(log, "kernels: AVX usable on 5 of 6 processors they run on; processor 4 (socket 1, APIC ID "
			    "0x21): the firmware left XCR0's SSE or AVX state bit clear (upmon never sets them); "
			    "the _avx kernels are refused, their SSE2 twins run\n");
	CHECK_CONTAINS(log, "platform: snbep, Xeon E5-2600 (Sandy Bridge-EP) (from --platform)\n");
	CHECK_CONTAINS(log, "pci: ecam base 0xa0000000 segment 0 buses 16-127\n");
	CHECK_CONTAINS(log, "pci 00:00.0 8086:3c00 cf8=0x3c008086 ecam=0x12348086 MISMATCH\n");
	CHECK_CONTAINS(log, "uncore: socket 0 bus 0x3f node 5\n");
	CHECK_CONTAINS(log, "uncore: socket 0 ha             3f:0e.1 8086:3c46 MISMATCH (other device; never written)\n");

	/* No bus found: the UBox the record names, not the table's. */
	rec->n_buses_found = 0;
	rec->ubox_device_id = 0x1111;
	from = f.run.log.len;
	upm_info_record_print(rec);
	CHECK_CONTAINS(f.run.log.data + from, "uncore: no snbep UBox (8086:1111 at dev 11 fn 0) on any bus");

	/* Every processor can; then none could be asked. */
	rec->avx.usable = 6;
	check_avx_rendered(rec, &f.run, "kernels: AVX usable on all 6 processors they run on: the _avx kernels run\n",
			   "\"kernels_avx\": {\"asked\": true, \"processors\": 6, \"usable\": 6, \"first_refused\": null}");
	rec->avx_asked = 0;
	snprintf(rec->avx_why, sizeof rec->avx_why, "a hand-made refusal");
	check_avx_rendered(rec, &f.run, "kernels: AVX unknown (a hand-made refusal): the _avx kernels ask again when run\n",
			   "\"kernels_avx\": {\"asked\": false, \"why\": \"a hand-made refusal\"}");

	free(rec);
	free(devs);
	fixture_free(&f);
}
