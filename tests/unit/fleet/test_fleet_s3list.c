/* What `fleet URL` reads of an S3-compatible store (platform/base/s3_list.h): the URL split
 * into bucket and prefix, the ListObjectsV2 page's and an object's URL built (RFC 3986's
 * percent-encoding of the prefix, the continuation token and the key), and literal
 * ListObjectsV2 pages read (Amazon S3 API Reference, ListObjectsV2's response): one page,
 * a truncated one with its token, entities in keys, and malformed XML refused. */
#include "tests/unit/test.h"
#include "platform/base/s3_list.h"
#include "platform/base/str.h"

struct keys {
	char k[8][128];
	unsigned n;
	unsigned stop_at; /* 0: never */
};

static int take(void *ctx, const char *key, size_t len)
{
	struct keys *ks = ctx;
	if (len != upm_strlen(key))
		return 9;
	if (ks->n < 8)
		upm_strlcpy(ks->k[ks->n], key, sizeof ks->k[0]);
	ks->n++;
	return ks->stop_at && ks->n >= ks->stop_at;
}

static int store(const char *text, struct upm_s3_store *st, char *err, size_t size)
{
	struct upm_url u;
	if (upm_url_parse(text, &u, err, size) < 0)
		return -2;
	return upm_s3_store_of(&u, st, err, size);
}

static int parse(const char *xml, struct keys *ks, struct upm_s3_list_page *page, char *why, size_t size)
{
	upm_memset(ks, 0, sizeof *ks);
	return upm_s3_list_parse(xml, upm_strlen(xml), take, ks, page, why, size);
}

TEST(fleet_s3list_store_bucket_and_prefix)
{
	struct upm_s3_store st;
	char err[240];
	CHECK_EQ(store("http://127.0.0.1:9000/lab/fleet", &st, err, sizeof err), 0);
	CHECK_STR(st.bucket, "lab");
	CHECK_STR(st.prefix, "fleet/");
	CHECK_EQ(store("http://store/lab/racks/a%20b//", &st, err, sizeof err), 0);
	CHECK_STR(st.prefix, "racks/a b/");
	CHECK_EQ(store("http://store/lab", &st, err, sizeof err), 0);
	CHECK_STR(st.prefix, "");
	CHECK_EQ(store("http://store/lab/?t=1", &st, err, sizeof err), 0);
	CHECK_STR(st.prefix, "");
	CHECK_STR(st.url.query, "t=1");
	CHECK_EQ(store("http://store/", &st, err, sizeof err), -1);
	CHECK_CONTAINS(err, "names no bucket");
	CHECK_EQ(store("http://store/Lab_1/x", &st, err, sizeof err), -1);
	CHECK_CONTAINS(err, "no S3 bucket name");
	CHECK_EQ(store("http://store/lab/a/../b", &st, err, sizeof err), -1);
	CHECK_CONTAINS(err, "'..' segment");
	CHECK_EQ(store("http://store/lab/a//b", &st, err, sizeof err), -1);
	CHECK_EQ(store("http://store/lab/a%0Ab", &st, err, sizeof err), -1);
	CHECK_CONTAINS(err, "control character");
}

TEST(fleet_s3list_encode_rfc3986)
{
	char buf[64];
	CHECK_EQ(upm_s3_encode("a-Z_0.~ b/+=&%", 14, 0, buf, sizeof buf), 0);
	CHECK_STR(buf, "a-Z_0.~%20b%2F%2B%3D%26%25");
	CHECK_EQ(upm_s3_encode("a/b c", 5, 1, buf, sizeof buf), 0);
	CHECK_STR(buf, "a/b%20c");
	CHECK_EQ(upm_s3_encode("\xc3\xa9", 2, 0, buf, sizeof buf), 0);
	CHECK_STR(buf, "%C3%A9");
	/* Exactly full, then one byte short. */
	CHECK_EQ(upm_s3_encode("abc", 3, 0, buf, 4), 0);
	CHECK_EQ(upm_s3_encode("ab ", 3, 0, buf, 5), -1);
	CHECK_STR(buf, "");
}

