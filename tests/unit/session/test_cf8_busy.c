/* A PCI box access given up because the CF8/CFC lock's holder kept it past the wait
 * (UPM_EBUSY from the hw backend, platform/hw/pci_config.c): the box is a fault whose
 * reason names the lock and the holder, and the session's error says it in one line. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "core/session/session.h"

static const struct upm_backend_ops *real_ops;

/* Socket 1's uncore bus (0xFF on the mock): every configuration write is given up. */
static int busy_write(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a, uint32_t val)
{
	if (a.bus == 0xFF)
		return UPM_EBUSY;
	return real_ops->pci_write32(b, mech, a, val);
}

TEST(cf8_lock_given_up_names_the_lock_and_holder)
{
	struct fixture f;
	struct upm_session s;
	static struct feed idle = { 1000000, 0, 0, 0, 0, 0 };
	if (fixture_init(&f, "snbep", 2, NULL) < 0)
		return;
	struct upm_backend_ops ops = *f.run.backend->ops;
	struct upm_backend *saved = f.run.backend, busy = *saved;
	real_ops = saved->ops;
	ops.pci_write32 = busy_write;
	busy.ops = &ops;
	busy.lock_finding = "CF8/CFC lock held by APIC ID 0x2 past 1000 ms: access not made";
	f.run.backend = &busy;
	CHECK_EQ(upm_session_prepare(&s, &f.run, "ha/CLOCKTICKS/"), 0);
	upm_session_run(&s, feed_interval, &idle);
	CHECK_CONTAINS(s.error, "socket 1 ha0: ");
	CHECK_CONTAINS(s.error, ": EBUSY: CF8/CFC lock held by APIC ID 0x2 past 1000 ms: access not made");
	upm_session_free(&s);
	f.run.backend = saved;
	fixture_free(&f);
}
