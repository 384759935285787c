/* Room base: what every room stands on and nothing else: the environment's services (os.h,
 * implemented by efi/ and core/host/), freestanding strings and formatting, SHA-256 and
 * HMAC-SHA256 (sha256.h), the user's abort latch and the exit statuses. Includes no other
 * room.
 *
 * Services the environment gives the core: UEFI (efi/os_efi.c) or Linux (core/host/os_host.c).
 *
 * The core never calls libc or UEFI directly; it calls these. Each function is
 * implemented once per environment. None of them touches uncore registers: that is
 * the backend's job (platform/backend.h). */
#ifndef UPMON_CORE_OS_H
#define UPMON_CORE_OS_H

#include <stdint.h>
#include <stddef.h>

#define UPM_MAX_CPUS 256
#define UPM_MAX_SOCKETS 8

struct upm_cpu_info {
	unsigned index;   /* processor number as the environment counts them */
	uint32_t apic_id;
	unsigned package; /* socket: the dense index of package_id (0 .. n_sockets-1) */
	unsigned package_id; /* the package number (from the APIC ID, else MP services') */
	unsigned core;
	unsigned thread;
	int is_bsp;
};

struct upm_topology {
	unsigned n_cpus;
	unsigned n_unlisted; /* enabled processors past UPM_MAX_CPUS the environment found and
			      * could not list: the topology is then refused, since a socket
			      * left out would be measured as absent */
	unsigned n_sockets; /* distinct packages, numbered densely in package_id order */
	unsigned package_ids[UPM_MAX_SOCKETS]; /* socket index -> package number */
	unsigned n_disagree; /* processors whose MP-services package the APIC ID contradicts */
	char note[200];      /* the first such disagreement, as a line ("" when none) */
	char refused[200];   /* why this topology cannot be measured ("" when it can) */
	/* The sockets measured, 0 .. n_measured - 1, and their processors: what every report
	 * says. Every socket once settled; fewer after upm_topology_measure, where --sockets,
	 * a replay's recording or the mock's uncore has fewer than the environment lists. */
	unsigned n_measured;
	unsigned n_measured_cpus;
	struct upm_cpu_info cpus[UPM_MAX_CPUS];
};

/* Settles a topology the environment filled (package = MP services' package number,
 * apic_id): package_id from the APIC ID shifted right by pkg_shift (the package-level
 * shift of CPUID leaf 0x1F or 0xB, upm_package_shift; -1 when neither exists: MP
 * services' number stands), disagreements counted and described in note, then the
 * package numbers mapped to dense socket indices in ascending order. More distinct
 * packages than UPM_MAX_SOCKETS: refused gets one line and -1 is returned (0
 * otherwise); upm_os_topology then returns UPM_ERANGE. Implemented in platform/base/topology.c. */
int upm_topology_settle(struct upm_topology *t, int pkg_shift);
/* Narrows what a settled topology says to its first n_sockets sockets (n_measured,
 * n_measured_cpus); the processors stay listed, as upm_os_run_parallel indexes them.
 * Implemented in platform/base/topology.c. */
void upm_topology_measure(struct upm_topology *t, unsigned n_sockets);

/* The package-level APIC ID shift from the subleaves of CPUID leaf 0x1F or 0xB
 * (regs[i] = EAX, EBX, ECX, EDX of subleaf i, n of them as read until one has level
 * type 0): the shift of the last valid level, as Linux derives the package ID
 * (arch/x86/kernel/cpu/topology.c, detect_extended_topology: EAX[4:0] is the shift to
 * the next level's ID, ECX[15:8] the level type, 0 invalid; subleaf 0 with EBX 0 or a
 * type other than 1 (SMT) means the leaf is not implemented). -1 when not implemented. */
int upm_package_shift(const uint32_t (*regs)[4], unsigned n);

/* What to do when upmon is done. */
enum upm_end_action {
	UPM_END_RETURN = 0,  /* return to the shell (or firmware) */
	UPM_END_SHUTDOWN,
	UPM_END_REBOOT,
	UPM_END_WAITKEY,
	UPM_END_QEMU_EXIT,   /* test harness only: isa-debug-exit at port 0xF4 */
};

/* Console: text to the screen and the serial console. Lines end with '\n'. */
void upm_os_write(const char *text, size_t len);
/* An error line: on the host to stderr, as programs there put them (after stdout is
 * flushed, so a terminal shows the two in order); on UEFI to the console with the rest,
 * which the serial console a lab keeps mirrors. */
void upm_os_write_error(const char *text, size_t len);

/* Memory. */
void *upm_os_alloc(size_t size);
void upm_os_free(void *p);

