/* The JSON reader (platform/base/json.h) that fleet reads results.json with: valid
 * documents looked up by key and index, numbers and strings as RFC 8259 spells them,
 * and every kind of broken text refused with where it broke. */
#include "tests/unit/test.h"
#include "platform/base/json.h"

static int parse(const char *text, struct upm_json *j, char *err, size_t size)
{
	return upm_json_parse(text, strlen(text), j, err, size);
}

TEST(fleet_json_object_members_and_arrays)
{
	struct upm_json j;
	char err[160], s[64];
	double v = 0;
	const char *t = " {\"tool\": \"upmon\", \"schema\": 2, \"kernels\": [{\"kernel\": \"read\", \"gbps\": 27.811},"
			"{\"kernel\": \"ntwrite\", \"gbps\": 1.5e1}], \"aborted\": false, \"machine\": {\"system\": "
			"{\"serial\": \"SN\\u00e9\\n\"}}, \"replay_of\": null}\n";
	CHECK_EQ(parse(t, &j, err, sizeof err), 0);
	CHECK_EQ(upm_json_type(&j, 0), UPM_JSON_OBJECT);
	CHECK_EQ(upm_json_count(&j, 0), 6);
	CHECK(upm_json_string_is(&j, upm_json_get(&j, 0, "tool"), "upmon"));
	CHECK_EQ(upm_json_number(&j, upm_json_get(&j, 0, "schema"), &v), 0);
	CHECK(v == 2.0);
	int k = upm_json_get(&j, 0, "kernels");
	CHECK_EQ(upm_json_count(&j, k), 2);
	CHECK_EQ(upm_json_number(&j, upm_json_get(&j, upm_json_at(&j, k, 0), "gbps"), &v), 0);
	CHECK(v == 27.811); /* correctly rounded: the double the literal 27.811 is */
	CHECK_EQ(upm_json_number(&j, upm_json_get(&j, upm_json_at(&j, k, 1), "gbps"), &v), 0);
	CHECK(v == 15.0);
	CHECK_EQ(upm_json_at(&j, k, 2), -1);
	CHECK_EQ(upm_json_bool(&j, upm_json_get(&j, 0, "aborted")), 0);
	CHECK_EQ(upm_json_type(&j, upm_json_get(&j, 0, "replay_of")), UPM_JSON_NULL);
	CHECK_EQ(upm_json_get(&j, 0, "missing"), -1);
	/* Chained lookups through a missing member give -1, never a crash. */
	CHECK_EQ(upm_json_get(&j, upm_json_get(&j, 0, "missing"), "serial"), -1);
	CHECK_EQ(upm_json_string(&j, upm_json_get(&j, upm_json_get(&j, upm_json_get(&j, 0, "machine"), "system"), "serial"),
				 s, sizeof s), 0);
	CHECK_STR(s, "SN\xc3\xa9\n");
	CHECK(upm_json_string_is(&j, upm_json_get(&j, upm_json_get(&j, upm_json_get(&j, 0, "machine"), "system"),
						 "serial"), "SN\xc3\xa9\n"));
	/* A string cut to its buffer, whole characters only. */
	CHECK_EQ(upm_json_string(&j, upm_json_get(&j, upm_json_get(&j, upm_json_get(&j, 0, "machine"), "system"), "serial"),
				 s, 4), 0);
	CHECK_STR(s, "SN");
	CHECK_EQ(upm_json_string(&j, upm_json_get(&j, 0, "schema"), s, sizeof s), -1);
	upm_json_free(&j);
}

TEST(fleet_json_numbers)
{
	static const struct {
		const char *text;
		double want;
	} cases[] = {
		{ "0", 0.0 }, { "-0", 0.0 }, { "4194304.0", 4194304.0 }, { "-12.5", -12.5 }, { "1e3", 1000.0 },
		{ "2.5E-3", 0.0025 }, { "11585222790.431175", 11585222790.431175 }, { "0.000302", 0.000302 },
		{ "123456789012345678901234", 123456789012345678901234.0 },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct upm_json j;
		char err[160];
		double v = -1;
		CHECK_EQ(parse(cases[i].text, &j, err, sizeof err), 0);
		CHECK_EQ(upm_json_number(&j, 0, &v), 0);
		double d = v - cases[i].want, m = cases[i].want < 0 ? -cases[i].want : cases[i].want;
		if ((d < 0 ? -d : d) > m * 1e-15)
			upm_test_fail(__FILE__, __LINE__, "%s read as %.17g", cases[i].text, v);
		upm_json_free(&j);
	}
}

