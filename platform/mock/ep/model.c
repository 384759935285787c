/* The functions the Sandy Bridge-EP and Ivy Bridge-EP mock models share (ep/model.h). */
#include "platform/mock/ep/model.h"
#include "platform/mock/ep/qpi_flow.h"
#include "platform/mock/model_rates.h"
#include "platform/pci.h"

#define EN (1ull << 22)
#define RST (1ull << 17)

/* Sockets 2 and 3 for the four-socket parts (E5-4600 and its v2). */
const uint8_t mock_ep_socket_bus[4] = { 0x7F, 0xFF, 0xBF, 0x3F };

/* 51.2 GB/s a controller of four channels at 800 MHz. */
const struct mock_dram_limit mock_ep_imc_channel = MOCK_DDR_CHANNEL(MOCK_EP_DCLK_MHZ);

void mock_ep_ecam(struct upm_mock *m)
{
	m->n_ecam = 1;
	m->ecam[0].base = 0x80000000ull;
	m->ecam[0].seg = 0;
	m->ecam[0].bus_start = 0;
	m->ecam[0].bus_end = 255;
}

struct upm_mock_pci_dev *mock_ep_dev(struct upm_mock *m, unsigned s, uint8_t d, uint8_t f, uint16_t id)
{
	return upm_mock_add_pci_dev(m, s, mock_ep_socket_bus[s], d, f, UPM_PCI_VENDOR_INTEL, id);
}

struct upm_mock_reg *mock_ep_msr(struct upm_mock *m, unsigned s, uint32_t addr, uint64_t rw)
{
	return upm_mock_add_msr(m, s, addr, 0, rw);
}

struct upm_mock_reg *mock_ep_msr_ctl(struct upm_mock *m, unsigned s, uint32_t addr, uint64_t rw)
{
	struct upm_mock_reg *r = mock_ep_msr(m, s, addr, rw);
	if (r)
		r->wo_mask = RST; /* the per-counter reset bit is write-only */
	return r;
}

/* n counters of b: controls from ctl0 with writable bits rw (en 22, rst 17), counters of
 * `width` bits from ctr0, one MSR apart each. */
static int msr_counters(struct upm_mock *m, unsigned s, struct mock_box *b, uint32_t ctl0, uint32_t ctr0,
			unsigned n, unsigned width, uint64_t rw)
{
	for (unsigned i = 0; i < n; i++) {
		struct upm_mock_reg *ctl = mock_ep_msr_ctl(m, s, ctl0 + i, rw);
		struct upm_mock_reg *ctr = mock_ep_msr(m, s, ctr0 + i, upm_mock_width_mask(width));
		if (!ctl || !ctr)
			return -1;
		mock_box_add_ctr(b, ctl, ctr, NULL, width, 22, 17);
	}
	return 0;
}

uint64_t mock_ep_uclk_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	(void)ctl;
	return cycles(a, MOCK_EP_UCLK_MHZ);
}

uint64_t mock_ep_dclk_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	(void)b;
	(void)ctl;
	return cycles(a, MOCK_EP_DCLK_MHZ);
}

/* CLOCKTICKS (0x14) and RxL0_POWER_CYCLES (0x0F) without the extra select bit 21 count
 * the flit clock (Table 2-86 and the QPI event list, 000:3447-3485; 003:12-58); the rest
 * is the flits the port carries (ep/qpi_flow.h). */
uint64_t mock_ep_qpi_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a)
{
	int ext = (ctl >> 21) & 1;
	if ((ev(ctl) == 0x14 || ev(ctl) == 0x0F) && !ext)
		return cycles(a, MOCK_EP_QPI_MHZ);
	return mock_qpi_flits(ctl, mock_qpi_lines(b, a->remote_lines, traffic_cycles(b, a, MOCK_EP_QPI_MHZ)), 0);
}

