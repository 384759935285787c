/* Room platform/mock/ep: what the Sandy Bridge-EP and Ivy Bridge-EP mock models share.
 * Includes platform/mock and platform. */
/* What the Sandy Bridge-EP and Ivy Bridge-EP mock models (platform/mock/snbep/model.c,
 * platform/mock/ivbep/model.c) share: the clocks, the uncore bus of each socket, the
 * counters of the UBox, CBo and PCU at the MSRs both generations keep, the PCI functions'
 * match registers and fixed counter, and the QPI and DRAM limits. Each model adds what
 * differs (control bits, box status, global control, device IDs, what its events count).
 * Written from the guides, like the models, never from the box tables (boxes/). */
#ifndef UPMON_PLATFORM_MOCK_EP_MODEL_H
#define UPMON_PLATFORM_MOCK_EP_MODEL_H

#include "platform/mock/pmon.h"
#include "platform/mock/dram_flow.h"

#define MOCK_EP_UCLK_MHZ 2000u /* the uncore clock both mocks run */
#define MOCK_EP_DCLK_MHZ 800u  /* the DRAM clock both mocks run */
#define MOCK_EP_PCLK_MHZ 800u  /* the PCU's clock */
#define MOCK_EP_QPI_MHZ 1000u  /* 8.0 GT/s / 8: the flit clock of an 8 GT/s link */
#define MOCK_EP_QPI_PORTS 2u   /* the QPI ports both mocks model */

/* The uncore bus of sockets 0-3. */
extern const uint8_t mock_ep_socket_bus[4];
/* A DRAM channel: one line every 4 DRAM clocks (platform/mock/dram_flow.h). */
extern const struct mock_dram_limit mock_ep_imc_channel;

/* Every socket's PCI and ECAM: one MCFG window, segment 0, buses 0-255. */
void mock_ep_ecam(struct upm_mock *m);
/* An Intel function on socket s's uncore bus. */
struct upm_mock_pci_dev *mock_ep_dev(struct upm_mock *m, unsigned s, uint8_t d, uint8_t f, uint16_t id);
/* An MSR with writable bits rw; a counter control, whose reset bit 17 is write-only. */
struct upm_mock_reg *mock_ep_msr(struct upm_mock *m, unsigned s, uint32_t addr, uint64_t rw);
struct upm_mock_reg *mock_ep_msr_ctl(struct upm_mock *m, unsigned s, uint32_t addr, uint64_t rw);

/* Rates: the uncore clock, the DRAM clock, and a QPI port's clock or flits. */
uint64_t mock_ep_uclk_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a);
uint64_t mock_ep_dclk_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a);
uint64_t mock_ep_qpi_rate(const struct mock_box *b, uint64_t ctl, const struct upm_activity *a);
/* The other socket's ports receive what this socket's ports send (port p to port p). */
void mock_ep_qpi_advance(struct upm_mock *m, const struct upm_activity *act);
/* The least time the links and n_imc channels take to carry act's traffic. */
uint64_t mock_ep_carry_ns(struct upm_mock *m, const struct upm_activity *act, unsigned n_imc);

/* The UBox's two general counters (controls with writable bits rw) and its UCLK fixed
 * counter, on box b of socket s. */
int mock_ep_ubox_counters(struct upm_mock *m, unsigned s, struct mock_box *b, uint64_t rw);
/* CBo n's four counters, controls with writable bits rw. */
int mock_ep_cbo_counters(struct upm_mock *m, unsigned s, unsigned n, struct mock_box *b, uint64_t rw);
/* The PCU's C-state residency counters, then its four counters. */
int mock_ep_pcu_residency(struct upm_mock *m, unsigned s);
int mock_ep_pcu_counters(struct upm_mock *m, unsigned s, struct mock_box *b, uint64_t rw);
/* The UBox function with the node ids (CPUNODEID, GIDNIDMAP): socket s is node s. */
int mock_ep_node_ids(struct upm_mock *m, unsigned s, uint16_t id);
/* The HA's address and opcode match registers, as filters 0-2 of b. */
int mock_ep_ha_match(struct upm_mock *m, struct upm_mock_pci_dev *d, struct mock_box *b);
/* An iMC channel's fixed DRAM-clock counter. */
int mock_ep_imc_fixed(struct upm_mock *m, struct upm_mock_pci_dev *d, struct mock_box *b);
/* QPI port p's mask/match function (device 8 + p, function 6), as filters 0-3 of b. */
int mock_ep_qpi_match(struct upm_mock *m, unsigned s, unsigned p, uint16_t id, struct mock_box *b);

/* A model's builders of one socket's boxes, and its number of CBos. */
struct mock_ep_builders {
	int (*ubox)(struct upm_mock *m, unsigned s);
	int (*pcu)(struct upm_mock *m, unsigned s);
	int (*pci)(struct upm_mock *m, unsigned s);
	int (*cbo)(struct upm_mock *m, unsigned s, unsigned n);
	unsigned n_cbo;
};
/* The host bridge (00:00.0, device host_bridge), then each socket's UBox, PCU, PCI
 * functions and CBos, in that order. */
int mock_ep_build_sockets(struct upm_mock *m, uint16_t host_bridge, const struct mock_ep_builders *bld);

#endif
