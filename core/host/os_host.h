/* Room host: the Linux environment layer: main, the services of platform/base/os.h on
 * Linux, and the simulated environment the tests and the mock backend drive (knobs.c).
 * Includes base, platform, platform/mock, platform/linux, boxes, cli and commands.
 *
 * Host-only controls of the simulated environment (tests and the host main). */
#ifndef UPMON_CORE_HOST_OS_HOST_H
#define UPMON_CORE_HOST_OS_HOST_H

/* Processors the host pretends to have: sockets x cores_per_socket. Default 2 x 2. */
void upm_host_simulate(unsigned sockets, unsigned cores_per_socket);
/* Sockets with the given package numbers (gaps allowed, ascending), cores_per_socket
 * each; mp_package_zero: MP services report package 0 for every processor (EDK2 with
 * CPUID.1:EDX.HTT clear) while the APIC IDs carry the real numbers. upm_host_simulate
 * goes back to packages 0, 1, ... */
void upm_host_simulate_packages(const unsigned *package_ids, unsigned n, unsigned cores_per_socket,
				int mp_package_zero);
/* Test hook: where upm_os_smbios reads smbios_entry_point and DMI (NULL: the default,
 * /sys/firmware/dmi/tables); also UPMON_HOST_DMI_DIR in the environment. */
void upm_host_dmi_dir(const char *dir);

/* Test hook: upm_os_global_variable reads the firmware's global variables from DIR in
 * Linux's efivarfs layout (NAME-8be4df61-93ca-11d2-aa0d-00e098032b8c: 4 attribute bytes,
 * then the value; a missing file is a variable the firmware lacks); NULL, the default:
 * not firmware (UPM_EUNSUPPORTED). Also UPMON_HOST_EFIVARS_DIR in the environment. */
void upm_host_efivars_dir(const char *dir);

/* Test hook: upm_os_memory reports these instead of the machine's (0, 0: the real
 * figures again). */
#include <stdint.h>
void upm_host_fake_memory(uint64_t total_bytes, uint64_t free_bytes);
/* The most kernel-buffer memory (upm_os_alloc_on_socket) held at once since the last
 * call, which starts the next count from what is held now. */
uint64_t upm_host_placed_peak(void);
/* Kernel buffers given back are kept for the next of the same size (at most
 * UPM_HOST_KEPT_MAX of them, UPM_HOST_KEPT_BYTES in all); this unmaps those kept and
 * says how many there were. */
#define UPM_HOST_KEPT_MAX 16
#define UPM_HOST_KEPT_BYTES (256ull << 20)
unsigned upm_host_placed_release_kept(void);
/* How many threads upm_os_run_parallel has created so far: it keeps them between runs,
 * making one only when none waits idle. */
unsigned upm_host_parallel_threads_made(void);

/* The watchdog as upm_os_watchdog_off/_restore left it (core/host/os_host.c), since the
 * last upm_host_watchdog_reset. upm_os_current_cpu counts its calls by state: the mock
 * makes one on every MSR access, so cpu_calls_on counts accesses made outside off. */
struct upm_host_watchdog {
	int off;                       /* 1 between an off and the next restore */
	unsigned off_calls, restore_calls;
	unsigned restores_without_off; /* a restore with the watchdog not off: out of order */
	unsigned arm_calls;            /* upm_os_watchdog_arm: the run's and each pass's */
	unsigned armed_seconds;        /* the last arm's */
	unsigned longest_armed_seconds; /* the longest arm's */
	unsigned arms_without_off;     /* an arm outside off..restore: out of order */
	unsigned long cpu_calls_off, cpu_calls_on;
};
void upm_host_watchdog_reset(void);
void upm_host_watchdog_get(struct upm_host_watchdog *out);

/* Simulates firmware whose StartupAllAPs refuses non-blocking calls (after ReadyToBoot,
 * as the PI specification says): upm_os_parallel_caller_joins answers 0 and
 * upm_os_run_parallel refuses (UPM_EUNSUPPORTED) a list holding the calling processor
 * and another. Also set by the host main from UPMON_HOST_MP_BLOCKING=1. */
void upm_host_mp_blocking_only(int on);

/* The parallel runner pins entry i to real processor cpus[i] (as the bench's other side
 * placed its threads: tools/kbench.c), not to processor i; n = 0: processor i again.
 * UPM_EINVAL for a processor given twice, UPM_ERANGE past CPU_SETSIZE or UPM_MAX_CPUS.
 * Entries past n are not pinned. */
int upm_host_pin_order(const unsigned *cpus, unsigned n);

/* Test hook: a deterministic clock: upm_os_nanoseconds stands still except in
 * upm_os_sleep_ns, which returns at once having moved it by exactly the time asked (1 s
 * at the start), and in the kernels' parallel runs (upm_os_run_parallel), which move it
 * by kernel_rate times the real time they took: so a test can assert on the spacing of
 * samples, and a night's burn-in (check --duration 8h) or a kernel repeating for a
 * minute passes in seconds at a rate of 3600. Also set by the host main from
 * UPMON_HOST_VIRTUAL_CLOCK=RATE. Nothing that spins on the clock without sleeping may run
 * under it (a stress kernel's timing and deadlines read the TSC, which stays real). 0:
 * the real clock again. */
void upm_host_virtual_clock(unsigned kernel_rate);

/* Test hook: processor i's TSC reads ticks_per_cpu * i behind processor 0's, as
 * processors whose TSCs the firmware did not synchronize (0: all agree). */
void upm_host_tsc_skew(uint64_t ticks_per_cpu);
/* Test hook: every processor of socket's TSC reads ticks ahead of the others', as a
 * socket whose TSC the firmware started apart (0: with the others again). Also set by
 * the host main from UPMON_HOST_SOCKET_TSC_AHEAD=S:SECONDS. */
void upm_host_socket_tsc_ahead(unsigned socket, uint64_t ticks);

#include "core/host/knobs.h"

/* Processors slow to wake (EDK2's MP services can take ~10 ms per INIT-SIPI-SIPI):
 * each upm_os_run_on_socket waits ns before running. The time really passes, so a mock
 * on the environment's clock counts it on every socket as hardware would
 * (platform/mock/mock.h, Time). ns 0: no delay. */
void upm_host_delay_steps(uint64_t ns);
/* Sets the test hooks and fault knobs from the environment (core/host/knobs_env.c: each
 * UPMON_HOST_* variable named beside its hook). */
void upm_host_knobs_from_env(void);

#endif