void mock_ep_qpi_advance(struct upm_mock *m, const struct upm_activity *act)
{
	mock_qpi_deliver(m, act, MOCK_EP_QPI_PORTS, mock_took_ns(m, act) * MOCK_EP_QPI_MHZ / 1000u);
}

uint64_t mock_ep_carry_ns(struct upm_mock *m, const struct upm_activity *act, unsigned n_imc)
{
	uint64_t links = mock_qpi_link_ns(m, act, MOCK_EP_QPI_PORTS, MOCK_EP_QPI_MHZ);
	uint64_t dram = mock_dram_socket_ns(m, act, "imc", n_imc, &mock_ep_imc_channel);
	return links > dram ? links : dram;
}

/* Controls 0xC10/0xC11, 44-bit counters 0xC16/0xC17, UCLK fixed control 0xC08 (only en,
 * bit 22: Table 2-4, 000:377-386) and 48-bit counter 0xC09 (000:369-374; the addresses
 * are lost from the extraction: Linux uncore_snbep.c SNBEP_U_MSR_*, which
 * ivbep_uncore_ubox reuses). */
int mock_ep_ubox_counters(struct upm_mock *m, unsigned s, struct mock_box *b, uint64_t rw)
{
	if (msr_counters(m, s, b, 0xC10, 0xC16, 2, 44, rw) < 0)
		return -1;
	struct upm_mock_reg *fctl = mock_ep_msr(m, s, 0xC08, EN);
	struct upm_mock_reg *fctr = mock_ep_msr(m, s, 0xC09, upm_mock_width_mask(48));
	if (!fctl || !fctr)
		return -1;
	mock_box_set_fixed(b, fctl, fctr, NULL, 48, 22, MOCK_NO_BIT);
	b->fixed_rate = mock_ep_uclk_rate;
	return 0;
}

/* CBo n at 0xD00 + 0x20n: controls +0x10..0x13, 44-bit counters +0x16..0x19 (Table 2-8,
 * 000:460-524; Table 1-2, 000:138-164; Linux SNBEP_C0_MSR_PMON_* with offset 0x20, used
 * by ivbep_uncore_cbox; 329468-002 p.33-34). */
int mock_ep_cbo_counters(struct upm_mock *m, unsigned s, unsigned n, struct mock_box *b, uint64_t rw)
{
	const uint32_t base = 0xD00 + 0x20 * n;
	return msr_counters(m, s, b, base + 0x10, base + 0x16, 4, 44, rw);
}

/* Core C3/C6 residency 0x3FC/0x3FD (000:2883-2890; the numbers: Linux
 * SNBEP_PCU_MSR_CORE_C3_CTR/_C6_CTR, the same on Ivy Bridge-EP), read-only. */
int mock_ep_pcu_residency(struct upm_mock *m, unsigned s)
{
	return mock_ep_msr(m, s, 0x3FC, 0) && mock_ep_msr(m, s, 0x3FD, 0) ? 0 : -1;
}

/* Controls 0xC30-0xC33 (Table 2-73 sheet 1, 000:2752-2758), 48-bit counters 0xC36-0xC39
 * (the lost sheet 2: Linux SNBEP_PCU_MSR_PMON_CTR0, which ivbep_uncore_pcu reuses). */
int mock_ep_pcu_counters(struct upm_mock *m, unsigned s, struct mock_box *b, uint64_t rw)
{
	return msr_counters(m, s, b, 0xC30, 0xC36, 4, 48, rw);
}

/* Device 11 function 0: CPUNODEID 0x40 (bits 2:0) and GIDNIDMAP 0x54, three bits per
 * node (Linux snbep_pci2phy_map_init, used by both generations). */
