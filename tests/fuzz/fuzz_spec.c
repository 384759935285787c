/* libFuzzer target: event specs (upm_spec_parse_list) and metric names on every
 * platform's tables. The input is the --events (or --metrics) text. */
#include "core/metrics/metrics.h"
#include "core/events/spec.h"
#include "platform/base/str.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SPECS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct upm_spec specs[MAX_SPECS];
	char err[200];
	if (size > 8192)
		return 0;
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0; /* argv strings end at the first NUL */
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		int n = upm_spec_parse_list(p, text, specs, MAX_SPECS, err, sizeof err);
		if (n > MAX_SPECS)
			__builtin_trap(); /* more specs than room */
		struct upm_buf list;
		upm_buf_init(&list);
		upm_metric_specs(p, text, &list, err, sizeof err);
		upm_buf_free(&list);
	}
	free(text);
	return 0;
}
