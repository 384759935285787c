/* Room platform/mock/spr: the Sapphire and Emerald Rapids mock models.
 * Includes platform, base, platform/mock and platform/mock/disc. */
/* The mock of Sapphire Rapids (spr, CPUID 06_8F) and Emerald Rapids (emr, 06_CF): an
 * independent model of the hardware's uncore discovery from the public facts, not from
 * any box table. Per socket: the discovery device 8086:09A7 whose extended configuration
 * space holds a capability chain (an AER header at 0x100, then the PMON DVSEC, ID 0x23,
 * at 0x200: entry type 1 at +0x8, BIR 0 at +0xC), a 64-bit BAR at 0x10 pointing at the
 * table in MMIO, the table (a global record, then the unit records of every type below)
 * and the registers the records point at. Sources: Linux arch/x86/events/intel/uncore_discovery.{c,h}
 * (record layout, DVSEC), uncore_snbep.c (SPR quirks), intel/pcm src/types.h (CHA MSRs).
 *
 * The mock's own choices (the table alone decides them on hardware): buses 0x80*s and up
 * for socket s, the device numbers, the BAR and IMC window addresses, the CHA and IMC
 * counts, the record stride (4 x 8 bytes).
 *
 * Generic unit control (uncore_discovery.h): FRZ bit 0 (held), RST_CTRL bit 8 and RST_CTRS
 * bit 9 (act on write, read as zero); counter controls have no enable bit; counting stops
 * while the unit or the global control (FRZ bit 0) is frozen. The IMC counts CAS per
 * 64-byte line read (event 0x05 umask 0xCF) and written (0x05 umask 0xF0), spread over
 * the channels (Linux uncore_snbep.c spr_uncore_imc_events cas_count_read/write).
 *
 * Units per socket: 8 CHAs, 8 IMC channels (each with its fixed DCLK counter), 4 UPI
 * links (the third record broken, as on SPR MCC) and their 4 M3UPIs, 4 IIOs, 4 IRPs,
 * 4 M2PCIes, 4 M2Ms (one per memory controller, two channels each) and the PCU. */
#include "platform/mock/model.h"
#include "platform/mock/pmon.h"
#include "platform/mock/model_rates.h"
#include "platform/mock/disc/units.h"
#include "platform/pci.h"
#include "platform/base/str.h"

#define TABLE_BASE(s) (0xF8000000ull + 0x100000ull * (s)) /* mock's choice */
#define IMC_BASE(s) (0xFA000000ull + 0x100000ull * (s))   /* mock's choice */
#define IMC_STEP 0x8000u     /* mock's choice: one channel's block */
#define STRIDE 4u            /* 8-byte units per record: mock's choice */
#define N_CHA 8u             /* mock's choice (an SPR has up to 60) */
#define N_IMC 8u             /* SPR: 4 controllers x 2 channels */
#define N_UPI 4u
#define N_IIO 4u             /* mock's choice (an SPR has up to 12) */
#define N_IRP N_IIO          /* one IRP per IIO stack (PCM: irpStacks = SPR_M2IOSF_NUM) */
#define N_M2PCIE 4u          /* mock's choice */
#define N_M2M (N_IMC / 2u)   /* one mesh-to-memory unit per controller of two channels */
#define N_CORES N_CHA        /* mock's choice: a core per CHA tile, every one in C0 */
/* IIO (M2IOSF) unit controls 0x3000 + 0x10 * n, controls +2, counters +8 (intel/pcm
 * src/types.h SPR_M2IOSF_IIO_UNIT_CTL, _CTL0, _CTR0, SPR_M2IOSF_REG_STEP). */
#define IIO_CTL(n) (0x3000u + 0x10u * (n))
/* IRP unit controls 0x3400 + 0x10 * n, controls +2, counters +8 (intel/pcm src/types.h
 * SPR_IRP_UNIT_CTL, SPR_IRP_CTL_REG_OFFSET, SPR_IRP_CTR_REG_OFFSET). */
#define IRP_CTL(n) (0x3400u + 0x10u * (n))
/* M2PCIe: no public source read gives SPR's MSRs (the table alone says where): the
 * mock's choice, in a block of its own between the IIO's and the IRP's. */
