/* One cause, one FAIL, swept: every fault the mock injects into one box, on a
 * representative instance of every box type of every platform, gives the health check
 * (self-test and the quick plausibility stage) exactly one FAIL, on the faulted box (or on
 * the socket's global control it holds), and nothing judged PASS on a box never read. */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include <stdio.h>
#include <string.h>

struct sweep_case {
	const char *fault;
	/* The FAILs wanted: 1, or 0 where the fault is a part without that box (an absent
	 * box's presence WARNs; docs/health-check.md, One cause, one FAIL). */
	unsigned fails;
	/* Where the FAIL is, when not on the faulted box: the socket's global control, which
	 * an absent U-Box takes with it (pmu global, box "pmu", instance -1). */
	const char *fail_box;
};

/* The socket, box type and instance a fault term names ("s1.dead=cbo3": 1, cbo, 3). */
static void fault_target(const char *fault, unsigned *socket, char *box, size_t n, int *instance)
{
	*socket = 0;
	if (fault[0] == 's' && fault[1] >= '0' && fault[1] <= '9' && fault[2] == '.') {
		*socket = (unsigned)(fault[1] - '0');
		fault += 3;
	}
	const char *p = strchr(fault, '=') + 1;
	size_t end = 0, k;
	while ((p[end] >= 'a' && p[end] <= 'z') || (p[end] >= '0' && p[end] <= '9'))
		end++;
	for (k = end; k > 0 && p[k - 1] >= '0' && p[k - 1] <= '9'; k--)
		; /* the instance: the name's trailing digits (r2pcie0: r2pcie, 0) */
	snprintf(box, n, "%.*s", (int)k, p);
	*instance = 0;
	for (size_t d = k; d < end; d++)
		*instance = *instance * 10 + (p[d] - '0');
}

static int never_read(const char *fault)
{
	const char *f = fault[0] == 's' && fault[2] == '.' ? fault + 3 : fault;
	return strncmp(f, "absent=", 7) == 0 || strncmp(f, "dead=", 5) == 0 || strncmp(f, "locked=", 7) == 0;
}

static void sweep(const char *platform, unsigned sockets, const struct sweep_case *cases, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct sweep_case *c = &cases[i];
		struct check_outcome o;
		unsigned socket;
		char box[16];
		int inst;
		fault_target(c->fault, &socket, box, sizeof box, &inst);
		if (check_run(&o, platform, sockets, c->fault, 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
			const char *fail_box = c->fail_box ? c->fail_box : box;
			int fail_inst = c->fail_box ? -1 : inst;
			unsigned fails = 0;
			char said[1024] = "";
			for (unsigned k = 0; k < o.vs.n; k++) {
				const struct upm_verdict *v = &o.vs.v[k];
				const char *vb = v->box ? v->box : "-";
				if (v->result == UPM_RESULT_FAIL) {
					fails++;
					snprintf(said + strlen(said), sizeof said - strlen(said), " [s%u %s%d %s: %.80s]",
						 v->socket, vb, v->instance, v->check, v->reason);
					if (v->socket != socket || strcmp(vb, fail_box) != 0 || v->instance != fail_inst)
						upm_test_fail(__FILE__, __LINE__, "%s %s: FAIL on s%u %s%d %s, not on %s%d: %s",
							      platform, c->fault, v->socket, vb, v->instance, v->check,
							      fail_box, fail_inst, v->reason);
				}
				/* A box never read, and the totals over its type, are not judged PASS. */
				if (never_read(c->fault) && v->result == UPM_RESULT_PASS && v->socket == socket &&
				    strcmp(vb, box) == 0 && (v->instance == inst || v->instance == -1))
					upm_test_fail(__FILE__, __LINE__, "%s %s: never read, yet %s%d %s PASS: %s",
						      platform, c->fault, vb, v->instance, v->check, v->reason);
			}
			if (fails != c->fails)
				upm_test_fail(__FILE__, __LINE__, "%s %s: %u FAILs, want %u:%s", platform, c->fault,
					      fails, c->fails, said);
			const struct upm_verdict *p = check_find(&o.vs, socket, box, inst, "presence");
			if (never_read(c->fault) && p && p->result == UPM_RESULT_PASS)
				upm_test_fail(__FILE__, __LINE__, "%s %s: presence PASS", platform, c->fault);
		}
		upm_verdicts_free(&o.vs);
	}
}

#define SWEEP(platform, sockets, cases) sweep(platform, sockets, cases, sizeof cases / sizeof cases[0])

