/* The bounded-wait spin lock (platform/spinlock.h). */
#include "platform/spinlock.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static void gave_up(struct upm_spinlock *l, uint32_t ticket, uint64_t timeout_ticks, char *why,
		    size_t why_size)
{
	uint64_t hz = upm_os_tsc_hz(), ms = 0;
	if (hz)
		ms = timeout_ticks > UINT64_MAX / 1000 ? timeout_ticks / hz * 1000 : (timeout_ticks * 1000 + hz / 2) / hz;
	__atomic_store_n(&l->abandoned, ticket, __ATOMIC_RELAXED);
	__atomic_add_fetch(&l->gave_up, 1, __ATOMIC_RELAXED);
	if (why_size)
		upm_snprintf(why, why_size, "%s lock held by APIC ID 0x%x past %llu ms: access not made",
			     l->name ? l->name : "shared", (unsigned)__atomic_load_n(&l->holder, __ATOMIC_RELAXED),
			     (unsigned long long)ms);
}

int upm_spinlock_acquire(struct upm_spinlock *l, uint32_t me, uint64_t timeout_ticks, char *why,
			 size_t why_size)
{
	uint32_t mine = __atomic_add_fetch(&l->ticket, 1, __ATOMIC_RELAXED);
	if (mine == 0) /* 0 means free: skip it when the counter wraps */
		mine = __atomic_add_fetch(&l->ticket, 1, __ATOMIC_RELAXED);
	uint32_t seen = __atomic_load_n(&l->word, __ATOMIC_RELAXED);
	uint64_t since = upm_os_tsc();
	for (;;) {
		uint32_t expect = 0;
		if (__atomic_compare_exchange_n(&l->word, &expect, mine, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED)) {
			__atomic_store_n(&l->holder, me, __ATOMIC_RELAXED);
			return 0;
		}
		if (expect == __atomic_load_n(&l->abandoned, __ATOMIC_RELAXED)) {
			/* A wait already gave up on this holder: no second wait for it. */
			gave_up(l, expect, timeout_ticks, why, why_size);
			return -1;
		}
		if (expect != seen) { /* another holder: it is alive, start the wait again */
			seen = expect;
			since = upm_os_tsc();
		} else if (upm_os_tsc() - since > timeout_ticks) {
			/* The same holder all this time: stopped, dead or delayed. It may still
			 * run, so its lock is never taken: this access is given up instead. */
			gave_up(l, expect, timeout_ticks, why, why_size);
			return -1;
		}
		__asm__ volatile("pause");
	}
}

void upm_spinlock_release(struct upm_spinlock *l)
{
	__atomic_store_n(&l->word, 0, __ATOMIC_RELEASE);
}