#define M2PCIE_CTL(n) (0x3200u + 0x10u * (n))
/* M2M: PCI devices 12-15 function 0, device 0x324A, box control 0x438, control 0 at
 * 0x468 and counter 0 at 0x440, 8 bytes apart (intel/pcm src/types.h
 * SERVER_M2M_n_REGISTER_DEV_ADDR/FUNC_ADDR and SERVER_M2M_PCI_PMON_*, src/cpucounters.cpp
 * M2M_DEV_IDS and populateM2MPMUs, which takes them for SPR). */
#define M2M_DEVICE 0x324Au
#define M2M_DEV0 12u
#define M2M_BOX_CTL 0x438u
#define M2M_CTL0 0x468u
#define M2M_CTR0 0x440u
/* M3UPI: device 0x3246 at devfn 0x29 + 8 * link (device 5-8, function 1), box control
 * 0xA0, control 0 at 0xD8 and counter 0 at 0xA8, 8 bytes apart (Linux uncore_snbep.c
 * SPR_UNCORE_M3UPI_PCIID/_DEVFN, ICX_M3UPI_PCI_PMON_BOX_CTL/CTL0/CTR0; the generic PCI
 * unit's 8-byte control step, intel_generic_uncore_pci_init_box UNCORE_BOX_FLAG_CTL_OFFS8). */
#define M3UPI_DEVICE 0x3246u
#define M3UPI_DEV0 5u
#define M3UPI_BOX_CTL 0xA0u
#define M3UPI_CTL0 0xD8u
#define M3UPI_CTR0 0xA8u
/* The PCU's unit control: the table alone says where (PCM and Linux take it from the
 * table), so this is the mock's choice. */
#define PCU_CTL 0x2FC0u
#define UPI_DEVICE 0x3241u   /* uncore_snbep.c SPR_UPI_REGS_ADDR_DEVICE_LINK0 */
#define UPI_DEVFN 0x9u       /* devfn 0x9: device 1 function 1; links 0x8000 apart = next device */
#define CHA_CTL(n) (0x2000u + 0x10u * (n)) /* intel/pcm types.h SPR CHA0 box ctl, step 0x10 */
#define GLOBAL_CTL 0x2FF0u   /* intel/pcm src/types.h SPR_MSR_UNCORE_PMON_GLOBAL_CTL */
#define ACCESS_MSR MOCK_DISC_ACCESS_MSR

enum spr_kind { K_CHA, K_IMC, K_UPI, K_IIO, K_PCU, K_IRP, K_M2PCIE, K_M2M, K_M3UPI };

/* The model's state (the pmon's model pointer): each socket's global control. */
#define N_RECORDS (N_CHA + N_IMC + N_UPI + N_IIO + 1 + N_IRP + N_M2PCIE + N_M2M + N_UPI) /* the PCU; M3UPIs */
struct spr_state {
	struct mock_disc_state disc;               /* first: the global controls */
	struct upm_mock_reg *rec[2][N_RECORDS][3]; /* each unit record's three words */
	struct upm_mock_reg *bar[2][2];            /* the discovery device's BAR, low and high */
	struct upm_mock_mmio *table[2];            /* the window the table is read through */
};

/* Clocks, the mock's choices inside what the parts run at: the CHAs' uncore (mesh) clock
 * and the DDR5-4800 channels' DRAM clock (half the transfer rate). */
#define UNCORE_MHZ 1800u
#define DCLK_MHZ 2400u
#define IIO_MHZ 1800u /* mock's choice */
#define PCU_MHZ 1000u /* mock's choice */
#define UPI_MHZ 2000u /* mock's choice: a link's clock as its PMON counts it */

/* The CHA: CLOCKTICKS (event 0x01) by time; TOR_INSERTS (0x35, umask 0x01) of demand
 * data reads from the cores by the unit-mask extension in config bits 32 and up:
 * IA_DRD 0xC817FF every one, IA_HIT_DRD 0xC817FD those that hit the LLC, IA_MISS_DRD
 * 0xC817FE those that missed (intel/perfmon SPR/events/sapphirerapids_uncore.json at
 * 6dadedf3). The reported lookups are spread over the CHAs. */
