/* upm_efi_end: what happens when upmon is done (the cfg's `end =` or --end, and for
 * `key` the cfg's end_timeout and end_action). */
#include "efi/efi_env.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/hw/hw.h"

static void say(const char *s)
{
	upm_os_write(s, upm_strlen(s));
}

/* Waits for a key, or timeout_s seconds when not 0 (then says so). */
static void wait_for_key(unsigned long timeout_s)
{
	EFI_INPUT_KEY key;
	EFI_EVENT events[2];
	UINTN n = 1, index;
	char line[80];

	ST->ConIn->Reset(ST->ConIn, FALSE); /* a key typed during the run does not count */
	events[0] = ST->ConIn->WaitForKey;
	if (timeout_s && BS->CreateEvent(EVT_TIMER, 0, NULL, NULL, &events[1]) == EFI_SUCCESS) {
		/* SetTimer counts 100 ns units (UEFI spec, EFI_BOOT_SERVICES.SetTimer). */
		if (BS->SetTimer(events[1], TimerRelative, (UINT64)timeout_s * 10000000ull) == EFI_SUCCESS)
			n = 2;
		else
			BS->CloseEvent(events[1]);
	}
	if (n == 2)
		upm_snprintf(line, sizeof line, "press any key (or wait %lu s)\n", timeout_s);
	else
		upm_snprintf(line, sizeof line, "press any key\n");
	say(line);
	if (BS->WaitForEvent(n, events, &index) == EFI_SUCCESS) {
		if (index == 0)
			ST->ConIn->ReadKeyStroke(ST->ConIn, &key);
		else
			say("upmon: no key pressed: end_timeout reached\n");
	}
	if (n == 2)
		BS->CloseEvent(events[1]);
}

static void end_run(enum upm_end_action action, unsigned long timeout_s,
		    enum upm_end_action after, int status);

void upm_efi_end(enum upm_end_action action, unsigned long timeout_s,
		 enum upm_end_action after, int status)
{
	end_run(action, timeout_s, after, status);
}

static void end_run(enum upm_end_action action, unsigned long timeout_s,
		    enum upm_end_action after, int status)
{
	EFI_STATUS reset_status = status == 0 ? EFI_SUCCESS : EFI_ABORTED;

	switch (action) {
	case UPM_END_RETURN:
		return;
	case UPM_END_WAITKEY:
		/* upm_main has restored the boot manager's watchdog; waiting for a person must
		 * not reset the machine five minutes later. */
		upm_os_watchdog_off();
		wait_for_key(timeout_s);
		upm_os_watchdog_restore();
		if (after == UPM_END_WAITKEY || after == UPM_END_RETURN)
			return;
		action = after; /* end_action: shutdown or reboot */
		end_run(action, 0, UPM_END_RETURN, status);
		return;
	case UPM_END_QEMU_EXIT:
		/* A test convenience: a lab machine booted with it is not shut down for it. */
		if (!upm_hw_under_qemu()) {
			say("upmon: --end qemu-exit: not under QEMU: returning to the firmware instead\n");
			return;
		}
		upm_hw_qemu_exit((uint32_t)status);
		/* Still running: QEMU without the isa-debug-exit device. */
		say("upmon: no QEMU debug-exit device: shutting down\n");
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