/* Fault kinds: dead, locked, absent, a counter that never moves (stuck, where the
 * self-test counts that box) and an event-select bit that never sets (stuckbit ctl0:0;
 * on the R2PCIe and R3QPI, whose clock event is 0x01, it counts nothing: the control's
 * finding, the count not judged). */
static const struct sweep_case nhmex_cases[] = {
	{ "dead=ubox0", 1, NULL }, { "absent=ubox0", 1, "pmu" }, { "stuckbit=ubox0.ctl0:0", 1, NULL },
	{ "locked=ubox0", 1, "pmu" }, { "stuckbit=ubox0.box:28", 1, "pmu" }, { "stuckbit=ubox0.ctl0:22", 1, NULL },
	{ "dead=cbo0", 1, NULL }, { "locked=cbo0", 1, NULL }, { "absent=cbo0", 0, NULL },
	{ "stuck=cbo0.ctr0", 1, NULL }, { "stuckbit=cbo0.ctl0:22", 1, NULL },
	{ "dead=bbox0", 1, NULL }, { "locked=bbox0", 1, NULL }, { "absent=bbox0", 0, NULL },
	{ "dead=sbox0", 1, NULL }, { "locked=sbox0", 1, NULL }, { "absent=sbox0", 0, NULL },
	{ "stuck=sbox0.ctr0", 1, NULL }, { "stuckbit=sbox0.ctl0:0", 1, NULL },
	{ "dead=mbox0", 1, NULL }, { "locked=mbox0", 1, NULL }, { "absent=mbox0", 0, NULL },
	{ "stuck=mbox0.ctr0", 1, NULL }, { "stuckbit=mbox0.ctl0:0", 1, NULL },
	{ "dead=rbox0", 1, NULL }, { "locked=rbox0", 1, NULL }, { "absent=rbox0", 0, NULL },
	{ "dead=wbox0", 1, NULL }, { "locked=wbox0", 1, NULL }, { "absent=wbox0", 0, NULL },
	{ "stuckbit=wbox0.ctl0:0", 1, NULL }, { "stuckbit=wbox0.fixed:0", 1, NULL },
	{ "stuckbit=wbox0.ctl0:22", 1, NULL },
	{ "stuckbit=cbo0.box:0", 1, NULL }, { "stuckbit=bbox0.box:1", 1, NULL }, { "stuckbit=wbox0.box:31", 1, NULL },
};

static const struct sweep_case wsmex_cases[] = {
	{ "dead=ubox0", 1, NULL }, { "absent=ubox0", 1, "pmu" }, { "locked=ubox0", 1, "pmu" },
	{ "dead=cbo0", 1, NULL }, { "locked=cbo0", 1, NULL }, { "stuck=cbo0.ctr0", 1, NULL },
	{ "dead=bbox0", 1, NULL }, { "locked=sbox0", 1, NULL }, { "stuck=mbox0.ctr0", 1, NULL },
	{ "dead=rbox0", 1, NULL }, { "locked=wbox0", 1, NULL }, { "absent=wbox0", 0, NULL },
	{ "stuckbit=wbox0.ctl0:22", 1, NULL }, { "stuckbit=ubox0.ctl0:22", 1, NULL },
};

static const struct sweep_case snbep_cases[] = {
	{ "dead=ubox0", 1, NULL }, { "locked=ubox0", 1, NULL }, { "absent=ubox0", 0, NULL },
	{ "stuckbit=ubox0.ctl0:0", 1, NULL },
	{ "dead=cbo0", 1, NULL }, { "locked=cbo0", 1, NULL }, { "absent=cbo0", 0, NULL },
	{ "stuck=cbo0.ctr0", 1, NULL }, { "stuckbit=cbo0.ctl0:0", 1, NULL },
	{ "dead=pcu0", 1, NULL }, { "locked=pcu0", 1, NULL }, { "absent=pcu0", 0, NULL },
	{ "stuck=pcu0.ctr0", 1, NULL }, { "stuckbit=pcu0.ctl0:22", 1, NULL },
	{ "dead=ha0", 1, NULL }, { "locked=ha0", 1, NULL }, { "absent=ha0", 0, NULL },
	{ "stuck=ha0.ctr0", 1, NULL }, { "stuckbit=ha0.ctl0:0", 1, NULL },
	{ "dead=imc0", 1, NULL }, { "locked=imc0", 1, NULL }, { "absent=imc0", 0, NULL },
	{ "stuck=imc0.ctr0", 1, NULL }, { "stuckbit=imc0.fixed:22", 1, NULL },
	{ "dead=qpi0", 1, NULL }, { "locked=qpi0", 1, NULL }, { "absent=qpi0", 0, NULL },
	{ "stuck=qpi0.ctr0", 1, NULL }, { "stuckbit=qpi0.ctl0:0", 1, NULL },
	{ "dead=r2pcie0", 1, NULL }, { "locked=r2pcie0", 1, NULL }, { "absent=r2pcie0", 0, NULL },
	{ "stuck=r2pcie0.ctr0", 1, NULL }, { "stuckbit=r2pcie0.ctl0:0", 1, NULL },
	{ "dead=r3qpi0", 1, NULL }, { "locked=r3qpi0", 1, NULL }, { "absent=r3qpi0", 0, NULL },
	{ "stuck=r3qpi0.ctr0", 1, NULL }, { "stuckbit=r3qpi0.ctl0:0", 1, NULL },
};