/* Files. Paths use '/' as separator; the UEFI side maps them onto the boot medium.
 * Each returns UPM_OK or a upm_status. */
int upm_os_mkdir_p(const char *path);
int upm_os_write_file(const char *path, const void *data, size_t len);
int upm_os_read_file(const char *path, void **data, size_t *len); /* caller frees with upm_os_free */
int upm_os_rename(const char *from, const char *to);
/* Removes the file, or the empty folder, at path (nothing there: UPM_OK). */
int upm_os_remove(const char *path);
/* 1 when a file or directory is at path; 0 when nothing is, or the medium cannot tell
 * (writing there later says why). */
int upm_os_exists(const char *path);
/* Default parent of the run folders: \upmon\results on the boot medium, ./upmon-results
 * on the host. */
const char *upm_os_default_out_dir(void);
/* Creates the directory path, whose parent exists, only when nothing is there yet:
 * UPM_OK; UPM_EINVAL when a file or directory of that name exists (pick another name);
 * UPM_EIO when the medium refuses. Never reuses what is there: a run's folder is new. */
int upm_os_mkdir_new(const char *path);
/* Adds data at the end of path (created when missing) as one piece, in place: no earlier
 * byte is rewritten and no rename is needed, so a cut or a medium that refuses renames
 * can lose only data. The host writes it with a single write(2) on an O_APPEND
 * descriptor; UEFI writes past the old end and cuts a failed write back (efi/files.c).
 * UPM_OK or a upm_status; on failure path keeps its old content. */
int upm_os_append_file(const char *path, const void *data, size_t len);

/* The network: rack mode's configuration from the boot server and its uploads
 * (docs/rack.md). One HTTP/1.1 exchange: the request as given, the answer's status code
 * and at most answer_max bytes of its body. UEFI: EFI_HTTP_PROTOCOL of the NIC (the one
 * upmon was booted from first), after the firmware's DHCP gave it an address
 * (efi/http.c; https through the firmware's TLS, its certificate checked against the
 * firmware's CA list); host: a TCP socket, http only (core/host/http_host.c). */
/* The most of an answer's body ever kept: fleet's GET of a run's results.json, as large as
 * fleet reads from a folder (core/fleet/fleet.h); each exchange holds only its own
 * answer_max, which rack mode's PUTs and configuration keep small. */
#define UPM_HTTP_ANSWER_MAX (32u * 1024u * 1024u)
struct upm_http_request {
	const char *method;          /* "GET" or "PUT" */
	const char *url;             /* absolute: http[s]://host[:port]/path[?query] (url.h) */
	const char *const *headers;  /* extra "Name: value" lines, NULL-terminated, or NULL;
				      * Host and Content-Length are the environment's */
	const void *body;            /* PUT: sent whole, with Content-Length */
	size_t body_len;
	unsigned timeout_ms;         /* the whole exchange, connection to answer */
	size_t answer_max;           /* body bytes kept at most (capped at UPM_HTTP_ANSWER_MAX) */
};
struct upm_http_answer {
	int status;       /* the HTTP status code: 200, 201, 403, 404 ... */
	char *body;       /* the body kept, NUL-terminated (free with upm_os_free), or NULL */
	size_t body_len;
	int truncated;    /* the body was longer than answer_max: the rest was dropped */
	int no_tls;       /* no answer: https was asked where there is no TLS (the firmware has
			   * none, or no CA list; the host never), found before any traffic, so a
			   * plain-http fallback the lab allowed may be tried; never set when a TLS
			   * session failed (a certificate its CA list does not vouch for) */
};
/* UPM_OK when the server answered, whatever its status code (the caller judges it).
 * Otherwise no answer, with a line in why: UPM_EINVAL (the URL cannot be requested),
 * UPM_EUNSUPPORTED (no way to reach it here: no network interface, https without the
 * firmware's TLS, https on the host; retrying cannot help), UPM_EIO (no connection, the
 * connection dropped, the timeout passed: "connection refused by 10.0.2.2:9000",
 * "no answer within 5 s"; retrying may help). ans->body is NULL then. */
int upm_os_http(const struct upm_http_request *req, struct upm_http_answer *ans, char *why, size_t why_size);
/* The URI the firmware loaded upmon from when it was booted over the network (UEFI HTTP
 * boot: the loaded image's device path ends in a URI node, UEFI specification 10.3.4.31
 * "URI Device Path"), into buf: UPM_OK. UPM_ENOTFOUND when upmon was not booted over
 * HTTP (a stick, a disk, the shell); UPM_ERANGE when it does not fit. Host: the
 * UPMON_HOST_BOOT_URI knob, for the tests (core/host/knobs.h). */
