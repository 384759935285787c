/* Closest valid choices (platform/base/suggest.c). */
#include "tests/unit/test.h"
#include "platform/base/suggest.h"

TEST(suggest_edit_distance)
{
	CHECK_EQ(upm_edit_distance("imc", "imc"), 0);
	CHECK_EQ(upm_edit_distance("imcc", "imc"), 1);
	CHECK_EQ(upm_edit_distance("IMC", "imc"), 0);       /* case does not count */
	CHECK_EQ(upm_edit_distance("cob", "cbo"), 1);       /* a swap of neighbours is one edit */
	CHECK_EQ(upm_edit_distance("CAS_CONT", "CAS_COUNT"), 1);
	CHECK_EQ(upm_edit_distance("", "run"), 3);
	CHECK_EQ(upm_edit_distance("kitten", "sitting"), 3);
}

TEST(suggest_keeps_the_closest_in_order)
{
	struct upm_suggest s;
	char buf[120];
	upm_suggest_init(&s, "lst");
	upm_suggest_add(&s, "run");
	upm_suggest_add(&s, "list");
	upm_suggest_add(&s, "info");
	upm_suggest_add(&s, "selftest");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "closest: list");

	upm_suggest_init(&s, "thres");
	upm_suggest_add(&s, "edge");
	upm_suggest_add(&s, "thresh");
	upm_suggest_add(&s, "tid_en");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "closest: thresh");

	/* A prefix either way is one edit: "CAS" finds CAS_COUNT. */
	upm_suggest_init(&s, "CAS");
	upm_suggest_add(&s, "ACT_COUNT");
	upm_suggest_add(&s, "CAS_COUNT");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "closest: CAS_COUNT");

	/* A word that abbreviates a candidate (its letters in order) finds it when nothing is
	 * close by edit distance: "--secs" is --seconds. */
	upm_suggest_init(&s, "--secs");
	upm_suggest_add(&s, "--seconds");
	upm_suggest_add(&s, "--sockets");
	upm_suggest_add(&s, "--size");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "closest: --seconds");
	upm_suggest_init(&s, "stuk"); /* stuck is one edit: stuckbit, abbreviated too, is not offered */
	upm_suggest_add(&s, "stuck");
	upm_suggest_add(&s, "stuckbit");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "closest: stuck");

	/* Nothing close: nothing offered. */
	upm_suggest_init(&s, "zzzzzz");
	upm_suggest_add(&s, "imc");
	upm_suggest_add(&s, "cbo");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "");

	/* At most UPM_SUGGEST_MAX, closest first. */
	upm_suggest_init(&s, "cbo");
	upm_suggest_add(&s, "cbox");
	upm_suggest_add(&s, "cb");
	upm_suggest_add(&s, "cbo1x");
	upm_suggest_add(&s, "abo");
	upm_suggest_add(&s, "ubox");
	CHECK_EQ(s.n, 3);
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "closest: cbox, cb, cbo1x");
}

/* What was typed is never offered back, in any case: a name that is valid elsewhere is
 * answered by its caller (core/events/alias_kin.c), not by suggesting it again. */
TEST(suggest_never_offers_the_word_typed)
{
	struct upm_suggest s;
	char buf[120];
	upm_suggest_init(&s, "UNC_M_CAS_COUNT.RD");
	upm_suggest_add(&s, "unc_m_cas_count.rd");
	upm_suggest_add(&s, "UNC_M_CAS_COUNT.WR");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "closest: UNC_M_CAS_COUNT.WR");
	upm_suggest_init(&s, "imc");
	upm_suggest_add(&s, "IMC");
	upm_suggest_text(&s, buf, sizeof buf);
	CHECK_STR(buf, "");
}
