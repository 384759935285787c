/* `info`: what upmon sees before it touches anything. Reads only (plus the
 * architectural microcode-signature sequence) into info's results record
 * (core/results/info_record.h), which the console, upmon.log and results.json render. */
#include "core/commands/commands.h"
#include "platform/base/os.h"
#include "core/results/info_record.h"

int upm_cmd_info(struct upm_run *r)
{
	struct upm_info_record *rec = upm_os_alloc(sizeof *rec); /* tens of KiB: not on the stack */
	if (!rec) {
		upm_error(r, "info: out of memory for its record (%lu bytes): nothing was read; free memory "
			     "or run it from a smaller environment", (unsigned long)sizeof *rec);
		return UPM_EXIT_USAGE;
	}
	upm_info_record_fill(rec, r);
	upm_info_record_print(rec);
	upm_info_record_save(rec);
	upm_info_record_free(rec);
	upm_os_free(rec);
	return UPM_EXIT_OK;
}
