/* The CBo metrics of the guides' and pmu-tools ucevent's names (boxes/snbep/
 * metrics_cbo.h) on the Sandy Bridge-EP and Ivy Bridge-EP mocks, against what their
 * shared CBo model moves (platform/mock/ep/cbo.c): per socket and 1 ms, Sandy Bridge-EP
 * 16000 data-read lookups (4000 miss) and 4000 lines written over 8 CBos, Ivy Bridge-EP
 * 15000 (3000 miss) and 8000 over 15. A TOR hit holds its entry 40 cycles, a miss 200;
 * a request waits 4 in the ingress; queue entries never overlap; a line takes the BL
 * ring two cycles at its CBo's stop, up (to a core) for a lookup, down for a line
 * written; PCIe reads one line per 64 ns and allocating writes one per 128 ns, all LLC
 * hits; every miss goes to local memory (Ivy Bridge-EP's LOCAL_ unit masks).
 *
 * Not modelled (the model counts no such request: the value is computed, 0):
 * CYC_INGRESS_STARVED (RxR_INT_STARVED), FAST_STR_LLC_REQ/_MISS (ItoM 0x1C8),
 * STREAMED_FULL/PART_STORES (0x18C/0x18D), PARTIAL_PCI_READS/_WRITES (0x195/0x1E5),
 * UC_READS (0x187), and PCIE_DATA_BYTES' PCIWiLF (0x194) part. */
#include "tests/unit/test.h"
#include "tests/unit/metric_run.h"

static const struct feed snbep_traffic = { 1000000u, 8000, 4000, 16000, 4000, 1000 };
static const struct feed ivbep_traffic = { 1000000u, 8000, 8000, 15000, 3000, 1000 };

/* The sum over socket's counts of the metric spec text, each over its own window, x
 * scale (a rate as the engine takes it); *total gets the counts' sum. */
static double socket_rate(const struct metric_run *r, unsigned socket, const char *text, double scale,
			  uint64_t *total)
{
	double rate = 0;
	*total = 0;
	for (unsigned i = 0; i < r->s.n_counts; i++) {
		const struct upm_count *c = &r->s.counts[i];
		if (c->socket != socket || c->spec < r->s.metric_specs_from || strcmp(r->s.specs[c->spec].text, text) ||
		    !c->interval_ns)
			continue;
		*total += c->delta;
		rate += (double)c->delta * scale * 1e9 / (double)c->interval_ns;
	}
	return rate;
}


/* The guide's COUNTER0_OCCUPANCY{edge_det,thresh=0x1} beside counter 0's queue: each entry
 * is a stretch of its own, so occupancy over stretches is each entry's time. */
static void when_ne(const char *platform, const struct feed *fd, unsigned n_cbo, double drd_all_cycles)
{
	struct metric_run r;
	if (metric_run(&r, platform, NULL, "AVG_INGRESS_LATENCY_WHEN_NE", fd) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		CHECK(near(metric_value(&r, "AVG_INGRESS_LATENCY_WHEN_NE", s), 4));
		/* One stretch a request: the lookups and the lines written, over the CBos. */
		uint64_t n = 0;
		socket_rate(&r, s, "cbo/COUNTER0_OCCUPANCY,edge=1,thresh=1/", 1, &n);
		CHECK_EQ(n, fd->llc_lookups + fd->lines_written);
		/* Beside the IRQ occupancy on counter 0, in its pass. */
		const struct upm_count *occ = find_count(&r.s, s, "cbo", n_cbo - 1, "RxR_OCCUPANCY.IRQ");
		CHECK(occ && occ->counter == 0);
	}
	CHECK_EQ(r.s.n_passes, 1u);
	metric_run_free(&r);
	for (unsigned s = 0; s < 2; s++) {
		CHECK(near(metric_alone(platform, "AVG_TOR_DRDS_WHEN_NE", s, fd), drd_all_cycles));
		CHECK(near(metric_alone(platform, "AVG_TOR_DRDS_MISS_WHEN_NE", s, fd), 200));
	}
}

TEST(cbo_e5_model_when_ne)
{
	/* (12000 x 40 + 4000 x 200) / 16000; (12000 x 40 + 3000 x 200) / 15000. */
	when_ne("snbep", &snbep_traffic, 8, 80);
	when_ne("ivbep", &ivbep_traffic, 15, 72);
}

/* Two such metrics in one run share one COUNTER0_OCCUPANCY count, beside one queue in
 * its pass: the other's value is no value, with the reason, never the wrong queue's. */
