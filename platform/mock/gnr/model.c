/* Room platform/mock/gnr: the Granite Rapids and Sierra Forest mock models.
 * Includes platform, base, platform/mock and platform/mock/disc. */
/* The mock of Granite Rapids (gnr, CPUID 06_AD) and Sierra Forest (srf, 06_AF): two compute
 * dies a socket, each with its own discovery device and table, whose unit ids start at 0 on
 * each die (Linux uncore_snbep.c gnr_uncores; PCM types.h BHS_ registers where the table
 * alone does not decide). Built on the discovery mocks' shared parts
 * (platform/mock/disc/units.h).
 *
 * Per socket s (the mock's choices where the tables decide on hardware: buses, devices,
 * addresses, unit counts, clocks):
 *   buses: die 0 0x80*s, die 1 0x80*s+0x40, UPI 0x80*s+0x7F, named by the MSM 8086:09A6 at
 *     die 0's 03.0 (CPUBUSNO0 0x190, CPUBUSNO_VALID 0x1A0; SAD_CONTROL_CFG 0x3F4 of 00.0);
 *   discovery devices 8086:09A7 at die 0's 03.1 and die 1's 03.0, tables at 0xF8000000 +
 *     0x100000*s + 0x40000*die;
 *   die 0: CHAs 0-3 (MSR 0x2000 + 0x10*n), IMC channels 0-3 (MMIO, 0x4000 apart: PCM
 *     SERVER_MC_CH_PMON_STEP), B2CMIs 0-1 (PCI 05.1, 05.2: PCM BHS_M2M_0/1; box 0x438,
 *     controls 0x468, counters 0x440: SERVER_M2M_PCI_PMON_*), the PCU (MSR 0x2FC0), the U-Box
 *     (MSR 0x3FF0: PCM BHS_UBOX_MSR_PMON_BOX_CTL), UPI links 0-1 (PCI 10.1, 11.1 of the UPI
 *     bus: PCM BHS_QPI_PORT0/1; 0x318/0x350/0x320 as SPR's), B2UPIs 0-1 (PCI 18.0, 19.0 of
 *     the UPI bus: PCM BHS_M3UPI_PORT0/1; box 0x408, controls 0x430, counters 0x410:
 *     BHS_M3UPI_PCI_PMON_*);
 *   die 1: CHAs 0-3 (MSR 0x2040 + 0x10*n: the socket's CHA MSRs continue, PCM
 *     CX_MSR_PMON_CTRY), IMC channels 0-3, B2CMIs 0-1 (its own bus), IIOs 0-1 (MSR 0x2900 +
 *     0x10*n: BHS_M2IOSF_IIO_UNIT_CTL), IRPs 0-1 (MSR 0x2A00 + 0x10*n: BHS_IRP_UNIT_CTL).
 *
 * What counts: CHA CLOCKTICKS and TOR_INSERTS of demand data reads as on SPR; each IMC
 * channel's two command schedulers, SCH0 (event 0x05) and SCH1 (0x06), each half the
 * channel's CAS, reads umask 0xCF and writes 0xF0 (perfmon UNC_M_CAS_COUNT_SCH0/SCH1), the
 * DRAM clock (CLOCKTICKS 0x01/0x01 and the fixed DCLK counter) at a quarter of DDR5-6400's
 * data rate, 1600 MHz; B2CMI IMC_READS.ALL (0x24/0x04, extension 0x1) and IMC_WRITES.ALL
 * (0x25/0x10, extension 0x1) its share of the lines; UPI and PCU as on SPR; clocks of
 * the rest. The global control: MSR 0x2FF0 (the mock's choice, SPR's: no public source
 * read names GNR's; the engine takes it from the global record). */
#include "platform/mock/model.h"
#include "platform/mock/pmon.h"
#include "platform/mock/model_rates.h"
#include "platform/mock/disc/units.h"
#include "platform/pci.h"
#include "platform/base/str.h"

