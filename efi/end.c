/* upm_os_end: what happens when upmon is done (the cfg's `end =` or --end). */
#include "efi/efi_env.h"
#include "core/base/os.h"
#include "core/base/str.h"
#include "platform/hw/hw.h"

static void say(const char *s)
{
	upm_os_write(s, upm_strlen(s));
}

static void wait_for_key(void)
{
	EFI_INPUT_KEY key;
	UINTN index;
	ST->ConIn->Reset(ST->ConIn, FALSE); /* a key typed during the run does not count */
	say("press any key\n");
	if (BS->WaitForEvent(1, &ST->ConIn->WaitForKey, &index) == EFI_SUCCESS)
		ST->ConIn->ReadKeyStroke(ST->ConIn, &key);
}

void upm_os_end(enum upm_end_action action, int status)
{
	EFI_STATUS reset_status = status == 0 ? EFI_SUCCESS : EFI_ABORTED;

	switch (action) {
	case UPM_END_RETURN:
		return;
	case UPM_END_WAITKEY:
		/* upm_main has restored the boot manager's watchdog; waiting for a person must
		 * not reset the machine five minutes later. */
		upm_os_watchdog_off();
		wait_for_key();
		upm_os_watchdog_restore();
		return;
	case UPM_END_QEMU_EXIT:
		upm_hw_qemu_exit((uint32_t)status);
		/* Still running: this is not QEMU with isa-debug-exit. */
		say("upmon: not under QEMU (or no debug-exit device): shutting down\n");
		RT->ResetSystem(EfiResetShutdown, reset_status, 0, NULL);
		break;
	case UPM_END_SHUTDOWN:
		RT->ResetSystem(EfiResetShutdown, reset_status, 0, NULL);
		break;
	case UPM_END_REBOOT:
		RT->ResetSystem(EfiResetCold, reset_status, 0, NULL);
		break;
	}
	say("upmon: reset failed; returning to the firmware\n");
}
