/* What a platform really has at run time, found by reads only, for the session and for
 * `info`: how many instances of a box a register of the socket says are present
 * (upm_instance_count), and where a memory-mapped box is once the device holding its
 * base address has been identified (upm_mmio_base). */
#ifndef UPMON_CORE_PRESENT_H
#define UPMON_CORE_PRESENT_H

#include "core/cli/invocation.h"

/* Instances of box type t on the socket: max_instances when the table gives no count,
 * else the count register's field minus the table's `minus`, at most max_instances
 * (the register is read on a processor of the socket; *raw gets the field). 0, or -1
 * with a one-line reason in why when the read failed. */
int upm_box_instances(struct upm_run *r, unsigned socket, const struct upm_box_type *t,
		      unsigned *n, unsigned *raw, char *why, unsigned long why_size);

/* The access that put a box instance out of use, where there was one (the evidence of
 * its presence verdict): the register, where it is, and the value read (none: the access
 * faulted). Not known for a box without a bus or on a processor that did not answer. */
struct upm_box_access {
	int known;
	char reg[32];      /* "PCI vendor/device IDs", "MSR_UNC_CBO_CONFIG.NO_CBO_BANKS", "counter" */
	char address[32];  /* "0xd16", "7f:10.4+0x0", "0xfed15000" */
	int has_value;
	uint64_t value;
};

enum upm_mmio_presence {
	UPM_MMIO_FOUND = 0,
	UPM_MMIO_NO_DEVICE,    /* nothing answers at the BAR's function */
	UPM_MMIO_WRONG_DEVICE, /* another device answers there: its BAR is not even read */
	UPM_MMIO_DISABLED,     /* the BAR's enable bit is clear, or it holds no address */
	UPM_MMIO_UNGUARDED,    /* found, but a load there that faulted could not be caught
				* (the backend's loads_unguarded): never read */
};

/* The MMIO base of box type t (t->mmio): identifies the function, reads its BAR and
 * checks the enable bit. Reads configuration space only, never the MMIO itself. *base
 * gets the masked address when found; why says what was found, or why the box's MMIO
 * is not touched; ev (may be NULL), when it is not found, the read that showed it. */
enum upm_mmio_presence upm_mmio_base_find(struct upm_run *r, const struct upm_box_type *t,
					  uint64_t *base, char *why, unsigned long why_size,
					  struct upm_box_access *ev);

#endif
