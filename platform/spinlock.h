/* A spin lock whose waiters never hang and never steal. A holder may be delayed for long
 * (a System Management Interrupt between its two CF8/CFC port accesses can last tens of
 * milliseconds or more) or may never let go (an application processor that MP services
 * stopped at its timeout, or that died on an unguarded fault, while holding it). Taking
 * such a lock over would let a delayed holder's data access land on the waiter's address,
 * so a waiter waits a bounded time past the last change it saw and then gives up on its
 * own access, with a line naming the lock and the holder; the lock stays the holder's.
 * A holder that made a waiter give up is remembered: later waiters on that same holder
 * give up at once, so a dead holder costs one wait, not one per access. Callable on any
 * processor; never allocates. */
#ifndef UPMON_PLATFORM_SPINLOCK_H
#define UPMON_PLATFORM_SPINLOCK_H

#include <stddef.h>
#include <stdint.h>

struct upm_spinlock {
	const char *name;          /* in the line a wait that gives up writes ("CF8/CFC") */
	volatile uint32_t word;    /* 0 free; else the holder's ticket */
	volatile uint32_t ticket;  /* the last ticket handed out */
	volatile uint32_t holder;  /* the holder's processor (its APIC ID), set with word */
	volatile uint32_t abandoned; /* the ticket a wait gave up on (0: none) */
	volatile uint32_t gave_up; /* waits that gave up */
};

/* 0 when acquired (me: the caller's APIC ID, named to later waiters). -1 when the same
 * holder kept the lock more than timeout_ticks TSC ticks (or is the one a wait already
 * gave up on): nothing was acquired, the lock is still the holder's, and why holds one
 * line such as "CF8/CFC lock held by APIC ID 0x2 past 1000 ms: access not made". */
int upm_spinlock_acquire(struct upm_spinlock *l, uint32_t me, uint64_t timeout_ticks, char *why,
			 size_t why_size);
void upm_spinlock_release(struct upm_spinlock *l);

#endif
