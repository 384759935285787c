/* link.rate: each interconnect port's rate status register (struct upm_link_rate, the
 * platform's data), read once per socket and port. Reads only, each after the function
 * answered with the vendor and device ID the table expects. */
#include "core/check/check.h"
#include "core/cli/config.h"
#include "core/session/discover.h"
#include "platform/pci.h"
#include "boxes/platform.h"

#define CHECK_NAME "link.rate"

/* "8.0" from 8000 MT/s (every documented rate is a multiple of 100 MT/s). */
static void gts(char *buf, size_t n, unsigned mts)
{
	upm_snprintf(buf, n, "%u.%u", mts / 1000, mts % 1000 / 100);
}

static const struct upm_link_rate_code *decode(const struct upm_link_rate *lr, unsigned field)
{
	for (unsigned i = 0; i < lr->n_codes; i++)
		if (lr->codes[i].value == field)
			return &lr->codes[i];
	return NULL;
}

/* "2-7 (5.6-9.6 GT/s)": the documented values, for a reserved one's verdict. */
static void documented(const struct upm_link_rate *lr, char *buf, size_t n)
{
	unsigned lo = 0, hi = 0, slow = 0, fast = 0;
	for (unsigned i = 0; i < lr->n_codes; i++) {
		const struct upm_link_rate_code *c = &lr->codes[i];
		if (!i || c->value < lo)
			lo = c->value;
		if (!i || c->value > hi)
			hi = c->value;
		if (!i || c->mts < slow)
			slow = c->mts;
		if (!i || c->mts > fast)
			fast = c->mts;
	}
	char a[16], b[16];
	gts(a, sizeof a, slow);
	gts(b, sizeof b, fast);
	upm_snprintf(buf, n, "%u-%u, %s-%s GT/s", lo, hi, a, b);
}

/* The port's box instance that owns the register's function (the first port with that
 * function: an Ivy Bridge-EP port 1 reads port 0's), when its presence FAILed: a register
 * that reads all ones (dead) or a reserved rate (locked: 0) there is that box's finding,
 * not a second one. -1 otherwise. */
static int owner_failed(const struct upm_link_rate *lr, const struct upm_verdicts *vs, unsigned sock,
			unsigned port)
{
	const struct upm_pci_fn *fn = &lr->ports[port].fn;
	unsigned owner = port;
	for (unsigned j = 0; j < port; j++)
		if (lr->ports[j].fn.dev == fn->dev && lr->ports[j].fn.fn == fn->fn) {
			owner = j;
			break;
		}
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		if (v->socket == sock && v->instance == (int)owner && v->result == UPM_RESULT_FAIL &&
		    upm_strcmp(v->box, lr->box) == 0 && upm_strcmp(v->check, "presence") == 0)
			return (int)owner;
	}
	return -1;
}