TEST(fleet_s3list_list_url_prefix_and_token)
{
	struct upm_s3_store st;
	char err[240], url[4096];
	CHECK_EQ(store("http://127.0.0.1:9000/lab/rack 1", &st, err, sizeof err), -2); /* a space: no URL */
	CHECK_EQ(store("http://127.0.0.1:9000/lab/rack%201/fleet", &st, err, sizeof err), 0);
	CHECK_EQ(upm_s3_list_url(&st, NULL, 500, url, sizeof url), 0);
	CHECK_STR(url, "http://127.0.0.1:9000/lab?list-type=2&prefix=rack%201%2Ffleet%2F&max-keys=500");
	/* s3rver's and AWS's tokens are base64: '+', '/' and '=' encoded. */
	CHECK_EQ(upm_s3_list_url(&st, "1ueGcx+Rx1T/r==", 500, url, sizeof url), 0);
	CHECK_STR(url, "http://127.0.0.1:9000/lab?list-type=2&prefix=rack%201%2Ffleet%2F&max-keys=500"
			  "&continuation-token=1ueGcx%2BRx1T%2Fr%3D%3D");
	/* The URL's own query (a token) goes with every request. */
	CHECK_EQ(store("http://store/lab?X-Token=ab%2Fc", &st, err, sizeof err), 0);
	CHECK_EQ(upm_s3_list_url(&st, "", 50, url, sizeof url), 0);
	CHECK_STR(url, "http://store/lab?list-type=2&prefix=&max-keys=50&X-Token=ab%2Fc");
	CHECK_EQ(upm_s3_object_url(&st, "run 1/results.json", url, sizeof url), 0);
	CHECK_STR(url, "http://store/lab/run%201/results.json?X-Token=ab%2Fc");
	/* Too long for a URL upmon sends: refused, never cut. */
	char token[UPM_S3_TOKEN_MAX + 1];
	upm_memset(token, '+', UPM_S3_TOKEN_MAX);
	token[UPM_S3_TOKEN_MAX] = 0;
	CHECK_EQ(upm_s3_list_url(&st, token, 50, url, sizeof url), -1); /* 3 KiB encoded: past the query's bound */
	CHECK_STR(url, "");
	CHECK_EQ(upm_s3_list_url(&st, "x", 50, url, 40), -1);
}

