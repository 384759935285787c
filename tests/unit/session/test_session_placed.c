/* The session engine on box instances placed at run time (upm_box_type.places), on a
 * backend of its own that answers one PCI function at a literal segment/bus/device/
 * function and logs every access: the IDs read before any write, the generic unit's five
 * steps at the place's offsets, a 64-bit control written high dword first, a 48-bit
 * counter read as two dwords, an MSR unit at its own MSR, the restore, and a unit in
 * extended configuration space refused without ECAM. */
#include "tests/unit/test.h"
#include "core/session/session.h"
#include "core/session/run_sessions.h"
#include "core/host/os_host.h"
#include "core/cli/last_screen.h"
#include <stdlib.h>

struct pb {
	struct upm_backend b;
	char log[16384];
	uint32_t cfg[1024]; /* the function's configuration space */
	int no_ecam;
};

static void say_access(struct pb *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say_access(struct pb *p, const char *fmt, ...)
{
	size_t len = strlen(p->log);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->log + len, sizeof p->log - len, fmt, ap);
	va_end(ap);
}

/* The one function: segment 1, bus 0x3a, device 2, function 1, an Intel 0x3241. */
static int ours(struct upm_pci_addr a)
{
	return a.seg == 1 && a.bus == 0x3a && a.dev == 2 && a.fn == 1;
}

static int pb_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t sub, struct upm_cpuid_regs *o)
{
	(void)b, (void)leaf, (void)sub;
	memset(o, 0, sizeof *o);
	return UPM_OK;
}
static int pb_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *v)
{
	say_access(b->ctx, "R msr 0x%x\n", msr);
	*v = 0;
	return UPM_OK;
}
static int pb_msr_write(struct upm_backend *b, uint32_t msr, uint64_t v)
{
	say_access(b->ctx, "W msr 0x%x 0x%llx\n", msr, (unsigned long long)v);
	return UPM_OK;
}
static int pb_pci_read(struct upm_backend *b, enum upm_pci_mech m, struct upm_pci_addr a, uint32_t *v)
{
	struct pb *p = b->ctx;
	if (m == UPM_PCI_CF8 && (a.off > 0xFF || a.seg))
		return UPM_ERANGE;
	*v = !ours(a) ? 0xFFFFFFFFu : a.off == 0 ? 0x32418086u : p->cfg[a.off / 4];
	if (ours(a))
		say_access(p, "R pci %04x:%02x:%02x.%u+0x%x\n", a.seg, a.bus, a.dev, a.fn, a.off);
	return UPM_OK;
}
static int pb_pci_write(struct upm_backend *b, enum upm_pci_mech m, struct upm_pci_addr a, uint32_t v)
{
	struct pb *p = b->ctx;
	if (m == UPM_PCI_CF8 && (a.off > 0xFF || a.seg))
		return UPM_ERANGE;
	say_access(p, "W pci %04x:%02x:%02x.%u+0x%x 0x%x\n", a.seg, a.bus, a.dev, a.fn, a.off, v);
	if (ours(a))
		p->cfg[a.off / 4] = v;
	return UPM_OK;
}
static int pb_mmio_read(struct upm_backend *b, uint64_t addr, uint32_t *v)
{
	say_access(b->ctx, "R mmio 0x%llx\n", (unsigned long long)addr);
	*v = 0;
	return UPM_OK;
}
static int pb_ecam(struct upm_backend *b, unsigned i, struct upm_ecam_window *w)
{
	struct pb *p = b->ctx;
	if (p->no_ecam || i > 0)
		return UPM_ENOTFOUND;
	w->base = 0xE0000000ull;
	w->seg = 1;
	w->bus_start = 0;
	w->bus_end = 0xFF;
	return UPM_OK;
}
static void pb_destroy(struct upm_backend *b)
{
	(void)b;
}

static const struct upm_backend_ops pb_ops = {
	.cpuid = pb_cpuid, .msr_read = pb_msr_read, .msr_write = pb_msr_write, .pci_read32 = pb_pci_read,
	.pci_write32 = pb_pci_write, .mmio_read32 = pb_mmio_read, .ecam_window = pb_ecam, .destroy = pb_destroy,
};

#define GENERIC_CTL .ev_sel = UPM_FIELD(0, 8), .umask = UPM_FIELD(8, 8), .edge = UPM_BIT(18), \
	.invert = UPM_BIT(23), .thresh = UPM_FIELD(24, 8)
