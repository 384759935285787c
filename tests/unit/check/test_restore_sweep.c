/* Every register a run leaves changed is one it names NOT RESTORED: a run cut short by
 * ESC at each of its safe points, or losing a socket's processor at each of its steps,
 * on every platform with a mock, compared with the mock's snapshot from before it. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "platform/base/abort.h"
#include "core/check/check.h"
#include "core/check/check_safety.h"
#include "core/check/selftest.h"
#include "core/host/os_host.h"
#include <stdlib.h>

/* 1 when register r of the mock is one the list names (by socket and address; a 48-bit
 * PCI counter is named by its low dword, "(2 dwords)"). */
static int named(const struct upm_unrestored *list, unsigned n, const struct upm_mock_reg *r)
{
	for (unsigned i = 0; i < n; i++) {
		const struct upm_unrestored *u = &list[i];
		if (u->socket != r->socket)
			continue;
		if (r->space == UPM_MOCK_MSR && !strcmp(u->space, "msr") && strtoul(u->address, NULL, 16) == r->addr)
			return 1;
		if (r->space == UPM_MOCK_PCI && !strcmp(u->space, "pci")) {
			unsigned bus, dev, fn, off;
			const char *a = u->address;
			if (strlen(a) > 5 && a[4] == ':') /* a segment first */
				a += 5;
			if (sscanf(a, "%x:%x.%x+0x%x", &bus, &dev, &fn, &off) != 4 || bus != r->dev->bus ||
			    dev != r->dev->dev || fn != r->dev->fn)
				continue;
			if (off == r->addr || (strstr(u->address, "(2 dwords)") && off + 4 == r->addr))
				return 1;
		}
	}
	return 0;
}

/* Registers that differ from the snapshot and are not named, one line each into out;
 * returns how many. A counter nothing wrote is left out: it counts on its own. With
 * loose set (a socket's processor stopped answering, or a write faulted), so is a
 * register nothing wrote, and overflow status bits (write 1 to clear): the run's own
 * counters set them, and what cannot be written cannot clear them. A counter written
 * back behind a control left programmed must be named too (it counts on). */
static unsigned unnamed_changes(struct upm_mock *m, const struct upm_unrestored *list, unsigned n, int loose,
				char *out, size_t size)
{
	unsigned bad = 0;
	size_t len = 0;
	out[0] = 0;
	for (unsigned s = 0; s < m->n_sockets; s++) {
		struct upm_mock_socket *so = &m->sockets[s];
		for (unsigned i = 0; i < so->n_msrs + so->n_devs; i++) {
			unsigned nr = i < so->n_msrs ? 1 : so->devs[i - so->n_msrs]->n_regs;
			for (unsigned k = 0; k < nr; k++) {
				struct upm_mock_reg *r = i < so->n_msrs ? so->msrs[i] : so->devs[i - so->n_msrs]->regs[k];
				if (r->value == r->snapshot || ((r->flags & UPM_MOCK_COUNTER) && !r->writes) ||
				    (loose && (!r->writes || !((r->value ^ r->snapshot) & ~r->w1c_mask))) ||
				    named(list, n, r))
					continue;
				bad++;
				if (len + 100 < size)
					len += (size_t)snprintf(out + len, size - len, "s%u %s %02x:%02x.%u+0x%x: was 0x%llx, now 0x%llx (%u writes)\n",
								r->socket, r->space == UPM_MOCK_MSR ? "msr" : "pci",
								r->dev ? r->dev->bus : 0, r->dev ? r->dev->dev : 0, r->dev ? r->dev->fn : 0, r->addr,
								(unsigned long long)r->snapshot, (unsigned long long)r->value,
								r->writes);
			}
		}
	}
	return bad;
}

#define SWEEP_MAX_REGS 512

enum hook { HOOK_NONE, HOOK_ABORT, HOOK_HANG };

struct sweep_run {
	unsigned polls, calls;   /* what the run made: abort polls, socket calls */
	unsigned unnamed;        /* registers changed and not named */
	unsigned listed;         /* registers named NOT RESTORED */
	int aborted;
	char diff[2048];
	unsigned regs[SWEEP_MAX_REGS], writes[SWEEP_MAX_REGS], n_regs; /* socket 0's, in order */
};

static void arm(enum hook h, unsigned k)
{
	upm_abort_reset();
	upm_host_abort_after_polls(h == HOOK_ABORT ? k : ~0u);
	upm_host_hang_socket(h == HOOK_HANG ? 1 : -1, k);
}

static void disarm(void)
{
	upm_host_abort_after_polls(0);
	upm_host_hang_socket(-1, 0);
	upm_abort_reset();
}

