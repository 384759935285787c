/* libFuzzer target: the JSON reader (platform/base/json.c) and fleet's reading of a
 * results.json with it (core/fleet/fleet_run.c), fed any bytes, as another run's file
 * can hold anything. Nothing may be read outside the bytes given (ASan); a parsed tree
 * keeps every node inside the text and its subtree inside the array; every string read
 * back is NUL-terminated within its buffer; a run read is in a known state with its
 * strings terminated. */
#include "platform/base/json.h"
#include "core/fleet/fleet.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void terminated(const char *s, size_t size)
{
	if (!memchr(s, 0, size))
		__builtin_trap();
}

/* Walks node i's subtree: every child inside it, keys strings, counts as said. */
static void walk(const struct upm_json *j, int i, unsigned depth)
{
	const struct upm_json_node *nd = &j->nodes[i];
	if (depth > UPM_JSON_MAX_DEPTH || nd->start > nd->end || nd->end > j->len || nd->next > j->n ||
	    nd->next <= (uint32_t)i)
		__builtin_trap();
	char s[16];
	double v;
	switch (nd->type) {
	case UPM_JSON_STRING:
		if (upm_json_string(j, i, s, sizeof s) != 0)
			__builtin_trap();
		terminated(s, sizeof s);
		break;
	case UPM_JSON_NUMBER:
		if (upm_json_number(j, i, &v) != 0)
			__builtin_trap();
		break;
	case UPM_JSON_ARRAY:
	case UPM_JSON_OBJECT: {
		uint32_t c = (uint32_t)i + 1, seen = 0;
		unsigned per = nd->type == UPM_JSON_OBJECT ? 2 : 1;
		while (c < nd->next) {
			if (per == 2 && (seen % 2) == 0 && j->nodes[c].type != UPM_JSON_STRING)
				__builtin_trap(); /* a key */
			walk(j, (int)c, depth + 1);
			c = j->nodes[c].next;
			seen++;
		}
		if (c != nd->next || seen != nd->count * per)
			__builtin_trap();
		if (nd->type == UPM_JSON_ARRAY && nd->count && upm_json_at(j, i, nd->count - 1) < 0)
			__builtin_trap();
		break;
	}
	default: break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size heap copy, so ASan sees any read past its end. */
	char *text = malloc(size ? size : 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	struct upm_json j;
	char err[160];
	if (upm_json_parse(text, size, &j, err, sizeof err) == 0) {
		if (j.n == 0 || j.nodes[0].next != j.n)
			__builtin_trap();
		walk(&j, 0, 0);
		(void)upm_json_get(&j, 0, "tool");
		upm_json_free(&j);
	} else {
		terminated(err, sizeof err);
		if (strncmp(err, "bad JSON at byte ", 17) != 0)
			__builtin_trap();
	}
	struct upm_fleet_run run;
	upm_fleet_run_read("x/results.json", text, size, "", &run);
	if ((unsigned)run.state >= UPM_FLEET_STATES || (run.state == UPM_FLEET_COMPARED) != (run.n_metrics > 0))
		__builtin_trap();
	terminated(run.serial, sizeof run.serial);
	terminated(run.sku, sizeof run.sku);
	terminated(run.why, sizeof run.why);
	for (unsigned i = 0; i < run.n_metrics; i++) {
		terminated(run.metrics[i].name, sizeof run.metrics[i].name);
		terminated(run.metrics[i].unit, sizeof run.metrics[i].unit);
	}
	upm_fleet_run_free(&run);
	free(text);
	return 0;
}
