/* Room platform/mock: the mock backend, its processor models and its faults. Includes
 * base and platform.
 *
 * The mock backend: an in-process model of the uncore register file, per socket.
 *
 * Models (platform/mock/NAME/model.c) populate it from their own reading of the guides,
 * independently of the box tables in boxes/, so a wrong table address shows up as an
 * access the mock does not know (a #GP for MSRs, all ones for PCI) instead of being
 * mirrored. Nothing here allocates after creation: accesses may run on application
 * processors under UEFI, where allocation is not allowed.
 *
 * Fault specs (`--backend mock:FAULT[,FAULT...]`, upm_mock_create_model's `faults`). Each term
 * may start with `sN.` to act on socket N (default socket 0). BOXn is a box the model
 * registered with mock_pmon_add_box, by its name and instance (cbo3, imc0, qpi1, ubox0);
 * every box fault names exactly one box on one socket.
 *   gp=MSR, gpr=MSR, gpw=MSR  that MSR raises #GP on read and write / read / write
 *   absent=BB:DD.F           the PCI function does not answer (all ones, writes dropped)
 *   ones=BB:DD.F             the function answers with its IDs, every other offset all ones
 *   noecam                   no MCFG/ECAM window: configuration space through CF8/CFC only
 *   interleave               node interleaving: every socket's memory takes an even share of
 *                            the lines read and written, wherever the workload planned them
 *                            (the backend's memory no longer follows the plan)
 *   sN.segment=1             socket N's PCI uncore sits on PCI segment 1 (same bus numbers),
 *                            reachable through ECAM only; the MCFG then has two entries:
 *                            segment 0 buses 0x00-0x7f (base unchanged) and segment 1 buses
 *                            0x00-0xff (base + 256 MiB)
 *   stuck=BOXn.ctrN          general counter N never moves (software can still write it)
 *   stuck=BOXn.fixed         the box's fixed counter never moves
 *   dead=BOXn                PCI box: its functions answer with vendor/device ID (offset 0)
 *                            and read all ones elsewhere, writes dropped; MSR box: each of
 *                            its MSRs reads all ones and drops writes, without #GP
 *   absent=BOXn              PCI box: its functions do not answer at all; MSR box: its
 *                            MSRs raise #GP, as on a part without that box
 *   locked=BOXn              every register of the box reads 0 and keeps nothing written,
 *                            without #GP, and it takes no traffic (writes firmware drops)
 *   nofreeze=BOXn            the box ignores its box-level stop (box-control freeze, or the
 *                            model's box enable): counters keep counting while "frozen"
 *   stuckbit=BOXn.ctlN:BIT   that read-write bit of counter control N never sets: it reads
 *                            back 0 and does not act, whatever is written (no #GP)
 *   stuckbit=BOXn.box:BIT    the same for a read-write bit of the box control
 *   stuckbit=BOXn.fixed:BIT  the same for the fixed counter's control
 *   nochannel=BOXn           BOXn (an iMC channel: imcN) takes no share of the traffic its
 *                            type spreads over the socket; its peers take all of it. Its
 *                            clocks still run.
 *   unpopulated=BOXn         as nochannel, and no clock either: nothing in BOXn counts,
 *                            the fixed DRAM clock included (a channel without DIMMs)
 *   skew=BOXn:F              BOXn (a CBo: cboN) takes F times its even share of the
 *                            traffic (F decimal, up to 3 places, at most the instance
 *                            count); its peers shrink proportionally, so the socket's total
 *                            is unchanged
 *   linkrate=BOXn:VALUE      BOXn (a QPI port: qpiN) has its rate status register
 *                            (QPI_RATE_STATUS, 0xD4 of the port's misc function) read VALUE,
 *                            a 32-bit number (0x1: a reserved rate field), instead of the
 *                            model's 8.0 GT/s. Only boxes whose model has the register
 *                            (snbep qpi0/qpi1; ivbep qpi0, whose register ports 0 and 1 share)
 *   cores=N                  N cores per package (CPUID leaf 0xB, 1 thread each); CBos
 *                            from cboN on read 0, keep nothing written and take no traffic,
 *                            as on a part with fewer cores than the die has CBos (not skl:
 *                            one CBo a core, counted in MSR_UNC_CBO_CONFIG; its cbos=N)
 * A box, counter, control or bit that does not exist is a one-line error naming what does.
 * Any term may end in @passN (a burn-in pass, from 1): it acts from that pass on; esc@passN
 * presses ESC in pass N (faults_pass.c, below).
 * nochannel, unpopulated and skew work through mock_box_share() (platform/mock/pmon.h),
 * which models use to spread traffic over a box type's instances.
 * Model options (mock_pmon.model_fault), skl only (platform/mock/skl/model.c):
 *   cbos=N                   N CBos (1-4): MSR_UNC_CBO_CONFIG reads N+1, the rest fault
 *   hostbridge=0xDDDD        00:00.0 answers with that device ID
 *   mchbar=off               MCHBAR's enable bit (00:00.0+0x48 bit 0) is clear */
