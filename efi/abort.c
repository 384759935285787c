/* upm_os_abort_requested: ESC or Ctrl-C on the console, read without waiting. Only the
 * bootstrap processor may call ConIn; other keys typed during a run are dropped. */
#include "efi/efi_env.h"
#include "platform/base/os.h"

#define UPM_KEY_CTRL_C 0x03 /* what the firmware's terminal delivers for Ctrl-C */

int upm_os_abort_requested(void)
{
	EFI_INPUT_KEY key;
	if (!upm_efi_on_bsp())
		return 0;
	while (ST->ConIn->ReadKeyStroke(ST->ConIn, &key) == EFI_SUCCESS)
		if (key.ScanCode == SCAN_ESC || key.UnicodeChar == UPM_KEY_CTRL_C)
			return 1;
	return 0;
}

void upm_efi_abort_init(void)
{
	/* Keys typed before upmon started (e.g. to skip the shell's countdown) do not count. */
	ST->ConIn->Reset(ST->ConIn, FALSE);
}
