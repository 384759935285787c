/* The take-over spin lock (platform/spinlock.h). */
#include "platform/spinlock.h"
#include "core/base/os.h"

int upm_spinlock_acquire(struct upm_spinlock *l, uint64_t timeout_ticks)
{
	uint32_t mine = __atomic_add_fetch(&l->ticket, 1, __ATOMIC_RELAXED);
	if (mine == 0) /* 0 means free: skip it when the counter wraps */
		mine = __atomic_add_fetch(&l->ticket, 1, __ATOMIC_RELAXED);
	uint32_t seen = __atomic_load_n(&l->word, __ATOMIC_RELAXED);
	uint64_t since = upm_os_tsc();
	for (;;) {
		uint32_t expect = 0;
		if (__atomic_compare_exchange_n(&l->word, &expect, mine, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return 0;
		if (expect != seen) { /* another holder: it is alive, start the wait again */
			seen = expect;
			since = upm_os_tsc();
		} else if (upm_os_tsc() - since > timeout_ticks) {
			/* The same holder all this time: gone. Take its lock over (only one
			 * waiter wins: the exchange expects the dead holder's ticket). */
			if (__atomic_compare_exchange_n(&l->word, &expect, mine, 0, __ATOMIC_ACQUIRE,
							__ATOMIC_RELAXED)) {
				__atomic_add_fetch(&l->stolen, 1, __ATOMIC_RELAXED);
				return 1;
			}
			seen = expect;
			since = upm_os_tsc();
		}
		__asm__ volatile("pause");
	}
}

void upm_spinlock_release(struct upm_spinlock *l)
{
	__atomic_store_n(&l->word, 0, __ATOMIC_RELEASE);
}
