/* The run's discovery step (core/session/disc_run.h) on hand-built tables: each record a
 * table skipped and the broken UPI entry are one warning each, findings of the run naming
 * the entry; the run's platform is the one built, and the registered one again at the
 * end; with no table, one warning says why and every box a spec names is absent with
 * that reason, never counted. */
#include "tests/unit/test.h"
#include "core/session/disc_run.h"
#include "core/session/session.h"
#include "core/session/run_sessions.h"
#include "core/cli/last_screen.h"
#include "core/host/os_host.h"
#include <stdlib.h>

extern const struct upm_platform upm_platform_spr;

/* A machine with nothing on its buses and no ECAM window. */
static int empty_pci(struct upm_backend *b, enum upm_pci_mech m, struct upm_pci_addr a, uint32_t *v)
{
	(void)b, (void)m, (void)a;
	*v = 0xFFFFFFFFu;
	return UPM_OK;
}
static int no_ecam(struct upm_backend *b, unsigned i, struct upm_ecam_window *w)
{
	(void)b, (void)i, (void)w;
	return UPM_ENOTFOUND;
}
/* Its MSRs read 0 and every access is logged ("W msr 0x2000 0x1"). */
static char msr_log[16384];
static int log_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *v)
{
	(void)b;
	size_t n = strlen(msr_log);
	snprintf(msr_log + n, sizeof msr_log - n, "R msr 0x%x\n", msr);
	*v = 0;
	return UPM_OK;
}
static int log_msr_write(struct upm_backend *b, uint32_t msr, uint64_t v)
{
	(void)b;
	size_t n = strlen(msr_log);
	snprintf(msr_log + n, sizeof msr_log - n, "W msr 0x%x 0x%llx\n", msr, (unsigned long long)v);
	return UPM_OK;
}
static const struct upm_backend_ops empty_ops = { .pci_read32 = empty_pci, .ecam_window = no_ecam,
						  .msr_read = log_msr_read, .msr_write = log_msr_write };

struct disc_run {
	struct upm_backend b;
	struct upm_run run;
	struct upm_run_sessions sessions;
};

static void start(struct disc_run *t)
{
	memset(t, 0, sizeof *t);
	upm_host_simulate(1, 1);
	t->b.name = "empty";
	t->b.ops = &empty_ops;
	t->run.backend = &t->b;
	t->run.sessions = &t->sessions;
	t->run.platform = &upm_platform_spr;
	t->run.n_sockets = 1;
	t->run.out_dir = "/nonexistent";
	upm_os_topology(&t->run.topo);
	upm_buf_init(&t->run.log);
	t->run.last.capture = 1;
}

static void finish(struct disc_run *t)
{
	upm_disc_run_end(&t->run, &upm_platform_spr);
	upm_buf_free(&t->run.log);
	upm_last_screen_free(&t->run);
	upm_host_simulate(2, 2);
}

