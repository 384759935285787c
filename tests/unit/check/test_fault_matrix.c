/* The fault matrix (issue 9): every mock fault of the health check (stuck, stuckbit,
 * dead, absent, nofreeze, nochannel, unpopulated, skew) on every platform that has a
 * check profile and a mock, each alone, through the whole check (self-test, then the
 * quick kernels). For each: the check ends, a verdict on the faulted box differs from
 * the fault-free run and is not a pass, every register the run touched holds its value
 * from before the run (counters aside: they count), no verdict about another box moves,
 * every verdict of the fault-free run is there and none is new (a check not run on the
 * faulted box is there, not run: junit.xml keeps its cases), and a box whose presence
 * FAILed is not failed again through its socket's totals
 * (one cause, one FAIL: issue 16). The faulted boxes are named literally per platform (instances the guides give
 * each part: SNB-EP 8 CBos and 4 iMC channels, IVB-EP 15 CBos and 8 channels, SKL 4 CBos). */
#include "tests/unit/test.h"
#include "tests/unit/fixture.h"
#include "tests/unit/check_run.h"
#include "core/check/check.h"
#include "core/check/selftest.h"
#include <stdlib.h>

struct matrix_fault {
	const char *term;   /* the mock fault */
	unsigned socket;    /* where it acts */
	const char *box;    /* the box it names */
	unsigned instance;
	int na;             /* the check's documented answer is N/A (an unpopulated channel) */
};

struct matrix_platform {
	const char *platform;
	unsigned sockets;
	struct matrix_fault faults[14];
};

/* Faults go on boxes the platform's check profile covers (SKL's self-test covers the
 * NCU; its CBos are judged by the LLC checks). Control bit 8 is the low unit-mask bit of
 * the CBo controls (read-write, not the enable: 327043-001 table 2-9, and the IVB-EP
 * equivalent); bit 22 of SKL's fixed control (MSR_UNC_PERF_FIXED_CTRL 0x394) is its enable.
 * SKL has one memory controller box: nochannel and unpopulated need peers, so they are
 * not faults of that platform (the mock refuses them).
 * Xeon 7500/E7: the 7500 has 8 C-Boxes, the E7 10 (C-Box 8 at 0xF40-0xF5B is E7 only,
 * 002:931-945); control bit 8 of a C-Box is its low unit-mask bit, bit 10 of an M-Box
 * control the second bit of inc_sel 13:9 (002:4633-4650), so the stuck bit turns CYCLES and
 * DRAM_CMD into other events. A stuck R-Box counter silences one QPI port: that port
 * warns and the socket's link.flits fails. A dead U-Box is left out: it holds the global
 * enable (0xC00), so every box of its socket stops, as on hardware. */
