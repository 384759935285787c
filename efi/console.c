/* upm_os_write: UTF-8 text to ConOut, which OVMF and most firmware also mirror to the
 * serial console. BSP only (the core never prints from application processors). */
#include "efi/efi_env.h"
#include "platform/base/os.h"

#define UPM_CONSOLE_CHUNK 128

void upm_os_write(const char *text, size_t len)
{
	CHAR16 buf[UPM_CONSOLE_CHUNK + 3];
	UINTN n = 0, pos = 0;

	while (pos < len) {
		UINT32 c = upm_efi_utf8_next(text, len, &pos);
		if (c == '\n')
			buf[n++] = '\r'; /* the console needs both to start a new line */
		if (c != 0)       /* a NUL would end the CHAR16 string early */
			buf[n++] = (CHAR16)c;
		if (n >= UPM_CONSOLE_CHUNK) {
			buf[n] = 0;
			ST->ConOut->OutputString(ST->ConOut, buf);
			n = 0;
		}
	}
	if (n) {
		buf[n] = 0;
		ST->ConOut->OutputString(ST->ConOut, buf);
	}
}

/* Errors stay on the console: StdErr is not mirrored to the serial console everywhere,
 * and the lab reads the serial log. */
void upm_os_write_error(const char *text, size_t len)
{
	upm_os_write(text, len);
}