#define N_DIES 2u
#define TABLE_BASE(s, d) (0xF8000000ull + 0x100000ull * (s) + 0x40000ull * (d)) /* mock's choice */
#define IMC_BASE(s, d) (0xFA000000ull + 0x100000ull * (s) + 0x40000ull * (d))   /* mock's choice */
#define IMC_STEP 0x4000u     /* PCM SERVER_MC_CH_PMON_STEP */
#define STRIDE 4u            /* 8-byte units per record: mock's choice */
#define N_CHA 4u             /* per die: mock's choice (a GNR die has up to 43) */
#define N_IMC 4u             /* per die: mock's choice (PCM: 12 channels a socket) */
#define N_B2CMI 2u           /* per die, a B2CMI for two channels: mock's choice */
#define N_UPI 2u             /* die 0: mock's choice (GNR: up to 6 links) */
#define N_IIO 2u             /* die 1: mock's choice (PCM BHS_M2IOSF_NUM 16) */
#define N_CORES (N_CHA * N_DIES)
#define CHA_CTL(n) (0x2000u + 0x10u * (n)) /* PCM SPR_CHA0_MSR_PMON_BOX_CTRL, SPR_CHA_MSR_STEP */
#define IIO_CTL(n) (0x2900u + 0x10u * (n)) /* PCM BHS_M2IOSF_IIO_UNIT_CTL, _REG_STEP */
#define IRP_CTL(n) (0x2A00u + 0x10u * (n)) /* PCM BHS_IRP_UNIT_CTL */
#define UBOX_CTL 0x3FF0u                   /* PCM BHS_UBOX_MSR_PMON_BOX_CTL_ADDR */
#define PCU_CTL 0x2FC0u                    /* mock's choice: the table says where */
#define GLOBAL_CTL 0x2FF0u                 /* mock's choice (SPR's, PCM SPR_MSR_UNCORE_PMON_GLOBAL_CTL) */
#define B2CMI_DEV 5u                       /* PCM BHS_M2M_0/1_REGISTER_DEV_ADDR 5, FUNC 1 and 2 */
#define M2M_BOX_CTL 0x438u                 /* PCM SERVER_M2M_PCI_PMON_BOX_CTL_ADDR */
#define M2M_CTL0 0x468u
#define M2M_CTR0 0x440u
#define UPI_DEV0 16u                       /* PCM BHS_QPI_PORT0_REGISTER_DEV_ADDR 16, FUNC 1 */
#define B2UPI_DEV0 24u                     /* PCM BHS_M3UPI_PORT0_REGISTER_DEV_ADDR 24, FUNC 0 */
#define B2UPI_BOX_CTL 0x408u               /* PCM BHS_M3UPI_PCI_PMON_BOX_CTL_ADDR */
#define B2UPI_CTL0 0x430u
#define B2UPI_CTR0 0x410u

/* Records per die: die 0 CHAs, IMCs, B2CMIs, PCU, U-Box, UPIs, B2UPIs; die 1 CHAs, IMCs,
 * B2CMIs, IIOs, IRPs. */
#define N_RECORDS0 (N_CHA + N_IMC + N_B2CMI + 2 + N_UPI + N_UPI)
#define N_RECORDS1 (N_CHA + N_IMC + N_B2CMI + N_IIO + N_IIO)
#define MAX_RECORDS N_RECORDS0

enum gnr_kind { K_CHA, K_IMC, K_B2CMI, K_PCU, K_UBOX, K_UPI, K_B2UPI, K_IIO, K_IRP };

struct gnr_state {
	struct mock_disc_state disc;                          /* first: the global controls */
	struct upm_mock_reg *rec[2][N_DIES][MAX_RECORDS][3];  /* each unit record's words */
	struct upm_mock_reg *bar[2][N_DIES][2];               /* each discovery device's BAR */
	struct upm_mock_mmio *table[2][N_DIES];
	/* The TOR's demand data read: unit-mask extension 0xC817xx on GNR (DRd), 0xC827xx on
	 * SRF (DRd_Opt: sierraforest_uncore.json UNC_CHA_TOR_INSERTS.IA_DRD_OPT 0xC827FF,
	 * IA_HIT_DRD_OPT 0xC827FD, IA_MISS_DRD_OPT 0xC827FE). */
	uint32_t drd;
};

#define UNCORE_MHZ 1800u /* mock's choice */
#define DCLK_MHZ 1600u   /* DDR5-6400: a quarter of the data rate (the fact; mock's choice of speed) */
#define IO_MHZ 1800u     /* mock's choice */
#define PCU_MHZ 1000u    /* mock's choice */
#define UPI_MHZ 2000u    /* mock's choice */

/* The CHA, as SPR's: CLOCKTICKS by time; TOR_INSERTS (0x35/0x01) of demand data reads,
 * all (extension ..FF), hits (..FD) and misses (..FE) (intel/perfmon GNR
 * graniterapids_uncore.json IA_DRD 0xC817FF, IA_HIT_DRD 0xC817FD, IA_MISS_DRD 0xC817FE;
 * SRF's DRd_Opt, gnr_state.drd), spread over the socket's CHAs of both dies. */
static uint64_t cha_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	const struct gnr_state *st = mock_pmon_of(b->mock)->model;
	return ev(ctl) == 0x01 ? cycles(act, UNCORE_MHZ) : mock_disc_tor_drd(b, ctl, act, st->drd);
}