int upm_os_boot_uri(char *buf, size_t size);
/* ---- Folder listing (fleet: core/fleet/fleet_source.c) ------------------------------
 * Calls fn(ctx, name, is_dir) for every entry of the folder at path but "." and "..", in
 * no particular order; is_dir is 1 for a folder (a symbolic link is never followed: it is
 * listed as no folder, so a tree with a link loop is walked once). fn returns 0 to go on,
 * anything else to stop (then returned). UPM_OK; UPM_ENOTFOUND when nothing is at path;
 * UPM_EINVAL when path is no folder; UPM_EIO when it cannot be read; UPM_EUNSUPPORTED
 * where the environment lists no folders (UEFI: efi/os_efi.c). Host: opendir/readdir. */
int upm_os_list_dir(const char *path, int (*fn)(void *ctx, const char *name, int is_dir), void *ctx);
/* ---- end of folder listing ----------------------------------------------------------- */

/* Wall-clock time. UEFI: RT->GetTime, the firmware's clock, with its time zone when it
 * gives one (tz_known; local = UTC + tz_minutes); host: UTC (tz_known, tz_minutes 0). */
struct upm_wall_time {
	unsigned year, month, day, hour, minute, second;
	int tz_minutes;
	int tz_known;
};
int upm_os_wall_time(struct upm_wall_time *out); /* UPM_OK or UPM_EUNSUPPORTED */
/* The firmware's SMBIOS entry point and structure table, copied (free both with
 * upm_os_free): UEFI from the configuration table (SMBIOS 3 entry point first, else 2.1);
 * host from /sys/firmware/dmi/tables/{smbios_entry_point,DMI} when readable. UPM_OK, or
 * a upm_status with why filled ("not readable without root", "no SMBIOS table"). */
int upm_os_smbios(void **entry, size_t *entry_len, void **table, size_t *table_len, char *why,
		  size_t why_size);
/* A UEFI global variable by name ("SecureBoot"), vendor GUID EFI_GLOBAL_VARIABLE
 * 8BE4DF61-93CA-11D2-AA0D-00E098032B8C (UEFI specification, 3.3 Globally Defined
 * Variables): at most *len bytes of its value into value, *len set to the variable's
 * size. UPM_OK; UPM_ENOTFOUND when the firmware has no such variable; UPM_ERANGE when
 * it is larger than *len (*len then holds its size); UPM_EUNSUPPORTED where there is no
 * firmware (the host, unless a test models one: core/host/os_host.h); else UPM_EIO.
 * UEFI: RT->GetVariable, on the bootstrap processor. */
int upm_os_global_variable(const char *name, void *value, size_t *len);
/* The machine's network name (host: gethostname), or NULL where there is none (UEFI). */
const char *upm_os_host_name(void);

/* Processors. */
int upm_os_topology(struct upm_topology *out);
/* How long a processor of another socket is waited for (UEFI: StartupThisAP's timeout;
 * the host's simulated silent processor answers UPM_EFAULT as if it had passed). */
#define UPM_OS_SOCKET_TIMEOUT_MS 1000
/* Run fn(arg) on a processor of the given socket and wait for it. Returns UPM_OK or
 * UPM_ENOTFOUND when no processor of that socket exists, UPM_EFAULT when the processor
 * did not finish within the timeout (UPM_OS_SOCKET_TIMEOUT_MS). fn may not print. */
int upm_os_run_on_socket(unsigned socket, void (*fn)(void *arg), void *arg);
/* The processor executing this call (callable from any processor). */
void upm_os_current_cpu(uint32_t *apic_id, unsigned *package);

/* Runs fn(arg, i) for every i below n at the same time, entry i on processor cpus[i]
 * (an index into upm_topology.cpus, not a processor number), and returns when all have
 * returned. The calling processor runs its own entry when it is listed, and waits
 * otherwise. UPM_OK; UPM_EINVAL for no entries or a processor listed twice;
 * UPM_ENOTFOUND for an index outside the topology; UPM_EUNSUPPORTED when another
 * processor is listed and the environment cannot start it; UPM_EFAULT when some entry
 * did not return within timeout_ns (such a processor may still be running: whatever
 * fn touches must stay valid). fn may not print nor call the environment. */
int upm_os_run_parallel(const unsigned *cpus, unsigned n, void (*fn)(void *arg, unsigned i),
			void *arg, uint64_t timeout_ns);
