/* junit.xml from the verdicts: Jenkins' and GitLab's JUnit readers both take a
 * <testsuites> root with tests/failures/errors/skipped counts, <testsuite> children with
 * the same counts, and <testcase classname name> with at most one of <failure>,
 * <error>, <skipped>. */
#include "core/results/junit.h"
#include "core/results/markup.h"

#define UPM_JUNIT_MAX_SUITES 512

struct junit_counts {
	unsigned tests, failures, errors, skipped;
};

struct junit_suite {
	unsigned socket;
	const char *box;
	struct junit_counts c;
};

static void count(struct junit_counts *c, enum upm_result r)
{
	c->tests++;
	c->failures += r == UPM_RESULT_FAIL;
	c->errors += r == UPM_RESULT_INCOMPLETE;
	c->skipped += r == UPM_RESULT_NA;
}

static const char *box_of(const struct upm_verdict *v)
{
	return v->box ? v->box : "";
}

/* The suite a verdict belongs to, or n when it has none (yet). */
static unsigned suite_of(const struct junit_suite *suites, unsigned n, const struct upm_verdict *v)
{
	unsigned k = 0;
	while (k < n && !(suites[k].socket == v->socket && upm_strcmp(suites[k].box, box_of(v)) == 0))
		k++;
	return k;
}

/* A time attribute in seconds, with millisecond places (micro: microsecond places); 0
 * when not known. */
static void time_attr(struct upm_buf *out, uint64_t ns, int micro)
{
	if (!ns)
		upm_buf_puts(out, " time=\"0\"");
	else if (micro)
		upm_buf_printf(out, " time=\"%llu.%06llu\"", (unsigned long long)(ns / 1000000000ull),
			       (unsigned long long)(ns / 1000ull % 1000000ull));
	else
		upm_buf_printf(out, " time=\"%llu.%03llu\"", (unsigned long long)(ns / 1000000000ull),
			       (unsigned long long)(ns / 1000000ull % 1000ull));
}

/* The root's time is the whole run's; a suite's is 0 (its cases share the run's steps:
 * the sum of their times is no time the suite took). */
static void counts_attrs(struct upm_buf *out, const struct junit_counts *c, uint64_t ns)
{
	upm_buf_printf(out, " tests=\"%u\" failures=\"%u\" errors=\"%u\" skipped=\"%u\"", c->tests,
		       c->failures, c->errors, c->skipped);
	time_attr(out, ns, 0);
}

/* The reason and the numbers, as one escaped text. */
static void detail(struct upm_buf *out, const struct upm_verdict *v, const char *prefix)
{
	struct upm_buf t;
	upm_buf_init(&t);
	upm_buf_puts(&t, prefix);
	upm_buf_puts(&t, v->reason);
	size_t before = t.len;
	upm_buf_puts(&t, "; ");
	upm_verdict_numbers_text(v, &t);
	if (t.len == before + 2)
		t.len = before; /* no numbers */
	if (t.data) {
		t.data[t.len] = 0;
		upm_buf_xml_text(out, t.data);
	}
	upm_buf_free(&t);
}

/* passes: the run's verdicts come from more than one burn-in pass, so each name says
 * its pass ("cbo3.selftest.count (pass 2)") and stays unique in its suite. Its time is
 * the time the check spent on it (0: not known, or not run); a check not run on its box
 * is <skipped> with the reason, so every box has the same cases on every run. */
static void testcase(struct upm_buf *out, const struct upm_verdict *v, int passes)
{
	const char *box = box_of(v);
	upm_buf_printf(out, "    <testcase classname=\"socket%u.", v->socket);
	upm_buf_xml_text(out, box);
	upm_buf_puts(out, "\" name=\"");
	if (v->instance >= 0) {
		upm_buf_xml_text(out, box);
		upm_buf_printf(out, "%d.", v->instance);
	}
	upm_buf_xml_text(out, v->check);
	if (passes)
		upm_buf_printf(out, " (pass %u)", v->pass);
	upm_buf_puts(out, "\"");
	time_attr(out, v->ns, 1);
	if (v->not_run) {
		upm_buf_puts(out, ">\n      <skipped message=\"");
		detail(out, v, "");
		upm_buf_puts(out, "\"/>\n    </testcase>\n");
		return;
	}
	switch (v->result) {
	case UPM_RESULT_PASS:
		upm_buf_puts(out, "/>\n");
		return;
	case UPM_RESULT_WARN:
		upm_buf_puts(out, ">\n      <system-out>");
		detail(out, v, "WARN: ");
		upm_buf_puts(out, "</system-out>\n");
		break;
	case UPM_RESULT_NA:
		upm_buf_puts(out, ">\n      <skipped message=\"");
		detail(out, v, "N/A: ");
		upm_buf_puts(out, "\"/>\n");
		break;
	case UPM_RESULT_FAIL:
	case UPM_RESULT_INCOMPLETE: {
		const char *el = v->result == UPM_RESULT_FAIL ? "failure" : "error";
		const char *prefix = v->result == UPM_RESULT_FAIL ? "FAIL: " : "INCOMPLETE: ";
		upm_buf_printf(out, ">\n      <%s type=\"%s\" message=\"", el, upm_result_name(v->result));
		detail(out, v, prefix);
		upm_buf_puts(out, "\">");
		detail(out, v, prefix);
		upm_buf_printf(out, "</%s>\n", el);
		break;
	}
	}
	upm_buf_puts(out, "    </testcase>\n");
}

