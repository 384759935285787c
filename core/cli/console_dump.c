/* A file shown on the console (invocation.h, upm_show_file_on_console). */
#include "core/cli/invocation.h"
#include "platform/base/os.h"

/* A results file the medium refused goes to the console instead (the serial console is
 * what a lab keeps), unless it is too large to be useful there. */
#define UPM_CONSOLE_DUMP_MAX (64u * 1024u)

void upm_show_file_on_console(const char *path, const char *data, size_t len)
{
	char line[320];
	if (len > UPM_CONSOLE_DUMP_MAX) {
		upm_snprintf(line, sizeof line, "upmon: %s (%llu bytes) is too large for the console: not shown\n",
			     path, (unsigned long long)len);
		upm_os_write(line, upm_strlen(line));
		return;
	}
	upm_snprintf(line, sizeof line, "----- %s (not saved) -----\n", path);
	upm_os_write(line, upm_strlen(line));
	if (data)
		upm_os_write(data, len);
	if (len && data && data[len - 1] != '\n')
		upm_os_write("\n", 1);
	upm_snprintf(line, sizeof line, "----- end of %s -----\n", path);
	upm_os_write(line, upm_strlen(line));
}
