/* Faults that strike mid-run (platform/mock/mock.h): an MSR that starts to fault after
 * N accesses or at the measured interval, and a PCI function that leaves the bus. */
#include "platform/mock/mock.h"
#include "platform/pci.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

void upm_mock_arm_msr(struct upm_mock *m, struct upm_mock_reg *r, unsigned kind)
{
	if (m->stall_ms && !m->stall_done && r->socket == (unsigned)m->stall_socket) {
		m->stall_done = 1; /* once: the processor is reset after a timeout */
		uint64_t end = upm_os_nanoseconds() + (uint64_t)m->stall_ms * 1000000u;
		while (upm_os_nanoseconds() < end)
			__asm__ volatile("pause");
	}
	if (!r->pending_flags)
		return;
	if (r->pending_flags & kind)
		r->arm_count++;
	if (r->arm_at_run ? m->activity_seen : r->arm_count > r->arm_after) {
		r->flags |= r->pending_flags;
		r->pending_flags = 0;
	}
}

void upm_mock_arm_pci(struct upm_mock *m, struct upm_mock_pci_dev *d)
{
	if (!d->ones_armed || d->absent)
		return;
	d->accesses++;
	if (d->ones_at_run ? m->activity_seen : d->accesses > d->ones_after)
		d->absent = 1;
}

/* "VALUE@N" or "VALUE@run" -> what (copied), *after, *at_run; a bare VALUE sets
 * *at_run to dflt_run. 0, or -1 with m->error. */
static int split_when(struct upm_mock *m, const char *value, char *what, size_t size, unsigned *after,
		      uint8_t *at_run, int dflt_run)
{
	const char *at = upm_strchr(value, '@');
	size_t n = at ? (size_t)(at - value) : upm_strlen(value);
	*after = 0;
	*at_run = (uint8_t)dflt_run;
	if (n == 0 || n >= size) {
		upm_snprintf(m->error, sizeof m->error, "mock fault: '%.40s' names nothing before '@'", value);
		return -1;
	}
	upm_memcpy(what, value, n);
	what[n] = 0;
	if (!at)
		return 0;
	uint64_t v;
	if (upm_strcmp(at + 1, "run") == 0) {
		*at_run = 1;
	} else if (upm_parse_u64(at + 1, &v) == 0 && v <= 1000000) {
		*at_run = 0;
		*after = (unsigned)v;
	} else {
		upm_snprintf(m->error, sizeof m->error,
			     "mock fault: '%.40s': after '@' give a count of accesses (0-1000000) or 'run'",
			     value);
		return -1;
	}
	return 0;
}

static int late_msr(struct upm_mock *m, unsigned socket, const char *value, unsigned flags)
{
	char what[32];
	unsigned after;
	uint8_t at_run;
	uint64_t msr;
	if (split_when(m, value, what, sizeof what, &after, &at_run, 0) < 0)
		return -1;
	if (upm_parse_u64(what, &msr) < 0 || msr > 0xFFFFFFFFu) {
		upm_snprintf(m->error, sizeof m->error, "mock fault: '%s' is not an MSR number", what);
		return -1;
	}
	struct upm_mock_reg *r = upm_mock_msr(m, socket, (uint32_t)msr);
	if (!r) {
		upm_snprintf(m->error, sizeof m->error,
			     "mock fault: MSR %s is not mocked on socket %u (it faults always)", what, socket);
		return -1;
	}
	r->pending_flags |= flags;
	r->arm_after = after;
	r->arm_at_run = at_run;
	r->arm_count = 0;
	return 1;
}

static int late_pci(struct upm_mock *m, const char *value)
{
	char what[32];
	unsigned after;
	uint8_t at_run;
	struct upm_pci_addr a;
	if (split_when(m, value, what, sizeof what, &after, &at_run, 1) < 0)
		return -1;
	if (upm_pci_parse(what, &a) < 0 || a.seg || a.off) {
		upm_snprintf(m->error, sizeof m->error,
			     "mock fault: '%s' is not a PCI function (use BB:DD.F)", what);
		return -1;
	}
	struct upm_mock_pci_dev *d = upm_mock_pci_dev(m, a.bus, a.dev, a.fn, NULL);
	if (!d) {
		upm_snprintf(m->error, sizeof m->error, "mock fault: no mocked device at %s", what);
		return -1;
	}
	d->ones_armed = 1;
	d->ones_after = after;
	d->ones_at_run = at_run;
	d->accesses = 0;
	return 1;
}

int upm_mock_apply_late_fault(struct upm_mock *m, unsigned socket, const char *key,
			      const char *value)
{
	if (upm_strcmp(key, "onesat") == 0)
		return late_pci(m, value);
	if (upm_strcmp(key, "stall") == 0) {
		uint64_t ms;
		if (upm_parse_u64(value, &ms) < 0 || ms == 0 || ms > 60000) {
			upm_snprintf(m->error, sizeof m->error,
				     "mock fault: stall takes milliseconds from 1 to 60000, not '%.40s'", value);
			return -1;
		}
		m->stall_socket = (int)socket;
		m->stall_ms = (unsigned)ms;
		return 1;
	}
	if (!upm_strchr(value, '@'))
		return 0; /* gp=MSR: the register file's own fault */
	if (upm_strcmp(key, "gp") == 0)
		return late_msr(m, socket, value, UPM_MOCK_FAULT_READ | UPM_MOCK_FAULT_WRITE);
	if (upm_strcmp(key, "gpr") == 0)
		return late_msr(m, socket, value, UPM_MOCK_FAULT_READ);
	if (upm_strcmp(key, "gpw") == 0)
		return late_msr(m, socket, value, UPM_MOCK_FAULT_WRITE);
	return 0;
}
