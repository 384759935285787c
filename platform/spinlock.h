/* A spin lock that survives a holder that never lets go: an application processor that
 * MP services stopped at its timeout (or that died on an unguarded fault) while holding
 * it. Waiters spin at most timeout_ticks TSC ticks past the last change they saw, then
 * take the lock over; critical sections must be far shorter than that (CF8/CFC's: two
 * port accesses). Callable on any processor; never allocates. */
#ifndef UPMON_PLATFORM_SPINLOCK_H
#define UPMON_PLATFORM_SPINLOCK_H

#include <stdint.h>

struct upm_spinlock {
	volatile uint32_t word;   /* 0 free; else the holder's ticket */
	volatile uint32_t ticket; /* the last ticket handed out */
	volatile uint32_t stolen; /* times a dead holder's lock was taken over */
};

/* Returns 1 when the lock was taken over from a holder that did not release it within
 * timeout_ticks, 0 when acquired normally. */
int upm_spinlock_acquire(struct upm_spinlock *l, uint64_t timeout_ticks);
void upm_spinlock_release(struct upm_spinlock *l);

#endif
