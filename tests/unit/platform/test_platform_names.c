/* Every list of platform names comes from the one registry (boxes/platforms.c): help's
 * overview, the mock's "needs --platform" error and info's unsupported line name each
 * registered platform once, in the registry's order, and no list is typed by hand. */
#include "platform/base/str.h"
#include "core/cli/cli.h"
#include "core/cli/help.h"
#include "platform/mock/model.h"
#include "boxes/platform.h"
#include "tests/unit/test.h"

TEST(platform_names_from_registry)
{
	char names[200];
	upm_platform_names(names, sizeof names, " or ");
	CHECK(strcmp(names, "nhmex, wsmex, snbep, ivbep, skl, spr, emr, gnr or srf") == 0);
	/* Each registered platform once, in order. */
	const char *at = names;
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const char *found = strstr(at, upm_platforms[i]->name);
		CHECK(found != NULL);
		if (found)
			at = found + strlen(upm_platforms[i]->name);
	}
	upm_platform_names(names, sizeof names, " and ");
	CHECK(strcmp(names, "nhmex, wsmex, snbep, ivbep, skl, spr, emr, gnr and srf") == 0);
	/* Cut short, never past the buffer. */
	char small[9];
	upm_platform_names(small, sizeof small, " or ");
	CHECK(strcmp(small, "nhmex, w") == 0);
}

TEST(platform_names_help_overview_from_registry)
{
	struct upm_buf b;
	char err[200];
	char names[200], line[400];
	upm_buf_init(&b);
	CHECK(upm_help_write(NULL, &b, err, sizeof err) == 0);
	upm_platform_names(names, sizeof names, " or ");
	/* Past 80 columns, the default goes under the names (core/cli/help.c). */
	if (strlen("  --platform NAME    ") + strlen(names) + strlen(" (default: from CPUID)") > 80)
		snprintf(line, sizeof line, "--platform NAME    %s\n                     (default: from CPUID)\n", names);
	else
		snprintf(line, sizeof line, "--platform NAME    %s (default: from CPUID)\n", names);
	CHECK(b.data && strstr(b.data, line) != NULL);
	CHECK(b.data && strstr(b.data, UPM_USAGE_PLATFORMS) == NULL);
	upm_buf_free(&b);
}

/* A platform is registered whole: its box types with their events (or fixed counters), its metrics and
 * groups, a health-check profile and its mock model, reached from the registration (.mock) and
 * modelling that platform (docs/porting.md). */
TEST(platform_registry_each_whole)
{
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		const struct upm_mock_model *model = p->mock;
		if (model && (upm_mock_model_find(p->name) != model || strcmp(model->platform, p->name) != 0 ||
			      !model->build))
			upm_test_fail(__FILE__, __LINE__, "%s: its mock model (%s) is not the one its name finds",
				      p->name, model->platform);
		if (!model || !p->n_boxes || !p->metrics || !p->n_metrics || !*p->n_metrics || !p->groups ||
		    !p->n_groups || !*p->n_groups || !p->check || !p->naming)
			upm_test_fail(__FILE__, __LINE__, "%s: a registered platform lacks its mock, boxes, metrics, "
							  "groups, check profile or names",
				      p->name);
		if (model && (model->default_sockets < 1 || model->default_sockets > model->max_sockets))
			upm_test_fail(__FILE__, __LINE__, "%s: the mock's default of %u sockets is outside 1..%u",
				      p->name, model->default_sockets, model->max_sockets);
		for (unsigned b = 0; b < p->n_boxes; b++) {
			const struct upm_box_type *t = p->boxes[b];
			int has_events = t->events && t->n_events && *t->n_events;
			/* A box of fixed counters only (skl's NCU clock, the iMC's free-running
			 * counters) is selected by their names instead of an event table. */
			if (!has_events && !t->fixed_event && !t->n_free_ctrs)
				upm_test_fail(__FILE__, __LINE__, "%s: box type %s has no events", p->name, t->name);
		}
	}
}