TEST(cbo_e5_counter0_of_another_queue_is_no_value)
{
	struct metric_run r;
	if (metric_run(&r, "snbep", NULL, "AVG_TOR_DRDS_WHEN_NE,AVG_TOR_DRDS_MISS_WHEN_NE", &snbep_traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		/* Counter 0 held the first one's occupancy in the pass that counted it. */
		CHECK_STR(metric_value_text(&r, "AVG_TOR_DRDS_WHEN_NE", s), "80.000");
		CHECK_STR(metric_value_text(&r, "AVG_TOR_DRDS_MISS_WHEN_NE", s),
			  "n/a (its COUNTER0_OCCUPANCY was counted beside another queue: ask for it in a run of its own)");
	}
	metric_run_free(&r);
}

/* Asked after a metric of another queue, a metric that reads counter 0 still has its own
 * queue beside its COUNTER0_OCCUPANCY: its specs are placed first. */
TEST(cbo_e5_counter0_metric_after_another_queue)
{
	struct metric_run r;
	if (metric_run(&r, "ivbep", NULL, "AVG_TOR_DRD_LOC_MISS_LATENCY,AVG_TOR_DRDS_WHEN_NE", &ivbep_traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_LOC_MISS_LATENCY", s), 200));
		CHECK(near(metric_value(&r, "AVG_TOR_DRDS_WHEN_NE", s), 72));
	}
	CHECK_EQ(r.s.n_passes, 2u);
	metric_run_free(&r);
}

static void ring(const char *platform, const struct feed *fd, unsigned n_cbo, const char *up, const char *down,
		 const char *up_spec, unsigned lanes)
{
	char cyc_up[32], thru_up[40], thru_down[40], metrics[120];
	upm_snprintf(cyc_up, sizeof cyc_up, "CYC_USED_%s", up);
	upm_snprintf(thru_up, sizeof thru_up, "RING_THRU_%s_BYTES", up);
	upm_snprintf(thru_down, sizeof thru_down, "RING_THRU_%s_BYTES", down);
	upm_snprintf(metrics, sizeof metrics, "%s,%s", thru_up, thru_down);
	struct metric_run r;
	if (metric_run(&r, platform, NULL, metrics, fd) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		char spec[48];
		uint64_t n;
		upm_snprintf(spec, sizeof spec, "cbo/RING_BL_USED.%s/", up_spec);
		double rate = socket_rate(&r, s, spec, 32, &n);
		/* A cycle a line on each lane the unit mask takes: the lookups go up. */
		CHECK_EQ(n, lanes * fd->llc_lookups);
		CHECK(near(metric_value(&r, thru_up, s), rate));
		/* Up and down, even and odd: 64 bytes a line moved. */
		uint64_t m = 0;
		double down_rate = 0;
		for (unsigned i = r.s.metric_specs_from; i < r.s.n_specs; i++)
			if (strstr(r.s.specs[i].text, "DOWN"))
				down_rate = socket_rate(&r, s, r.s.specs[i].text, 32, &m);
		CHECK_EQ(m, lanes * fd->lines_written);
		CHECK(near(metric_value(&r, thru_down, s), down_rate));
		/* Each up lane a cycle a lookup, over the CBos' uncore cycles (2 GHz). */
		CHECK(near(metric_alone(platform, cyc_up, s, fd), (double)lanes * fd->llc_lookups / (n_cbo * 2e6)));
	}
	metric_run_free(&r);
}

TEST(cbo_e5_model_ring)
{
	ring("snbep", &snbep_traffic, 8, "UPEVEN", "DNODD", "UP_EVEN", 1);
	/* Ivy Bridge-EP's UP is both polarities of both rings; the model uses ring 0. */
	ring("ivbep", &ivbep_traffic, 15, "UP", "DN", "UP", 2);
	/* The lines written go down, one cycle each on either polarity. */
	CHECK(near(metric_alone("snbep", "CYC_USED_DNEVEN", 1, &snbep_traffic), 4000.0 / (8 * 2e6)));
	CHECK(near(metric_alone("ivbep", "CYC_USED_DN", 1, &ivbep_traffic), 2 * 8000.0 / (15 * 2e6)));
}

static void pcie(const char *platform, const struct feed *fd)
{
	struct metric_run r;
	if (metric_run(&r, platform, NULL,
		       "LLC_PCIE_MEM_READ_BYTES,LLC_PCIE_MEM_WRITE_BYTES,LLC_PCIE_MEM_TOTAL_BYTES,LLC_DDIO_MEM_READ_BYTES,"
		       "LLC_DDIO_MEM_WRITE_BYTES,LLC_DDIO_MEM_TOTAL_BYTES,PCIE_DATA_BYTES", fd) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		uint64_t rd, wr, wilf;
		double rd_rate = socket_rate(&r, s, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19e/", 64, &rd);
		double wr_rate = socket_rate(&r, s, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x19c/", 64, &wr);
		socket_rate(&r, s, "cbo/TOR_INSERTS.OPCODE,filter_opc=0x194/", 64, &wilf);
		/* 1 ms / 64 ns PCIRdCur lines, / 128 ns PCIItoM; no PCIWiLF modelled. */
		CHECK_EQ(rd, 15625u);
		CHECK_EQ(wr, 7812u);
		CHECK_EQ(wilf, 0u);
		CHECK(near(metric_value(&r, "LLC_PCIE_MEM_READ_BYTES", s), rd_rate));
		CHECK(near(metric_value(&r, "LLC_PCIE_MEM_WRITE_BYTES", s), wr_rate));
		CHECK(near(metric_value(&r, "LLC_PCIE_MEM_TOTAL_BYTES", s), rd_rate + wr_rate));
		CHECK(near(metric_value(&r, "PCIE_DATA_BYTES", s), wr_rate));
		/* Every PCIe line hits the LLC in the model: nothing for DDIO to send to memory. */
		CHECK_STR(metric_value_text(&r, "LLC_DDIO_MEM_READ_BYTES", s), "0.000");
		CHECK_STR(metric_value_text(&r, "LLC_DDIO_MEM_WRITE_BYTES", s), "0.000");
		CHECK_STR(metric_value_text(&r, "LLC_DDIO_MEM_TOTAL_BYTES", s), "0.000");
	}
	metric_run_free(&r);
}

TEST(cbo_e5_model_pcie)
{
	pcie("snbep", &snbep_traffic);
	pcie("ivbep", &ivbep_traffic);
}

/* What the model does not move is computed, and 0: never n/a, never a stale value. */
static void unmodelled(const char *platform, const struct feed *fd)
{
	static const char *const names[] = { "CYC_INGRESS_STARVED", "FAST_STR_LLC_REQ", "FAST_STR_LLC_MISS",
					     "STREAMED_FULL_STORES", "STREAMED_PART_STORES", "PARTIAL_PCI_READS",
					     "PARTIAL_PCI_WRITES", "UC_READS" };
	struct metric_run r;
	struct upm_buf list;
	upm_buf_init(&list);
	for (unsigned i = 0; i < UPM_ARRAY_LEN(names); i++)
		upm_buf_printf(&list, "%s%s", i ? "," : "", names[i]);
	int rc = metric_run(&r, platform, NULL, list.data, fd);
	upm_buf_free(&list);
	if (rc < 0)
		return;
	for (unsigned s = 0; s < 2; s++)
		for (unsigned i = 0; i < UPM_ARRAY_LEN(names); i++)
			CHECK_STR(metric_value_text(&r, names[i], s), "0.000");
	metric_run_free(&r);
}

TEST(cbo_e5_model_unmodelled_requests)
{
	unmodelled("snbep", &snbep_traffic);
	unmodelled("ivbep", &ivbep_traffic);
}

/* Ivy Bridge-EP's misses by home: all local in the model (its iMCs count them). */
TEST(ivbep_model_misses_by_home)
{
	struct metric_run r;
	if (metric_run(&r, "ivbep", NULL,
		       "AVG_TOR_DRD_LOC_MISS_LATENCY,AVG_TOR_DRD_REM_MISS_LATENCY,LLC_DRD_RFO_MISS_TO_LOC_MEM,"
		       "LLC_DRD_RFO_MISS_TO_REM_MEM", &ivbep_traffic) < 0)
		return;
	for (unsigned s = 0; s < 2; s++) {
		CHECK(near(metric_value(&r, "AVG_TOR_DRD_LOC_MISS_LATENCY", s), 200));
		/* No remote miss: its latency is undefined, said so. */
		CHECK_STR(metric_value_text(&r, "AVG_TOR_DRD_REM_MISS_LATENCY", s), "n/a (division by zero)");
		/* 3000 data-read misses, all local, no RFO modelled. */
		uint64_t n;
		socket_rate(&r, s, "cbo/TOR_INSERTS.MISS_LOCAL_OPCODE,filter_opc=0x182/", 1, &n);
		CHECK_EQ(n, 3000u);
		CHECK(near(metric_value(&r, "LLC_DRD_RFO_MISS_TO_LOC_MEM", s), 1));
		CHECK_STR(metric_value_text(&r, "LLC_DRD_RFO_MISS_TO_REM_MEM", s), "0.000");
	}
	metric_run_free(&r);
}