void upm_junit_property(struct upm_buf *out, const char *name, const char *value)
{
	upm_buf_puts(out, "      <property name=\"");
	upm_buf_xml_text(out, name);
	upm_buf_puts(out, "\" value=\"");
	upm_buf_xml_text(out, value);
	upm_buf_puts(out, "\"/>\n");
}

/* An attribute when its value is known. */
static void attr(struct upm_buf *out, const char *name, const char *value)
{
	if (!value || !value[0])
		return;
	upm_buf_printf(out, " %s=\"", name);
	upm_buf_xml_text(out, value);
	upm_buf_puts(out, "\"");
}

void upm_junit_xml(const struct upm_verdicts *vs, const char *command, const char *folder,
		   const struct upm_junit_about *about, struct upm_buf *out)
{
	static struct junit_suite suites[UPM_JUNIT_MAX_SUITES];
	unsigned n = 0;
	int passes = 0;
	struct junit_counts all = { 0, 0, 0, 0 }, rest = { 0, 0, 0, 0 };
	for (unsigned i = 0; i < vs->n; i++)
		passes |= vs->v[i].pass > 1;
	/* The suites in the order their first verdict came; verdicts beyond the table's room
	 * and the verdicts that did not fit the verdict table (one error, so CI never takes a
	 * short run for a clean one) go into a last suite, "more". */
	for (unsigned i = 0; i < vs->n; i++) {
		const struct upm_verdict *v = &vs->v[i];
		unsigned k = suite_of(suites, n, v);
		if (k == n && n < UPM_JUNIT_MAX_SUITES)
			suites[n++] = (struct junit_suite){ v->socket, box_of(v), { 0, 0, 0, 0 } };
		count(k < n ? &suites[k].c : &rest, v->result);
		count(&all, v->result);
	}
	if (vs->dropped) {
		count(&rest, UPM_RESULT_INCOMPLETE);
		count(&all, UPM_RESULT_INCOMPLETE);
	}
	upm_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"upmon ");
	upm_buf_xml_text(out, command);
	upm_buf_puts(out, "\"");
	counts_attrs(out, &all, about ? about->elapsed_ns : 0);
	upm_buf_puts(out, ">\n");
	for (unsigned k = 0; k <= n; k++) {
		if (k == n && !rest.tests)
			break;
		if (k < n) {
			upm_buf_printf(out, "  <testsuite name=\"socket%u.", suites[k].socket);
			upm_buf_xml_text(out, suites[k].box);
			upm_buf_puts(out, "\"");
		} else {
			upm_buf_puts(out, "  <testsuite name=\"more\"");
		}
		counts_attrs(out, k < n ? &suites[k].c : &rest, 0);
		attr(out, "id", folder);
		if (about) {
			attr(out, "timestamp", about->timestamp);
			attr(out, "hostname", about->hostname);
		}
		upm_buf_puts(out, ">\n");
		if (about && about->properties && about->properties[0]) {
			upm_buf_puts(out, "    <properties>\n");
			upm_buf_puts(out, about->properties);
			upm_buf_puts(out, "    </properties>\n");
		}
		for (unsigned i = 0; i < vs->n; i++)
			if (suite_of(suites, n, &vs->v[i]) == k)
				testcase(out, &vs->v[i], passes);
		if (k == n && vs->dropped)
			upm_buf_printf(out, "    <testcase classname=\"upmon\" name=\"verdicts.dropped\" time=\"0\">\n"
					    "      <error type=\"INCOMPLETE\" message=\"INCOMPLETE: %u verdicts did not fit "
					    "the verdict table\"/>\n    </testcase>\n", vs->dropped);
		upm_buf_puts(out, "  </testsuite>\n");
	}
	upm_buf_puts(out, "</testsuites>\n");
}