static const struct sweep_case ivbep_cases[] = {
	{ "dead=ubox0", 1, NULL }, { "locked=ubox0", 1, NULL }, { "absent=ubox0", 1, "pmu" },
	{ "dead=cbo0", 1, NULL }, { "locked=cbo0", 1, NULL }, { "absent=cbo0", 0, NULL },
	{ "stuck=cbo0.ctr0", 1, NULL }, { "stuckbit=cbo0.ctl0:22", 1, NULL },
	{ "dead=pcu0", 1, NULL }, { "locked=pcu0", 1, NULL }, { "stuck=pcu0.ctr0", 1, NULL },
	{ "dead=ha0", 1, NULL }, { "locked=ha0", 1, NULL }, { "absent=ha0", 0, NULL },
	{ "dead=imc0", 1, NULL }, { "locked=imc0", 1, NULL }, { "absent=imc0", 0, NULL },
	{ "stuckbit=imc0.ctl0:0", 1, NULL },
	{ "dead=qpi0", 1, NULL }, { "locked=qpi0", 1, NULL }, { "absent=qpi0", 0, NULL },
	{ "stuck=qpi0.ctr0", 1, NULL },
	{ "dead=r2pcie0", 1, NULL }, { "locked=r2pcie0", 1, NULL }, { "stuckbit=r2pcie0.ctl0:0", 1, NULL },
	{ "dead=r3qpi0", 1, NULL }, { "locked=r3qpi0", 1, NULL }, { "stuckbit=r3qpi0.ctl0:0", 1, NULL },
	{ "dead=irp0", 1, NULL }, { "locked=irp0", 1, NULL }, { "absent=irp0", 0, NULL },
	{ "stuck=irp0.ctr0", 1, NULL },
};

static const struct sweep_case skl_cases[] = {
	{ "dead=ncu0", 1, NULL }, { "locked=ncu0", 1, NULL }, { "stuck=ncu0.fixed", 1, NULL },
	{ "stuckbit=ncu0.fixed:22", 1, NULL }, { "stuckbit=cbo0.ctl0:22", 1, NULL },
	{ "dead=cbo0", 1, NULL }, { "locked=cbo0", 1, NULL }, { "absent=cbo0", 0, NULL },
	{ "stuck=cbo0.ctr0", 1, NULL }, { "stuckbit=cbo0.ctl0:0", 1, NULL },
	{ "dead=arb0", 1, NULL }, { "locked=arb0", 1, NULL }, { "absent=arb0", 0, NULL },
	{ "stuck=arb0.ctr0", 1, NULL }, { "stuckbit=arb0.ctl0:22", 1, NULL },
};

/* A fault on another socket than 0: that socket's box is the one FAIL. */
static const struct sweep_case socket1_cases[] = {
	{ "s1.locked=qpi0", 1, NULL },
	{ "s1.stuckbit=r3qpi1.ctl0:0", 1, NULL },
	{ "s1.dead=cbo3", 1, NULL },
};

TEST(one_cause_sweep_nhmex)
{
	SWEEP("nhmex", 1, nhmex_cases);
}

TEST(one_cause_sweep_wsmex)
{
	SWEEP("wsmex", 1, wsmex_cases);
}

TEST(one_cause_sweep_snbep)
{
	SWEEP("snbep", 1, snbep_cases);
}

TEST(one_cause_sweep_ivbep)
{
	SWEEP("ivbep", 1, ivbep_cases);
}

TEST(one_cause_sweep_skl)
{
	SWEEP("skl", 1, skl_cases);
}

TEST(one_cause_sweep_socket1_ivbep)
{
	SWEEP("ivbep", 2, socket1_cases);
}
