/* libFuzzer target: the SMBIOS parser (core/machine/smbios.c), fed what firmware or
 * /sys/firmware/dmi/tables hands over. Input: one byte n (entry point length, 0: none),
 * n bytes of entry point, the rest the structure table. Nothing may be read outside the
 * bytes given (ASan), and every string kept is NUL-terminated within its field. */
#include "core/machine/machine.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void terminated(const char *s, size_t size)
{
	if (!memchr(s, 0, size))
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct upm_machine m;
	if (size < 1)
		return 0;
	size_t ep_len = data[0];
	if (ep_len > size - 1)
		ep_len = size - 1;
	/* Copies: exact-size heap blocks, so ASan sees any read past either end. */
	uint8_t *ep = malloc(ep_len ? ep_len : 1), *table = malloc(size - 1 - ep_len + 1);
	if (!ep || !table) {
		free(ep);
		free(table);
		return 0;
	}
	memcpy(ep, data + 1, ep_len);
	memcpy(table, data + 1 + ep_len, size - 1 - ep_len);
	upm_smbios_parse(ep_len ? ep : NULL, ep_len, table, size - 1 - ep_len, &m);
	terminated(m.why, sizeof m.why);
	terminated(m.serial, sizeof m.serial);
	terminated(m.uuid, sizeof m.uuid);
	if (m.n_mem > UPM_SMBIOS_MAX_MEM || m.n_mem > m.n_mem_total || m.sockets_populated > m.sockets)
		__builtin_trap();
	for (unsigned i = 0; i < m.n_mem; i++)
		terminated(m.mem[i].part_number, sizeof m.mem[i].part_number);
	char name[48];
	upm_machine_folder_name(&m, "host", name, sizeof name);
	for (const char *p = name; *p; p++)
		if (*p == '/' || *p == '\\' || *p == ',' || *p == ' ')
			__builtin_trap(); /* a folder name never holds a separator */
	free(ep);
	free(table);
	return 0;
}