/* An IMC channel: its share of the lines, half to each command scheduler (SCH0 0x05, SCH1
 * 0x06; reads umask 0xCF, writes 0xF0); the DRAM clock on CLOCKTICKS (0x01/0x01). */
static uint64_t imc_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	if (ev(ctl) == 0x01 && umask(ctl) == 0x01)
		return cycles(act, DCLK_MHZ);
	if (ev(ctl) != 0x05 && ev(ctl) != 0x06)
		return 0;
	unsigned sch = ev(ctl) - 0x05u;
	uint64_t lines = umask(ctl) == 0xCF ? act->lines_read : umask(ctl) == 0xF0 ? act->lines_written : 0;
	return mock_share(mock_box_share(b, lines), sch, 2);
}

static uint64_t imc_fixed_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	(void)ctl;
	return cycles(act, DCLK_MHZ);
}

/* B2CMI: IMC_READS.ALL 0x24/0x04 and IMC_WRITES.ALL 0x25/0x10, extension 0x1 (perfmon GNR). */
static uint64_t b2cmi_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	unsigned ext = (unsigned)(ctl >> 32 & 0xFFFFFFu);
	if (ev(ctl) == 0x01)
		return cycles(act, UNCORE_MHZ);
	if (ev(ctl) == 0x24 && umask(ctl) == 0x04 && ext == 0x1)
		return mock_box_share(b, act->lines_read);
	if (ev(ctl) == 0x25 && umask(ctl) == 0x10 && ext == 0x1)
		return mock_box_share(b, act->lines_written);
	return 0;
}

static uint64_t upi_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	if (ev(ctl) == 0x01)
		return cycles(act, UPI_MHZ);
	return ev(ctl) == 0x02 && umask(ctl) == 0x0F ? mock_disc_upi_data_flits(b, act, UPI_MHZ) : 0;
}

/* RxL_FLITS.ALL_DATA (0x03/0x0F) on the same link of the other socket. */
static void upi_receive(struct upm_mock *m, const struct upm_activity *act)
{
	mock_disc_upi_receive(m, act, N_UPI, UPI_MHZ);
}

static uint64_t upi_carry_ns(struct upm_mock *m, const struct upm_activity *act)
{
	return mock_disc_upi_carry_ns(m, act, N_UPI, UPI_MHZ);
}

/* The PCU: CLOCKTICKS, cores in C0 (0x35) every core a clock (the mock's cores never
 * sleep), in C6 (0x37) none. */
static uint64_t pcu_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(act, PCU_MHZ) : ev(ctl) == 0x35 ? N_CORES * cycles(act, PCU_MHZ) : 0;
}

static uint64_t mesh_clock_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(act, UNCORE_MHZ) : 0;
}

static uint64_t io_clock_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(act, IO_MHZ) : 0;
}

static uint8_t die_bus(unsigned s, unsigned d)
{
	return (uint8_t)(0x80u * s + 0x40u * d); /* mock's choice */
}

/* A die's units common to both dies: CHAs, IMC channels, B2CMIs. rec advances. */
static int die_memory_units(struct upm_mock *m, const struct mock_disc_table *t, unsigned d, unsigned *rec)
{
	unsigned s = t->socket;
	struct upm_mock_mmio *iw = upm_mock_add_mmio(m, IMC_BASE(s, d), IMC_STEP * N_IMC);
	if (!iw)
		return -1;
	for (unsigned n = 0; n < N_CHA; n++, (*rec)++) {
		struct mock_box *b = mock_disc_msr_unit(m, t, *rec, "cha", K_CHA, 0, n, CHA_CTL(N_CHA * d + n), cha_rate,
							N_CHA * N_DIES);
		struct upm_mock_reg *filt = b ? upm_mock_add_msr(m, s, CHA_CTL(N_CHA * d + n) + 0xE, 0, ~0ull) : NULL;
		if (!filt || mock_box_add_reg(b, filt) < 0)
			return -1;
		mock_box_renumber(mock_pmon_of(m), b, N_CHA * d + n); /* the socket's numbering, as the session's */
	}
	for (unsigned c = 0; c < N_IMC; c++, (*rec)++) {
		struct mock_box *b = mock_disc_mmio_unit(m, t, *rec, iw, IMC_STEP * c, "imc", K_IMC, 6, c, 4, imc_rate,
							 N_IMC * N_DIES);
		if (!b || mock_disc_imc_fixed(m, b, iw, IMC_STEP * c, imc_fixed_rate) < 0)
			return -1;
		mock_box_renumber(mock_pmon_of(m), b, N_IMC * d + c);
	}
	uint8_t bus = die_bus(s, d);
	for (unsigned n = 0; n < N_B2CMI; n++, (*rec)++) {
		/* Device IDs of GNR's B2CMI functions: none in a public source read; the mock's. */
		struct upm_mock_pci_dev *md = upm_mock_add_pci_dev(m, s, bus, B2CMI_DEV, (uint8_t)(1 + n),
								   UPM_PCI_VENDOR_INTEL, 0x3258u);
		if (!md || mock_disc_pci_record(m, t, *rec, 16, n, bus, B2CMI_DEV << 3 | (1 + n), M2M_BOX_CTL, M2M_CTL0,
						M2M_CTR0) < 0)
			return -1;
		struct mock_box *b = mock_disc_pci_pmon(m, s, md, "b2cmi", K_B2CMI, N_B2CMI * d + n, M2M_BOX_CTL,
							M2M_CTL0, M2M_CTR0, 0xFFFFFFu);
		if (!b)
			return -1;
		b->rate = b2cmi_rate;
		b->n_peers = N_B2CMI * N_DIES;
	}
	return 0;
}

