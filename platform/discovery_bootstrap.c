/* Stand-in for the discovery tables' finder until platform/discovery_find.c has it
 * (platform/discovery.h): it finds none, and says so. */
#include "platform/discovery.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

int upm_disc_find(struct upm_backend *b, struct upm_disc_set *set)
{
	(void)b;
	upm_memset(set, 0, sizeof *set);
	upm_strlcpy(set->stopped, "the discovery table finder is not built in yet", sizeof set->stopped);
	return 0;
}

void upm_disc_free(struct upm_disc_set *set)
{
	for (unsigned i = 0; i < set->n_tables; i++)
		upm_os_free(set->tables[i]);
	set->n_tables = 0;
}
