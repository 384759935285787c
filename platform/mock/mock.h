/* The mock backend: an in-process model of the uncore register file, per socket.
 *
 * Models (platform/mock/model_*.c) populate it from their own reading of the guides,
 * independently of the box tables in boxes/, so a wrong table address shows up as an
 * access the mock does not know (a #GP for MSRs, all ones for PCI) instead of being
 * mirrored. Nothing here allocates after creation: accesses may run on application
 * processors under UEFI, where allocation is not allowed. */
#ifndef UPMON_PLATFORM_MOCK_MOCK_H
#define UPMON_PLATFORM_MOCK_MOCK_H

#include "platform/backend.h"

#define UPM_MOCK_MAX_SOCKETS 4

struct upm_mock;
struct upm_mock_reg;

/* Called after the register's stored value changed by a write: `written` is what
 * software wrote (before masks), so write-only bits can act. */
typedef void (*upm_mock_write_hook)(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r,
				    uint64_t written);
/* Called before a read; may refresh r->value. */
typedef void (*upm_mock_read_hook)(struct upm_mock *m, unsigned socket, struct upm_mock_reg *r);

enum upm_mock_reg_flags {
	UPM_MOCK_FAULT_READ = 1u << 0,  /* RDMSR raises #GP */
	UPM_MOCK_FAULT_WRITE = 1u << 1, /* WRMSR raises #GP */
};

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
};

struct upm_mock_pci_dev {
	uint8_t bus, dev, fn;
	uint16_t vendor, device;
	int absent;   /* fault: the device does not answer (reads all ones, writes dropped) */
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
};

/* A model's counting behaviour: advanced by each activity report. */
struct upm_mock_model_ops {
	void (*advance)(struct upm_mock *m, const struct upm_activity *act);
	void (*destroy)(struct upm_mock *m);
};

struct upm_mock {
	struct upm_backend backend;
	const char *platform;
	unsigned n_sockets;
	struct upm_mock_socket sockets[UPM_MOCK_MAX_SOCKETS];
	struct upm_mock_mmio mmio[4];
	unsigned n_mmio;
	struct upm_ecam_window ecam;
	int has_ecam;
	uint32_t cpuid_signature;  /* CPUID.1:EAX */
	char brand[49];
	uint32_t microcode;
	/* Fixed socket for MSR accesses; -1: the executing processor's package decides. */
	int forced_socket;
	const struct upm_mock_model_ops *model_ops;
	void *model_state;
	char error[160]; /* why creation or a fault spec failed */
};

/* Creates the mock of a platform ("snbep", ...) with n_sockets sockets (0: the
 * model's default) and applies a fault spec (NULL or "" for none). Returns NULL with a
 * one-line reason in err when the platform has no model or the spec is malformed. */
struct upm_backend *upm_mock_create(const char *platform, unsigned n_sockets, const char *faults,
				    char *err, unsigned long err_size);
struct upm_mock *upm_mock_of(struct upm_backend *b); /* NULL if b is not a mock */

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

/* Applies one fault term ("gp=0xD04", "s1.absent=ff:0e.1", ...); 0 or -1 with m->error. */
int upm_mock_apply_fault(struct upm_mock *m, const char *term);

#endif