static int build_socket(struct upm_mock *m, unsigned s)
{
	struct gnr_state *st = mock_pmon_of(m)->model;
	uint8_t bus0 = die_bus(s, 0), bus1 = die_bus(s, 1), upi_bus = (uint8_t)(0x80u * s + 0x7Fu);
	/* The MSM names the package's three buses (slots 0-2), as on SPR (intel/pcm src/types.h
	 * SPR_MSM_*, which PCM uses for GNR and SRF too); 00.0's ID is the mock's choice. */
	struct upm_mock_pci_dev *msm = upm_mock_add_pci_dev(m, s, bus0, 3, 0, UPM_PCI_VENDOR_INTEL, 0x09A6u);
	struct upm_mock_pci_dev *sad = upm_mock_add_pci_dev(m, s, bus0, 0, 0, UPM_PCI_VENDOR_INTEL, 0x09A2u);
	if (!msm || !sad || !upm_mock_add_pci_reg(m, msm, 0x1A0, 0x7u, 0) ||
	    !upm_mock_add_pci_reg(m, msm, 0x190, (uint32_t)bus0 | (uint32_t)bus1 << 8 | (uint32_t)upi_bus << 16, 0) ||
	    !upm_mock_add_pci_reg(m, sad, 0x3F4, s & 0xFu, 0))
		return -1;
	st->disc.global_ctl[s] = upm_mock_add_msr(m, s, GLOBAL_CTL, 0, 0x1);
	if (!st->disc.global_ctl[s])
		return -1;
	for (unsigned d = 0; d < N_DIES; d++) {
		unsigned n_rec = d == 0 ? N_RECORDS0 : N_RECORDS1;
		struct upm_mock_mmio *tw = upm_mock_add_mmio(m, TABLE_BASE(s, d), 0x1000);
		st->table[s][d] = tw;
		/* Die 0's device beside the MSM at 03.1; die 1's at 03.0 of its bus (a function 1
		 * needs its device's function 0: PCI's rule, the finder's too). */
		if (!tw || mock_disc_device(m, s, die_bus(s, d), 3, d == 0 ? 1 : 0, TABLE_BASE(s, d), st->bar[s][d]) < 0)
			return -1;
		struct mock_disc_table t = { .window = tw, .socket = s, .stride = STRIDE, .words = st->rec[s][d],
					     .max_records = MAX_RECORDS };
		if (mock_disc_record(m, &t, 0, (uint64_t)STRIDE << 8 | (uint64_t)n_rec << 16 | MOCK_DISC_ACCESS_MSR << 62,
				     GLOBAL_CTL, 0) < 0)
			return -1;
		unsigned rec = 1;
		if (die_memory_units(m, &t, d, &rec) < 0)
			return -1;
		if (d == 0) {
			struct mock_box *pcu = mock_disc_msr_unit(m, &t, rec++, "pcu", K_PCU, 4, 0, PCU_CTL, pcu_rate, 1);
			struct mock_box *ubox = mock_disc_msr_unit(m, &t, rec++, "ubox", K_UBOX, 5, 0, UBOX_CTL,
								   mesh_clock_rate, 1);
			if (!pcu || !ubox)
				return -1;
			for (unsigned l = 0; l < N_UPI; l++, rec++) {
				/* Device IDs of GNR's UPI and B2UPI functions: none in a public source
				 * read; the mock gives SPR's (the table's units are checked for Intel's
				 * vendor ID only). */
				struct upm_mock_pci_dev *ud = upm_mock_add_pci_dev(m, s, upi_bus, (uint8_t)(UPI_DEV0 + l), 1,
										   UPM_PCI_VENDOR_INTEL, 0x3241u);
				if (!ud || mock_disc_pci_record(m, &t, rec, 8, l, upi_bus, (UPI_DEV0 + l) << 3 | 1, 0x318, 0x350,
								0x320) < 0)
					return -1;
				struct mock_box *b = mock_disc_pci_pmon(m, s, ud, "upi", K_UPI, l, 0x318, 0x350, 0x320, 0xFFFFFFu);
				if (!b)
					return -1;
				b->rate = upi_rate;
				b->n_peers = N_UPI;
			}
			for (unsigned l = 0; l < N_UPI; l++, rec++) {
				struct upm_mock_pci_dev *bd = upm_mock_add_pci_dev(m, s, upi_bus, (uint8_t)(B2UPI_DEV0 + l), 0,
										   UPM_PCI_VENDOR_INTEL, 0x3246u);
				if (!bd || mock_disc_pci_record(m, &t, rec, 18, l, upi_bus, (B2UPI_DEV0 + l) << 3, B2UPI_BOX_CTL,
								B2UPI_CTL0, B2UPI_CTR0) < 0)
					return -1;
				struct mock_box *b = mock_disc_pci_pmon(m, s, bd, "b2upi", K_B2UPI, l, B2UPI_BOX_CTL, B2UPI_CTL0,
									B2UPI_CTR0, 0);
				if (!b)
					return -1;
				b->rate = mesh_clock_rate;
				b->n_peers = N_UPI;
			}
		} else {
			for (unsigned n = 0; n < N_IIO; n++, rec++)
				if (!mock_disc_msr_unit(m, &t, rec, "iio", K_IIO, 1, n, IIO_CTL(n), io_clock_rate, N_IIO))
					return -1;
			for (unsigned n = 0; n < N_IIO; n++, rec++)
				if (!mock_disc_msr_unit(m, &t, rec, "irp", K_IRP, 2, n, IRP_CTL(n), io_clock_rate, N_IIO))
					return -1;
		}
	}
	return 0;
}

