/* Freestanding string and formatting helpers: the core links against no libc on UEFI. */
#ifndef UPMON_CORE_STR_H
#define UPMON_CORE_STR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifndef UPM_ARRAY_LEN
#define UPM_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#endif

size_t upm_strlen(const char *s);
int upm_strcmp(const char *a, const char *b);
int upm_strncmp(const char *a, const char *b, size_t n);
int upm_strcasecmp(const char *a, const char *b);
int upm_strncasecmp(const char *a, const char *b, size_t n);
char *upm_strchr(const char *s, int c);
int upm_starts_with(const char *s, const char *prefix);
void upm_memcpy(void *dst, const void *src, size_t n);
void upm_memset(void *dst, int c, size_t n);
int upm_memcmp(const void *a, const void *b, size_t n);
char *upm_strdup(const char *s); /* upm_os_alloc; NULL on failure */
size_t upm_strlcpy(char *dst, const char *src, size_t size);
char upm_tolower(char c);
/* A hexadecimal digit's value (0-9, a-f, A-F), or -1. */
int upm_hex_digit(char c);

/* Parse an unsigned integer: decimal, or hex with 0x. Whole string must be consumed
 * (end may be NULL). Returns 0 on success, -1 on malformed input or overflow. */
int upm_parse_u64(const char *s, uint64_t *out);
/* The n-byte (at most 8) little-endian value at p, without alignment assumptions: the
 * firmware's byte-packed tables (ACPI, SMBIOS). */
uint64_t upm_get_le(const uint8_t *p, unsigned n);
/* Like upm_parse_u64 but stops at the first character that is not part of the number;
 * *end points there. */
int upm_parse_u64_prefix(const char *s, uint64_t *out, const char **end);

/* printf subset: %d %i %u %x %X %s %c %p %% with flags '-' '0', width, precision for
 * %s, and length modifiers l, ll, z. Always NUL-terminates when size > 0; returns the
 * length the full output would have. */
int upm_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int upm_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A growable text buffer (results files, trace, reports). */
struct upm_buf {
	char *data;
	size_t len;
	size_t cap;
	int failed; /* an allocation failed: contents are truncated */
};

void upm_buf_init(struct upm_buf *b);
void upm_buf_free(struct upm_buf *b);
int upm_buf_reserve(struct upm_buf *b, size_t extra);
void upm_buf_append(struct upm_buf *b, const char *s, size_t n);
void upm_buf_puts(struct upm_buf *b, const char *s);
void upm_buf_printf(struct upm_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void upm_buf_vprintf(struct upm_buf *b, const char *fmt, va_list ap);

#endif

#ifndef UPMON_CORE_STR_H_EXTRA
#define UPMON_CORE_STR_H_EXTRA
/* A double as decimal text with `decimals` digits after the point ("nan" and "inf" as
 * JSON cannot hold them: callers print null instead). */
void upm_format_double(char *buf, size_t size, double v, int decimals);
/* Appends s as a JSON string literal, escaped. */
void upm_buf_json_string(struct upm_buf *b, const char *s);
/* A CSV field, quoted when it holds a comma, quote or line break. */
void upm_buf_csv_field(struct upm_buf *b, const char *s);
/* Parses seconds with an optional fraction ("2", "0.25") into nanoseconds. 0 or -1. */
int upm_parse_seconds(const char *s, uint64_t *ns);
#endif
