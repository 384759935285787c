/* The host's fault knobs (knobs.c): what the simulated machine does wrong, each set by a
 * test or from the environment and read by the environment layer (os_host.c). Below it:
 * a knob knows nothing of the layer that obeys it. */
#ifndef UPMON_CORE_HOST_KNOBS_H
#define UPMON_CORE_HOST_KNOBS_H

/* Fault knobs (core/host/knobs.c), also set from the environment by the host main
 * (knobs_env.c):
 * UPMON_HOST_HANG=S[@N], UPMON_HOST_FULL_AFTER=BYTES, UPMON_HOST_READ_ONLY=1,
 * UPMON_HOST_RENAME=refuse|lose, UPMON_HOST_NO_CLOCK=1, UPMON_HOST_ABORT_AFTER=N,
 * UPMON_HOST_FREE_MIB=N (upm_host_fake_memory: N MiB free of 2N),
 * UPMON_HOST_BOOT_URI=URL, UPMON_HOST_NO_MEDIUM=1 (network boot, below). */
#include <stddef.h>
/* From the (after_calls+1)-th call on, upm_os_run_on_socket(socket) fails with
 * UPM_EFAULT without running anything, as a processor that does not answer MP services
 * within the timeout. socket -1: none. */
void upm_host_hang_socket(int socket, unsigned after_calls);
int upm_host_socket_hangs(unsigned socket); /* counts the call */
/* Writes fail (UPM_ENOSPC, nothing left behind) once the bytes written exceed this; -1: never. */
void upm_host_medium_full_after(long long bytes);
int upm_host_medium_full(size_t len); /* counts the bytes */
/* A file of that many bytes was overwritten or removed: its space is free again, as on a
 * real medium (a marker rewritten at every step must not fill it). */
void upm_host_medium_freed(long long bytes);
/* UPMON_HOST_RESET_AT=TEXT: the process is killed (SIGKILL, as a reset: nothing more is
 * written) right after a run-in-progress marker holding TEXT is written
 * (core/cli/progress.h): the next start finds the run cut short at that step. */
void upm_host_reset_at(const char *text);
void upm_host_after_write(const char *path, const void *data, size_t len);
/* UPMON_HOST_FROM_FIRMWARE=1: upm_main is told the firmware started upmon (no shell), as
 * the stick's removable boot does: a missing command is the lab's default job, the
 * configuration's args stand for the command line. */
int upm_host_from_firmware(void);
void upm_host_from_firmware_set(int on);
/* 1: the medium is write-protected: every write, folder creation, rename and removal
 * fails with UPM_EROFS. */
void upm_host_medium_read_only(int on);
int upm_host_medium_is_read_only(void);
/* Renames on the medium as older vendor FAT drivers do them: refused (UPM_EIO, as their
 * SetInfo's EFI_ACCESS_DENIED or EFI_UNSUPPORTED, nothing changed), or lost (reported
 * done while the file is gone under both names). Also UPMON_HOST_RENAME=refuse|lose. */
enum upm_host_rename { UPM_HOST_RENAME_WORKS, UPM_HOST_RENAME_REFUSED, UPM_HOST_RENAME_LOST };
void upm_host_medium_renames(enum upm_host_rename fault);
enum upm_host_rename upm_host_medium_rename_fault(void);
/* 1: upm_os_wall_time fails (UPM_EUNSUPPORTED), as GetTime on a machine whose CMOS
 * battery is flat. Also UPMON_HOST_NO_CLOCK=1. */
void upm_host_clock_dead(int on);
int upm_host_clock_is_dead(void);
/* upm_os_abort_requested() answers 1 from the n-th poll on (0: only SIGINT). */
void upm_host_abort_after_polls(unsigned n);
/* Polls counted since upm_host_abort_after_polls (n = ~0u counts without aborting): where
 * a test should abort to land in a given stage. */
unsigned upm_host_abort_polls(void);
void upm_host_catch_sigint(void);
/* UPMON_HOST_BOOT_URI=URL: upmon was booted over HTTP from URL (what a UEFI HTTP boot's
 * URI device path says: upm_os_boot_uri); NULL: it was not. */
void upm_host_boot_uri_set(const char *uri);
const char *upm_host_boot_uri(void);
/* UPMON_HOST_NO_MEDIUM=1: upmon has no medium, as when the firmware booted it over the
 * network and no writable volume is there: every file read answers UPM_ENOTFOUND and
 * every write UPM_EIO (efi/files.c without a volume). */
void upm_host_no_medium(int on);
int upm_host_has_no_medium(void);

#endif