/* The health check (self-test, then the quick kernels when full) under hook h at k. */
static int check_under(struct sweep_run *o, const char *platform, unsigned sockets, const char *faults, int full,
		       enum hook h, unsigned k)
{
	struct fixture f;
	struct upm_verdicts vs;
	char err[200] = "";
	memset(o, 0, sizeof *o);
	if (fixture_init(&f, platform, sockets, faults) < 0)
		return -1;
	f.run.out_dir = "/nonexistent/upmon-check-tests";
	fixture_real_time(&f);
	struct upm_check_safety *cs = calloc(1, sizeof *cs);
	f.run.safety = cs;
	upm_mock_snapshot(f.mock);
	upm_verdicts_init(&vs, 8192);
	arm(h, k);
	int rc = upm_selftest(&f.run, &vs, err, sizeof err);
	if (rc == 0 && full && !upm_check_safety_stop(&f.run, "kernels")) {
		struct upm_check_opts opts = { .quick = 1 };
		rc = upm_check_plausibility(&f.run, &opts, &vs, NULL, err, sizeof err);
	}
	o->polls = upm_host_abort_polls();
	disarm();
	/* Socket 0's writes, by register (MSR) or function (PCI), for the fault sweep. */
	for (uint32_t i = 0; i < f.trace->n && o->n_regs < SWEEP_MAX_REGS; i++) {
		const struct upm_trace_record *t = &f.trace->records[i];
		if (t->op != 'W' || t->socket != 0 || t->faulted)
			continue;
		unsigned key = t->space == UPM_SPACE_MSR ? t->addr : 1u << 31 | (unsigned)t->bus << 16 | t->dev << 8 | t->fn;
		unsigned j = 0;
		while (j < o->n_regs && o->regs[j] != key)
			j++;
		if (j == o->n_regs)
			o->regs[o->n_regs++] = key;
		o->writes[j]++;
	}
	o->aborted = cs->aborted;
	o->listed = cs->n;
	o->unnamed = unnamed_changes(f.mock, cs->list, cs->n, h == HOOK_HANG || faults, o->diff, sizeof o->diff);
	upm_verdicts_free(&vs);
	free(cs);
	fixture_free(&f);
	return rc;
}

static void sweep_check(const char *platform, unsigned sockets, int full)
{
	static struct sweep_run o;
	check_under(&o, platform, sockets, NULL, full, HOOK_NONE, 0);
	unsigned polls = o.polls;
	CHECK(polls > 0);
	CHECK_EQ(o.unnamed, 0);
	CHECK_EQ(o.listed, 0);
	unsigned step = polls > 10 ? polls / 10 : 1;
	for (unsigned k = 1; k <= polls + 1; k += step) {
		check_under(&o, platform, sockets, NULL, full, HOOK_ABORT, k);
		if (o.unnamed)
			upm_test_fail(__FILE__, __LINE__, "%s: ESC at poll %u of %u: %u registers changed, not named:\n%s",
				      platform, k, polls, o.unnamed, o.diff);
	}
	static const unsigned calls[] = { 0, 1, 2, 3, 4, 5, 6, 8, 12, 24, 64 };
	for (unsigned i = 0; sockets > 1 && i < sizeof calls / sizeof calls[0]; i++) {
		unsigned k = calls[i];
		check_under(&o, platform, sockets, NULL, full, HOOK_HANG, k);
		if (o.unnamed)
			upm_test_fail(__FILE__, __LINE__, "%s: socket 1 silent from call %u: %u registers changed, not named:\n%s",
				      platform, k, o.unnamed, o.diff);
	}
}

/* Writes to every few of socket 0's registers fault from their first, second, middle or
 * last write on (an MSR); every few of its PCI functions leave the bus after that many
 * accesses. */
static void sweep_faults(const char *platform, unsigned sockets)
{
	struct sweep_run *base = calloc(1, sizeof *base), *o = calloc(1, sizeof *o);
	check_under(base, platform, sockets, NULL, 1, HOOK_NONE, 0);
	CHECK(base->n_regs > 0);
	unsigned runs = 0;
	for (unsigned j = 0; j < base->n_regs; j += base->n_regs / 4 + 1) {
		unsigned key = base->regs[j], w = base->writes[j];
		unsigned at[4] = { 0, 1, w / 2, w - 1 };
		for (unsigned a = 0; a < 4; a++) {
			char fault[64];
			if (a && at[a] <= at[a - 1])
				continue;
			if (key >> 31)
				snprintf(fault, sizeof fault, "onesat=%02x:%02x.%u@%u", key >> 16 & 0xFF, key >> 8 & 0xFF,
					 key & 0xFF, 4 * at[a]);
			else
				snprintf(fault, sizeof fault, "gpw=0x%x@%u", key, at[a]);
			check_under(o, platform, sockets, fault, 1, HOOK_NONE, 0);
			runs++;
			if (o->unnamed)
				upm_test_fail(__FILE__, __LINE__, "%s %s: %u registers changed, not named:\n%s", platform, fault,
					      o->unnamed, o->diff);
		}
	}
	CHECK(runs >= 4);
	free(base);
	free(o);
}

TEST(restore_sweep_faults_snbep) { sweep_faults("snbep", 2); }
TEST(restore_sweep_faults_ivbep) { sweep_faults("ivbep", 2); }
TEST(restore_sweep_faults_skl) { sweep_faults("skl", 1); }
TEST(restore_sweep_faults_nhmex) { sweep_faults("nhmex", 2); }
TEST(restore_sweep_faults_wsmex) { sweep_faults("wsmex", 2); }

TEST(restore_sweep_check_snbep) { sweep_check("snbep", 2, 1); }
TEST(restore_sweep_check_ivbep) { sweep_check("ivbep", 2, 1); }
TEST(restore_sweep_check_skl) { sweep_check("skl", 1, 1); }
TEST(restore_sweep_check_nhmex) { sweep_check("nhmex", 2, 1); }
TEST(restore_sweep_check_wsmex) { sweep_check("wsmex", 2, 1); }
