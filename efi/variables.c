/* The firmware's global variables for the core (upm_os_global_variable, platform/base/os.h):
 * SecureBoot and SetupMode, which say the Secure Boot state (core/machine/secure_boot.h). */
#include "efi/efi_env.h"
#include "platform/base/str.h"

int upm_os_global_variable(const char *name, void *value, size_t *len)
{
	if (!upm_efi_on_bsp()) /* runtime services are the bootstrap processor's */
		return UPM_EUNSUPPORTED;
	CHAR16 *wname = upm_efi_utf8_to_ucs2(name, upm_strlen(name));
	if (!wname)
		return UPM_ENOMEM;
	UINT32 attributes = 0;
	UINTN size = *len;
	/* EFI_GLOBAL_VARIABLE: 8BE4DF61-93CA-11D2-AA0D-00E098032B8C (gnu-efi's EfiGlobalVariable). */
	EFI_STATUS st = RT->GetVariable(wname, &EfiGlobalVariable, &attributes, &size, value);
	upm_os_free(wname);
	*len = size;
	if (st == EFI_SUCCESS)
		return UPM_OK;
	if (st == EFI_NOT_FOUND)
		return UPM_ENOTFOUND;
	if (st == EFI_BUFFER_TOO_SMALL)
		return UPM_ERANGE;
	return UPM_EIO;
}
