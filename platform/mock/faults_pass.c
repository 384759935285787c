/* Faults from a burn-in pass on (platform/mock/mock.h, "@passN"): a term ending in @passN
 * is kept here (the mock's creation, mock.c, checks it at once on a scratch mock of the same
 * platform, so a typo is refused before anything runs) and applied when the check tells
 * the backend that pass N begins (upm_backend_pass_begins, on the bootstrap processor
 * between passes); `esc` presses ESC at that pass's first measured interval (the
 * self-test's counting), so a test aborts a burn-in in the middle of a known pass. The
 * hardware backend has no such operation: all of this stays in the mock. */
#include "platform/mock/mock.h"
#include "platform/base/abort.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

/* "TERM@passN" -> N, with the term's length before '@'; 0 when the term has no such end. */
static unsigned pass_suffix(const char *term, size_t *len)
{
	const char *at = NULL;
	for (const char *p = term; *p; p++)
		if (*p == '@')
			at = p;
	if (!at || upm_strncmp(at, "@pass", 5) != 0)
		return 0;
	uint64_t n;
	*len = (size_t)(at - term);
	if (upm_parse_u64(at + 5, &n) < 0 || n == 0 || n > UPM_MOCK_MAX_PASS)
		return UPM_MOCK_MAX_PASS + 1;
	return (unsigned)n;
}

int upm_mock_defer_fault(struct upm_mock *m, const char *term)
{
	size_t len = 0;
	unsigned pass = pass_suffix(term, &len);
	if (!pass && upm_strcmp(term, "esc") == 0) {
		upm_strlcpy(m->error, "mock fault: esc needs the pass to press it in: esc@passN (esc@pass2)",
			    sizeof m->error);
		return -1;
	}
	if (!pass)
		return 0;
	if (pass > UPM_MOCK_MAX_PASS || len == 0) {
		upm_snprintf(m->error, sizeof m->error,
			     "mock fault: '%s': give a fault before @passN and a pass from 1 to %u (stuck=cbo3.ctr0@pass2)",
			     term, UPM_MOCK_MAX_PASS);
		return -1;
	}
	if (m->n_deferred >= UPM_MOCK_MAX_DEFERRED) {
		upm_snprintf(m->error, sizeof m->error, "mock fault: at most %u terms with @passN",
			     UPM_MOCK_MAX_DEFERRED);
		return -1;
	}
	struct upm_mock_deferred *d = &m->deferred[m->n_deferred];
	upm_memcpy(d->term, term, len);
	d->term[len] = 0;
	d->pass = pass;
	d->applied = 0;
	m->n_deferred++;
	return 1;
}

void upm_mock_pass_begins(struct upm_mock *m, unsigned pass)
{
	m->pass = pass;
	for (unsigned i = 0; i < m->n_deferred; i++) {
		struct upm_mock_deferred *d = &m->deferred[i];
		if (d->applied || d->pass > pass)
			continue;
		if (upm_strcmp(d->term, "esc") == 0)
			continue; /* pressed at the pass's first measured interval */
		d->applied = 1;
		upm_mock_apply_fault(m, d->term); /* checked when the spec was given */
	}
}

unsigned upm_mock_last_pass(const struct upm_mock *m, const char **term)
{
	unsigned last = 0;
	*term = NULL;
	for (unsigned i = 0; i < m->n_deferred; i++)
		if (m->deferred[i].pass > last) {
			last = m->deferred[i].pass;
			*term = m->deferred[i].term;
		}
	return last;
}

void upm_mock_pass_activity(struct upm_mock *m)
{
	for (unsigned i = 0; i < m->n_deferred; i++) {
		struct upm_mock_deferred *d = &m->deferred[i];
		if (d->applied || !m->pass || d->pass > m->pass || upm_strcmp(d->term, "esc") != 0)
			continue;
		d->applied = 1;
		upm_abort_request(); /* as if ESC (or Ctrl-C) came now, in the middle of the pass */
	}
}
