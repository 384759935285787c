/* The CF8/CFC lock (platform/spinlock.h): a live holder is waited for, one delayed past
 * the old 10 ms take-over (a long SMI between its CF8 and CFC accesses) keeps the lock
 * and its access, and a waiter whose holder never lets go gives its own access up with a
 * line naming the lock and the holder, never taking the lock over. Holding times are
 * driven by the waiter's outcome, not the clock: the holder lets go only after the
 * waiter has given up (or, for the live holder, after it is seen waiting). */
#include "tests/unit/test.h"
#include "platform/spinlock.h"
#include "platform/pci.h"
#include "platform/base/os.h"
#include <pthread.h>

TEST(spinlock_dead_holder_is_not_taken_over)
{
	struct upm_spinlock l = { .name = "CF8/CFC" };
	char why[120] = "";
	CHECK_EQ(upm_spinlock_acquire(&l, 0x2, 1000000, why, sizeof why), 0);
	uint32_t held = l.word;
	/* The holder dies here: no release. The next acquire gives up after its wait. */
	uint64_t hz = upm_os_tsc_hz();
	CHECK_EQ(upm_spinlock_acquire(&l, 0x0, hz / 100, why, sizeof why), -1);
	CHECK_EQ(l.word, held); /* still the holder's */
	CHECK_STR(why, "CF8/CFC lock held by APIC ID 0x2 past 10 ms: access not made");
	/* A second waiter on the same holder gives up at once, with the same line (a long
	 * wait would prove it did wait: a huge timeout that returns shows it did not). */
	why[0] = 0;
	CHECK_EQ(upm_spinlock_acquire(&l, 0x4, ~0ull / 2, why, sizeof why), -1);
	CHECK(strstr(why, "APIC ID 0x2") != NULL);
	CHECK_EQ(l.gave_up, 2);
	/* Once the holder lets go, the lock works again. */
	upm_spinlock_release(&l);
	CHECK_EQ(upm_spinlock_acquire(&l, 0x4, hz / 100, why, sizeof why), 0);
	CHECK_EQ(l.holder, 0x4);
	upm_spinlock_release(&l);
}

struct holder {
	struct upm_spinlock *l;
	volatile int holding, done;
	volatile int *release_when; /* let go once this is non-zero */
	int data_at_release;        /* what "CF8" held when the holder's "CFC" access came */
	volatile int *cf8;          /* the shared address port the lock guards */
};

static void *hold_until(void *p)
{
	struct holder *h = p;
	char why[120];
	upm_spinlock_acquire(h->l, 0x6, ~0ull / 2, why, sizeof why);
	*h->cf8 = 0x6; /* the holder's CF8 write */
	h->holding = 1;
	while (!*h->release_when) /* the SMI: the holder stalls between CF8 and CFC */
		;
	h->data_at_release = *h->cf8; /* its CFC access: whose address does it use? */
	h->done = 1;
	upm_spinlock_release(h->l);
	return NULL;
}

/* A holder delayed past 10 ms (the old take-over) keeps its access: the waiter, with a
 * 10 ms wait, gives up rather than writing its own address over the holder's. */
TEST(spinlock_delayed_holder_keeps_its_access)
{
	struct upm_spinlock l = { .name = "CF8/CFC" };
	volatile int waiter_done = 0, cf8 = 0;
	struct holder h = { &l, 0, 0, &waiter_done, 0, &cf8 };
	pthread_t t;
	char why[120] = "";
	if (pthread_create(&t, NULL, hold_until, &h) != 0) {
		upm_test_fail(__FILE__, __LINE__, "no second thread to hold the lock");
		return;
	}
	while (!h.holding)
		;
	int rc = upm_spinlock_acquire(&l, 0x0, upm_os_tsc_hz() / 100, why, sizeof why);
	if (rc == 0) {
		cf8 = 0x0; /* the waiter's CF8 write, as a take-over would have made it */
		upm_spinlock_release(&l);
	}
	waiter_done = 1; /* the SMI ends */
	pthread_join(t, NULL);
	CHECK_EQ(rc, -1);
	CHECK_EQ(h.data_at_release, 0x6); /* the holder's data access went to its own address */
	CHECK_STR(why, "CF8/CFC lock held by APIC ID 0x6 past 10 ms: access not made");
}

/* A live holder that lets go while the waiter waits is waited for, and the lock it
 * leaves is taken normally. */
TEST(spinlock_live_holder_is_waited_for)
{
	struct upm_spinlock l = { .name = "CF8/CFC" };
	volatile int go = 0, cf8 = 0;
	struct holder h = { &l, 0, 0, &go, 0, &cf8 };
	pthread_t t;
	char why[120] = "";
	if (pthread_create(&t, NULL, hold_until, &h) != 0) {
		upm_test_fail(__FILE__, __LINE__, "no second thread to hold the lock");
		return;
	}
	while (!h.holding)
		;
	go = 1;
	CHECK_EQ(upm_spinlock_acquire(&l, 0x0, ~0ull / 2, why, sizeof why), 0);
	CHECK_EQ(h.done, 1); /* acquired only after the holder let go */
	upm_spinlock_release(&l);
	pthread_join(t, NULL);
	CHECK_EQ(l.gave_up, 0);
}

/* The access path: ECAM wherever an MCFG window covers the segment and bus, CF8/CFC
 * only where none does (no MCFG at all, or a bus past the windows); an explicit choice
 * stands. */
TEST(pci_access_prefers_ecam_where_mcfg_covers_the_bus)
{
	const struct upm_ecam_window ws[2] = {
		{ .base = 0x80000000ull, .seg = 0, .bus_start = 0, .bus_end = 0x7F },
		{ .base = 0x90000000ull, .seg = 1, .bus_start = 0, .bus_end = 0xFF },
	};
	struct upm_pci_addr a = { 0, 0x7F, 16, 1, 0x0F8 }, past = { 0, 0x80, 16, 1, 0x0F8 },
			    seg1 = { 1, 0x10, 8, 2, 0x40 };
	CHECK_EQ(upm_pci_mech_choose(ws, 2, UPM_PCI_AUTO, a), UPM_PCI_ECAM);
	CHECK_EQ(upm_pci_mech_choose(ws, 2, UPM_PCI_AUTO, seg1), UPM_PCI_ECAM);
	CHECK_EQ(upm_pci_mech_choose(ws, 2, UPM_PCI_AUTO, past), UPM_PCI_CF8);
	CHECK_EQ(upm_pci_mech_choose(ws, 0, UPM_PCI_AUTO, a), UPM_PCI_CF8); /* no MCFG */
	CHECK_EQ(upm_pci_mech_choose(ws, 2, UPM_PCI_CF8, a), UPM_PCI_CF8);
	CHECK(upm_pci_ecam_covering(ws, 2, seg1) == &ws[1]);
	CHECK(upm_pci_ecam_covering(ws, 2, past) == NULL);
}
