/* Rack mode's URLs (platform/base/url.c): what a lab's out and boot URI may be, each refusal
 * in one line, the object's name joined below a prefix that no serial can leave, and a
 * query never shown. */
#include "tests/unit/test.h"
#include "platform/base/url.h"
#include "platform/base/str.h"
#include "platform/base/os.h"

TEST(url_parse_store_prefix_with_port_and_query)
{
	struct upm_url u;
	char err[200];
	CHECK_EQ(upm_url_parse("HTTP://Store.Lab:9000/lab/upmon?X-Token=abc%2F1", &u, err, sizeof err), 0);
	CHECK_EQ(u.https, 0);
	CHECK_STR(u.host, "store.lab");
	CHECK_EQ(u.port, 9000);
	CHECK_STR(u.path, "/lab/upmon");
	CHECK_STR(u.query, "X-Token=abc%2F1");
	CHECK_EQ(upm_url_parse("https://10.0.2.2", &u, err, sizeof err), 0);
	CHECK_EQ(u.https, 1);
	CHECK_EQ(u.port, 443);
	CHECK_STR(u.path, "/");
	char text[200];
	upm_url_format(&u, text, sizeof text);
	CHECK_STR(text, "https://10.0.2.2/");
}

TEST(url_parse_refusals_say_what_to_do)
{
	struct upm_url u;
	char err[200];
	CHECK_EQ(upm_url_parse("ftp://h/x", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "is not http:// or https://");
	CHECK_EQ(upm_url_parse("http://lab:pw@h/x", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "holds a user name or password: leave it out");
	CHECK_EQ(upm_url_parse("http://h:0/x", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "port that is not a number from 1 to 65535");
	CHECK_EQ(upm_url_parse("http://h:65536/x", &u, err, sizeof err), -1);
	CHECK_EQ(upm_url_parse("http://[::1]/x", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "IPv6");
	CHECK_EQ(upm_url_parse("http://h/a b", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "escape it as %XX");
	CHECK_EQ(upm_url_parse("http://h/a%2", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "no %XX escape");
	CHECK_EQ(upm_url_parse("http://h/a#frag", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "fragment");
	CHECK_EQ(upm_url_parse("http:///x", &u, err, sizeof err), -1);
	CHECK_CONTAINS(err, "has no host");
	CHECK_EQ(upm_url_parse("http://h_x/", &u, err, sizeof err), -1);
}

TEST(url_object_below_prefix_keeps_query)
{
	struct upm_url u, o;
	char err[200], text[300];
	CHECK_EQ(upm_url_parse("http://s:9000/lab/upmon/?sig=1", &u, err, sizeof err), 0);
	const char *seg[2] = { "20261129-101500-SN1-check", "results.json" };
	CHECK_EQ(upm_url_below(&u, seg, 2, &o), 0);
	upm_url_format(&o, text, sizeof text);
	CHECK_STR(text, "http://s:9000/lab/upmon/20261129-101500-SN1-check/results.json?sig=1");
	const char *dots[2] = { "..", "x" };
	CHECK_EQ(upm_url_below(&u, dots, 2, &o), -1);
	const char *slash[1] = { "a/b" };
	CHECK_EQ(upm_url_below(&u, slash, 1, &o), -1);
}

TEST(url_beside_boot_uri_drops_query)
{
	struct upm_url u, o;
	char err[200], text[300];
	CHECK_EQ(upm_url_parse("http://10.0.2.2:8099/boot/upmon.efi?x=1", &u, err, sizeof err), 0);
	CHECK_EQ(upm_url_beside(&u, "upmon.cfg", &o), 0);
	upm_url_format(&o, text, sizeof text);
	CHECK_STR(text, "http://10.0.2.2:8099/boot/upmon.cfg");
	CHECK_EQ(upm_url_beside(&u, "../upmon.cfg", &o), -1);
}

TEST(url_serial_reduced_to_one_safe_name)
{
	char b[140];
	upm_url_reduce_name("../x", b, sizeof b);
	CHECK_STR(b, "_._x");
	CHECK(upm_url_safe_name(b));
	upm_url_reduce_name("SN 4711/A", b, sizeof b);
	CHECK_STR(b, "SN_4711_A");
	upm_url_reduce_name("", b, sizeof b);
	CHECK_STR(b, "_");
	upm_url_reduce_name("..", b, sizeof b);
	CHECK_STR(b, "_.");
	CHECK(upm_url_safe_name(b));
	CHECK(!upm_url_safe_name(".."));
	CHECK(!upm_url_safe_name(".hidden"));
	CHECK(!upm_url_safe_name("a\\b"));
}

TEST(url_queries_hidden_in_text)
{
	char *t = upm_url_hide_queries("out = http://s/lab?X-Amz-Signature=ab12 # x\nargs = check --out=https://h/p?t=1");
	CHECK(t != NULL);
	CHECK_STR(t, "out = http://s/lab?(hidden) # x\nargs = check --out=https://h/p?(hidden)");
	upm_os_free(t);
	t = upm_url_hide_queries("http://?");
	CHECK_STR(t, "http://?(hidden)");
	upm_os_free(t);
}
