/* --backend linux on the Linux program: the machine's processors from sysfs, the preflight
 * and the backend (platform/linux/linux.h). Every path is taken under the sysroot, "/" or
 * the folder UPMON_SYSROOT names (tests: regular files in the same layout). Part of room
 * host. */
#ifndef UPMON_CORE_HOST_LINUX_ENV_H
#define UPMON_CORE_HOST_LINUX_ENV_H

#include <stddef.h>

/* The host's processors from SYSROOT/sys/devices/system/cpu (online, and each one's
 * topology/physical_package_id): the sockets in package order, each with as many
 * processors as the smallest has, pinned to those processors; and, with a sysroot other
 * than "/", its SMBIOS tables (sys/firmware/dmi/tables). 0, or -1 with a line in err. */
int upm_host_linux_setup(char *err, size_t err_size);

/* Each socket's first processor, at most max; the count (0: the topology is unreadable). */
unsigned upm_host_linux_first_cpus(unsigned *cpus, unsigned max);

/* The sysroot every path is taken under ("/" on the machine, UPMON_SYSROOT in tests). */
const char *upm_host_linux_sysroot(void);

/* The perf backend after its preflight (struct upm_app_env.create_perf_backend): the
 * processors read as for --backend linux; refused, a line in err, when the kernel has no
 * uncore PMU or would not let this user open one (not root and
 * kernel.perf_event_paranoid above 0). */
struct upm_backend *upm_host_perf_backend(char *err, unsigned long err_size, char *note, unsigned long note_size);

/* The backend after the preflight (struct upm_app_env.create_linux_backend). */
struct upm_backend *upm_host_linux_backend(char *err, unsigned long err_size, char *note, unsigned long note_size);

#endif
