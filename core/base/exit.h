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

#endif