int mock_ep_node_ids(struct upm_mock *m, unsigned s, uint16_t id)
{
	struct upm_mock_pci_dev *u = mock_ep_dev(m, s, 11, 0, id);
	uint32_t map = 0;
	for (unsigned i = 0; i < 8; i++)
		map |= (uint32_t)(i & 7) << (3 * i);
	if (!u || !upm_mock_add_pci_reg(m, u, 0x40, s, 0) || !upm_mock_add_pci_reg(m, u, 0x54, map, 0))
		return -1;
	return 0;
}

/* ADDRMATCH0 0x40 lo_addr 31:6, ADDRMATCH1 0x44 hi_addr 13:0, OPCODEMATCH 0x48 opc 5:0
 * (Tables 2-37..2-39, 000:1609-1651; Linux SNBEP_HA_PCI_PMON_BOX_ADDRMATCH0/1,
 * _OPCODEMATCH, used by the ivbep HA). */
int mock_ep_ha_match(struct upm_mock *m, struct upm_mock_pci_dev *d, struct mock_box *b)
{
	if (!(b->filters[0] = upm_mock_add_pci_reg(m, d, 0x40, 0, 0xFFFFFFC0u)) ||
	    !(b->filters[1] = upm_mock_add_pci_reg(m, d, 0x44, 0, 0x3FFFu)) ||
	    !(b->filters[2] = upm_mock_add_pci_reg(m, d, 0x48, 0, 0x3Fu)))
		return -1;
	return 0;
}

/* Control 0xF0 (en 22, rst 19 write-only; Table 2-62, 000:2259-2270), 48-bit counter
 * 0xD0/0xD4 (Table 1-3; Linux SNBEP_MC_CHy_PCI_PMON_FIXED_CTL/CTR in ivbep_uncore_imc). */
int mock_ep_imc_fixed(struct upm_mock *m, struct upm_mock_pci_dev *d, struct mock_box *b)
{
	struct upm_mock_reg *fctl = upm_mock_add_pci_reg(m, d, 0xF0, 0, (uint32_t)EN);
	struct upm_mock_reg *flo = upm_mock_add_pci_reg(m, d, 0xD0, 0, 0xFFFFFFFFu);
	struct upm_mock_reg *fhi = upm_mock_add_pci_reg(m, d, 0xD4, 0, 0xFFFFu);
	if (!fctl || !flo || !fhi)
		return -1;
	fctl->wo_mask = 1ull << 19;
	mock_box_set_fixed(b, fctl, flo, fhi, 48, 22, 19);
	b->fixed_rate = mock_ep_dclk_rate;
	return 0;
}

/* MATCH0/1 0x228/0x22C, MASK0/1 0x238/0x23C (000:3406-3417, 3490-3524; Linux
 * SNBEP_Q_Py_PCI_PMON_PKT_*, used by ivbep_uncore_qpi). */
int mock_ep_qpi_match(struct upm_mock *m, unsigned s, unsigned p, uint16_t id, struct mock_box *b)
{
	static const uint16_t mm_off[4] = { 0x228, 0x22C, 0x238, 0x23C };
	struct upm_mock_pci_dev *f = mock_ep_dev(m, s, (uint8_t)(8 + p), 6, id);
	for (unsigned k = 0; k < 4; k++)
		if (!f || !(b->filters[k] = upm_mock_add_pci_reg(m, f, mm_off[k], 0, 0xFFFFFFFFu)))
			return -1;
	return 0;
}

int mock_ep_build_sockets(struct upm_mock *m, uint16_t host_bridge, const struct mock_ep_builders *bld)
{
	if (!upm_mock_add_pci_dev(m, 0, 0, 0, 0, UPM_PCI_VENDOR_INTEL, host_bridge))
		return -1;
	for (unsigned s = 0; s < m->n_sockets; s++) {
		if (bld->ubox(m, s) < 0 || bld->pcu(m, s) < 0 || bld->pci(m, s) < 0)
			return -1;
		for (unsigned n = 0; n < bld->n_cbo; n++)
			if (bld->cbo(m, s, n) < 0)
				return -1;
	}
	return 0;
}
