/* Placeholder until efi/http.c: no network on UEFI yet. */
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/backend.h"

int upm_os_http(const struct upm_http_request *req, struct upm_http_answer *ans, char *why, size_t why_size)
{
	(void)req;
	upm_memset(ans, 0, sizeof *ans);
	upm_snprintf(why, why_size, "this build has no network");
	return UPM_EUNSUPPORTED;
}

int upm_os_boot_uri(char *buf, size_t size)
{
	(void)buf;
	(void)size;
	return UPM_ENOTFOUND;
}