#ifndef UPMON_PLATFORM_MOCK_MOCK_H
#define UPMON_PLATFORM_MOCK_MOCK_H

#include "platform/backend.h"

#define UPM_MOCK_MAX_SOCKETS 4

struct upm_mock;
struct upm_mock_reg;

/* The mock's time source: nanoseconds, never decreasing (platform/mock/clock.c). */
typedef uint64_t (*upm_mock_clock_fn)(void *ctx);

/* Called after the register's stored value changed by a write: `written` is what
 * software wrote (before masks), so write-only bits can act. */
typedef void (*upm_mock_write_hook)(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r,
				    uint64_t written);
/* Called before a read; may refresh r->value. */
typedef void (*upm_mock_read_hook)(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r);

enum upm_mock_reg_flags {
	UPM_MOCK_FAULT_READ = 1u << 0,  /* RDMSR raises #GP */
	UPM_MOCK_FAULT_WRITE = 1u << 1, /* WRMSR raises #GP */
	UPM_MOCK_DEAD = 1u << 2,        /* fault: reads all ones, writes dropped (no #GP) */
	UPM_MOCK_NO_COUNT = 1u << 3,    /* fault, on a counter's (low) register: never advances */
	UPM_MOCK_COUNTER = 1u << 4,     /* a counter register (set by pmon.c; see compare) */
};

enum upm_mock_space { UPM_MOCK_MSR, UPM_MOCK_PCI, UPM_MOCK_MMIO };

struct upm_mock_pci_dev;

struct upm_mock_reg {
	uint32_t addr;      /* MSR number or config offset */
	uint64_t value;
	uint64_t reset;
	uint64_t rw_mask;   /* bits software can set and clear */
	uint64_t wo_mask;   /* write-only bits: accepted, act through the hook, read as zero */
	uint64_t w1c_mask;  /* writing 1 clears the bit */
	unsigned flags;
	upm_mock_write_hook on_write;
	upm_mock_read_hook on_read;
	void *model;        /* the model's object for this register (a counter, a box) */
	unsigned model_index;
	uint64_t stuck0_mask; /* fault: bits that never set (writes of 1 are ignored) */
	uint8_t space;        /* enum upm_mock_space */
	uint8_t socket;       /* MSR and PCI registers */
	struct upm_mock_pci_dev *dev; /* PCI: the function holding the register */
	uint64_t snapshot;    /* value at the last upm_mock_snapshot() */
	unsigned writes;      /* software writes that reached it since then */
	/* Late faults (faults_late.c): pending_flags join flags after arm_after accesses
	 * of their kind, or at the first activity report when arm_at_run. */
	unsigned pending_flags, arm_after, arm_count;
	uint8_t arm_at_run;
};

struct upm_mock_pci_dev {
	uint8_t bus, dev, fn;
	uint16_t vendor, device;
	unsigned socket;
	int absent;   /* fault: the device does not answer (reads all ones, writes dropped) */
	/* onesat (faults_late.c): it becomes absent after ones_after accesses, or at the
	 * first activity report when ones_at_run. */
	unsigned ones_after, accesses;
	uint8_t ones_at_run, ones_armed;
	int all_ones; /* fault: answers with its IDs but every other register reads all ones */
	struct upm_mock_reg **regs; /* by config offset, dword registers */
	unsigned n_regs, cap_regs;
};

struct upm_mock_mmio {
	uint64_t base;
	uint64_t size;
	struct upm_mock_reg **regs; /* addr = offset from base, dword registers */
	unsigned n_regs, cap_regs;
};

/* Registers and devices are allocated one by one, so pointers to them stay valid while
 * the tables grow and when they are sorted. */