static uint64_t cha_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	return ev(ctl) == 0x01 ? cycles(act, UNCORE_MHZ) : mock_disc_tor_drd(b, ctl, act, 0xC817u);
}

/* The IMC: CAS per 64-byte line, reads 0x05/0xCF and writes 0x05/0xF0, this channel's
 * share. Its fixed counter counts the DRAM clock (spr_uncore_imc's "clockticks" on the
 * fixed counter, SNR_IMC_MMIO_PMON_FIXED_CTR). */
static uint64_t imc_fixed_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	(void)ctl;
	return cycles(act, DCLK_MHZ);
}

static uint64_t imc_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	/* UNC_M_CLOCKTICKS: event 0x01, umask 0x01, the DRAM clock (perfmon, as above). */
	if (ev(ctl) == 0x01 && umask(ctl) == 0x01)
		return cycles(act, DCLK_MHZ);
	if ((ctl & 0xFF) != 0x05)
		return 0;
	unsigned umask = (unsigned)(ctl >> 8 & 0xFF);
	return umask == 0xCF ? mock_box_share(b, act->lines_read)
	       : umask == 0xF0 ? mock_box_share(b, act->lines_written) : 0;
}

/* A UPI link: CLOCKTICKS (event 0x01) by time; TxL_FLITS.ALL_DATA (0x02, umask 0x0F) 9
 * data flits for each 64-byte line the socket sends to another (64/9 bytes a flit:
 * perfmon's upi_data_transmit_bw), spread over the links, and at most one flit a link
 * clock of the traffic's time (the mock's bound). Event codes: intel/perfmon
 * sapphirerapids_uncore.json (6dadedf3). */
static uint64_t upi_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	if (ev(ctl) == 0x01)
		return cycles(act, UPI_MHZ);
	return ev(ctl) == 0x02 && umask(ctl) == 0x0F ? mock_disc_upi_data_flits(b, act, UPI_MHZ) : 0;
}

/* What a link sends, the same link of the other socket receives: RxL_FLITS.ALL_DATA (0x03,
 * umask 0x0F; perfmon as above) counts the sender's data flits (the model's advance, after
 * the sending socket's boxes). */
static void upi_receive(struct upm_mock *m, const struct upm_activity *act)
{
	mock_disc_upi_receive(m, act, N_UPI, UPI_MHZ);
}

static uint64_t upi_carry_ns(struct upm_mock *m, const struct upm_activity *act)
{
	return mock_disc_upi_carry_ns(m, act, N_UPI, UPI_MHZ);
}

/* The IIO: CLOCKTICKS (event 0x01) by time (UNC_IIO_CLOCKTICKS: perfmon as above); the
 * kernels make no IO traffic, so its other events count nothing. */
static uint64_t iio_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(act, IIO_MHZ) : 0;
}

/* The PCU: CLOCKTICKS (0x01) by its clock; POWER_STATE_OCCUPANCY_CORES_C0 (0x35) adds the
 * cores in C0 at each of its clocks, _C6 (0x37) those in C6 (perfmon: "Number of cores
 * in C0"): the mock's cores never sleep, so C0 counts every core and C6 none. */
static uint64_t pcu_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(act, PCU_MHZ) : ev(ctl) == 0x35 ? N_CORES * cycles(act, PCU_MHZ) : 0;
}

/* The IRP and M2PCIe (UNC_I_CLOCKTICKS, UNC_M2P_CLOCKTICKS 0x01) and the M3UPI
 * (UNC_M3UPI_CLOCKTICKS 0x01) by their clocks; the kernels make no IO traffic. */
static uint64_t irp_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(act, IIO_MHZ) : 0;
}

static uint64_t mesh_clock_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	(void)b;
	return ev(ctl) == 0x01 ? cycles(act, UNCORE_MHZ) : 0;
}

/* The M2M passes its two channels' reads and writes to the IMC: IMC_READS (0x24) umask
 * 0x04 with the unit-mask extension's channel bits 0 (CH0_ALL) and 1, ALL both;
 * IMC_WRITES (0x25) umask 0x10 with channel bits 3 (CH0_ALL) and 4, ALL both (intel/perfmon
 * sapphirerapids_uncore_experimental.json UNC_M2M_IMC_READS.ALL 0x24/0x04/ext 0x3,
 * .CH0_ALL ext 0x1; UNC_M2M_IMC_WRITES.ALL 0x25/0x10/ext 0x18, .CH0_ALL ext 0x8). */
