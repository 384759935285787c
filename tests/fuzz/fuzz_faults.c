/* libFuzzer target: mock fault specs (--backend mock:FAULTS) and PCI addresses. */
#include "boxes/platform.h"
#include "platform/mock/mock.h"
#include "platform/pci.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[200];
	struct upm_pci_addr a;
	if (size > 1024)
		return 0;
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	upm_pci_parse(text, &a);
	struct upm_backend *b = upm_mock_create("snbep", 2, text, err, sizeof err);
	if (b)
		upm_backend_destroy(b);
	free(text);
	return 0;
}
