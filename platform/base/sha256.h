/* SHA-256 (FIPS 180-4, Secure Hash Standard, section 6.2) and HMAC-SHA256 (RFC 2104), with
 * no libc: the hashes an upload's request signing needs (core/cli/sigv4.h: AWS Signature
 * Version 4), on UEFI as on the host. Every function bounds what it writes by the sizes
 * below; none allocates. */
#ifndef UPMON_BASE_SHA256_H
#define UPMON_BASE_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define UPM_SHA256_BLOCK 64  /* bytes in a message block (FIPS 180-4, 1.1 and 5.1.1) */
#define UPM_SHA256_DIGEST 32 /* bytes in a digest (256 bits) */
#define UPM_SHA256_HEX (2 * UPM_SHA256_DIGEST + 1) /* lowercase hex digits and a NUL */

struct upm_sha256 {
	uint32_t h[8];                    /* the hash value H(i) (FIPS 180-4, 6.2.2) */
	uint8_t block[UPM_SHA256_BLOCK];  /* bytes waiting for a whole block */
	size_t fill;                      /* how many of block are waiting */
	uint64_t bytes;                   /* the message's length so far */
};

/* Incremental: init, update any number of times with any lengths, final once (the state is
 * then spent; init it again for another message). */
void upm_sha256_init(struct upm_sha256 *s);
void upm_sha256_update(struct upm_sha256 *s, const void *data, size_t len);
void upm_sha256_final(struct upm_sha256 *s, uint8_t digest[UPM_SHA256_DIGEST]);
/* One shot. */
void upm_sha256(const void *data, size_t len, uint8_t digest[UPM_SHA256_DIGEST]);

/* HMAC-SHA256 (RFC 2104 with SHA-256, the function RFC 4231 tests): a key longer than a
 * block is hashed first, a shorter one padded with zeros. Incremental as above, and one
 * shot. The key is copied into the state, which the final call wipes. */
struct upm_hmac_sha256 {
	struct upm_sha256 inner;
	uint8_t key[UPM_SHA256_BLOCK]; /* the key as a whole block (K0, FIPS 198-1 step 1-3) */
};
void upm_hmac_sha256_init(struct upm_hmac_sha256 *m, const void *key, size_t key_len);
void upm_hmac_sha256_update(struct upm_hmac_sha256 *m, const void *data, size_t len);
void upm_hmac_sha256_final(struct upm_hmac_sha256 *m, uint8_t mac[UPM_SHA256_DIGEST]);
void upm_hmac_sha256(const void *key, size_t key_len, const void *data, size_t len,
		     uint8_t mac[UPM_SHA256_DIGEST]);

/* The n bytes at bytes as 2n lowercase hex digits and a NUL, into out of out_size bytes.
 * Returns 0, or -1 (out holding "" when out_size > 0) when 2n + 1 bytes do not fit. */
int upm_hex_lower(const uint8_t *bytes, size_t n, char *out, size_t out_size);

#endif
