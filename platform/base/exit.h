/* Exit statuses every command returns. */
#ifndef UPMON_CORE_EXIT_H
#define UPMON_CORE_EXIT_H

/* Exit statuses: small positive numbers (the UEFI shell strips the error bit). */
enum upm_exit {
	UPM_EXIT_OK = 0,
	UPM_EXIT_WARN = 1,
	UPM_EXIT_FAIL = 2,
	UPM_EXIT_INCOMPLETE = 3,
	UPM_EXIT_USAGE = 4,   /* usage or environment error (also: results not written) */
	UPM_EXIT_ABORTED = 5, /* stopped by ESC or Ctrl-C; partial results marked "aborted" */
};

/* What the image returns to whoever started it. The shell shows the verdict's status
 * (%lasterror%). The boot manager must not behave differently for PASS and FAIL (UEFI
 * specification, 3.1.1 Boot Manager: a boot option that returns EFI_SUCCESS may stop
 * the boot order at the boot manager menu, any other status makes it try the next
 * Boot####), so a run the firmware started always returns the same non-success status
 * (the caller's `after_firmware`), and the lab's boot order goes on unattended. */
static inline unsigned long upm_exit_to_launcher(int status, int launched_by_firmware,
						 unsigned long after_firmware)
{
	return launched_by_firmware ? after_firmware : (unsigned long)status;
}

#endif
