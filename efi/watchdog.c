/* upm_os_watchdog_off/_restore under UEFI (core/base/os.h). */
#include "efi/efi_env.h"
#include "core/base/os.h"

/* The boot manager arms a 5-minute watchdog before starting a boot option (UEFI spec,
 * EFI_BOOT_SERVICES.SetWatchdogTimer); a long measurement must not be cut short. */
#define UPM_BOOT_WATCHDOG_SECONDS 300

static int launched_by_firmware; /* 0 until efi_main knows: restore then re-arms nothing */

void upm_efi_watchdog_launched_by_firmware(int yes)
{
	launched_by_firmware = yes;
}

void upm_os_watchdog_off(void)
{
	BS->SetWatchdogTimer(0, 0, 0, NULL);
}

void upm_os_watchdog_restore(void)
{
	/* Back to whoever started us. The boot manager expects its watchdog still armed;
	 * the shell disarmed it at its own start and never re-arms it, so re-arming after
	 * a shell command would reset the machine at the prompt five minutes later. */
	if (launched_by_firmware)
		BS->SetWatchdogTimer(UPM_BOOT_WATCHDOG_SECONDS, 0, 0, NULL);
}
