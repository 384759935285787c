/* Room platform/mock/disc: what the mocks of processors found through Intel's uncore
 * discovery tables share (Sapphire/Emerald Rapids, Granite Rapids/Sierra Forest): the
 * discovery device with its DVSEC and BAR, table records, and generic units (MSR, PCI and
 * MMIO) with their unit controls. Includes platform, base and platform/mock.
 *
 * Facts: Linux arch/x86/events/intel/uncore_discovery.{c,h} (the DVSEC: capability ID
 * 0x23, entry type 1 at +0x8, BIR at +0xC; the record words; the generic unit: FRZ bit 0,
 * RST_CTRL bit 8 and RST_CTRS bit 9 of the unit control, counting stopped while the unit or
 * the global control, FRZ bit 0, is frozen). */
#ifndef UPMON_PLATFORM_MOCK_DISC_UNITS_H
#define UPMON_PLATFORM_MOCK_DISC_UNITS_H

#include "platform/mock/pmon.h"

#define MOCK_DISC_SOCKETS 2
#define MOCK_DISC_ACCESS_MSR 0ull
#define MOCK_DISC_ACCESS_MMIO 1ull
#define MOCK_DISC_ACCESS_PCI 2ull

/* The first member of a discovery model's state (the pmon's model pointer): each
 * socket's global control, which stops every unit of the socket while its bit 0 is set. */
struct mock_disc_state {
	struct upm_mock_reg *global_ctl[MOCK_DISC_SOCKETS];
};

/* A discovery model's start (before its sockets are built): the CPUID signature and brand,
 * one ECAM window over buses 0-255 at 0xE0000000 (the mock's choice), the pmon state, and
 * its own state of state_size bytes, zeroed, as the pmon's model (first member: struct
 * mock_disc_state). The state, or NULL on failure. */
void *mock_disc_model_init(struct upm_mock *m, uint32_t signature, const char *brand, size_t state_size);

/* A table being filled: its window, its socket, its record stride (8-byte words), and
 * where each unit record's three word registers are kept (words[N - 1] for record N, up to
 * max_records; NULL: not kept), for the models' table faults. */
struct mock_disc_table {
	struct upm_mock_mmio *window;
	unsigned socket;
	unsigned stride;
	struct upm_mock_reg *(*words)[3];
	unsigned max_records;
};

/* The discovery device 8086:09A7 at bus:dev.fn of socket s: an AER capability at 0x100,
 * then the PMON DVSEC (ID 0x23, entry type 1, BIR 0) at 0x200, a 64-bit BAR at 0x10 naming
 * table (its two dwords into bar[0], bar[1]). 0, or -1 (m->error says why). */
int mock_disc_device(struct upm_mock *m, unsigned s, uint8_t bus, uint8_t dev, uint8_t fn, uint64_t table,
		     struct upm_mock_reg *bar[2]);

/* Unit record word 1: num_regs 7:0, ctl_offset 15:8, bit_width 23:16, ctr_offset 31:24,
 * access_type 63:62 (uncore_discovery.h). */
uint64_t mock_disc_word1(unsigned n_ctrs, unsigned ctl_off, unsigned width, unsigned ctr_off, uint64_t access);

/* Record index of table t (0: the global record) with its three words. 0 or -1. */
int mock_disc_record(struct upm_mock *m, const struct mock_disc_table *t, unsigned index, uint64_t w1, uint64_t w2,
		     uint64_t w3);

/* A unit control of the generic unit on box b: FRZ held, RST_CTRL and RST_CTRS act on
 * write and read as zero; b stops while frozen or while its socket's global control is. */
void mock_disc_wire_unit_ctl(struct mock_box *b, struct upm_mock_reg *r);

/* An MSR unit (type, id) of socket s at unit control ctl: its record at index rec of t
 * (4 x 48-bit counters, controls at +2, counters at +8), its registers and its box. NULL
 * on failure. */
struct mock_box *mock_disc_msr_unit(struct upm_mock *m, const struct mock_disc_table *t, unsigned rec,
				    const char *name, unsigned kind, unsigned type, unsigned id, uint32_t ctl,
				    mock_rate_fn rate, unsigned peers);

/* A PCI unit's PMON in function d's configuration space: unit control at box_ctl, 4 x
 * 64-bit counter controls from ctl0 and 4 x 48-bit counters from ctr0, 8 bytes apart, each
 * two dwords; a control's high dword holds the unit-mask extension (ext_mask: its writable
 * bits). NULL on failure. */