TEST(fleet_json_refuses_broken_text)
{
	static const struct {
		const char *text, *why;
	} cases[] = {
		{ "", "the text ends where a value should be" },
		{ "{\"tool\": \"upmon\", ", "an object member without a key string" },
		{ "{\"a\": 1,}", "a comma before '}'" },
		{ "[1, 2,]", "a comma before ']'" },
		{ "{\"a\" 1}", "no ':' after an object's key" },
		{ "[1 2]", "no ',' or ']' after an element" },
		{ "01", "a leading zero" },
		{ "1.", "no digit after a decimal point" },
		{ "1e", "no digit in an exponent" },
		{ "\"abc", "a string that does not end" },
		{ "\"a\tb\"", "a control character inside a string" },
		{ "\"\\x\"", "an unknown escape" },
		{ "\"\\u12\"", "\\u without four hexadecimal digits" },
		{ "tru", "not a value" },
		{ "{} {}", "more after the value" },
		{ "// comment\n{}", "not a value" },
		{ "NaN", "not a value" },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct upm_json j;
		char err[160] = "";
		if (parse(cases[i].text, &j, err, sizeof err) != -1 || !strstr(err, cases[i].why) ||
		    strncmp(err, "bad JSON at byte ", 17) != 0)
			upm_test_fail(__FILE__, __LINE__, "'%s': got '%s', expected '%s'", cases[i].text, err, cases[i].why);
	}
}

TEST(fleet_json_depth_is_bounded)
{
	char deep[UPM_JSON_MAX_DEPTH * 2 + 4];
	struct upm_json j;
	char err[160];
	/* As deep as the reader takes: read. */
	unsigned n = 0;
	for (unsigned i = 0; i < UPM_JSON_MAX_DEPTH; i++)
		deep[n++] = '[';
	for (unsigned i = 0; i < UPM_JSON_MAX_DEPTH; i++)
		deep[n++] = ']';
	CHECK_EQ(upm_json_parse(deep, n, &j, err, sizeof err), 0);
	CHECK_EQ(j.n, UPM_JSON_MAX_DEPTH);
	upm_json_free(&j);
	/* One deeper: refused, not a stack overflow. */
	n = 0;
	for (unsigned i = 0; i < UPM_JSON_MAX_DEPTH + 1; i++)
		deep[n++] = '[';
	for (unsigned i = 0; i < UPM_JSON_MAX_DEPTH + 1; i++)
		deep[n++] = ']';
	CHECK_EQ(upm_json_parse(deep, n, &j, err, sizeof err), -1);
	CHECK_CONTAINS(err, "nested deeper than the reader takes (64)");
}

TEST(fleet_json_surrogates_and_bom)
{
	struct upm_json j;
	char err[160], s[32];
	const char t[] = "\xEF\xBB\xBF[\"\\ud83d\\ude00\", \"\\ud800x\", \"\\\"\\\\\\/\\b\\f\\r\\t\"]";
	CHECK_EQ(upm_json_parse(t, sizeof t - 1, &j, err, sizeof err), 0);
	upm_json_string(&j, upm_json_at(&j, 0, 0), s, sizeof s);
	CHECK_STR(s, "\xF0\x9F\x98\x80"); /* U+1F600 */
	upm_json_string(&j, upm_json_at(&j, 0, 1), s, sizeof s);
	CHECK_STR(s, "\xEF\xBF\xBDx"); /* a lone surrogate: U+FFFD */
	upm_json_string(&j, upm_json_at(&j, 0, 2), s, sizeof s);
	CHECK_STR(s, "\"\\/\b\f\r\t");
	upm_json_free(&j);
}