static const struct matrix_platform platforms[] = {
	{ "snbep", 2, {
		{ "s1.stuck=cbo3.ctr0", 1, "cbo", 3, 0 },
		{ "s1.stuck=ubox0.fixed", 1, "ubox", 0, 0 },
		{ "stuckbit=cbo2.ctl1:8", 0, "cbo", 2, 0 },
		{ "dead=ha0", 0, "ha", 0, 0 },
		{ "s1.absent=imc2", 1, "imc", 2, 0 },
		{ "nofreeze=cbo1", 0, "cbo", 1, 0 },
		{ "nochannel=imc2", 0, "imc", 2, 0 },
		{ "s1.unpopulated=imc3", 1, "imc", 3, 1 },
		{ "skew=cbo5:2.5", 0, "cbo", 5, 0 },
		/* A stuck iMC fixed DCLK must fail (na 0), not pass for an unpopulated channel:
		 * its general counters count DCLOCKTICKS in the self-test and still tick. */
		{ "stuck=imc1.fixed", 0, "imc", 1, 0 },
		{ "s1.stuck=imc1.ctr2", 1, "imc", 1, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	{ "ivbep", 2, {
		{ "stuck=cbo11.ctr1", 0, "cbo", 11, 0 },
		{ "stuck=ubox0.fixed", 0, "ubox", 0, 0 },
		{ "s1.stuckbit=cbo4.ctl0:8", 1, "cbo", 4, 0 },
		{ "s1.dead=imc5", 1, "imc", 5, 0 },
		{ "absent=cbo14", 0, "cbo", 14, 0 },
		{ "nofreeze=imc0", 0, "imc", 0, 0 },
		{ "nochannel=imc6", 0, "imc", 6, 0 },
		{ "unpopulated=imc7", 0, "imc", 7, 1 },
		{ "s1.skew=cbo9:3", 1, "cbo", 9, 0 },
		{ "s1.stuck=imc1.fixed", 1, "imc", 1, 0 },
		{ "stuck=imc1.ctr2", 0, "imc", 1, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	{ "skl", 1, {
		{ "stuck=cbo1.ctr0", 0, "cbo", 1, 0 },
		{ "stuck=ncu0.fixed", 0, "ncu", 0, 0 },
		{ "stuckbit=ncu0.fixed:22", 0, "ncu", 0, 0 },
		{ "dead=cbo2", 0, "cbo", 2, 0 },
		{ "absent=cbo3", 0, "cbo", 3, 0 },
		{ "nofreeze=ncu0", 0, "ncu", 0, 0 },
		{ "skew=cbo1:2", 0, "cbo", 1, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	{ "nhmex", 2, {
		{ "s1.stuck=cbo3.ctr0", 1, "cbo", 3, 0 },
		{ "stuck=wbox0.fixed", 0, "wbox", 0, 0 },
		{ "stuck=mbox1.ctr5", 0, "mbox", 1, 0 },
		{ "stuckbit=cbo2.ctl1:8", 0, "cbo", 2, 0 },
		{ "dead=bbox0", 0, "bbox", 0, 0 },
		{ "s1.absent=sbox1", 1, "sbox", 1, 0 },
		{ "nofreeze=cbo1", 0, "cbo", 1, 0 },
		{ "nochannel=mbox1", 0, "mbox", 1, 0 },
		{ "s1.unpopulated=mbox0", 1, "mbox", 0, 1 },
		{ "skew=cbo5:2.5", 0, "cbo", 5, 0 },
		{ "s1.stuck=rbox0.ctr0", 1, "rbox", 0, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	{ "wsmex", 2, {
		{ "stuck=cbo9.ctr5", 0, "cbo", 9, 0 },
		{ "s1.stuck=wbox0.fixed", 1, "wbox", 0, 0 },
		{ "s1.stuckbit=sbox0.ctl3:8", 1, "sbox", 0, 0 },
		{ "s1.stuckbit=mbox0.ctl2:10", 1, "mbox", 0, 0 },
		{ "s1.dead=mbox1", 1, "mbox", 1, 0 },
		{ "absent=cbo8", 0, "cbo", 8, 0 },
		{ "nofreeze=sbox0", 0, "sbox", 0, 0 },
		{ "stuck=bbox1.ctr1", 0, "bbox", 1, 0 },
		{ "nochannel=mbox0", 0, "mbox", 0, 0 },
		{ "unpopulated=mbox1", 0, "mbox", 1, 1 },
		{ "s1.skew=cbo7:3", 1, "cbo", 7, 0 },
		{ "s1.stuck=rbox1.ctr0", 1, "rbox", 1, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	/* Sapphire Rapids' mock (platform/mock/spr/model.c): 8 CHAs (MSR), 8 IMC channels
	 * (MMIO) and 4 UPI links (PCI) a socket, placed by its discovery tables; control bit
	 * 8 of a CHA is the low unit-mask bit (no enable bit on a discovered unit). */
	{ "spr", 2, {
		{ "s1.stuck=cha3.ctr0", 1, "cha", 3, 0 },
		{ "stuckbit=cha2.ctl1:8", 0, "cha", 2, 0 },
		{ "dead=cha1", 0, "cha", 1, 0 },
		{ "absent=cha6", 0, "cha", 6, 0 },
		{ "s1.dead=imc5", 1, "imc", 5, 0 },
		{ "nofreeze=cha4", 0, "cha", 4, 0 },
		{ "nochannel=imc2", 0, "imc", 2, 0 },
		{ "s1.unpopulated=imc3", 1, "imc", 3, 1 },
		{ "skew=cha5:2.5", 0, "cha", 5, 0 },
		{ "stuck=imc1.ctr2", 0, "imc", 1, 0 },
		{ "stuck=upi1.ctr0", 0, "upi", 1, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	/* Emerald Rapids' mock: Sapphire Rapids' layout under its own CPUID; the faults
	 * spr's row does not place. */
	{ "emr", 2, {
		{ "stuck=cha7.ctr3", 0, "cha", 7, 0 },
		{ "s1.absent=cha0", 1, "cha", 0, 0 },
		{ "s1.nofreeze=imc4", 1, "imc", 4, 0 },
		{ "unpopulated=imc7", 0, "imc", 7, 1 },
		{ "s1.stuck=upi3.ctr1", 1, "upi", 3, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	/* Granite Rapids' mock (platform/mock/gnr/model.c): two dies a socket, each numbering
	 * its CHAs (MSR) and IMC channels (MMIO) from 0; the socket's instances run on across
	 * its dies (cha4-7 and imc4-7 are die 1's), B2CMIs (PCI) likewise. */
	{ "gnr", 2, {
		{ "s1.stuck=cha6.ctr0", 1, "cha", 6, 0 },
		{ "stuckbit=cha2.ctl1:8", 0, "cha", 2, 0 },
		{ "dead=cha5", 0, "cha", 5, 0 },
		{ "s1.dead=imc6", 1, "imc", 6, 0 },
		{ "nochannel=imc2", 0, "imc", 2, 0 },
		{ "s1.unpopulated=imc5", 1, "imc", 5, 1 },
		{ "skew=cha7:2.5", 0, "cha", 7, 0 },
		{ "stuck=upi1.ctr0", 0, "upi", 1, 0 },
		{ "dead=b2cmi3", 0, "b2cmi", 3, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
	/* Sierra Forest's mock: Granite Rapids' layout under its own CPUID and demand-read
	 * opcode; the faults gnr's row does not place. */
	{ "srf", 2, {
		{ "absent=cha4", 0, "cha", 4, 0 },
		{ "s1.nofreeze=imc7", 1, "imc", 7, 0 },
		{ "stuck=imc0.ctr0", 0, "imc", 0, 0 },
		{ NULL, 0, NULL, 0, 0 } } },
};

static const struct upm_verdict *same_key(const struct upm_verdicts *vs, const struct upm_verdict *v)
{
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *w = &vs->v[i];
		if (w->socket == v->socket && w->instance == v->instance && !strcmp(w->check, v->check) &&
		    ((!w->box && !v->box) || (w->box && v->box && !strcmp(w->box, v->box))))
			return w;
	}
	return NULL;
}

/* A verdict about the faulted box: that instance, or its type on that socket as a whole. */
static int about(const struct upm_verdict *v, const struct matrix_fault *mf)
{
	return v->socket == mf->socket && v->box && !strcmp(v->box, mf->box) &&
	       (v->instance < 0 || (unsigned)v->instance == mf->instance);
}

static int not_pass(enum upm_result r)
{
	return r == UPM_RESULT_WARN || r == UPM_RESULT_FAIL || r == UPM_RESULT_INCOMPLETE;
}

static void run_platform(const struct matrix_platform *mp)
{
	struct check_outcome clean, o;
	int ok = check_run(&clean, mp->platform, mp->sockets, NULL, 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0;
	const struct upm_verdicts base = clean.vs;
	if (clean.not_restored)
		upm_test_fail(__FILE__, __LINE__, "%s without faults: %u registers changed:\n%s",
			      mp->platform, clean.not_restored, clean.diff);
	if (!ok) {
		upm_verdicts_free(&clean.vs);
		return;
	}
	if (upm_verdicts_overall(&base) != UPM_RESULT_PASS)
		upm_test_fail(__FILE__, __LINE__, "%s: the fault-free check is %s", mp->platform,
			      upm_result_name(upm_verdicts_overall(&base)));
	for (const struct matrix_fault *mf = mp->faults; mf->term; mf++) {
		if (check_run(&o, mp->platform, mp->sockets, mf->term, 1, UPM_MOCK_CMP_SKIP_COUNTERS) == 0) {
			const struct upm_verdicts vs = o.vs;
			int named = 0;
			for (unsigned i = 0; i < vs.n; i++) {
				const struct upm_verdict *v = &vs.v[i];
				const struct upm_verdict *b = same_key(&base, v);
				int moved = !b || b->result != v->result;
				if (moved && about(v, mf)) {
					named |= (not_pass(v->result) || (mf->na && v->result == UPM_RESULT_NA)) &&
						 v->reason[0];
				} else if (moved) {
					upm_test_fail(__FILE__, __LINE__,
						      "%s %s: socket %u %s%d %s moved from %s to %s: %s",
						      mp->platform, mf->term, v->socket, v->box ? v->box : "-",
						      v->instance, v->check, b ? upm_result_name(b->result) : "(none)",
						      upm_result_name(v->result), v->reason);
				}
			}
			/* A verdict the faulted run lacks moved too; on the faulted box as well: a
			 * check it could not run is there, not run (junit.xml's cases stay). */
			for (unsigned i = 0; i < base.n; i++)
				if (!same_key(&vs, &base.v[i]))
					upm_test_fail(__FILE__, __LINE__, "%s %s: socket %u %s%d %s is gone",
						      mp->platform, mf->term, base.v[i].socket,
						      base.v[i].box ? base.v[i].box : "-", base.v[i].instance,
						      base.v[i].check);
			for (unsigned i = 0; i < vs.n; i++)
				if (!same_key(&base, &vs.v[i]))
					upm_test_fail(__FILE__, __LINE__, "%s %s: socket %u %s%d %s is new: %s",
						      mp->platform, mf->term, vs.v[i].socket,
						      vs.v[i].box ? vs.v[i].box : "-", vs.v[i].instance,
						      vs.v[i].check, vs.v[i].reason);
			/* One cause, one FAIL: a box whose presence FAILed is not failed again
			 * through its socket's totals (they say it was not counted). */
			const struct upm_verdict *pr = check_find(&vs, mf->socket, mf->box, (int)mf->instance, "presence");
			for (unsigned i = 0; pr && pr->result == UPM_RESULT_FAIL && i < vs.n; i++)
				if (about(&vs.v[i], mf) && vs.v[i].instance < 0 && vs.v[i].result == UPM_RESULT_FAIL)
					upm_test_fail(__FILE__, __LINE__, "%s %s: socket %u %s %s FAILs again: %s",
						      mp->platform, mf->term, mf->socket, mf->box, vs.v[i].check,
						      vs.v[i].reason);
			if (!named)
				upm_test_fail(__FILE__, __LINE__,
					      "%s %s: no verdict on socket %u %s%u says something is wrong",
					      mp->platform, mf->term, mf->socket, mf->box, mf->instance);
			if (o.not_restored)
				upm_test_fail(__FILE__, __LINE__, "%s %s: %u registers not restored:\n%s",
					      mp->platform, mf->term, o.not_restored, o.diff);
		}
		upm_verdicts_free(&o.vs);
	}
	upm_verdicts_free(&clean.vs);
}

TEST(fault_matrix_snbep)
{
	run_platform(&platforms[0]);
}

TEST(fault_matrix_ivbep)
{
	run_platform(&platforms[1]);
}

TEST(fault_matrix_skl)
{
	run_platform(&platforms[2]);
}

TEST(fault_matrix_nhmex)
{
	run_platform(&platforms[3]);
}

TEST(fault_matrix_wsmex)
{
	run_platform(&platforms[4]);
}

TEST(fault_matrix_spr)
{
	run_platform(&platforms[5]);
}

TEST(fault_matrix_emr)
{
	run_platform(&platforms[6]);
}

TEST(fault_matrix_gnr)
{
	run_platform(&platforms[7]);
}

TEST(fault_matrix_srf)
{
	run_platform(&platforms[8]);
}

/* Every platform with a check profile and a mock is in the matrix. */
TEST(fault_matrix_covers_every_checked_platform)
{
	char err[200];
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		struct upm_backend *b = upm_mock_create(p->name, 0, NULL, err, sizeof err);
		int listed = 0;
		for (unsigned k = 0; k < sizeof platforms / sizeof platforms[0]; k++)
			listed |= !strcmp(platforms[k].platform, p->name);
		if (p->check && b && !listed)
			upm_test_fail(__FILE__, __LINE__, "%s has a check and a mock but no matrix row", p->name);
		upm_backend_destroy(b);
	}
}
