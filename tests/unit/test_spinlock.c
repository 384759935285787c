/* The CF8/CFC lock's take-over: a holder that never releases (an application processor
 * stopped by MP services' timeout inside the critical section) does not block later
 * accesses forever; a live holder is waited for. */
#include "tests/unit/test.h"
#include "platform/spinlock.h"
#include "core/base/os.h"
#include <pthread.h>

TEST(spinlock_dead_holder_is_taken_over)
{
	struct upm_spinlock l = { 0 };
	CHECK_EQ(upm_spinlock_acquire(&l, 1000000), 0);
	/* The holder dies here: no release. The next acquire takes over after its timeout. */
	uint64_t hz = upm_os_tsc_hz();
	CHECK_EQ(upm_spinlock_acquire(&l, hz / 100), 1);
	CHECK_EQ(l.stolen, 1);
	upm_spinlock_release(&l);
	CHECK_EQ(upm_spinlock_acquire(&l, hz / 100), 0);
	upm_spinlock_release(&l);
	CHECK_EQ(l.stolen, 1);
}

struct holder {
	struct upm_spinlock *l;
	volatile int holding, done;
};

static void *hold_briefly(void *p)
{
	struct holder *h = p;
	upm_spinlock_acquire(h->l, ~0ull);
	h->holding = 1;
	upm_os_sleep_ns(20000000u); /* 20 ms, within the waiter's 1 s */
	h->done = 1;
	upm_spinlock_release(h->l);
	return NULL;
}

TEST(spinlock_live_holder_is_waited_for)
{
	struct upm_spinlock l = { 0 };
	struct holder h = { &l, 0, 0 };
	pthread_t t;
	if (pthread_create(&t, NULL, hold_briefly, &h) != 0) {
		upm_test_fail(__FILE__, __LINE__, "no second thread to hold the lock");
		return;
	}
	while (!h.holding)
		;
	CHECK_EQ(upm_spinlock_acquire(&l, upm_os_tsc_hz()), 0);
	CHECK_EQ(h.done, 1); /* acquired only after the holder let go */
	upm_spinlock_release(&l);
	pthread_join(t, NULL);
	CHECK_EQ(l.stolen, 0);
}