static uint64_t m2m_channels(uint64_t lines, unsigned chans)
{
	uint64_t n = 0;
	for (unsigned c = 0; c < 2; c++)
		n += chans >> c & 1 ? mock_share(lines, c, 2) : 0;
	return n;
}

static uint64_t m2m_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act)
{
	unsigned ext = (unsigned)(ctl >> 32 & 0xFFFFFFu);
	if (ev(ctl) == 0x01)
		return cycles(act, UNCORE_MHZ);
	if (ev(ctl) == 0x24 && umask(ctl) == 0x04 && ext && !(ext & ~0x3u))
		return m2m_channels(mock_box_share(b, act->lines_read), ext);
	if (ev(ctl) == 0x25 && umask(ctl) == 0x10 && ext && !(ext & ~0x18u))
		return m2m_channels(mock_box_share(b, act->lines_written), ext >> 3);
	return 0;
}

static uint8_t sock_bus(unsigned s)
{
	return (uint8_t)(0x80u * s); /* mock's choice */
}

/* The UPI link layer's PMON (Linux uncore_snbep.c SPR UPI: unit control 0x318, counter
 * controls from 0x350 and counters from 0x320), the controls' extension 24 bits from config
 * bit 32 (intel/pcm GenuineIntel-6-8F-6.json). */
static int upi_pmon(struct upm_mock *m, unsigned s, struct upm_mock_pci_dev *d, unsigned link)
{
	struct mock_box *b = mock_disc_pci_pmon(m, s, d, "upi", K_UPI, link, 0x318, 0x350, 0x320, 0xFFFFFFu);
	if (!b)
		return -1;
	b->rate = upi_rate;
	b->n_peers = N_UPI;
	return 0;
}

