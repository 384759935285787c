/* SHA-256 and HMAC-SHA256 (platform/base/sha256.c) against the published vectors: FIPS
 * 180-2's examples (Appendix B: "abc", the 448-bit message, one million 'a'), the empty
 * message, and RFC 4231's HMAC-SHA-256 test cases 1, 2, 3, 4, 6 and 7. */
#include "tests/unit/test.h"
#include "platform/base/sha256.h"

static const char *hex_of(const uint8_t d[UPM_SHA256_DIGEST])
{
	static char out[UPM_SHA256_HEX];
	if (upm_hex_lower(d, UPM_SHA256_DIGEST, out, sizeof out) != 0)
		return "(hex failed)";
	return out;
}

static const char *sha_hex(const void *data, size_t len)
{
	uint8_t d[UPM_SHA256_DIGEST];
	upm_sha256(data, len, d);
	return hex_of(d);
}

static const char *hmac_hex(const void *key, size_t key_len, const void *data, size_t len)
{
	uint8_t d[UPM_SHA256_DIGEST];
	upm_hmac_sha256(key, key_len, data, len, d);
	return hex_of(d);
}

TEST(sha256_fips_examples)
{
	/* FIPS 180-2, Appendix B.1: one block. */
	CHECK_STR(sha_hex("abc", 3), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	/* The empty message (its padding alone is one block). */
	CHECK_STR(sha_hex("", 0), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	/* FIPS 180-2, Appendix B.2: 448 bits, so the length spills into a second block. */
	const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	CHECK_EQ(strlen(m448), 56);
	CHECK_STR(sha_hex(m448, strlen(m448)),
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(sha256_fips_million_a)
{
	/* FIPS 180-2, Appendix B.3: one million 'a', fed in pieces of 1000 bytes and, for the
	 * incremental path's odd splits, of 7 bytes; and at once. */
	static char chunk[1000];
	memset(chunk, 'a', sizeof chunk);
	struct upm_sha256 s;
	uint8_t d[UPM_SHA256_DIGEST];
	upm_sha256_init(&s);
	for (unsigned i = 0; i < 1000; i++)
		upm_sha256_update(&s, chunk, sizeof chunk);
	upm_sha256_final(&s, d);
	CHECK_STR(hex_of(d), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

	upm_sha256_init(&s);
	unsigned left = 1000000;
	while (left) {
		unsigned n = left < 7 ? left : 7;
		upm_sha256_update(&s, chunk, n);
		left -= n;
	}
	upm_sha256_final(&s, d);
	CHECK_STR(hex_of(d), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

	static char million[1000000];
	memset(million, 'a', sizeof million);
	CHECK_STR(sha_hex(million, sizeof million),
		  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(sha256_incremental_matches_one_shot_at_every_split)
{
	/* Every length around the padding's edges (55, 56, 63, 64, 65 bytes and two blocks),
	 * split at every point: the same digest as at once. */
	uint8_t msg[130];
	for (unsigned i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 37 + 11);
	for (unsigned len = 0; len <= sizeof msg; len++) {
		uint8_t whole[UPM_SHA256_DIGEST], parts[UPM_SHA256_DIGEST];
		upm_sha256(msg, len, whole);
		for (unsigned cut = 0; cut <= len; cut++) {
			struct upm_sha256 s;
			upm_sha256_init(&s);
			upm_sha256_update(&s, msg, cut);
			upm_sha256_update(&s, msg + cut, 0);
			upm_sha256_update(&s, msg + cut, len - cut);
			upm_sha256_final(&s, parts);
			if (memcmp(whole, parts, sizeof whole) != 0) {
				upm_test_fail(__FILE__, __LINE__, "length %u cut at %u differs", len, cut);
				return;
			}
		}
	}
}

TEST(sha256_hmac_rfc4231)
{
	uint8_t key[131], data[50];
	/* Test case 1: a 20-byte key of 0x0b, "Hi There". */
	memset(key, 0x0b, 20);
	CHECK_STR(hmac_hex(key, 20, "Hi There", 8),
		  "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
	/* Test case 2: a key shorter than the output. */
	const char *jefe_data = "what do ya want for nothing?";
	CHECK_STR(hmac_hex("Jefe", 4, jefe_data, strlen(jefe_data)),
		  "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
	/* Test case 3: 20 bytes of 0xaa, 50 bytes of 0xdd. */
	memset(key, 0xaa, 20);
	memset(data, 0xdd, 50);
	CHECK_STR(hmac_hex(key, 20, data, 50),
		  "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
	/* Test case 4: the key 0x01..0x19, 50 bytes of 0xcd. */
	for (unsigned i = 0; i < 25; i++)
		key[i] = (uint8_t)(i + 1);
	memset(data, 0xcd, 50);
	CHECK_STR(hmac_hex(key, 25, data, 50),
		  "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
	/* Test case 6: a 131-byte key (longer than the 64-byte block: hashed first). */
	memset(key, 0xaa, 131);
	const char *d6 = "Test Using Larger Than Block-Size Key - Hash Key First";
	CHECK_STR(hmac_hex(key, 131, d6, strlen(d6)),
		  "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
	/* Test case 7: the same key, data longer than a block. */
	const char *d7 = "This is a test using a larger than block-size key and a larger than block-size "
			 "data. The key needs to be hashed before being used by the HMAC algorithm.";
	CHECK_STR(hmac_hex(key, 131, d7, strlen(d7)),
		  "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");

	/* The incremental form gives case 7 too, fed a byte at a time. */
	struct upm_hmac_sha256 m;
	uint8_t mac[UPM_SHA256_DIGEST];
	upm_hmac_sha256_init(&m, key, 131);
	for (size_t i = 0; d7[i]; i++)
		upm_hmac_sha256_update(&m, d7 + i, 1);
	upm_hmac_sha256_final(&m, mac);
	CHECK_STR(hex_of(mac), "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

TEST(sha256_hex_is_bounded)
{
	const uint8_t b[3] = { 0x00, 0xab, 0xf0 };
	char out[7];
	memset(out, 'x', sizeof out);
	CHECK_EQ(upm_hex_lower(b, 3, out, sizeof out), 0);
	CHECK_STR(out, "00abf0");
	memset(out, 'x', sizeof out);
	CHECK_EQ(upm_hex_lower(b, 3, out, 6), -1); /* no room for the NUL: nothing but "" */
	CHECK_STR(out, "");
	CHECK_EQ(out[1], 'x');
	CHECK_EQ(upm_hex_lower(b, 3, out, 0), -1);
	CHECK_EQ(upm_hex_lower(b, 0, out, 1), 0);
	CHECK_STR(out, "");
}
