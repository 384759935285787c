/* A small JSON reader (RFC 8259) for files upmon reads back, such as other runs'
 * results.json (`fleet`, core/fleet/fleet.h): the text is checked whole and indexed once
 * into a flat array of nodes in document order, then looked up by key and index. Bounded:
 * at most UPM_JSON_MAX_DEPTH nested arrays and objects, UPM_JSON_MAX_NODES values and
 * UPM_JSON_MAX_BYTES of text; anything past a bound, or not JSON, is refused with a line
 * saying what and where (byte offset). Strict: no comments, no trailing commas, no
 * leading zeros, nothing after the value but white space; control characters in strings
 * and bad escapes are refused. Strings' bytes at 0x80 and above are kept as they are
 * (UTF-8 is not checked); \u escapes become UTF-8 (a surrogate pair one character, a lone
 * surrogate U+FFFD). Freestanding, as the rest of base: no libc. */
#ifndef UPMON_BASE_JSON_H
#define UPMON_BASE_JSON_H

#include <stddef.h>
#include <stdint.h>

#define UPM_JSON_MAX_DEPTH 64
#define UPM_JSON_MAX_NODES (4u * 1024u * 1024u)
#define UPM_JSON_MAX_BYTES (64u * 1024u * 1024u)

enum upm_json_type {
	UPM_JSON_NULL = 0,
	UPM_JSON_FALSE,
	UPM_JSON_TRUE,
	UPM_JSON_NUMBER,
	UPM_JSON_STRING,
	UPM_JSON_ARRAY,
	UPM_JSON_OBJECT,
};

/* One value. An object's children are its keys (strings) each followed by its value; an
 * array's its elements. A node's subtree is nodes [i, next): its first child is i + 1,
 * the next sibling of a child c is nodes[c].next. */
struct upm_json_node {
	uint8_t type;   /* enum upm_json_type */
	uint32_t start; /* the value's first byte in the text (a string's opening quote) */
	uint32_t end;   /* one past its last byte */
	uint32_t next;  /* one past its subtree */
	uint32_t count; /* elements of an array, members (key and value pairs) of an object */
};

struct upm_json {
	const char *text; /* the text parsed; not copied: it must outlive the lookups */
	size_t len;
	struct upm_json_node *nodes; /* upm_os_alloc; upm_json_free */
	uint32_t n;
};

/* Parses text[0..len) into j (the root is node 0). 0; or -1 with a line in err ("bad
 * JSON at byte 120: a comma before '}'"), nothing to free. */
int upm_json_parse(const char *text, size_t len, struct upm_json *j, char *err, size_t err_size);
void upm_json_free(struct upm_json *j);

/* Lookups take a node index and give one, -1 where there is none (a missing key, an index
 * past the end, a node of another type, or -1 given): they chain without checks. */
int upm_json_type(const struct upm_json *j, int node); /* enum upm_json_type, or -1 */
/* The value of key in an object (the first member of that name). */
int upm_json_get(const struct upm_json *j, int object, const char *key);
/* The i-th element of an array. */
int upm_json_at(const struct upm_json *j, int array, unsigned i);
/* Elements of an array or members of an object; 0 for anything else. */
unsigned upm_json_count(const struct upm_json *j, int node);
/* A number's value (read in decimal, correctly rounded for up to 19 significant digits
 * and exponents within 10^22; others to within a few units in the last place). 0, or -1
 * for a node that is no number. */
int upm_json_number(const struct upm_json *j, int node, double *out);
/* 1 for true, 0 for false, -1 for anything else. */
int upm_json_bool(const struct upm_json *j, int node);
/* A string's text, unescaped, NUL-terminated and cut to size - 1 bytes. 0; -1 for a node
 * that is no string (buf then ""). */
int upm_json_string(const struct upm_json *j, int node, char *buf, size_t size);
/* Whether a string node equals s, unescaped. */
int upm_json_string_is(const struct upm_json *j, int node, const char *s);

#endif
