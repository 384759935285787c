/* UEFI entry point: sets up the environment, runs the core, ends the run. */
#include "efi/efi_env.h"
#include "core/commands/app.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/base/exit.h"
#include "platform/hw/hw.h"

static struct upm_backend *create_hw_backend(void)
{
	struct upm_ecam_window w[UPM_ECAM_MAX_WINDOWS];
	unsigned total;
	static char mcfg_refused[160]; /* kept for the run: the backend points at it */
	unsigned n = upm_efi_find_mcfg(w, UPM_ECAM_MAX_WINDOWS, &total, mcfg_refused, sizeof mcfg_refused);
	return upm_hw_backend_create(w, n, total > n ? total - n : 0, mcfg_refused[0] ? mcfg_refused : NULL);
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct upm_app_env env = { 0 };
	struct upm_efi_args args;
	int status;

	InitializeLib(image, systab);
	/* Armed with upmon's own margin before anything else, never left off: the boot
	 * manager starts a boot option with a 5-minute watchdog (UEFI 2.10, 7.5.1,
	 * EFI_BOOT_SERVICES.SetWatchdogTimer), and a hang, or a fault the firmware's own
	 * handler stops at, before upm_main (MP services, the ACPI walk, the guard's
	 * registration) must still reset the machine. upm_main arms it again at its start
	 * and restores it at its exit (efi/watchdog.c). */
	upm_os_watchdog_arm(UPM_WATCHDOG_MARGIN_S);
	upm_efi_time_init();
	upm_efi_files_init(image);
	upm_efi_net_init(image);
	upm_efi_mp_init();
	upm_efi_args_get(image, &args);
	upm_efi_abort_init();
	env.fault_guard_missing = upm_efi_guard_install() != EFI_SUCCESS; /* hw refused then */
	env.page_fault_guard_missing = !env.fault_guard_missing && !upm_efi_guard_covers_page_faults();

	env.create_hw_backend = create_hw_backend;
	env.args_from_config = !args.has_command_line;
	env.load_options_note = args.load_options_note;
	env.launched_by_firmware = !args.from_shell; /* no command named: `check` (efi/args.c) */
	env.end_action = UPM_END_RETURN;
	status = upm_main(args.argc, args.argv, &env);

	upm_efi_guard_remove();
	upm_efi_net_end(); /* the NIC's IPv4 policy as it was, when upm_os_http changed it */
	if (env.launched_by_firmware)
		upm_efi_mark_ran_from_firmware(); /* for this boot's startup.nsh (efi/boot_marker.c) */
	upm_efi_end(env.end_action, env.end_timeout_s, env.end_after, status);
	int from_shell = args.from_shell;
	upm_efi_args_free(&args);
	/* From the shell, a small positive value, shown as is in %lasterror% (0x4 for 4):
	 * tests/e2e/test_shell_status.sh checks it. From the firmware, one status for every
	 * verdict (platform/base/exit.h): EFI_ABORTED, so the boot order goes on. */
	return (EFI_STATUS)upm_exit_to_launcher(status, !from_shell, EFI_ABORTED);
}
