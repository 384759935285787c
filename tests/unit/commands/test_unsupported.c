/* The message on a processor upmon has no tables for (core/commands/unsupported.c). */
#include "tests/unit/test.h"
#include "core/commands/commands.h"
#include "core/session/session.h"

TEST(unsupported_processor_says_found_supported_and_what_to_do)
{
	struct upm_run r;
	memset(&r, 0, sizeof r);
	upm_buf_init(&r.log);
	r.opts.command = "check";
	strcpy(r.cpu.vendor, "GenuineIntel");
	strcpy(r.cpu.brand, "Intel(R) Core(TM) i7-3770 CPU @ 3.40GHz");
	r.cpu.family = 6;
	r.cpu.model = 0x3a;
	r.cpu.stepping = 9;
	upm_error_unsupported(&r);
	CHECK(r.log.data != NULL);
	if (!r.log.data)
		return;
	CHECK_CONTAINS(r.log.data, "upmon: error: check: this processor is not one upmon knows: found GenuineIntel "
				   "family 6 model 0x3a stepping 9 \"Intel(R) Core(TM) i7-3770 CPU @ 3.40GHz\"");
	/* Every platform, with its CPUID models (boxes/NAME/map.c). */
	CHECK_CONTAINS(r.log.data, "Xeon E5-2600 (Sandy Bridge-EP) (snbep, model 0x2d)");
	CHECK_CONTAINS(r.log.data, "(ivbep, model 0x3e)");
	CHECK_CONTAINS(r.log.data, "(nhmex, model 0x2e)");
	CHECK_CONTAINS(r.log.data, "(wsmex, model 0x2f)");
	CHECK_CONTAINS(r.log.data, "(skl, model 0x4e 0x5e, no Xeon)");
	CHECK_CONTAINS(r.log.data, "Run upmon on one of those, or study a platform's tables here with --platform NAME");
	CHECK(strchr(r.log.data, '\n') == r.log.data + r.log.len - 1); /* one line */
	upm_buf_free(&r.log);
}

/* The session engine, asked to measure on such a processor, says the same sentence (not a
 * bare "unsupported processor"), whole, in its one error line. */
TEST(session_on_unsupported_processor_says_the_same_sentence)
{
	struct upm_run r;
	struct upm_session s;
	memset(&r, 0, sizeof r);
	strcpy(r.cpu.vendor, "GenuineIntel");
	strcpy(r.cpu.brand, "Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz");
	r.cpu.family = 6;
	r.cpu.model = 0x55;
	r.cpu.stepping = 4;
	CHECK(upm_session_prepare(&s, &r, "cbo0.ctr0=0x00") < 0);
	CHECK_CONTAINS(s.error, "this processor is not one upmon knows: found GenuineIntel family 6 model 0x55 "
				"stepping 4 \"Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\"");
	CHECK_CONTAINS(s.error, "(snbep, model 0x2d)");
	CHECK_CONTAINS(s.error, "(skl, model 0x4e 0x5e, no Xeon)");
	/* Whole: the advice that ends it was not cut off. */
	CHECK_CONTAINS(s.error, "or --backend mock --platform NAME");
	CHECK(strchr(s.error, '\n') == NULL);
	upm_session_free(&s);
}