static void judge_port(struct upm_run *r, const struct upm_link_rate *lr, struct upm_verdicts *vs,
		       unsigned sock, uint16_t seg, uint8_t bus, unsigned port, double lo,
		       double hi)
{
	const struct upm_link_rate_port *p = &lr->ports[port];
	char at[16], reg[32];
	upm_pci_format_fn(at, sizeof at, seg, bus, p->fn.dev, p->fn.fn);
	upm_snprintf(reg, sizeof reg, "%s+0x%x", at, lr->offset);
	uint32_t ids;
	switch (upm_pci_check(r, seg, bus, &p->fn, &ids)) {
	case UPM_PCI_FOUND:
		break;
	case UPM_PCI_MISSING:
		upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_WARN,
				"%s (%04x) does not answer, absent or hidden by the firmware: rate not read",
				at, p->fn.device_id);
		return;
	case UPM_PCI_MISMATCH:
		upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_WARN,
				"%s is %04x:%04x, not 8086:%04x: rate not read", at, ids & 0xFFFF, ids >> 16,
				p->fn.device_id);
		return;
	}
	struct upm_pci_addr a = { seg, bus, p->fn.dev, p->fn.fn, lr->offset };
	uint32_t v = UPM_PCI_ABSENT;
	int rc = upm_pci_read32(r->backend, a, &v);
	if (rc != UPM_OK) {
		upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_FAIL, "reading %s failed: %s",
				reg, upm_status_name(rc));
		return;
	}
	if (v == UPM_PCI_ABSENT) {
		int owner = owner_failed(lr, vs, sock, port);
		if (owner >= 0)
			upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_NA,
					"not judged: %s reads all ones, as the port's box does (see %s%d presence)",
					reg, lr->box, owner);
		else
			upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_FAIL,
					"%s reads all ones while the function answers: no rate status", reg);
		return;
	}
	unsigned field = (unsigned)upm_field_get(lr->rate, v);
	const struct upm_link_rate_code *c = decode(lr, field);
	const char *shared = p->shared ? p->shared : "";
	if (!c) {
		int owner = owner_failed(lr, vs, sock, port);
		if (owner >= 0) { /* a locked port's box reads 0 there too */
			upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_NA,
					"not judged: %s = 0x%x, rate field %u is reserved, read from the port's "
					"box (see %s%d presence)", reg, v, field, lr->box, owner);
			return;
		}
		char doc[48];
		documented(lr, doc, sizeof doc);
		upm_verdict_evidence(upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_FAIL,
						     "%s = 0x%x: rate field %u is reserved, not a documented speed (%s)",
						     reg, v, field, doc),
				     "link rate status", reg, v);
		return;
	}
	char rate[16], l[32], h[32];
	gts(rate, sizeof rate, c->mts);
	if (upm_field_get(lr->slow, v)) {
		upm_verdict_evidence(upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_WARN,
						     "%s = 0x%x: slow mode is set, the link still runs at its "
						     "initialisation speed, not %s GT/s", reg, v, rate),
				     "link rate status", reg, v);
		return;
	}
	double g = c->mts / 1000.0;
	int within = g >= lo - 1e-9 && g <= hi + 1e-9;
	upm_format_double(l, sizeof l, lo, 1);
	upm_format_double(h, sizeof h, hi, 1);
	struct upm_verdict *vd = upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME,
						 within ? UPM_RESULT_PASS : UPM_RESULT_FAIL,
						 "%s GT/s (%s = 0x%x)%s; expected %s-%s GT/s%s%s", rate, reg, v,
						 within ? "" : ", outside the range", l, h, *shared ? "; " : "", shared);
	upm_verdict_range(vd, g, lo, hi, "GT/s");
	upm_verdict_evidence(vd, "link rate status", reg, v);
}

void upm_check_link_rate(struct upm_run *r, struct upm_verdicts *vs)
{
	const struct upm_check_profile *p = r->platform ? r->platform->check : NULL;
	const struct upm_link_rate *lr = p ? p->link_rate : NULL;
	if (!lr || !r->platform->bus_map)
		return;
	if (upm_backend_counts_by_pmu(r->backend)) { /* a register read, which perf is not */
		for (unsigned sock = 0; sock < r->n_sockets && sock < UPM_MAX_SOCKETS; sock++)
			upm_verdict_add(vs, sock, lr->box, -1, "link.rate", UPM_RESULT_NA,
					"not run: it reads each port's rate status register, and --backend perf "
					"touches no register");
		return;
	}
	double lo = upm_config_tolerance(r, "link_rate_min_gts", lr->min_gts);
	double hi = upm_config_tolerance(r, "link_rate_max_gts", lr->max_gts);
	struct upm_socket_bus buses[UPM_MAX_SOCKETS];
	upm_discover_buses(r, buses);
	for (unsigned sock = 0; sock < r->n_sockets && sock < UPM_MAX_SOCKETS; sock++)
		for (unsigned port = 0; port < lr->n_ports; port++) {
			if (!buses[sock].found)
				upm_verdict_add(vs, sock, lr->box, (int)port, CHECK_NAME, UPM_RESULT_WARN,
						"socket %u's uncore bus was not found: rate not read", sock);
			else
				judge_port(r, lr, vs, sock, buses[sock].seg, buses[sock].bus, port, lo, hi);
		}
}
