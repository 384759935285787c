/* An HTTP answer as EFI_HTTP_PROTOCOL hands it over (UEFI 2.10, 29.6): its status code
 * enum as the number, and its headers framing its body, which the driver passes on as it
 * is on the wire (platform/base/http_body.h frames and decodes it). */
#include "efi/efi_http.h"
#include "platform/base/str.h"

/* EFI_HTTP_STATUS_CODE in the specification's order: the enum's value is the index. */
static const short status_numbers[] = {
	0,   /* HTTP_STATUS_UNSUPPORTED_STATUS */
	100, 101,
	200, 201, 202, 203, 204, 205, 206,
	300, 301, 302, 303, 304, 305, 307,
	400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417,
	500, 501, 502, 503, 504, 505,
	308, /* HTTP_STATUS_308_PERMANENT_REDIRECT, appended after 505 */
};

int upm_efi_http_status_number(UPM_EFI_HTTP_STATUS_CODE code)
{
	return code < sizeof status_numbers / sizeof status_numbers[0] ? status_numbers[code] : 0;
}

int upm_efi_body_start(struct upm_http_body *b, const UPM_EFI_HTTP_HEADER *h, UINTN n, int status, char *buf,
		       size_t max)
{
	upm_http_body_init(b, buf, max);
	for (UINTN i = 0; h && i < n; i++)
		if (upm_http_body_header(b, (const char *)h[i].FieldName, (const char *)h[i].FieldValue) < 0)
			return -1;
	upm_http_body_begin(b, status);
	return 0;
}
