/* upm_os_watchdog_off/_arm/_restore under UEFI (platform/base/os.h). */
#include "efi/efi_env.h"
#include "platform/base/os.h"

/* SetWatchdogTimer's WatchdogCode: the firmware reserves 0x0000-0xFFFF (UEFI
 * specification, EFI_BOOT_SERVICES.SetWatchdogTimer); this one is upmon's ("UPMN"). */
#define UPM_WATCHDOG_CODE 0x55504D4Eull

void upm_os_watchdog_off(void)
{
	BS->SetWatchdogTimer(0, 0, 0, NULL);
}

void upm_os_watchdog_arm(unsigned seconds)
{
	BS->SetWatchdogTimer(seconds, UPM_WATCHDOG_CODE, 0, NULL);
}

void upm_os_watchdog_restore(void)
{
	/* Disabled, whoever started us: the boot manager disables it when a boot option
	 * returns, and the shell runs its commands with it disabled. */
	BS->SetWatchdogTimer(0, 0, 0, NULL);
}