#define GENERIC_BOX { .frz = UPM_BIT(0), .rst_ctrl = UPM_BIT(8), .rst_ctrs = UPM_BIT(9) }

/* Instance 0 at 0001:3a:02.1, unit control at 0x318 (a UPI link's place). */
static const struct upm_unit_place link_places[2] = {
	{ .present = 1, .pci = { 1, 0x3a, 2, 1, 0x318 }, .device_id = 0x3241 },
	{ .present = 1, .pci = { 1, 0x3a, 3, 1, 0x318 }, .device_id = 0x3241 }, /* answers nothing */
};
static const struct upm_box_type link_type = {
	.name = "lnk", .title = "placed PCI unit", .space = UPM_SPACE_PCI, .max_instances = 2, .placed = 1,
	.box_ctl = 0, .n_ctrs = 4, .ctr_width = 48, .ctl_width = 64,
	.ctl = { 0x38, 0x40, 0x48, 0x50 }, .ctr = { 0x08, 0x10, 0x18, 0x20 },
	.fixed_ctl = UPM_NO_REG, .fixed_ctr = UPM_NO_REG,
	.ctl_layout = { GENERIC_CTL }, .box_ctl_layout = GENERIC_BOX,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.places = link_places, .places_sockets = 1,
};
/* An MSR unit whose control is MSR 0x2000 (CHA0). */
static const struct upm_unit_place cha_places[1] = { { .present = 1, .addr = 0x2000 } };
static const struct upm_box_type cha_type = {
	.name = "chb", .title = "placed MSR unit", .space = UPM_SPACE_MSR, .max_instances = 1, .placed = 1,
	.box_ctl = 0, .n_ctrs = 4, .ctr_width = 48, .ctl_width = 64,
	.ctl = { 2, 3, 4, 5 }, .ctr = { 8, 9, 10, 11 },
	.fixed_ctl = UPM_NO_REG, .fixed_ctr = UPM_NO_REG,
	.ctl_layout = { GENERIC_CTL }, .box_ctl_layout = GENERIC_BOX,
	.session = UPM_SESS_BOX_FREEZE | UPM_SESS_RESET_BIT,
	.places = cha_places, .places_sockets = 1,
};
static const struct upm_box_type *const placed_boxes[] = { &link_type, &cha_type };
static const struct upm_platform placed_platform = {
	.name = "placedtest", .title = "placed units", .boxes = placed_boxes, .n_boxes = 2,
};

struct placed_run {
	struct pb pb;
	struct upm_run run;
	struct upm_run_sessions sessions;
	struct upm_session s;
};

static void start(struct placed_run *t, int no_ecam)
{
	memset(t, 0, sizeof *t);
	t->pb.b.name = "placedtest";
	t->pb.b.ops = &pb_ops;
	t->pb.b.ctx = &t->pb;
	t->pb.no_ecam = no_ecam;
	upm_host_simulate(1, 1);
	t->run.sessions = &t->sessions;
	t->run.backend = &t->pb.b;
	t->run.platform = &placed_platform;
	t->run.out_dir = "/nonexistent";
	t->run.n_sockets = 1;
	upm_os_topology(&t->run.topo);
	upm_buf_init(&t->run.log);
}

static void finish(struct placed_run *t)
{
	upm_session_free(&t->s);
	upm_buf_free(&t->run.log);
	upm_last_screen_free(&t->run);
	upm_host_simulate(2, 2);
}

static uint64_t no_wait(struct upm_session *s, unsigned pass, void *ctx)
{
	(void)s, (void)pass, (void)ctx;
	return 1000000;
}

static long at(const char *log, const char *line)
{
	const char *p = strstr(log, line);
	return p ? (long)(p - log) : -1;
}

/* The first such line past position from (-1 when from is -1 or there is none). */
static long after(const char *log, long from, const char *line)
{
	if (from < 0)
		return -1;
	const char *p = strstr(log + from, line);
	return p ? (long)(p - log) : -1;
}