/* A one-page answer as S3 writes it (the API Reference's example, with s3rver's ETag). */
static const char one_page[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">\n"
	"  <Name>lab</Name>\n  <Prefix>fleet/</Prefix>\n  <KeyCount>3</KeyCount>\n  <MaxKeys>500</MaxKeys>\n"
	"  <IsTruncated>false</IsTruncated>\n"
	"  <Contents><Key>fleet/20261129-120100-LAB01-check/junit.xml</Key><LastModified>2026-11-29T12:01:00.000Z"
	"</LastModified><ETag>&quot;1af725e0f51a9368c8d7e35dead22e06&quot;</ETag><Size>53569</Size>"
	"<StorageClass>STANDARD</StorageClass></Contents>\n"
	"  <Contents><Key>fleet/20261129-120100-LAB01-check/results.json</Key><Size>134193</Size>"
	"<Owner><ID>123</ID><DisplayName>S3rver</DisplayName></Owner></Contents>\n"
	"  <Contents><Key>fleet/20261129-120200-LAB02-check/results.json</Key><Size/></Contents>\n"
	"</ListBucketResult>\n";

TEST(fleet_s3list_one_page)
{
	struct keys ks;
	struct upm_s3_list_page page;
	char why[240];
	CHECK_EQ(parse(one_page, &ks, &page, why, sizeof why), 0);
	CHECK_EQ(ks.n, 3);
	CHECK_EQ(page.keys, 3);
	CHECK_EQ(page.key_count, 3);
	CHECK_EQ(page.truncated, 0);
	CHECK_STR(page.next_token, "");
	CHECK_STR(ks.k[0], "fleet/20261129-120100-LAB01-check/junit.xml");
	CHECK_STR(ks.k[1], "fleet/20261129-120100-LAB01-check/results.json");
	CHECK_STR(ks.k[2], "fleet/20261129-120200-LAB02-check/results.json");
	/* The caller's bound stops the parse, with its value. */
	upm_memset(&ks, 0, sizeof ks);
	ks.stop_at = 2;
	CHECK_EQ(upm_s3_list_parse(one_page, sizeof one_page - 1, take, &ks, &page, why, sizeof why), 1);
	CHECK_EQ(ks.n, 2);
	/* An empty listing: no Contents. */
	CHECK_EQ(parse("<ListBucketResult><KeyCount>0</KeyCount><IsTruncated>false</IsTruncated></ListBucketResult>",
		       &ks, &page, why, sizeof why), 0);
	CHECK_EQ(ks.n, 0);
	CHECK_EQ(page.key_count, 0);
}

TEST(fleet_s3list_truncated_with_token)
{
	/* s3rver's order: the token after the keys; AWS's: before them. Both read. */
	const char *pages[] = {
		"<ListBucketResult><Name>lab</Name><KeyCount>1</KeyCount><MaxKeys>1</MaxKeys><IsTruncated>true"
		"</IsTruncated><Contents><Key>fleet/a/results.json</Key></Contents><ContinuationToken>old"
		"</ContinuationToken><NextContinuationToken>1QrrM0cUXF+q2/mg==</NextContinuationToken>"
		"</ListBucketResult>",
		"<ListBucketResult><NextContinuationToken>1QrrM0cUXF+q2/mg==</NextContinuationToken><KeyCount>1"
		"</KeyCount><IsTruncated>true</IsTruncated><Contents><Key>fleet/a/results.json</Key></Contents>"
		"</ListBucketResult>",
	};
	for (unsigned i = 0; i < 2; i++) {
		struct keys ks;
		struct upm_s3_list_page page;
		char why[240];
		CHECK_EQ(parse(pages[i], &ks, &page, why, sizeof why), 0);
		CHECK_EQ(page.truncated, 1);
		CHECK_STR(page.next_token, "1QrrM0cUXF+q2/mg==");
		CHECK_EQ(ks.n, 1);
		CHECK_STR(ks.k[0], "fleet/a/results.json");
	}
	/* Truncated without a token: nowhere to go on, refused. */
	struct keys ks;
	struct upm_s3_list_page page;
	char why[240];
	CHECK_EQ(parse("<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>", &ks, &page, why,
		       sizeof why), -1);
	CHECK_CONTAINS(why, "without a NextContinuationToken");
}

TEST(fleet_s3list_entities_in_keys)
{
	struct keys ks;
	struct upm_s3_list_page page;
	char why[240];
	CHECK_EQ(parse("<ListBucketResult><Contents><Key>f/a&amp;b&lt;c&gt;&quot;d&apos;/results.json</Key></Contents>"
		       "<Contents><Key>f/&#233;&#xE9;&#x1F600;/results.json</Key></Contents>"
		       "<!-- a comment --><Contents><Key>f/x&amp;amp;</Key></Contents></ListBucketResult>",
		       &ks, &page, why, sizeof why), 0);
	CHECK_EQ(ks.n, 3);
	CHECK_STR(ks.k[0], "f/a&b<c>\"d'/results.json");
	CHECK_STR(ks.k[1], "f/\xc3\xa9\xc3\xa9\xf0\x9f\x98\x80/results.json");
	CHECK_STR(ks.k[2], "f/x&amp;"); /* decoded once */
	/* Key outside Contents (CommonPrefixes' Prefix, an Error's Key) is no key of the listing. */
	CHECK_EQ(parse("<ListBucketResult><Key>x</Key><CommonPrefixes><Prefix>p/</Prefix></CommonPrefixes>"
		       "</ListBucketResult>", &ks, &page, why, sizeof why), 0);
	CHECK_EQ(ks.n, 0);
}

TEST(fleet_s3list_malformed_refused)
{
	static const struct { const char *xml, *why; } bad[] = {
		{ "", "no ListBucketResult" },
		{ "<Error><Code>AccessDenied</Code></Error>", "root element is Error" },
		{ "<ListBucketResult><Contents><Key>a</Key></Contents>", "ends inside ListBucketResult" },
		{ "<ListBucketResult><Contents><Key>a</Contents></Key></ListBucketResult>", "another element" },
		{ "<ListBucketResult><Contents><Key>a&nbsp;</Key></Contents></ListBucketResult>", "an entity other" },
		{ "<ListBucketResult><Contents><Key>a&amp</Key></Contents></ListBucketResult>", "an entity other" },
		{ "<ListBucketResult><Contents><Key>a&#0;</Key></Contents></ListBucketResult>", "no XML character" },
		{ "<ListBucketResult><Contents><Key>a&#xD800;</Key></Contents></ListBucketResult>", "no XML character" },
		{ "<ListBucketResult><Contents><Key>a&#;</Key></Contents></ListBucketResult>", "malformed character" },
		{ "<!DOCTYPE x [<!ENTITY e \"e\">]><ListBucketResult/>", "DOCTYPE" },
		{ "<ListBucketResult><Contents><Key><![CDATA[a]]></Key></Contents></ListBucketResult>", "CDATA" },
		{ "<ListBucketResult><IsTruncated>yes</IsTruncated></ListBucketResult>", "neither true nor false" },
		{ "<ListBucketResult><KeyCount>1e3</KeyCount></ListBucketResult>", "KeyCount that is no number" },
		{ "<ListBucketResult><Contents><Key>a<b/></Key></Contents></ListBucketResult>", "an element inside" },
		{ "<ListBucketResult></ListBucketResult><ListBucketResult/>", "after the root" },
		{ "junk<ListBucketResult/>", "text outside" },
		{ "<ListBucketResult a=b/>", "not in quotes" },
		{ "<ListBucketResult a=\"b/>", "ends inside an attribute" },
		{ "<ListBucketResult><Contents><Key>a\x01</Key></Contents></ListBucketResult>", "control character" },
		{ "<ListBucketResult><a><b><c><d><e><f><g><h></h></g></f></e></d></c></b></a></ListBucketResult>",
		  "deeper than 8" },
		{ "<ListBucketResult><?pi x?></ListBucketResult>", "processing instruction" },
		{ "<ListBucketResult><Contents><Key>a</Key></Contents></ListBucketResult", "malformed end tag" },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(bad); i++) {
		struct keys ks;
		struct upm_s3_list_page page;
		char why[240] = "";
		int rc = parse(bad[i].xml, &ks, &page, why, sizeof why);
		if (rc != -1 || !strstr(why, bad[i].why))
			upm_test_fail(__FILE__, __LINE__, "document %u: %d '%s', expected -1 '%s'", i, rc, why, bad[i].why);
	}
	/* A NUL inside, and a key or token past its bound. */
	struct keys ks;
	struct upm_s3_list_page page;
	char why[240];
	static const char nul[] = "<ListBucketResult><Contents><Key>a\0b</Key></Contents></ListBucketResult>";
	CHECK_EQ(upm_s3_list_parse(nul, sizeof nul - 1, take, &ks, &page, why, sizeof why), -1);
	static char big[4096];
	int n = upm_snprintf(big, sizeof big, "<ListBucketResult><Contents><Key>");
	upm_memset(big + n, 'k', UPM_S3_KEY_MAX + 1);
	upm_snprintf(big + n + UPM_S3_KEY_MAX + 1, sizeof big - (size_t)n - UPM_S3_KEY_MAX - 1,
		     "</Key></Contents></ListBucketResult>");
	CHECK_EQ(parse(big, &ks, &page, why, sizeof why), -1);
	CHECK_CONTAINS(why, "key longer than 1024 bytes");
	/* Exactly 1024 bytes: read. */
	upm_snprintf(big + n + UPM_S3_KEY_MAX, sizeof big - (size_t)n - UPM_S3_KEY_MAX,
		     "</Key></Contents></ListBucketResult>");
	CHECK_EQ(parse(big, &ks, &page, why, sizeof why), 0);
	CHECK_EQ(ks.n, 1);
}
