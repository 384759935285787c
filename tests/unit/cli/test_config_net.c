/* Rack mode's configuration (core/cli/config_net.c, config_text.c, upload.c): what a file
 * fetched over the network may not ask, the secrets a file keeps hidden, and temporary
 * credentials only (docs/rack.md). */
#include "tests/unit/test.h"
#include "core/cli/config.h"
#include "core/cli/config_net.h"
#include "core/cli/upload.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static int parse(struct upm_config *c, const char *text, char *err, size_t size)
{
	return upm_config_parse(c, upm_strdup(text), "net.cfg", err, size);
}

TEST(config_net_refuses_what_only_the_stick_may_ask)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "args = check --trace /t\n", "u:1: args: --trace writes a file on this machine's disk" },
		{ "args = check --force-platform --platform snbep\n", "u:1: args: --force-platform forces a platform" },
		{ "args = fault-probe --unguarded\n", "--unguarded lifts the #GP guard, a safety limit" },
		{ "args = check --config=/x.cfg\n", "--config reads another file" },
		{ "\nargs = check --out /results\n", "u:2: args: --out /results names a folder" },
		{ "args = check --backend replay:/x.trace\n", "--backend replay reads a file" },
		{ "out = /lab\n", "u:1: out = /lab: a folder on this machine's disk" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(cases); i++) {
		struct upm_config c;
		char err[400];
		CHECK_EQ(parse(&c, cases[i].text, err, sizeof err), 0);
		CHECK_EQ(upm_config_untrusted_refusal(&c, "u", err, sizeof err), -1);
		CHECK_CONTAINS(err, cases[i].want);
		upm_config_free(&c);
	}
	struct upm_config c;
	char err[400];
	CHECK_EQ(parse(&c, "args = check --quick --out=http://s/lab\nout = https://s/lab?t=1\nout_timeout = 5\n", err,
		       sizeof err),
		 0);
	CHECK_EQ(upm_config_untrusted_refusal(&c, "u", err, sizeof err), 0);
	CHECK_EQ(c.out_timeout, 5);
	upm_config_free(&c);
	CHECK_EQ(parse(&c, "out_timeout = 0\n", err, sizeof err), -1);
	CHECK_CONTAINS(err, "out_timeout is a number of seconds from 1 to 3600");
	upm_config_free(&c);
}

TEST(config_text_shown_hides_secrets_and_queries)
{
	char *t = upm_config_text_shown("out = http://s/lab?X-Amz-Signature=ab\nout_access_key = AKID\n"
					" out_secret_key = SECRET\nout_session_token=TOKEN\n# out_secret_key is above\n");
	CHECK(t != NULL);
	CHECK_STR(t, "out = http://s/lab?(hidden)\nout_access_key = AKID\nout_secret_key = (hidden)\n"
		     "out_session_token = (hidden)\n# out_secret_key is above\n");
	upm_os_free(t);
}

TEST(upload_credentials_temporary_only)
{
	struct upm_upload u;
	char err[400];
	CHECK_EQ(upm_upload_init(&u, "http://s:9000/lab/upmon?x=1", 0, err, sizeof err), 0);
	CHECK_STR(u.shown, "http://s:9000/lab/upmon");
	CHECK_EQ(u.budget_s, UPM_UPLOAD_BUDGET_S);
	struct upm_upload_credentials none = { NULL, NULL, NULL, NULL };
	CHECK_EQ(upm_upload_credentials(&u, &none, err, sizeof err), 0);
	CHECK(u.creds.access_key == NULL);
	struct upm_upload_credentials longlived = { "AKID", "SECRET", NULL, NULL };
	CHECK_EQ(upm_upload_credentials(&u, &longlived, err, sizeof err), -1);
	CHECK_CONTAINS(err, "without out_session_token is a long-lived key");
	struct upm_upload_credentials half = { NULL, "SECRET", "T", NULL };
	CHECK_EQ(upm_upload_credentials(&u, &half, err, sizeof err), -1);
	CHECK_CONTAINS(err, "out_access_key is missing");
	struct upm_upload_credentials sts = { "ASIA", "SECRET", "T", NULL };
	CHECK_EQ(upm_upload_credentials(&u, &sts, err, sizeof err), 0);
	CHECK_STR(u.creds.region, "us-east-1");
	upm_upload_free(&u);
	CHECK_EQ(upm_upload_init(&u, "http://user:pw@s/x", 0, err, sizeof err), -1);
	CHECK_CONTAINS(err, "user name or password");
}

TEST(upload_more_files_than_kept_are_counted_and_said)
{
	struct upm_upload u;
	struct upm_buf content;
	char err[200], name[32];
	CHECK_EQ(upm_upload_init(&u, "http://s/lab", 0, err, sizeof err), 0);
	upm_buf_init(&content);
	upm_buf_puts(&content, "x");
	for (unsigned i = 0; i < UPM_UPLOAD_MAX_FILES + 2; i++) {
		upm_snprintf(name, sizeof name, "f%u.csv", i);
		upm_upload_keep(&u, name, &content, 1);
	}
	upm_upload_keep(&u, "f0.csv", &content, 1); /* saved again: replaced, not one more */
	CHECK_EQ(u.n, UPM_UPLOAD_MAX_FILES);
	CHECK_EQ(u.n_failed, 2);
	CHECK(upm_upload_failed(&u));
	CHECK_CONTAINS(u.note, "more files than upmon puts in one run (32): f32.csv and any after it are not put; the "
			       "medium has them");
	upm_buf_free(&content);
	upm_upload_free(&u);
}