struct upm_mock_socket {
	struct upm_mock_reg **msrs; /* sorted by address after upm_mock_seal() */
	unsigned n_msrs, cap_msrs;
	struct upm_mock_pci_dev **devs;
	unsigned n_devs, cap_devs;
	uint16_t seg; /* the PCI segment its functions are on (segment=) */
};

/* A model's counting behaviour: advanced by each activity report. */
struct upm_mock_model_ops {
	void (*advance)(struct upm_mock *m, const struct upm_activity *act);
	/* Optional: ns of time alone on every socket, as advance() with a traffic-free
	 * activity per socket would do, in one sweep (it runs at every access). */
	void (*advance_time)(struct upm_mock *m, uint64_t ns);
	void (*destroy)(struct upm_mock *m);
	/* Optional: a fault term the register file does not know (key=value, socket from
	 * the sN. prefix, term as written for messages). 1 applied, 0 unknown key, -1
	 * error with m->error set. */
	int (*apply_fault)(struct upm_mock *m, unsigned socket, const char *term, const char *key,
			   const char *value);
	/* Optional: the least time, in ns, the model's links and memory channels take to
	 * carry act's traffic (0: no bound). A report that came faster is held (Links and
	 * memory, below). */
	uint64_t (*carry_ns)(struct upm_mock *m, const struct upm_activity *act);
};

#define UPM_MOCK_MAX_DEFERRED 8
#define UPM_MOCK_MAX_PASS 100000

/* A fault term given with @passN (faults_pass.c), applied when pass N begins. */
struct upm_mock_deferred {
	char term[96];
	unsigned pass;
	int applied;
};

struct upm_mock_model;

struct upm_mock {
	struct upm_backend backend;
	const struct upm_mock_model *model; /* what built it (platform/mock/model.h) */
	const char *platform;
	unsigned n_sockets;
	struct upm_mock_socket sockets[UPM_MOCK_MAX_SOCKETS];
	struct upm_mock_mmio mmio[8]; /* two per socket on the discovery models (table, IMC) */
	unsigned n_mmio;
	struct upm_ecam_window ecam[2]; /* the MCFG entries, in table order */
	unsigned n_ecam;
	uint32_t cpuid_signature;  /* CPUID.1:EAX */
	char brand[49];
	uint32_t microcode;
	/* Fixed socket for MSR accesses; -1: the executing processor's package decides. */
	int forced_socket;
	const struct upm_mock_model_ops *model_ops;
	void *model_state;
	char error[320]; /* why creation or a fault spec failed, with the closest choices */
	int ecam_misplaced; /* badecam: ECAM accesses on segment 0 reach the next bus */
	int interleave;     /* interleave: memory lines spread over every socket alike */
	int activity_seen;  /* a measured interval was reported (arms "@run" faults) */
	unsigned cores_per_package; /* cores=N: CPUID leaf 0xB says so (0: leaf 0xB is empty) */
	int stall_socket;   /* sN.stall=MS: the first MSR access on socket N spins MS ms */
	unsigned stall_ms;
	volatile int stall_done;
	struct upm_mock_deferred deferred[UPM_MOCK_MAX_DEFERRED]; /* TERM@passN */
	unsigned n_deferred;
	unsigned pass;      /* the burn-in pass the check said began (0: none said) */
	/* Time (platform/mock/clock.c): the source, and where the clocks were last brought up
	 * to date. */
	upm_mock_clock_fn clock_now;
	void *clock_ctx;
	uint64_t clock_ns;
	/* While a traffic report is delivered, how long that traffic took (its interval,
	 * and the time its links held it), for events bounded by the cycles it took; 0
	 * otherwise. */
	uint64_t traffic_ns;
	/* The time reports were held for their links since the last register access
	 * (Links and memory, below). */
	uint64_t held_ns;
	/* What holds added to a substituted source's now (its owner alone moves it). */
	uint64_t clock_held_ns;
};

/* Creates the mock a model builds (platform/mock/model.h) with n_sockets sockets (0:
 * the model's default) and applies a fault spec (NULL or "" for none). Returns NULL with
 * a one-line reason in err when the socket count or the spec is refused. By platform
 * name: upm_mock_create (boxes/platform.h), through the platform registry. */
struct upm_backend *upm_mock_create_model(const struct upm_mock_model *model, unsigned n_sockets,
					  const char *faults, char *err, unsigned long err_size);
