/* Every controller connected to its drivers, once a run. A NIC's network stack (its HTTP
 * service binding, TCP, IPv4) and a stick's file system exist only once the drivers were
 * connected, which the boot manager need not have done for devices it did not boot from
 * (UEFI 2.10, 7.3 "Protocol Handler Services", EFI_BOOT_SERVICES.ConnectController). */
#include "efi/efi_env.h"

void upm_efi_connect_all(void)
{
	static int done;
	EFI_HANDLE *handles = NULL;
	UINTN n = 0;

	if (done)
		return;
	done = 1;
	if (BS->LocateHandleBuffer(AllHandles, NULL, NULL, &n, &handles) != EFI_SUCCESS)
		return;
	for (UINTN i = 0; i < n; i++)
		BS->ConnectController(handles[i], NULL, NULL, TRUE); /* one that has no driver says so: fine */
	BS->FreePool(handles);
}