static int build_socket(struct upm_mock *m, unsigned s)
{
	uint8_t bus = sock_bus(s);
	/* The MSM 8086:09A6 at device 3 function 0 of the package's first bus: its
	 * CPUBUSNO_VALID (0x1A0, bit i: slot i valid) and CPUBUSNO0 (0x190, slot 0 in bits
	 * 7:0, slot 1 in 15:8) name the package's buses, and SAD_CONTROL_CFG (0x3F4 of
	 * device 0 function 0 on the first valid bus) its package number in bits 3:0
	 * (intel/pcm src/types.h SPR_MSM_DEV_ID, SPR_MSM_CPUBUSNO_VALID/CPUBUSNO0,
	 * SPR_SAD_REG_CTL_CFG_OFFSET). Buses: the socket's and its UPI bus (below). */
	struct upm_mock_pci_dev *msm = upm_mock_add_pci_dev(m, s, bus, 3, 0, UPM_PCI_VENDOR_INTEL, 0x09A6u);
	/* 00.0's device ID is the mock's choice: no public source read names that function's. */
	struct upm_mock_pci_dev *sad = upm_mock_add_pci_dev(m, s, bus, 0, 0, UPM_PCI_VENDOR_INTEL, 0x09A2u);
	if (!msm || !sad || !upm_mock_add_pci_reg(m, msm, 0x1A0, 0x3u, 0) ||
	    !upm_mock_add_pci_reg(m, msm, 0x190, (uint32_t)bus | (uint32_t)(uint8_t)(bus + 0x7F) << 8, 0) ||
	    !upm_mock_add_pci_reg(m, sad, 0x3F4, s & 0xFu, 0))
		return -1;
	uint64_t table = TABLE_BASE(s);
	struct spr_state *st = mock_pmon_of(m)->model;
	st->disc.global_ctl[s] = upm_mock_add_msr(m, s, GLOBAL_CTL, 0, 0x1);
	/* The discovery device beside the MSM, at 03.1 (the mock's choice). */
	if (!st->disc.global_ctl[s] || mock_disc_device(m, s, bus, 3, 1, table, st->bar[s]) < 0)
		return -1;
	struct upm_mock_mmio *tw = upm_mock_add_mmio(m, table, 0x1000);
	st->table[s] = tw;
	struct upm_mock_mmio *iw = upm_mock_add_mmio(m, IMC_BASE(s), IMC_STEP * N_IMC);
	if (!tw || !iw)
		return -1;
	struct mock_disc_table t = { .window = tw, .socket = s, .stride = STRIDE, .words = st->rec[s],
				     .max_records = N_RECORDS };
	/* Global record: type 7:0 (0), stride 15:8, max_units 25:16, access 63:62 (MSR);
	 * the global control; status offset 7:0 and count 23:8 (mock's choice: none). */
	if (mock_disc_record(m, &t, 0, (uint64_t)STRIDE << 8 | (uint64_t)N_RECORDS << 16 | ACCESS_MSR << 62,
			     GLOBAL_CTL, 0) < 0)
		return -1;
	unsigned rec = 1;
	for (unsigned n = 0; n < N_CHA; n++, rec++) {
		/* type 0 cha; ctl0 +2, ctr0 +8, 4 x 48 bits (intel/pcm types.h); filter +0xE */
		struct mock_box *b = mock_disc_msr_unit(m, &t, rec, "cha", K_CHA, 0, n, CHA_CTL(n), cha_rate, N_CHA);
		struct upm_mock_reg *filt = b ? upm_mock_add_msr(m, s, CHA_CTL(n) + 0xE, 0, ~0ull) : NULL;
		if (!filt || mock_box_add_reg(b, filt) < 0)
			return -1;
	}
	for (unsigned c = 0; c < N_IMC; c++, rec++) {
		/* type 6 imc, MMIO: ctl0 +0x40 4 bytes apart, ctr0 +0x08 (Linux uncore_snbep.c
		 * SNR_IMC_MMIO_PMON_CTL0 and CTR0, which SPR's table repeats), 4 x 48 bits; its
		 * fixed DCLK counter. */
		struct mock_box *b = mock_disc_mmio_unit(m, &t, rec, iw, IMC_STEP * c, "imc", K_IMC, 6, c, 4, imc_rate,
							 N_IMC);
		if (!b || mock_disc_imc_fixed(m, b, iw, IMC_STEP * c, imc_fixed_rate) < 0)
			return -1;
	}
	uint8_t upi_bus = (uint8_t)(bus + 0x7F); /* mock's choice */
	for (unsigned l = 0; l < N_UPI; l++, rec++) {
		/* type 8 upi, PCI: box ctl 0x318, ctl0 0x350, ctr0 0x320 (uncore_snbep.c SPR UPI).
		 * The third record names device 0x1F (nothing there), as SPR MCC's table does
		 * (Kan Liang, "perf/x86/uncore: Add a quirk for UPI on SPR", 2022-11-29). */
		unsigned devfn = l == 2 ? 0x1Fu << 3 : UPI_DEVFN + 8u * l;
		if (mock_disc_pci_record(m, &t, rec, 8, l, upi_bus, devfn, 0x318, 0x350, 0x320) < 0)
			return -1;
		struct upm_mock_pci_dev *ud = upm_mock_add_pci_dev(m, s, upi_bus, (uint8_t)((UPI_DEVFN >> 3) + l),
								   UPI_DEVFN & 7, UPM_PCI_VENDOR_INTEL, UPI_DEVICE);
		if (!ud || upi_pmon(m, s, ud, l) < 0)
			return -1;
	}
	for (unsigned n = 0; n < N_IIO; n++, rec++) /* type 1 iio */
		if (!mock_disc_msr_unit(m, &t, rec, "iio", K_IIO, 1, n, IIO_CTL(n), iio_rate, N_IIO))
			return -1;
	if (!mock_disc_msr_unit(m, &t, rec++, "pcu", K_PCU, 4, 0, PCU_CTL, pcu_rate, 1)) /* type 4 pcu */
		return -1;
	for (unsigned n = 0; n < N_IRP; n++, rec++) /* type 2 irp */
		if (!mock_disc_msr_unit(m, &t, rec, "irp", K_IRP, 2, n, IRP_CTL(n), irp_rate, N_IRP))
			return -1;
	for (unsigned n = 0; n < N_M2PCIE; n++, rec++) /* type 3 m2pcie */
		if (!mock_disc_msr_unit(m, &t, rec, "m2pcie", K_M2PCIE, 3, n, M2PCIE_CTL(n), mesh_clock_rate, N_M2PCIE))
			return -1;
	for (unsigned n = 0; n < N_M2M; n++, rec++) { /* type 7 m2m, on the socket's first bus */
		struct upm_mock_pci_dev *md = upm_mock_add_pci_dev(m, s, bus, (uint8_t)(M2M_DEV0 + n), 0,
								   UPM_PCI_VENDOR_INTEL, M2M_DEVICE);
		if (!md || mock_disc_pci_record(m, &t, rec, 7, n, bus, (M2M_DEV0 + n) << 3, M2M_BOX_CTL, M2M_CTL0,
						M2M_CTR0) < 0)
			return -1;
		/* The M2M's extension: 24 bits (Linux's SPR common format, boxes/spr/events.h). */
		struct mock_box *b = mock_disc_pci_pmon(m, s, md, "m2m", K_M2M, n, M2M_BOX_CTL, M2M_CTL0, M2M_CTR0,
							0xFFFFFFu);
		if (!b)
			return -1;
		b->rate = m2m_rate;
		b->n_peers = N_M2M;
	}
	for (unsigned l = 0; l < N_UPI; l++, rec++) { /* type 9 m3upi, beside its link */
		unsigned dev = M3UPI_DEV0 + l;
		struct upm_mock_pci_dev *md = upm_mock_add_pci_dev(m, s, upi_bus, (uint8_t)dev, 1, UPM_PCI_VENDOR_INTEL,
								   M3UPI_DEVICE);
		if (!md || mock_disc_pci_record(m, &t, rec, 9, l, upi_bus, dev << 3 | 1, M3UPI_BOX_CTL, M3UPI_CTL0,
						M3UPI_CTR0) < 0)
			return -1;
		struct mock_box *b = mock_disc_pci_pmon(m, s, md, "m3upi", K_M3UPI, l, M3UPI_BOX_CTL, M3UPI_CTL0,
							M3UPI_CTR0, 0);
		if (!b)
			return -1;
		b->rate = mesh_clock_rate;
		b->n_peers = N_UPI;
	}
	return 0;
}