struct upm_mock *upm_mock_of(struct upm_backend *b); /* NULL if b is not a mock */
/* The mock b is, or wraps (a --trace of the mock); NULL when there is none. */
struct upm_mock *upm_mock_find(struct upm_backend *b);
/* The highest N of the faults given @passN, with that term (without @passN) in *term; 0
 * when none was. Only a command's pass N arms them (upm_backend_pass_begins): a burn-in's
 * passes, the one pass of a plain check, a selftest or a run. */
unsigned upm_mock_last_pass(const struct upm_mock *m, const char **term);

/* Building blocks for models. Each returns the new register (stable until seal), or
 * NULL on allocation failure (recorded in m->error). */
struct upm_mock_reg *upm_mock_add_msr(struct upm_mock *m, unsigned socket, uint32_t msr,
				      uint64_t reset, uint64_t rw_mask);
struct upm_mock_pci_dev *upm_mock_add_pci_dev(struct upm_mock *m, unsigned socket, uint8_t bus,
					      uint8_t dev, uint8_t fn, uint16_t vendor,
					      uint16_t device);
struct upm_mock_reg *upm_mock_add_pci_reg(struct upm_mock *m, struct upm_mock_pci_dev *d,
					  uint16_t off, uint32_t reset, uint32_t rw_mask);
struct upm_mock_mmio *upm_mock_add_mmio(struct upm_mock *m, uint64_t base, uint64_t size);
struct upm_mock_reg *upm_mock_add_mmio_reg(struct upm_mock *m, struct upm_mock_mmio *w,
					   uint32_t off, uint32_t reset, uint32_t rw_mask);
/* Sorts the MSR tables; call once after the model added every register. */
void upm_mock_seal(struct upm_mock *m);

/* Lookups, for models and tests. NULL when absent. */
struct upm_mock_reg *upm_mock_msr(struct upm_mock *m, unsigned socket, uint32_t msr);
struct upm_mock_pci_dev *upm_mock_pci_dev(struct upm_mock *m, uint8_t bus, uint8_t dev, uint8_t fn,
					  unsigned *socket);
struct upm_mock_reg *upm_mock_pci_reg(struct upm_mock_pci_dev *d, uint16_t off);

static inline uint64_t upm_mock_width_mask(unsigned width)
{
	return width >= 64 ? ~0ULL : (1ULL << width) - 1;
}

/* The socket an MSR access executing now lands on. */
unsigned upm_mock_current_socket(struct upm_mock *m);

/* Time. The mock's clocks (uncore clock, DRAM clock, link clocks, CLOCKTICKS events,
 * refresh) run with elapsed time while their counters are enabled and not frozen, as
 * hardware clocks run with wall time: before every register access and activity
 * report, every socket's counters are brought up to the time source's now, each under
 * the state it held since the last access (the state changes only by accesses, so this
 * is exact). The source is the environment's monotonic clock (upm_os_nanoseconds, which
 * UEFI derives from the TSC and serves on every processor), so a socket's clocks count
 * what elapsed between its unfreeze and its freeze, whatever else ran in between.
 * upm_activity reports only traffic to the mock: their nanoseconds are not time that
 * passes (it passed by itself), only the traffic's duration (traffic_ns).
 * upm_mock_set_clock substitutes the source (NULL: the environment's clock again), e.g.
 * a test's clock that moves only when the test says, for exact counts; the clocks are
 * brought up to date first and the new source's now is taken as the present.
 *
 * Links and memory. A link carries only so many flits a clock and a memory channel so
 * many lines (a DDR channel one line every 4 DRAM clocks), so on the modelled machine a
 * kernel whose lines cross them runs no faster than they do. A kernel that ran on other
 * memory (the host build's, or QEMU's) may report its lines in less time than that.
 * Such a report is held until the links and channels could have carried it, as they
 * would have held the loads: the mock waits out the difference (on a substituted
 * source, which only its owner moves, the difference is added to its now), its clocks
 * count that time, and the traffic is delivered as having taken it, every line
 * counted. The reports of one interval (no register access between them) share the
 * held time, since their traffic crossed at once. The hold is at most
 * UPM_MOCK_HOLD_MAX times the report's own interval, so a report no machine could
 * make (a test's flood) is not waited out: the lines beyond what the links and
 * channels carry in the time allowed are not counted by them (platform/mock/ep/qpi_flow.h,
 * platform/mock/dram_flow.h), as a link's slots and a channel's clocks bound them. */
