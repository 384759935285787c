/* The end actions (--end, and the configuration's end and end_after): their names, the
 * action each names, and the closest ones offered for a wrong name. */
#include "core/cli/cli.h"
#include "platform/base/str.h"
#include "platform/base/suggest.h"

static const struct {
	const char *name;
	enum upm_end_action action;
	int other_name; /* another name of an action above it: accepted, not offered */
} end_actions[] = {
	{ "return", UPM_END_RETURN, 0 }, { "shell", UPM_END_RETURN, 1 },
	{ "shutdown", UPM_END_SHUTDOWN, 0 }, { "reboot", UPM_END_REBOOT, 0 },
	{ "key", UPM_END_WAITKEY, 0 }, { "qemu-exit", UPM_END_QEMU_EXIT, 0 },
};

void upm_cli_end_action_suggest(const char *word, char *buf, unsigned long size)
{
	struct upm_suggest s;
	upm_suggest_init(&s, word);
	for (unsigned i = 0; i < sizeof end_actions / sizeof end_actions[0]; i++)
		if (!end_actions[i].other_name)
			upm_suggest_add(&s, end_actions[i].name);
	upm_suggest_text(&s, buf, size);
}

int upm_cli_end_action(const char *name, enum upm_end_action *out)
{
	for (unsigned i = 0; i < sizeof end_actions / sizeof end_actions[0]; i++) {
		if (upm_strcmp(name, end_actions[i].name) == 0) {
			*out = end_actions[i].action;
			return 0;
		}
	}
	return -1;
}