struct mock_box *mock_disc_pci_pmon(struct upm_mock *m, unsigned s, struct upm_mock_pci_dev *d, const char *name,
				    unsigned kind, unsigned id, uint16_t box_ctl, uint16_t ctl0, uint16_t ctr0,
				    uint32_t ext_mask);

/* A PCI unit's record: its function (UNCORE_DISCOVERY_PCI_BUS 27:20, DEVFN 19:12,
 * BOX_CTRL 11:0) and the control and counter offsets from its unit control. */
int mock_disc_pci_record(struct upm_mock *m, const struct mock_disc_table *t, unsigned rec, unsigned type,
			 unsigned id, uint8_t bus, unsigned devfn, unsigned box_ctl, unsigned ctl0, unsigned ctr0);

/* An MMIO unit of window w at offset off: its record at rec of t (the unit control's
 * address, controls at +0x40 ctl_step apart, 4 x 48-bit counters at +0x08 8 apart), its
 * registers and its box. NULL on failure. */
struct mock_box *mock_disc_mmio_unit(struct upm_mock *m, const struct mock_disc_table *t, unsigned rec,
				     struct upm_mock_mmio *w, uint32_t off, const char *name, unsigned kind,
				     unsigned type, unsigned id, unsigned ctl_step, mock_rate_fn rate, unsigned peers);

/* The IMC channel's fixed DCLK counter of box b at window offset off: control +0x54
 * (enable bit 22, its one bit kept), counter +0x38, 48 bits (SNR_IMC_MMIO_PMON_FIXED_CTL
 * and _CTR), counting by rate. 0 or -1. */
int mock_disc_imc_fixed(struct upm_mock *m, struct mock_box *b, struct upm_mock_mmio *w, uint32_t off,
			mock_rate_fn rate);

/* The CHA's TOR_INSERTS (0x35, umask 0x01) of the cores' demand data reads, by the unit-mask
 * extension in config bits 32 up: drd << 8 | 0xFF every one, | 0xFE those that missed the
 * LLC, | 0xFD those that hit (intel/perfmon: SPR and GNR IA_DRD 0xC817FF, IA_MISS_DRD
 * 0xC817FE, IA_HIT_DRD 0xC817FD; SRF's DRd_Opt 0xC827xx), box b's share of the lookups
 * reported; 0 for any other control. */
uint64_t mock_disc_tor_drd(const struct mock_box *b, uint64_t ctl, const struct upm_activity *act, uint32_t drd);

/* A table the models' table faults break: its unit records' word registers (words[N] for
 * unit record N, from 0), how many, the window it is read through, its stride in 8-byte
 * words, its discovery device's BAR (two dwords), and how messages name it ("the table",
 * "die 1's table"). */
struct mock_disc_fault_target {
	struct upm_mock_reg *(*words)[3];
	unsigned n_records;
	struct upm_mock_mmio *window;
	unsigned stride;
	struct upm_mock_reg **bar;
	const char *name;
};

/* The table faults (platform/mock/mock.h) on t, what being the key after its "disc." or
 * "disc1." prefix: ones=N (unit record N reads all ones), zeroctl=N (its unit control
 * address is zero), dup=N (it repeats record N-1's type and id), truncate=N (the table
 * ends before record N: nothing answers from there on), bar=0 (the BAR reads zero). 1
 * applied, 0 not a table fault, -1 refused with m->error naming term and key. */
int mock_disc_table_fault(struct upm_mock *m, const struct mock_disc_fault_target *t, const char *term,
			  const char *key, const char *what, const char *value);

/* UPI links named "upi" (Sapphire Rapids on): TxL_FLITS.ALL_DATA (0x02/0x0F) counts 9
 * data flits for each 64-byte line the socket sends (perfmon's upi_data_transmit_bw: 64/9
 * bytes a flit), its share over the links, at most one a link clock of mhz over the time
 * the traffic took; the same link of the other socket receives them (RxL_FLITS.ALL_DATA,
 * 0x03/0x0F: mock_disc_upi_receive, the model's advance); a report faster than the busiest
 * link could carry is held until it could (mock_disc_upi_carry_ns, the model's carry_ns;
 * platform/mock/mock.h, Links and memory). */
uint64_t mock_disc_upi_data_flits(const struct mock_box *b, const struct upm_activity *act, unsigned mhz);
void mock_disc_upi_receive(struct upm_mock *m, const struct upm_activity *act, unsigned n_links, unsigned mhz);
uint64_t mock_disc_upi_carry_ns(struct upm_mock *m, const struct upm_activity *act, unsigned n_links, unsigned mhz);

#endif