void upm_mock_set_clock(struct upm_mock *m, upm_mock_clock_fn now, void *ctx);
/* Brings every socket's counters up to the time source's now (done by every access). */
void upm_mock_catch_up(struct upm_mock *m);
/* What every register access does first: catch_up, and a new interval for holds. */
void upm_mock_access_begins(struct upm_mock *m);
/* Lets ns pass on the mock's source (see Links and memory, above), then catches up. */
void upm_mock_hold(struct upm_mock *m, uint64_t ns);

#define UPM_MOCK_HOLD_MAX 3u

/* Applies one fault term ("gp=0xD04", "s1.absent=ff:0e.1", ...); 0 or -1 with m->error. */
int upm_mock_apply_fault(struct upm_mock *m, const char *term);

/* Faults that strike mid-run (faults_late.c):
 *   gp=MSR@N, gpr=MSR@N, gpw=MSR@N   the first N accesses of that kind (reads and writes
 *                                    for gp) succeed, the later ones raise #GP; with
 *                                    @run instead of @N, from the first measured
 *                                    interval on (e.g. gpw=0xD10@run: a restore fault)
 *   onesat=BB:DD.F[@N|@run]          the function leaves the bus (reads all ones, its
 *                                    IDs too; writes dropped) after N configuration
 *                                    accesses to it, or from the interval on (default)
 *   badecam                          segment 0's MCFG window is off by one bus: ECAM
 *                                    reaches the next bus, CF8/CFC the right one
 *   disc.ones=N                      (spr, emr) unit record N (0: the first after the
 *                                    global record) of the discovery table reads all ones
 *   disc.zeroctl=N                   unit record N's unit control address is zero
 *   disc.dup=N                       unit record N repeats record N-1's type and id
 *   disc.truncate=N                  the table ends before unit record N (N on read zero)
 *   disc.bar=0                       the discovery device's BAR reads zero
 *   sN.stall=MS                      the first MSR access executing on socket N spins
 *                                    MS ms (1-60000) before it completes: under UEFI,
 *                                    past MP services' 1 s timeout, a processor that
 *                                    does not answer (the host runs it inline: slow only)
 * upm_mock_apply_late_fault: 1 applied, 0 not one of these, -1 error (m->error). */
int upm_mock_apply_late_fault(struct upm_mock *m, unsigned socket, const char *key,
			      const char *value);
/* Burn-in passes (faults_pass.c). Any term above may end in @passN: it is checked when
 * given and applied when the check reports that pass N (from 1) begins (selftest and run
 * report pass 1), and stays from
 * then on (stuck=cbo3.ctr0@pass2: pass 1 is clean, pass 2 and later find the stuck
 * counter). One more term exists only so: esc@passN presses ESC at the first measured
 * interval of pass N (the self-test's counting; a deterministic abort in mid-pass).
 * upm_mock_defer_fault: 1 deferred (the last of m->deferred, for the creation to check),
 * 0 no @passN, -1 error. */
int upm_mock_defer_fault(struct upm_mock *m, const char *term);
void upm_mock_pass_begins(struct upm_mock *m, unsigned pass);
void upm_mock_pass_activity(struct upm_mock *m); /* each activity report: esc@passN */
void upm_mock_arm_msr(struct upm_mock *m, struct upm_mock_reg *r, unsigned kind);
void upm_mock_arm_pci(struct upm_mock *m, struct upm_mock_pci_dev *d);

/* "Did the run leave every register as it found it?": upm_mock_snapshot records every
 * register's stored value (MSR, PCI, MMIO, all sockets) and zeroes its write count;
 * upm_mock_compare lists the registers whose value differs from that snapshot, one per
 * line ("s0 msr 0xd10: was 0x0, now 0x400000 (2 writes)", "s1 pci ff:10.0+0xd8: ..."),
 * into out (truncated to n, always terminated when n > 0), and returns how many differ.
 * Flags narrow the list. The values compared are the stored ones, read hooks not run. */
enum upm_mock_compare_flags {
	UPM_MOCK_CMP_SKIP_COUNTERS = 1u << 0, /* ignore counter registers (they count) */
	UPM_MOCK_CMP_WRITTEN_ONLY = 1u << 1,  /* only registers software wrote since */
};
void upm_mock_snapshot(struct upm_mock *m);
unsigned upm_mock_compare(struct upm_mock *m, unsigned flags, char *out, size_t n);

#endif
