/* Fault terms applied at once (syntax in mock.h): one term of a mock fault spec, on the
 * register file (gp, gpr, gpw, absent, ones), the machine (noecam, badecam, interleave,
 * segment), the late faults (faults_late.c) or, last, the model's own (its apply_fault). */
#include "platform/mock/mock.h"
#include "platform/pci.h"
#include "platform/base/str.h"
#include "platform/base/suggest.h"

/* sN.segment=1: socket N's functions move to segment 1, which only a second MCFG entry
 * reaches; segment 0's entry shrinks to the lower half of the buses, as on machines that
 * split the bus space between segments. */
static int place_on_segment(struct upm_mock *m, unsigned socket, const char *value)
{
	if (upm_strcmp(value, "1") != 0 || m->n_ecam == 0 || socket == 0) {
		upm_snprintf(m->error, sizeof m->error,
			     "mock fault: segment=%s on socket %u: only sN.segment=1 for a socket other "
			     "than 0 on a model with an ECAM window (e.g. s1.segment=1)",
			     value, socket);
		return -1;
	}
	m->sockets[socket].seg = 1;
	m->ecam[0].bus_end = 0x7F;
	m->ecam[1] = (struct upm_ecam_window){ m->ecam[0].base + (256ull << 20), 1, 0, 0xFF };
	m->n_ecam = 2;
	return 0;
}

static int fault_msr(struct upm_mock *m, unsigned socket, const char *value, unsigned flags)
{
	uint64_t msr;
	if (upm_parse_u64(value, &msr) < 0 || msr > 0xFFFFFFFFu) {
		upm_snprintf(m->error, sizeof m->error, "mock fault: '%s' is not an MSR number", value);
		return -1;
	}
	struct upm_mock_reg *r = upm_mock_msr(m, socket, (uint32_t)msr);
	if (!r) { /* unknown MSRs fault already; make the fault explicit anyway */
		r = upm_mock_add_msr(m, socket, (uint32_t)msr, 0, 0);
		if (!r)
			return -1;
		upm_mock_seal(m);
	}
	r->flags |= flags;
	return 0;
}

static int fault_pci(struct upm_mock *m, const char *value, int all_ones)
{
	struct upm_pci_addr a;
	if (upm_pci_parse(value, &a) < 0) {
		upm_snprintf(m->error, sizeof m->error,
			     "mock fault: '%s' is not a PCI address (use BB:DD.F)", value);
		return -1;
	}
	struct upm_mock_pci_dev *d = upm_mock_pci_dev(m, a.bus, a.dev, a.fn, NULL);
	if (!d) {
		upm_snprintf(m->error, sizeof m->error, "mock fault: no mocked device at %s", value);
		return -1;
	}
	if (all_ones)
		d->all_ones = 1;
	else
		d->absent = 1;
	return 0;
}

/* Every fault NAME a term may start with (syntax in mock.h). */
static const char *const fault_names[] = {
	"gp", "gpr", "gpw", "absent", "ones", "onesat", "noecam", "badecam", "interleave", "segment", "cores",
	"stuck", "stuckbit", "dead", "nofreeze", "locked", "nochannel", "unpopulated", "skew", "linkrate",
};

/* "unknown fault 'stuk' (closest: stuck; known: gp ...)": a misspelling gets its fix. */
static void unknown_fault(struct upm_mock *m, const char *key)
{
	struct upm_suggest s;
	char near[80], known[200];
	size_t len = 0;
	upm_suggest_init(&s, key);
	known[0] = 0;
	for (unsigned i = 0; i < UPM_ARRAY_LEN(fault_names); i++) {
		upm_suggest_add(&s, fault_names[i]);
		int n = upm_snprintf(known + len, sizeof known - len, "%s%s", i ? " " : "", fault_names[i]);
		if (n > 0 && (size_t)n < sizeof known - len)
			len += (size_t)n;
	}
	upm_suggest_text(&s, near, sizeof near);
	upm_snprintf(m->error, sizeof m->error,
		     "mock fault: unknown fault '%s' (%s%sknown: %s): use one of those (see 'upmon help')", key,
		     near, near[0] ? "; " : "", known);
}

int upm_mock_apply_fault(struct upm_mock *m, const char *term)
{
	const char *full = term;
	unsigned socket = 0;
	char key[32];
	const char *eq;

	if (term[0] == 's' && term[1] >= '0' && term[1] <= '9' && term[2] == '.') {
		socket = (unsigned)(term[1] - '0');
		term += 3;
		if (socket >= m->n_sockets) {
			upm_snprintf(m->error, sizeof m->error,
				     "mock fault: socket %u does not exist (the mock has %u)", socket,
				     m->n_sockets);
			return -1;
		}
	}
	if (upm_strcmp(term, "noecam") == 0) {
		m->n_ecam = 0;
		return 0;
	}
	if (upm_strcmp(term, "badecam") == 0) {
		m->ecam_misplaced = 1;
		return 0;
	}
	if (upm_strcmp(term, "interleave") == 0) {
		m->interleave = 1;
		m->backend.memory_follows_plan = 0;
		return 0;
	}
	eq = upm_strchr(term, '=');
	/* A word alone that is no fault ("noecma"): a misspelling, answered with the closest
	 * fault and every fault, as a misspelt NAME= is; a fault's name alone needs its value. */
	if (!eq && upm_strlen(term) < sizeof key) {
		for (unsigned i = 0; i < UPM_ARRAY_LEN(fault_names); i++)
			if (upm_strcmp(term, fault_names[i]) == 0) {
				upm_snprintf(m->error, sizeof m->error,
					     "mock fault: %s needs a value: write %s=VALUE (see 'upmon help')", term, term);
				return -1;
			}
		unknown_fault(m, term);
		return -1;
	}
	if (!eq || eq == term || (size_t)(eq - term) >= sizeof key || !eq[1]) {
		upm_snprintf(m->error, sizeof m->error,
			     "mock fault: '%s' is not NAME=VALUE (see 'upmon help')", term);
		return -1;
	}
	upm_memcpy(key, term, (size_t)(eq - term));
	key[eq - term] = 0;
	const char *value = eq + 1;

	int late = upm_mock_apply_late_fault(m, socket, key, value); /* gp..=MSR@N, onesat= */
	if (late)
		return late < 0 ? -1 : 0;
	if (upm_strcmp(key, "gp") == 0)
		return fault_msr(m, socket, value, UPM_MOCK_FAULT_READ | UPM_MOCK_FAULT_WRITE);
	if (upm_strcmp(key, "gpr") == 0)
		return fault_msr(m, socket, value, UPM_MOCK_FAULT_READ);
	if (upm_strcmp(key, "gpw") == 0)
		return fault_msr(m, socket, value, UPM_MOCK_FAULT_WRITE);
	/* absent= names a PCI function (BB:DD.F) or, without a colon, a box. */
	if (upm_strcmp(key, "absent") == 0 && upm_strchr(value, ':'))
		return fault_pci(m, value, 0);
	if (upm_strcmp(key, "ones") == 0)
		return fault_pci(m, value, 1);
	if (upm_strcmp(key, "segment") == 0)
		return place_on_segment(m, socket, value);
	if (m->model_ops && m->model_ops->apply_fault) {
		int rc = m->model_ops->apply_fault(m, socket, full, key, value);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	unknown_fault(m, key);
	return -1;
}
