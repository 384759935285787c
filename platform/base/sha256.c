/* SHA-256 and HMAC-SHA256 (sha256.h). */
#include "platform/base/sha256.h"

/* FIPS 180-4, 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes. */
static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* FIPS 180-4, 5.3.3: H(0), the first 32 bits of the fractional parts of the square roots of
 * the first 8 primes. */
static const uint32_t H0[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static uint32_t rotr(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

/* Zeroes n bytes in a way the compiler keeps (a key's copies outlive no call). */
static void wipe(void *p, size_t n)
{
	volatile uint8_t *b = p;
	while (n--)
		*b++ = 0;
}

/* FIPS 180-4, 6.2.2: one 512-bit block into the hash value. */
static void compress(uint32_t h[8], const uint8_t *block)
{
	uint32_t w[64];
	for (unsigned t = 0; t < 16; t++) /* big-endian words (FIPS 180-4, 3.1 and 5.2.1) */
		w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
		       (uint32_t)block[4 * t + 2] << 8 | block[4 * t + 3];
	for (unsigned t = 16; t < 64; t++) {
		uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);  /* sigma0 (4.6) */
		uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);   /* sigma1 (4.7) */
		w[t] = s1 + w[t - 7] + s0 + w[t - 16];
	}
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
	for (unsigned t = 0; t < 64; t++) {
		uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);   /* Sigma1 (4.5) */
		uint32_t ch = (e & f) ^ (~e & g);                       /* Ch (4.2) */
		uint32_t t1 = hh + S1 + ch + K[t] + w[t];
		uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);   /* Sigma0 (4.4) */
		uint32_t maj = (a & b) ^ (a & c) ^ (b & c);             /* Maj (4.3) */
		uint32_t t2 = S0 + maj;
		hh = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
	h[5] += f;
	h[6] += g;
	h[7] += hh;
	wipe(w, sizeof w);
}

void upm_sha256_init(struct upm_sha256 *s)
{
	for (unsigned i = 0; i < 8; i++)
		s->h[i] = H0[i];
	s->fill = 0;
	s->bytes = 0;
}

void upm_sha256_update(struct upm_sha256 *s, const void *data, size_t len)
{
	const uint8_t *p = data;
	s->bytes += len;
	if (s->fill) {
		while (len && s->fill < UPM_SHA256_BLOCK) {
			s->block[s->fill++] = *p++;
			len--;
		}
		if (s->fill < UPM_SHA256_BLOCK)
			return;
		compress(s->h, s->block);
		s->fill = 0;
	}
	for (; len >= UPM_SHA256_BLOCK; len -= UPM_SHA256_BLOCK, p += UPM_SHA256_BLOCK)
		compress(s->h, p);
	while (len--)
		s->block[s->fill++] = *p++;
}

void upm_sha256_final(struct upm_sha256 *s, uint8_t digest[UPM_SHA256_DIGEST])
{
	/* FIPS 180-4, 5.1.1: a 1 bit, zeros to 448 bits mod 512, the length in bits as 64 bits. */
	uint64_t bits = s->bytes * 8;
	s->block[s->fill++] = 0x80;
	if (s->fill > UPM_SHA256_BLOCK - 8) {
		while (s->fill < UPM_SHA256_BLOCK)
			s->block[s->fill++] = 0;
		compress(s->h, s->block);
		s->fill = 0;
	}
	while (s->fill < UPM_SHA256_BLOCK - 8)
		s->block[s->fill++] = 0;
	for (unsigned i = 0; i < 8; i++)
		s->block[UPM_SHA256_BLOCK - 1 - i] = (uint8_t)(bits >> (8 * i));
	compress(s->h, s->block);
	for (unsigned i = 0; i < 8; i++) {
		digest[4 * i] = (uint8_t)(s->h[i] >> 24);
		digest[4 * i + 1] = (uint8_t)(s->h[i] >> 16);
		digest[4 * i + 2] = (uint8_t)(s->h[i] >> 8);
		digest[4 * i + 3] = (uint8_t)s->h[i];
	}
	wipe(s, sizeof *s);
}

void upm_sha256(const void *data, size_t len, uint8_t digest[UPM_SHA256_DIGEST])
{
	struct upm_sha256 s;
	upm_sha256_init(&s);
	upm_sha256_update(&s, data, len);
	upm_sha256_final(&s, digest);
}

/* RFC 2104, section 2: the inner and outer pads. */
#define IPAD 0x36
#define OPAD 0x5c

void upm_hmac_sha256_init(struct upm_hmac_sha256 *m, const void *key, size_t key_len)
{
	uint8_t pad[UPM_SHA256_BLOCK];
	for (unsigned i = 0; i < UPM_SHA256_BLOCK; i++)
		m->key[i] = 0;
	if (key_len > UPM_SHA256_BLOCK) { /* RFC 2104, section 3: a longer key is hashed first */
		upm_sha256(key, key_len, m->key);
	} else {
		const uint8_t *k = key;
		for (size_t i = 0; i < key_len; i++)
			m->key[i] = k[i];
	}
	for (unsigned i = 0; i < UPM_SHA256_BLOCK; i++)
		pad[i] = m->key[i] ^ IPAD;
	upm_sha256_init(&m->inner);
	upm_sha256_update(&m->inner, pad, sizeof pad);
	wipe(pad, sizeof pad);
}

void upm_hmac_sha256_update(struct upm_hmac_sha256 *m, const void *data, size_t len)
{
	upm_sha256_update(&m->inner, data, len);
}

void upm_hmac_sha256_final(struct upm_hmac_sha256 *m, uint8_t mac[UPM_SHA256_DIGEST])
{
	uint8_t inner[UPM_SHA256_DIGEST], pad[UPM_SHA256_BLOCK];
	struct upm_sha256 outer;
	upm_sha256_final(&m->inner, inner);
	for (unsigned i = 0; i < UPM_SHA256_BLOCK; i++)
		pad[i] = m->key[i] ^ OPAD;
	upm_sha256_init(&outer);
	upm_sha256_update(&outer, pad, sizeof pad);
	upm_sha256_update(&outer, inner, sizeof inner);
	upm_sha256_final(&outer, mac);
	wipe(pad, sizeof pad);
	wipe(inner, sizeof inner);
	wipe(m, sizeof *m);
}

void upm_hmac_sha256(const void *key, size_t key_len, const void *data, size_t len,
		     uint8_t mac[UPM_SHA256_DIGEST])
{
	struct upm_hmac_sha256 m;
	upm_hmac_sha256_init(&m, key, key_len);
	upm_hmac_sha256_update(&m, data, len);
	upm_hmac_sha256_final(&m, mac);
}

int upm_hex_lower(const uint8_t *bytes, size_t n, char *out, size_t out_size)
{
	static const char digits[] = "0123456789abcdef";
	if (!out_size)
		return -1;
	if (n > (out_size - 1) / 2) {
		out[0] = 0;
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[bytes[i] >> 4];
		out[2 * i + 1] = digits[bytes[i] & 15];
	}
	out[2 * n] = 0;
	return 0;
}
