/* Every uncore event of Intel's perfmon IVT file (names in tests/unit/ivt_uncore_names.h)
 * is either an upmon spec on ivbep or in boxes/ivbep/perfmon_left_out.c with a reason,
 * never both: a dropped table entry, unit mask or perfmon name fails here. */
#include "tests/unit/test.h"
#include "tests/unit/ivt_uncore_names.h"
#include "boxes/ivbep/ivbep.h"
#include "platform/base/str.h"
#include "core/events/alias.h"
#include "core/events/spec.h"

static const struct upm_perfmon_left_out *left_out(const char *name)
{
	for (unsigned i = 0; i < upm_ivbep_n_perfmon_left_out; i++)
		if (strcmp(upm_ivbep_perfmon_left_out[i].name, name) == 0)
			return &upm_ivbep_perfmon_left_out[i];
	return NULL;
}

/* 1: the name programs something on ivbep. It parses as a spec, or it resolves to a
 * table event and unit mask that only lack their filter's value (TOR_INSERTS.OPCODE
 * needs filter_opc=, which the name cannot carry). The box it lands on is put in box. */
static int covered(const struct upm_platform *p, const char *name, char *box, size_t box_size, char *why,
		   size_t why_size)
{
	struct upm_spec sp;
	char err[300], text[160];
	if (upm_spec_parse(p, name, &sp, err, sizeof err) == 0) {
		upm_strlcpy(box, sp.box->name, box_size);
		return 1;
	}
	upm_strlcpy(why, err, why_size);
	if (upm_alias_resolve(p, name, text, sizeof text, err, sizeof err) < 0)
		return 0;
	/* "box/EVENT.UMASK[,terms]/" */
	char *slash = strchr(text, '/');
	if (!slash)
		return 0;
	*slash = 0;
	char *ev = slash + 1, *end = ev + strcspn(ev, ",/");
	*end = 0;
	const struct upm_box_type *t = upm_platform_box(p, text);
	if (!t)
		return 0;
	upm_strlcpy(box, t->name, box_size);
	char *dot = strchr(ev, '.');
	if (dot)
		*dot = 0;
	const struct upm_event_def *e = upm_event_find(t, ev);
	const struct upm_umask *u = e && dot ? upm_umask_find(e, dot + 1) : NULL;
	if (!e || (dot && !u))
		return 0;
	return (e->filter | (u ? u->filter : 0)) != 0;
}

TEST(ivbep_perfmon_every_name_covered_or_left_out)
{
	const struct upm_platform *p = upm_platform_by_name("ivbep");
	unsigned n = UPM_ARRAY_LEN(upm_ivt_uncore_names), n_covered = 0, n_left = 0;
	CHECK_EQ(n, 1074);
	for (unsigned i = 0; i < n; i++) {
		const char *name = upm_ivt_uncore_names[i];
		char box[32] = "", why[300] = "";
		int ok = covered(p, name, box, sizeof box, why, sizeof why);
		const struct upm_perfmon_left_out *lo = left_out(name);
		if (ok && lo)
			upm_test_fail(__FILE__, __LINE__, "%s is both a spec on %s and left out", name, box);
		else if (!ok && !lo)
			upm_test_fail(__FILE__, __LINE__, "%s is neither a spec nor left out: %s", name, why);
		else if (lo && (!lo->reason || strlen(lo->reason) < 20))
			upm_test_fail(__FILE__, __LINE__, "%s: left out without a reason", name);
		n_covered += ok && !lo;
		n_left += lo && !ok;
	}
	/* 67 left out before the guide's QPI presets, second names and tables (issue 18). */
	CHECK_EQ(n_covered, 1036);
	CHECK_EQ(n_left, 38);
}

TEST(ivbep_perfmon_left_out_names_are_perfmon_names)
{
	const struct upm_platform *p = upm_platform_by_name("ivbep");
	for (unsigned i = 0; i < upm_ivbep_n_perfmon_left_out; i++) {
		const struct upm_perfmon_left_out *lo = &upm_ivbep_perfmon_left_out[i];
		unsigned seen = 0;
		for (unsigned k = 0; k < UPM_ARRAY_LEN(upm_ivt_uncore_names); k++)
			seen += strcmp(upm_ivt_uncore_names[k], lo->name) == 0;
		if (seen != 1)
			upm_test_fail(__FILE__, __LINE__, "%s: %u times in the perfmon list", lo->name, seen);
		for (unsigned k = 0; k < i; k++)
			if (strcmp(upm_ivbep_perfmon_left_out[k].name, lo->name) == 0)
				upm_test_fail(__FILE__, __LINE__, "%s left out twice", lo->name);
		if (!upm_platform_box(p, lo->box))
			upm_test_fail(__FILE__, __LINE__, "%s: no box %s on ivbep", lo->name, lo->box);
	}
}