/* Table faults (platform/mock/mock.h), on die 0's table of the socket unless the key says
 * die 1 (disc1.ones=N ...): each breaks one unit record N (0 = the first unit record) or
 * the die's BAR. disc.ones=N reads all ones, disc.zeroctl=N a unit control of zero,
 * disc.dup=N repeats record N-1's type and id, disc.truncate=N ends the table before N,
 * disc.bar=0 a BAR of zero. */
static int disc_fault(struct upm_mock *m, unsigned socket, const char *term, const char *key, const char *value)
{
	struct gnr_state *st = mock_pmon_of(m)->model;
	unsigned die = upm_strncmp(key, "disc1.", 6) == 0;
	if (socket >= 2 || (!die && upm_strncmp(key, "disc.", 5) != 0))
		return 0;
	const struct mock_disc_fault_target t = { st->rec[socket][die], die ? N_RECORDS1 : N_RECORDS0,
						  st->table[socket][die], STRIDE, st->bar[socket][die],
						  die ? "die 1's table" : "die 0's table" };
	return mock_disc_table_fault(m, &t, term, key, key + (die ? 6 : 5), value);
}

static int build(struct upm_mock *m, uint32_t signature, const char *brand, uint32_t drd)
{
	struct gnr_state *st = mock_disc_model_init(m, signature, brand, sizeof *st);
	if (!st)
		return -1;
	st->drd = drd;
	mock_pmon_of(m)->model_fault = disc_fault;
	mock_pmon_of(m)->model_advance = upi_receive;
	mock_pmon_of(m)->model_carry_ns = upi_carry_ns;
	for (unsigned s = 0; s < m->n_sockets; s++)
		if (build_socket(m, s) < 0)
			return -1;
	return 0;
}

static int build_gnr(struct upm_mock *m)
{
	return build(m, 0x000A06D1, "upmon mock Xeon 6 (Granite Rapids)", 0xC817u); /* 06_AD */
}

static int build_srf(struct upm_mock *m)
{
	return build(m, 0x000A06F3, "upmon mock Xeon 6 (Sierra Forest)", 0xC827u); /* 06_AF */
}

const struct upm_mock_model upm_mock_model_gnr = {
	.platform = "gnr", .default_sockets = 2, .max_sockets = 2, .build = build_gnr,
};

const struct upm_mock_model upm_mock_model_srf = {
	.platform = "srf", .default_sockets = 2, .max_sockets = 2, .build = build_srf,
};