/* 1 when upm_os_run_parallel can run the calling processor's own entry while the others
 * run; 0 when the environment starts other processors only while the caller waits, so
 * the caller must not be listed together with others (upm_os_run_parallel refuses that
 * with UPM_EUNSUPPORTED). UEFI: the PI specification's EFI_MP_SERVICES_PROTOCOL
 * StartupAllAPs (PI specification, Volume 2) returns EFI_UNSUPPORTED for a non-blocking
 * call (WaitEvent not NULL) once EFI_EVENT_GROUP_READY_TO_BOOT was signaled; upmon always runs
 * after it, so conforming firmware leaves only blocking calls. Host: 1 unless a test
 * simulates that firmware (core/host/os_host.h). */
int upm_os_parallel_caller_joins(void);

/* Memory on a socket, for the stress kernels' buffers: UEFI places it in the socket's
 * memory from the ACPI SRAT (*placed = 1) or, without one (or no free range there),
 * anywhere (*placed = 0, and why says why in a line); the host always anywhere. Free
 * with upm_os_free_placed and the same size. NULL when out of memory. */
void *upm_os_alloc_on_socket(size_t size, unsigned socket, int *placed, char *why, size_t why_size);
void upm_os_free_placed(void *p, size_t size);

/* Physical memory: total, and what is free for upmon's buffers now (UEFI: conventional
 * memory in the memory map; host: MemAvailable). UPM_OK or UPM_EUNSUPPORTED. */
int upm_os_memory(uint64_t *total_bytes, uint64_t *free_bytes);

/* Time. */
uint64_t upm_os_nanoseconds(void); /* monotonic */
void upm_os_sleep_ns(uint64_t ns);
/* The time-stamp counter (invariant on every supported processor) and its frequency,
 * calibrated once against the firmware's timer (host: the monotonic clock). Callable
 * on any processor. */
uint64_t upm_os_tsc(void);
uint64_t upm_os_tsc_hz(void);
/* Called now and then by a thread that spins waiting for another (the kernels' gates):
 * the host gives its processor up for a moment, since its threads may outnumber the
 * processors and the one waited for may need that one; on UEFI each processor runs one
 * thread, so nothing. */
void upm_os_spin_relax(void);

/* Abort: 1 when the user asked to stop now, polled without blocking by the interval
 * loops (through platform/base/abort.h, which latches it). UEFI: ESC or Ctrl-C read from ConIn,
 * on the bootstrap processor only (elsewhere 0); host: SIGINT (Ctrl-C). */
int upm_os_abort_requested(void);

/* Environment description for `info` and results files. */
const char *upm_os_name(void); /* "uefi" or "host" */
/* Which register backends can run here and, for those that cannot, why, in a line
 * ("hw: yes; mock, replay: yes"; the host: "linux: no: the msr driver is not loaded ..."):
 * what `info` says. Nothing is touched finding out. */
void upm_os_backends(char *buf, size_t size);

/* The kernel's own count, a second opinion (check --against perf): perf's event alias
 * ALIAS ("cas_count_read") on every PMU of the kernel's uncore type TYPE ("imc":
 * uncore_imc, uncore_imc_0, ...) as that PMU's events/ALIAS defines it, per socket, in
 * the alias's unit (ALIAS.unit: "MiB" after ALIAS.scale). begin opens and starts them;
 * NULL with a line in err (no such PMU or alias, the open refused: what to do). end
 * stops, reads and closes, summing each socket's PMUs into per_socket[0..max); *partial
 * is 1 when the kernel counted a PMU only part of the time (multiplexed). 0, or -1 with a
 * line. UEFI has no kernel: begin says so. */
struct upm_os_perf;
struct upm_os_perf *upm_os_perf_begin(const char *type, const char *alias, char *err, size_t err_size);
int upm_os_perf_end(struct upm_os_perf *h, double *per_socket, unsigned max, char *unit, size_t unit_size,
		    int *partial, char *err, size_t err_size);

/* Watchdog: upm_main turns it off first thing, then arms it generously for the run
 * (upm_os_watchdog_arm: a step's estimated length plus UPM_WATCHDOG_MARGIN_S, re-armed
 * between steps: each measured pass), so a hang resets the machine instead of stalling
 * a lab for ever while a long run is never cut short. Restore, at upm_main's single
 * exit on every path, leaves it disabled: the UEFI specification has the boot manager
 * disable the watchdog when a boot option returns (EFI_BOOT_SERVICES.SetWatchdogTimer),
 * and the shell ran with it disabled (efi/watchdog.c); the host only records the calls
 * (core/host/os_host.h). */
#define UPM_WATCHDOG_MARGIN_S 600u
void upm_os_watchdog_off(void);
void upm_os_watchdog_arm(unsigned seconds);
void upm_os_watchdog_restore(void);

#endif