TEST(session_placed_pci_function_at_its_place)
{
	struct placed_run t;
	start(&t, 0);
	CHECK_EQ(upm_session_prepare(&t.s, &t.run, "lnk0/event=0x1,umask=0x2/"), 0);
	t.pb.log[0] = 0;
	CHECK_EQ(upm_session_run(&t.s, no_wait, NULL), 0);
	const char *log = t.pb.log;
	/* Every write at the place: the unit control, counter control 0 high dword first, the
	 * reset, the unfreeze, then the restore. */
	long frz = at(log, "W pci 0001:3a:02.1+0x318 0x1\n");
	long hi = at(log, "W pci 0001:3a:02.1+0x354 0x0\n");
	long lo = at(log, "W pci 0001:3a:02.1+0x350 0x201\n");
	long rst = at(log, "W pci 0001:3a:02.1+0x318 0x201\n");
	long ctr_lo = after(log, rst, "R pci 0001:3a:02.1+0x320\n");
	long ctr_hi = after(log, ctr_lo, "R pci 0001:3a:02.1+0x324\n");
	CHECK(frz >= 0 && hi > frz && lo > hi && rst > lo);
	CHECK(ctr_lo > rst && ctr_hi > ctr_lo);
	/* No enable step: the generic control has no enable bit, its first write is the event. */
	CHECK_EQ(after(log, frz, "W pci 0001:3a:02.1+0x350 "), lo);
	CHECK(strstr(log, "W pci 0001:3a:02.1+0x318 0x0\n") != NULL); /* unfrozen */
	/* The restore: the control back to what was read (0), high dword first again. */
	long back_hi = after(log, ctr_hi, "W pci 0001:3a:02.1+0x354 0x0\n");
	CHECK(back_hi > 0 && after(log, back_hi, "W pci 0001:3a:02.1+0x350 0x0\n") > back_hi);
	CHECK(strstr(log, "0001:3a:03.1") == NULL); /* instance 1 was not asked for */
	CHECK_EQ(t.s.restore_failures, 0);
	CHECK_EQ(t.s.n_counts, 1);
	CHECK_EQ(t.s.counts[0].status, UPM_OK);
	/* The IDs were read when the session was prepared, before the log began: the function
	 * is an Intel 0x3241, so its box is in use. */
	CHECK_EQ(t.s.boxes[0].state, UPM_BOX_OK);
	finish(&t);
}

TEST(session_placed_ids_read_before_any_write)
{
	struct placed_run t;
	start(&t, 0);
	CHECK_EQ(upm_session_prepare(&t.s, &t.run, "lnk/event=0x1/"), 0);
	const char *log = t.pb.log;
	CHECK_EQ(at(log, "R pci 0001:3a:02.1+0x0\n") >= 0, 1);
	CHECK(strstr(log, "W ") == NULL);
	/* Instance 1's function answers nothing: absent, never written. */
	CHECK_EQ(t.s.n_boxes, 2);
	CHECK_EQ(t.s.boxes[1].state, UPM_BOX_ABSENT);
	CHECK_CONTAINS(t.s.boxes[1].why, "0001:3a:03.1 does not answer");
	CHECK_CONTAINS(t.s.boxes[1].why, "expected 8086:3241");
	t.pb.log[0] = 0;
	upm_session_run(&t.s, no_wait, NULL);
	CHECK(strstr(t.pb.log, "0001:3a:03.1+0x3") == NULL);
	finish(&t);
}

TEST(session_placed_msr_unit_at_its_msr)
{
	struct placed_run t;
	start(&t, 0);
	CHECK_EQ(upm_session_prepare(&t.s, &t.run, "chb0/event=0x1/"), 0);
	t.pb.log[0] = 0;
	CHECK_EQ(upm_session_run(&t.s, no_wait, NULL), 0);
	const char *log = t.pb.log;
	long frz = at(log, "W msr 0x2000 0x1\n"), ctl = after(log, frz, "W msr 0x2002 0x1\n"),
	     rst = after(log, ctl, "W msr 0x2000 0x201\n"), rd = after(log, rst, "R msr 0x2008\n");
	CHECK(frz >= 0 && ctl > frz && rst > ctl && rd > rst);
	CHECK_EQ(after(log, frz, "W msr 0x2002 "), ctl);
	finish(&t);
}

TEST(session_placed_extended_config_needs_ecam)
{
	struct placed_run t;
	start(&t, 1);
	CHECK_EQ(upm_session_prepare(&t.s, &t.run, "lnk0/event=0x1/"), 0);
	CHECK_EQ(t.s.boxes[0].state, UPM_BOX_ABSENT);
	CHECK_CONTAINS(t.s.boxes[0].why, "reachable only through ECAM");
	t.pb.log[0] = 0;
	upm_session_run(&t.s, no_wait, NULL);
	CHECK(strstr(t.pb.log, "W ") == NULL);
	finish(&t);
}