/* Table faults (platform/mock/mock.h, platform/mock/disc/units.h): disc.ones=N,
 * disc.zeroctl=N, disc.dup=N, disc.truncate=N on unit record N of socket s's table, or
 * disc.bar=0. */
static int disc_fault(struct upm_mock *m, unsigned socket, const char *term, const char *key,
		      const char *value)
{
	struct spr_state *st = mock_pmon_of(m)->model;
	if (socket >= 2 || upm_strncmp(key, "disc.", 5) != 0)
		return 0;
	const struct mock_disc_fault_target t = { st->rec[socket], N_RECORDS, st->table[socket], STRIDE, st->bar[socket],
						  "the table" };
	return mock_disc_table_fault(m, &t, term, key, key + 5, value);
}

static int build(struct upm_mock *m, uint32_t signature, const char *brand)
{
	if (!mock_disc_model_init(m, signature, brand, sizeof(struct spr_state)))
		return -1;
	mock_pmon_of(m)->model_fault = disc_fault;
	mock_pmon_of(m)->model_advance = upi_receive;
	mock_pmon_of(m)->model_carry_ns = upi_carry_ns;
	for (unsigned s = 0; s < m->n_sockets; s++)
		if (build_socket(m, s) < 0)
			return -1;
	return 0;
}

static int build_spr(struct upm_mock *m)
{
	return build(m, 0x000806F8, "upmon mock Xeon (Sapphire Rapids)"); /* 06_8F */
}

static int build_emr(struct upm_mock *m)
{
	return build(m, 0x000C06F2, "upmon mock Xeon (Emerald Rapids)"); /* 06_CF */
}

const struct upm_mock_model upm_mock_model_spr = {
	.platform = "spr", .default_sockets = 2, .max_sockets = 2, .build = build_spr,
};

const struct upm_mock_model upm_mock_model_emr = {
	.platform = "emr", .default_sockets = 2, .max_sockets = 2, .build = build_emr,
};
