/* How a run ends (core/commands/app.h, upm_end_decide): started by the firmware from a
 * stick, nobody may be watching when the verdict comes, so it stays on screen unless
 * the lab said otherwise. (docs/command-line.md, Unattended from the stick) */
#include "core/commands/app.h"
#include "core/cli/config.h"

void upm_end_decide(int launched_by_firmware, const struct upm_config *cfg,
		    const struct upm_options *opts, struct upm_end_plan *out)
{
	if (opts->end_set)
		out->action = opts->end;
	else if (cfg->has_end)
		out->action = cfg->end;
	else
		out->action = launched_by_firmware ? UPM_END_WAITKEY : UPM_END_RETURN;
	out->timeout_s = out->action == UPM_END_WAITKEY ? cfg->end_timeout : 0;
	out->after = cfg->has_end_after ? cfg->end_after : UPM_END_RETURN;
}