static unsigned occurrences(const char *hay, const char *needle)
{
	unsigned n = 0;
	for (const char *p = hay ? strstr(hay, needle) : NULL; p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void unit(struct upm_disc_table *t, uint16_t type, uint16_t id, uint8_t access, uint64_t ctl,
		 struct upm_pci_addr pci)
{
	struct upm_disc_unit *u = &t->units[t->n_units];
	memset(u, 0, sizeof *u);
	u->record = t->n_units++;
	u->box_type = type;
	u->box_id = id;
	u->access = access;
	u->ctl_addr = ctl;
	u->n_ctrs = 4;
	u->ctr_width = 48;
	u->ctl_offset = access == UPM_DISC_ACCESS_MSR ? 2 : 0x38;
	u->ctr_offset = 8;
	u->pci = pci;
}

TEST(disc_run_each_skipped_record_is_one_finding)
{
	struct disc_run t;
	start(&t);
	struct upm_disc_table *tb = calloc(1, sizeof *tb);
	struct upm_disc_set set = { .n_tables = 1 };
	set.tables[0] = tb;
	tb->global.access = UPM_DISC_ACCESS_MSR;
	tb->global.ctl_addr = 0x2FF0;
	struct upm_pci_addr none = { 0 };
	unit(tb, 0, 0, UPM_DISC_ACCESS_MSR, 0x2000, none);
	for (unsigned i = 0; i < 4; i++) {
		struct upm_pci_addr a = { 0, 0x3a, (uint8_t)(i == 2 ? 0x1f : 1 + i), 1, 0x318 };
		unit(tb, 8, (uint16_t)i, UPM_DISC_ACCESS_PCI, 0, a);
	}
	tb->findings[0].why = UPM_DISC_SKIP_ALL_ONES;
	tb->findings[0].record = 7;
	strcpy(tb->findings[0].line, "record 7: every word all ones: skipped");
	tb->n_findings = 1;
	upm_disc_take(&t.run, &set);
	CHECK(t.run.platform != &upm_platform_spr);
	CHECK(upm_platform_box(t.run.platform, "cha") && upm_platform_box(t.run.platform, "upi"));
	CHECK_EQ(occurrences(t.run.log.data, "upmon: warning: uncore discovery: socket 0 table 0: record 7: every word all "
					      "ones: skipped\n"), 1);
	CHECK_EQ(occurrences(t.run.log.data, "(upi2): unit control 0000:3a:1f.1+0x318 is not link 2's function"), 1);
	CHECK_EQ(occurrences(t.run.log.data, "upmon: warning:"), 2);
	CHECK_EQ(t.run.last.n[UPM_LAST_WARN], 2);
	finish(&t);
	CHECK(t.run.platform == &upm_platform_spr);
	free(tb);
}

TEST(disc_run_no_table_leaves_every_box_absent)
{
	struct disc_run t;
	start(&t);
	struct upm_disc_set set = { 0 };
	strcpy(set.stopped, "no ECAM window: the PMON DVSEC is in extended configuration space");
	upm_disc_take(&t.run, &set);
	CHECK(t.run.platform == &upm_platform_spr);
	CHECK_EQ(occurrences(t.run.log.data, "upmon: warning: uncore discovery: no uncore discovery table: no ECAM window"), 1);
	/* A session then has no count to give: cha0 is absent, saying why. */
	struct upm_session s;
	CHECK_EQ(upm_session_prepare(&s, &t.run, "cha/CLOCKTICKS/"), 0);
	CHECK_EQ(s.n_boxes, 1);
	if (s.n_boxes) {
		CHECK_EQ(s.boxes[0].state, UPM_BOX_ABSENT);
		CHECK_CONTAINS(s.boxes[0].why, "no uncore discovery table placed cha: no uncore discovery table: no ECAM");
	}
	upm_session_free(&s);
	finish(&t);
}

static uint64_t no_wait(struct upm_session *s, unsigned pass, void *ctx)
{
	(void)s, (void)pass, (void)ctx;
	return 1000000;
}

/* Table to session: CHA 0's record (unit control 0x2000, control 0 at +2, counter 0 at
 * +8) programs 0x2000, 0x2002 and reads 0x2008, inside the table's global freeze
 * (MSR 0x2FF0, bit 0), and puts the global control back as found. */
TEST(disc_run_cha0_from_its_record_to_the_session)
{
	struct disc_run t;
	start(&t);
	struct upm_disc_table *tb = calloc(1, sizeof *tb);
	struct upm_disc_set set = { .n_tables = 1 };
	set.tables[0] = tb;
	tb->global.access = UPM_DISC_ACCESS_MSR;
	tb->global.ctl_addr = 0x2FF0;
	struct upm_pci_addr none = { 0 };
	unit(tb, 0, 0, UPM_DISC_ACCESS_MSR, 0x2000, none);
	unit(tb, 0, 1, UPM_DISC_ACCESS_MSR, 0x2010, none);
	upm_disc_take(&t.run, &set);
	struct upm_session s;
	CHECK_EQ(upm_session_prepare(&s, &t.run, "cha0/CLOCKTICKS/"), 0);
	msr_log[0] = 0;
	CHECK_EQ(upm_session_run(&s, no_wait, NULL), 0);
	const char *g_frz = strstr(msr_log, "W msr 0x2ff0 0x1\n"), *frz = strstr(msr_log, "W msr 0x2000 0x1\n");
	const char *ctl = frz ? strstr(frz, "W msr 0x2002 ") : NULL;
	const char *rst = ctl ? strstr(ctl, "W msr 0x2000 0x201\n") : NULL;
	const char *go = rst ? strstr(rst, "W msr 0x2ff0 0x0\n") : NULL;
	const char *rd = go ? strstr(go, "R msr 0x2008\n") : NULL;
	CHECK(g_frz && frz && g_frz < frz);
	CHECK(ctl && strncmp(ctl, "W msr 0x2002 0x1\n", 17) == 0); /* CLOCKTICKS: event 0x01, no enable bit */
	CHECK(rst && go && rd);
	CHECK(strstr(msr_log, "0x2010") == NULL); /* cha1 was not asked for */
	CHECK_EQ(s.n_counts, 1);
	CHECK_EQ(s.counts[0].status, UPM_OK);
	CHECK_EQ(s.restore_failures, 0);
	upm_session_free(&s);
	finish(&t);
	free(tb);
}
