/* platform/base/os.h on Linux. The host has no uncore to drive: its processors are simulated
 * (sockets x 2 cores, like the QEMU machine), so the mock's per-socket MSR routing and
 * the trace's cpu/socket columns behave as on firmware. */
#define _GNU_SOURCE /* sched_setaffinity, for the parallel runner's threads */
#include "platform/base/os.h"
#include "core/host/os_host.h"
#include "platform/backend.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static unsigned sim_sockets = 2;
static unsigned sim_cores = 2;
/* Package numbers of the simulated sockets (default 0, 1, ...), and whether MP
 * services report package 0 for all (EDK2 with CPUID.1:EDX.HTT clear). */
static unsigned sim_package_ids[UPM_MAX_CPUS];
static int sim_custom_ids, sim_mp_package_zero;
/* Per thread: the parallel runner's threads each play one simulated processor. */
static _Thread_local unsigned current_cpu_index;

void upm_host_simulate(unsigned sockets, unsigned cores_per_socket)
{
	sim_sockets = sockets ? sockets : 1;
	sim_cores = cores_per_socket ? cores_per_socket : 1;
	current_cpu_index = 0;
	sim_custom_ids = 0;
	sim_mp_package_zero = 0;
}

void upm_host_simulate_packages(const unsigned *package_ids, unsigned n, unsigned cores_per_socket,
				int mp_package_zero)
{
	upm_host_simulate(n, cores_per_socket);
	for (unsigned i = 0; i < n && i < UPM_MAX_CPUS; i++)
		sim_package_ids[i] = package_ids[i];
	sim_custom_ids = 1;
	sim_mp_package_zero = mp_package_zero;
}

/* APIC IDs as QEMU numbers them: the package number in the bits above the core bits
 * (at least one core bit, as the host always did). */
static unsigned core_bits(void)
{
	unsigned b = 1;
	while ((1u << b) < sim_cores)
		b++;
	return b;
}

static unsigned package_id_of(unsigned socket)
{
	return sim_custom_ids ? sim_package_ids[socket] : socket;
}

static uint32_t apic_id_of(unsigned socket, unsigned core)
{
	return package_id_of(socket) << core_bits() | core;
}

void upm_os_write_error(const char *text, size_t len)
{
	fflush(stdout);
	fwrite(text, 1, len, stderr);
	fflush(stderr);
}

void upm_os_write(const char *text, size_t len)
{
	fwrite(text, 1, len, stdout);
	fflush(stdout);
}

void *upm_os_alloc(size_t size)
{
	return malloc(size ? size : 1);
}

void upm_os_free(void *p)
{
	free(p);
}

/* A failed file call's errno as a status: the causes a lab can act on by name. */
static int status_of_errno(int e)
{
	switch (e) {
	case ENOSPC:
	case EDQUOT: return UPM_ENOSPC;
	case EROFS: return UPM_EROFS;
	default: return UPM_EIO;
	}
}

/* The size of the file at path, 0 when there is none (the full-medium knob's accounting). */
static long long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (long long)st.st_size : 0;
}

/* The read-only knob's refusal of any change to the medium (a file written, a folder, a
 * rename, a removal): EROFS, or UPM_OK. */
static int read_only(void)
{
	if (upm_host_has_no_medium())
		return UPM_EIO;
	return upm_host_medium_is_read_only() ? UPM_EROFS : UPM_OK;
}

int upm_os_mkdir_p(const char *path)
{
	char buf[512];
	size_t n = strlen(path);
	if (n == 0 || n >= sizeof buf)
		return UPM_EINVAL;
	memcpy(buf, path, n + 1);
	struct stat st;
	if (!upm_host_has_no_medium() && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return UPM_OK; /* nothing to change: a read-only medium's folder is still there */
	int rc = read_only();
	if (rc != UPM_OK)
		return rc;
	for (size_t i = 1; i <= n; i++) {
		if (buf[i] == '/' || buf[i] == 0) {
			char c = buf[i];
			buf[i] = 0;
			if (mkdir(buf, 0777) < 0 && errno != EEXIST)
				return status_of_errno(errno);
			buf[i] = c;
		}
	}
	return UPM_OK;
}

int upm_os_write_file(const char *path, const void *data, size_t len)
{
	int rc;
	if ((rc = read_only()) != UPM_OK)
		return rc;
	long long old = file_size(path);
	FILE *f = fopen(path, "wb");
	if (!f)
		return status_of_errno(errno);
	upm_host_medium_freed(old); /* truncated: its space is free */
	rc = upm_host_medium_full(len) ? UPM_ENOSPC : UPM_OK;
	if (rc == UPM_OK && fwrite(data, 1, len, f) != len)
		rc = status_of_errno(errno);
	if (fclose(f) != 0 && rc == UPM_OK)
		rc = status_of_errno(errno);
	if (rc != UPM_OK)
		remove(path); /* a truncated file must not pass for a result */
	else
		upm_host_after_write(path, data, len);
	return rc;
}

/* The whole file at path, NUL-terminated: the medium's files and the system's own
 * (/sys: SMBIOS), which the no-medium knob leaves readable. */
static int read_whole_file(const char *path, void **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return UPM_ENOTFOUND;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		char *bigger = realloc(buf, cap * 2);
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	int err = ferror(f);
	fclose(f);
	if (!buf || err) {
		free(buf);
		return buf ? UPM_EIO : UPM_ENOMEM;
	}
	*data = buf;
	*len = n;
	return UPM_OK;
}

int upm_os_read_file(const char *path, void **data, size_t *len)
{
	if (upm_host_has_no_medium())
		return UPM_ENOTFOUND;
	return read_whole_file(path, data, len);
}

int upm_os_remove(const char *path)
{
	int rc = read_only();
	if (rc != UPM_OK)
		return rc;
	long long old = file_size(path);
	if (unlink(path) == 0) {
		upm_host_medium_freed(old);
		return UPM_OK;
	}
	if ((errno == EISDIR || errno == EPERM) && rmdir(path) == 0) /* an empty folder, as UEFI's Delete */
		return UPM_OK;
	return errno == ENOENT ? UPM_OK : status_of_errno(errno);
}

int upm_os_rename(const char *from, const char *to)
{
	int rc = read_only();
	if (rc != UPM_OK)
		return rc;
	switch (upm_host_medium_rename_fault()) {
	case UPM_HOST_RENAME_REFUSED: return UPM_EIO;
	case UPM_HOST_RENAME_LOST:
		/* The target goes first (as on UEFI, efi/files.c), then the driver drops the
		 * renamed entry: neither name holds anything. */
		(void)unlink(to);
		return unlink(from) == 0 ? UPM_OK : status_of_errno(errno);
	default: return rename(from, to) == 0 ? UPM_OK : status_of_errno(errno);
	}
}

int upm_os_exists(const char *path)
{
	struct stat st;
	return !upm_host_has_no_medium() && lstat(path, &st) == 0;
}

/* ---- Folder listing (platform/base/os.h) ---- */
int upm_os_list_dir(const char *path, int (*fn)(void *ctx, const char *name, int is_dir), void *ctx)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT || errno == ENOTDIR ? UPM_ENOTFOUND : UPM_EIO;
	if (!S_ISDIR(st.st_mode) && !(S_ISLNK(st.st_mode) && stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
		return UPM_EINVAL; /* the folder named may be a link; links inside it are not followed */
	DIR *d = opendir(path);
	if (!d)
		return UPM_EIO;
	int rc = UPM_OK;
	char full[4096];
	for (struct dirent *e; rc == UPM_OK && (e = readdir(d)) != NULL;) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		int is_dir = 0;
		if (e->d_type == DT_DIR) {
			is_dir = 1;
		} else if (e->d_type == DT_UNKNOWN) { /* some file systems leave it to lstat */
			snprintf(full, sizeof full, "%s/%s", path, e->d_name);
			is_dir = lstat(full, &st) == 0 && S_ISDIR(st.st_mode);
		}
		rc = fn(ctx, e->d_name, is_dir);
	}
	closedir(d);
	return rc;
}
/* ---- end of folder listing ---- */

const char *upm_os_default_out_dir(void)
{
	return "upmon-results";
}

int upm_os_mkdir_new(const char *path)
{
	int rc;
	if ((rc = read_only()) != UPM_OK)
		return rc;
	if (mkdir(path, 0777) == 0)
		return UPM_OK;
	return errno == EEXIST ? UPM_EINVAL : status_of_errno(errno);
}

int upm_os_append_file(const char *path, const void *data, size_t len)
{
	int rc;
	if ((rc = read_only()) != UPM_OK)
		return rc;
	if (upm_host_medium_full(len))
		return UPM_ENOSPC;
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0666);
	if (fd < 0)
		return status_of_errno(errno);
	/* One write(2) on an O_APPEND descriptor: the line lands whole at the end, even
	 * beside another upmon appending to the same index. */
	ssize_t n = write(fd, data, len);
	rc = n == (ssize_t)len ? UPM_OK : n < 0 ? status_of_errno(errno) : UPM_ENOSPC;
	if (close(fd) != 0 && rc == UPM_OK)
		rc = status_of_errno(errno);
	return rc;
}

int upm_os_wall_time(struct upm_wall_time *out)
{
	struct timespec ts;
	struct tm tm;
	memset(out, 0, sizeof *out);
	if (upm_host_clock_is_dead())
		return UPM_EUNSUPPORTED;
	if (clock_gettime(CLOCK_REALTIME, &ts) != 0 || !gmtime_r(&ts.tv_sec, &tm))
		return UPM_EUNSUPPORTED;
	out->year = (unsigned)tm.tm_year + 1900;
	out->month = (unsigned)tm.tm_mon + 1;
	out->day = (unsigned)tm.tm_mday;
	out->hour = (unsigned)tm.tm_hour;
	out->minute = (unsigned)tm.tm_min;
	out->second = (unsigned)tm.tm_sec;
	out->tz_known = 1; /* UTC */
	return UPM_OK;
}

static const char *dmi_dir = "/sys/firmware/dmi/tables";

void upm_host_dmi_dir(const char *dir)
{
	dmi_dir = dir ? dir : "/sys/firmware/dmi/tables";
}

int upm_os_smbios(void **entry, size_t *entry_len, void **table, size_t *table_len, char *why,
		  size_t why_size)
{
	char path[512];
	*entry = *table = NULL;
	snprintf(path, sizeof path, "%s/smbios_entry_point", dmi_dir);
	if (access(path, F_OK) != 0) {
		snprintf(why, why_size, "%s: no SMBIOS tables exposed", path);
		return UPM_ENOTFOUND;
	}
	if (read_whole_file(path, entry, entry_len) != UPM_OK) {
		snprintf(why, why_size, "%s: not readable (%s)", path, errno == EACCES ? "needs root" : strerror(errno));
		return UPM_EIO;
	}
	snprintf(path, sizeof path, "%s/DMI", dmi_dir);
	if (read_whole_file(path, table, table_len) != UPM_OK) {
		snprintf(why, why_size, "%s: not readable (%s)", path, errno == EACCES ? "needs root" : strerror(errno));
		free(*entry);
		*entry = NULL;
		return UPM_EIO;
	}
	return UPM_OK;
}

const char *upm_os_host_name(void)
{
	static char name[256];
	if (gethostname(name, sizeof name - 1) != 0 || !name[0])
		return NULL;
	return name;
}

/* The firmware's global variables the host models: none (not firmware) unless a test
 * names a folder of them in Linux's efivarfs layout (upm_host_efivars_dir). */
static const char *efivars_dir;

void upm_host_efivars_dir(const char *dir)
{
	efivars_dir = dir;
}

int upm_os_global_variable(const char *name, void *value, size_t *len)
{
	char path[512];
	void *data = NULL;
	size_t n = 0;
	if (!efivars_dir)
		return UPM_EUNSUPPORTED;
	/* efivarfs: NAME-GUID, the variable's 4 attribute bytes, then its value. */
	snprintf(path, sizeof path, "%s/%s-8be4df61-93ca-11d2-aa0d-00e098032b8c", efivars_dir, name);
	if (access(path, F_OK) != 0)
		return UPM_ENOTFOUND;
	if (read_whole_file(path, &data, &n) != UPM_OK || n < 4) {
		free(data);
		return UPM_EIO;
	}
	n -= 4;
	int rc = n > *len ? UPM_ERANGE : UPM_OK;
	if (rc == UPM_OK)
		memcpy(value, (char *)data + 4, n);
	*len = n;
	free(data);
	return rc;
}

int upm_os_topology(struct upm_topology *out)
{
	memset(out, 0, sizeof *out);
	for (unsigned s = 0; s < sim_sockets; s++) {
		for (unsigned c = 0; c < sim_cores; c++) {
			if (out->n_cpus >= UPM_MAX_CPUS) { /* as the UEFI side: counted, then refused */
				out->n_unlisted++;
				continue;
			}
			struct upm_cpu_info *ci = &out->cpus[out->n_cpus];
			ci->index = out->n_cpus;
			ci->apic_id = apic_id_of(s, c);
			ci->package = sim_mp_package_zero ? 0 : package_id_of(s); /* MP services' */
			ci->core = c;
			ci->is_bsp = out->n_cpus == 0;
			out->n_cpus++;
		}
	}
	/* As the UEFI side: the package from the APIC ID (the simulated leaf 0xB's shift). */
	return upm_topology_settle(out, (int)core_bits()) == 0 ? UPM_OK : UPM_ERANGE;
}

static uint64_t step_delay_ns;

void upm_host_delay_steps(uint64_t ns)
{
	step_delay_ns = ns;
}

/* The wake-up wait of a slow processor: time that passes on every socket. */
static void step_delay(void)
{
	if (step_delay_ns)
		upm_os_sleep_ns(step_delay_ns);
}

int upm_os_run_on_socket(unsigned socket, void (*fn)(void *arg), void *arg)
{
	if (socket >= sim_sockets)
		return UPM_ENOTFOUND;
	if (upm_host_socket_hangs(socket))
		return UPM_EFAULT; /* as the UEFI side's timeout */
	step_delay();
	unsigned saved = current_cpu_index;
	current_cpu_index = socket * sim_cores;
	fn(arg);
	current_cpu_index = saved;
	return UPM_OK;
}

/* --- the watchdog: recorded for tests (core/host/os_host.h), nothing to arm here --- */

static struct upm_host_watchdog watchdog;

void upm_host_watchdog_reset(void)
{
	memset(&watchdog, 0, sizeof watchdog);
}

void upm_host_watchdog_get(struct upm_host_watchdog *out)
{
	out->off = __atomic_load_n(&watchdog.off, __ATOMIC_RELAXED);
	out->off_calls = watchdog.off_calls;
	out->restore_calls = watchdog.restore_calls;
	out->restores_without_off = watchdog.restores_without_off;
	out->arm_calls = watchdog.arm_calls;
	out->armed_seconds = watchdog.armed_seconds;
	out->longest_armed_seconds = watchdog.longest_armed_seconds;
	out->arms_without_off = watchdog.arms_without_off;
	out->cpu_calls_off = __atomic_load_n(&watchdog.cpu_calls_off, __ATOMIC_RELAXED);
	out->cpu_calls_on = __atomic_load_n(&watchdog.cpu_calls_on, __ATOMIC_RELAXED);
}

void upm_os_watchdog_off(void)
{
	watchdog.off_calls++;
	__atomic_store_n(&watchdog.off, 1, __ATOMIC_RELAXED);
}

void upm_os_watchdog_arm(unsigned seconds)
{
	watchdog.arm_calls++;
	watchdog.armed_seconds = seconds;
	if (seconds > watchdog.longest_armed_seconds)
		watchdog.longest_armed_seconds = seconds;
	if (!watchdog.off)
		watchdog.arms_without_off++;
}

void upm_os_watchdog_restore(void)
{
	watchdog.restore_calls++;
	if (!watchdog.off)
		watchdog.restores_without_off++;
	__atomic_store_n(&watchdog.off, 0, __ATOMIC_RELAXED);
}

void upm_os_current_cpu(uint32_t *apic_id, unsigned *package)
{
	/* The mock asks on every MSR access: this counts them by watchdog state. Kernel
	 * threads may ask at the same time. */
	__atomic_fetch_add(__atomic_load_n(&watchdog.off, __ATOMIC_RELAXED) ? &watchdog.cpu_calls_off
									      : &watchdog.cpu_calls_on,
			   1, __ATOMIC_RELAXED);
	unsigned s = current_cpu_index / sim_cores, c = current_cpu_index % sim_cores;
	*apic_id = apic_id_of(s, c);
	*package = s; /* the dense socket index, as upm_topology_settle numbers them */
}

static uint64_t monotonic_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The virtual clock (upm_host_virtual_clock): time passes in sleeps, and in the kernels'
 * parallel runs at clock_virtual times their real time. */
static unsigned clock_virtual;
static uint64_t clock_virtual_ns;

void upm_host_virtual_clock(unsigned kernel_rate)
{
	clock_virtual = kernel_rate;
	__atomic_store_n(&clock_virtual_ns, 1000000000u, __ATOMIC_SEQ_CST);
}

uint64_t upm_os_nanoseconds(void)
{
	if (clock_virtual)
		return __atomic_load_n(&clock_virtual_ns, __ATOMIC_SEQ_CST);
	return monotonic_ns();
}

void upm_os_sleep_ns(uint64_t ns)
{
	if (clock_virtual) {
		__atomic_add_fetch(&clock_virtual_ns, ns, __ATOMIC_SEQ_CST);
		return;
	}
	struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };
	nanosleep(&ts, NULL);
}

const char *upm_os_name(void)
{
	return "host";
}

/* --- the parallel runner: each entry on a thread of its own, pinned to a real processor ---
 *
 * The threads are kept between runs (a pool): the check and the tests start thousands of
 * runs, and creating and ending a thread each time cost more than most entries' work
 * (under AddressSanitizer, a third of the unit tests' time). A thread whose entry never
 * returns (a stalled processor) never comes back to the pool; later runs use the others,
 * or make new ones. */

struct par_job {
	pthread_mutex_t lock;
	pthread_cond_t done_cv;
	unsigned remaining, refs;
	void (*fn)(void *arg, unsigned i);
	void *arg;
	cpu_set_t caller_mask; /* where an entry not pinned runs: where the caller may */
};

struct par_thread {
	struct par_job *job;
	unsigned entry;
	unsigned cpu;
	int pin; /* pin entry i to a real processor of its own: only when there are enough */
};

/* A pooled thread: given one entry at a time (task), idle in the pool between. */
struct par_worker {
	pthread_cond_t cv;
	struct par_thread *task;
	cpu_set_t mask; /* the processors it may run on now */
	struct par_worker *next_idle;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct par_worker *pool_idle; /* the last to come back first */
static unsigned pool_made;           /* threads created so far */

unsigned upm_host_parallel_threads_made(void)
{
	return __atomic_load_n(&pool_made, __ATOMIC_RELAXED);
}

/* Whether a processor list names cpus[i] already before i. */
static int named_before(const unsigned *cpus, unsigned i)
{
	for (unsigned k = 0; k < i; k++)
		if (cpus[k] == cpus[i])
			return 1;
	return 0;
}

/* The real processor of each entry (upm_host_pin_order); none given: entry i on i. */
static unsigned pin_cpus[UPM_MAX_CPUS];
static unsigned n_pin_cpus;

int upm_host_pin_order(const unsigned *cpus, unsigned n)
{
	if (n > UPM_MAX_CPUS)
		return UPM_ERANGE;
	for (unsigned i = 0; i < n; i++) {
		if (cpus[i] >= CPU_SETSIZE)
			return UPM_ERANGE;
		if (named_before(cpus, i))
			return UPM_EINVAL;
	}
	for (unsigned i = 0; i < n; i++)
		pin_cpus[i] = cpus[i];
	n_pin_cpus = n;
	return UPM_OK;
}

/* -1: the entry is left where the scheduler puts it (past a list given). */
static int pin_cpu_of(unsigned entry)
{
	if (n_pin_cpus == 0)
		return (int)entry;
	return entry < n_pin_cpus ? (int)pin_cpus[entry] : -1;
}

/* The job is freed by whoever lets go of it last: the caller after a timeout leaves
 * the threads that did not finish holding it. */
static void par_release(struct par_job *j)
{
	pthread_mutex_lock(&j->lock);
	unsigned left = --j->refs;
	pthread_mutex_unlock(&j->lock);
	if (left == 0) {
		pthread_mutex_destroy(&j->lock);
		pthread_cond_destroy(&j->done_cv);
		free(j);
	}
}

/* One entry on worker w: pinned to its own real processor, or where the caller may run
 * (as a thread the caller had created would), then fn. */
static void par_run(struct par_worker *w, struct par_thread *t)
{
	struct par_job *j = t->job;
	int cpu = pin_cpu_of(t->entry);
	cpu_set_t want = j->caller_mask;
	if (t->pin && cpu >= 0) {
		/* Distinct real processors, so entries that spin waiting for each other
		 * (barriers, pingpong) never share one. */
		CPU_ZERO(&want);
		CPU_SET(cpu, &want);
	}
	if (!CPU_EQUAL(&want, &w->mask) && sched_setaffinity(0, sizeof want, &want) == 0) /* best effort */
		w->mask = want;
	current_cpu_index = t->cpu;
	j->fn(j->arg, t->entry);
	pthread_mutex_lock(&j->lock);
	j->remaining--;
	pthread_cond_signal(&j->done_cv);
	pthread_mutex_unlock(&j->lock);
	free(t);
	par_release(j);
}

static void *par_worker_main(void *p)
{
	struct par_worker *w = p;
	pthread_mutex_lock(&pool_lock);
	for (;;) {
		while (!w->task)
			pthread_cond_wait(&w->cv, &pool_lock);
		struct par_thread *t = w->task;
		pthread_mutex_unlock(&pool_lock);
		par_run(w, t);
		pthread_mutex_lock(&pool_lock);
		w->task = NULL;
		w->next_idle = pool_idle;
		pool_idle = w;
	}
	return NULL;
}

/* Each worker thread's stack: a sixteenth of glibc's default, ample for the kernels and
 * a socket's session steps, even with the sanitizers' redzones. */
#define PAR_STACK_BYTES (512u * 1024u)

/* Hands t to an idle worker, or to a new one. 0, or -1 when no thread could be made. */
static int par_start(struct par_thread *t)
{
	pthread_mutex_lock(&pool_lock);
	struct par_worker *w = pool_idle;
	if (w) {
		pool_idle = w->next_idle;
		w->task = t;
		pthread_cond_signal(&w->cv);
		pthread_mutex_unlock(&pool_lock);
		return 0;
	}
	pthread_mutex_unlock(&pool_lock);
	w = calloc(1, sizeof *w);
	if (!w)
		return -1;
	pthread_cond_init(&w->cv, NULL);
	w->task = t;
	/* A new thread runs where its creator may: the caller of the run. */
	w->mask = t->job->caller_mask;
	pthread_t th;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	/* The firmware's processors run this code on stacks of tens of KiB (EDK2's
	 * PcdCpuApStackSize); the default 8 MiB would only cost each thread its mapping
	 * (and under AddressSanitizer, clearing that much shadow at every exit). */
	pthread_attr_setstacksize(&attr, PAR_STACK_BYTES);
	int rc = pthread_create(&th, &attr, par_worker_main, w);
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		pthread_cond_destroy(&w->cv);
		free(w);
		return -1;
	}
	__atomic_add_fetch(&pool_made, 1, __ATOMIC_RELAXED);
	return 0;
}

static int blocking_only;

void upm_host_mp_blocking_only(int on)
{
	blocking_only = on != 0;
}

int upm_os_parallel_caller_joins(void)
{
	return !blocking_only;
}

static int run_parallel(const unsigned *cpus, unsigned n, void (*fn)(void *arg, unsigned i), void *arg,
			uint64_t timeout_ns);

int upm_os_run_parallel(const unsigned *cpus, unsigned n, void (*fn)(void *arg, unsigned i),
			void *arg, uint64_t timeout_ns)
{
	uint64_t t0 = monotonic_ns();
	int rc = run_parallel(cpus, n, fn, arg, timeout_ns);
	if (clock_virtual) /* the kernels' work takes time on the virtual clock too */
		__atomic_add_fetch(&clock_virtual_ns, (monotonic_ns() - t0) * clock_virtual, __ATOMIC_SEQ_CST);
	return rc;
}

static int run_parallel(const unsigned *cpus, unsigned n, void (*fn)(void *arg, unsigned i), void *arg,
			uint64_t timeout_ns)
{
	unsigned n_cpus = sim_sockets * sim_cores;
	int caller_listed = 0;
	if (!cpus || !fn || n == 0)
		return UPM_EINVAL;
	for (unsigned i = 0; i < n; i++) {
		if (cpus[i] >= n_cpus)
			return UPM_ENOTFOUND;
		if (named_before(cpus, i))
			return UPM_EINVAL;
		caller_listed |= cpus[i] == current_cpu_index;
	}
	/* As firmware that refuses non-blocking StartupAllAPs (efi/mp.c): the caller waits. */
	if (blocking_only && caller_listed && n > 1)
		return UPM_EUNSUPPORTED;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	struct par_job *j = calloc(1, sizeof *j);
	if (!j)
		return UPM_ENOMEM;
	pthread_mutex_init(&j->lock, NULL);
	pthread_cond_init(&j->done_cv, NULL);
	j->fn = fn;
	j->arg = arg;
	j->refs = 1;
	if (sched_getaffinity(0, sizeof j->caller_mask, &j->caller_mask) != 0) {
		CPU_ZERO(&j->caller_mask);
		for (long c = 0; c < online && c < CPU_SETSIZE; c++)
			CPU_SET((int)c, &j->caller_mask);
	}
	int rc = UPM_OK;
	for (unsigned i = 0; i < n; i++) {
		struct par_thread *t = malloc(sizeof *t);
		if (!t) {
			rc = UPM_ENOMEM;
			break;
		}
		*t = (struct par_thread){ j, i, cpus[i], online > 0 && n <= (unsigned long)online };
		pthread_mutex_lock(&j->lock);
		j->remaining++;
		j->refs++;
		pthread_mutex_unlock(&j->lock);
		if (par_start(t) != 0) {
			pthread_mutex_lock(&j->lock);
			j->remaining--;
			j->refs--;
			pthread_mutex_unlock(&j->lock);
			free(t);
			rc = UPM_ENOMEM;
			break;
		}
	}
	/* Wait for what started (also after a failed start: those threads use arg). */
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	uint64_t ns = (uint64_t)until.tv_nsec + timeout_ns % 1000000000u;
	until.tv_sec += (time_t)(timeout_ns / 1000000000u + ns / 1000000000u);
	until.tv_nsec = (long)(ns % 1000000000u);
	pthread_mutex_lock(&j->lock);
	while (j->remaining && rc != UPM_EFAULT)
		if (pthread_cond_timedwait(&j->done_cv, &j->lock, &until) == ETIMEDOUT && j->remaining)
			rc = UPM_EFAULT;
	pthread_mutex_unlock(&j->lock);
	par_release(j);
	return rc;
}

/* --- memory --- */

static uint64_t fake_total, fake_free;

void upm_host_fake_memory(uint64_t total_bytes, uint64_t free_bytes)
{
	fake_total = total_bytes;
	fake_free = free_bytes;
}

/* MemAvailable from /proc/meminfo (what can be allocated without swapping), in bytes. */
static int meminfo_available(uint64_t *bytes)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[128];
	int found = 0;
	if (!f)
		return 0;
	while (!found && fgets(line, sizeof line, f)) {
		unsigned long long kib;
		if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
			*bytes = (uint64_t)kib * 1024u;
			found = 1;
		}
	}
	fclose(f);
	return found;
}

int upm_os_memory(uint64_t *total_bytes, uint64_t *free_bytes)
{
	if (fake_total) {
		*total_bytes = fake_total;
		*free_bytes = fake_free;
		return UPM_OK;
	}
	long page = sysconf(_SC_PAGESIZE), pages = sysconf(_SC_PHYS_PAGES);
	if (page <= 0 || pages <= 0)
		return UPM_EUNSUPPORTED;
	*total_bytes = (uint64_t)page * (uint64_t)pages;
	if (!meminfo_available(free_bytes)) {
		long avail = sysconf(_SC_AVPHYS_PAGES);
		if (avail <= 0)
			return UPM_EUNSUPPORTED;
		*free_bytes = (uint64_t)page * (uint64_t)avail;
	}
	return UPM_OK;
}

/* --- TSC --- */

static uint64_t tsc_skew;

void upm_host_tsc_skew(uint64_t ticks_per_cpu)
{
	tsc_skew = ticks_per_cpu;
}

static uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ __volatile__("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

static uint64_t socket_tsc_ahead[UPM_MAX_SOCKETS];

void upm_host_socket_tsc_ahead(unsigned socket, uint64_t ticks)
{
	if (socket < UPM_MAX_SOCKETS)
		socket_tsc_ahead[socket] = ticks;
}

void upm_os_spin_relax(void)
{
	sched_yield();
}

uint64_t upm_os_tsc(void)
{
	unsigned socket = sim_cores ? current_cpu_index / sim_cores : 0;
	uint64_t ahead = socket < UPM_MAX_SOCKETS ? socket_tsc_ahead[socket] : 0;
	return rdtsc() - current_cpu_index * tsc_skew + ahead;
}

static uint64_t tsc_hz;
static pthread_once_t tsc_once = PTHREAD_ONCE_INIT;

/* 20 ms against CLOCK_MONOTONIC, like the UEFI side's 20 ms against the firmware timer.
 * Against the real clock even under the virtual one: the TSC runs in real time, and the
 * kernels' barrier deadlines in TSC ticks must last their real time, or no thread would
 * reach a barrier in time. */
static void tsc_calibrate(void)
{
	uint64_t n0 = monotonic_ns(), t0 = rdtsc();
	struct timespec ts = { 0, 20000000 };
	nanosleep(&ts, NULL);
	uint64_t n1 = monotonic_ns(), t1 = rdtsc();
	uint64_t dn = n1 - n0;
	tsc_hz = dn ? (uint64_t)((double)(t1 - t0) * 1e9 / (double)dn) : 1000000000u;
	if (!tsc_hz)
		tsc_hz = 1000000000u;
}

uint64_t upm_os_tsc_hz(void)
{
	pthread_once(&tsc_once, tsc_calibrate);
	return tsc_hz;
}

/* --- memory on a socket: the host does not place (only the accounting changes) --- */

/* The kernels' buffers: every page faulted in here, by the calling thread, in address
 * order (MAP_POPULATE), as a program that sets its arrays up from one thread draws them
 * (likwid-bench does), and not by the kernel threads all at once when their setup first
 * writes, which draws pages from the allocator in another order; on a virtual machine a
 * buffer's pages set its bandwidth (docs/benchmarks.md, Method). The UEFI side's pages simply
 * exist (AllocatePages). */
static uint64_t placed_live, placed_peak; /* kernel buffer bytes held, and the most held */

/* Buffers given back are kept for the next of the same size (os_host.h's limits): the
 * check, intervals and burn-in passes run kernel after kernel on buffers of the same
 * sizes, and mapping, populating and unmapping each cost more than the kernel did (every
 * unmapping flushes every processor's TLB; far more on a virtual machine). A kept
 * buffer is the same pages in the same order, so its bandwidth is the same (above). */
static struct {
	void *p;
	size_t size;
} kept[UPM_HOST_KEPT_MAX];
static uint64_t kept_bytes;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

static void *kept_take(size_t size)
{
	void *p = NULL;
	pthread_mutex_lock(&kept_lock);
	for (unsigned i = 0; i < UPM_HOST_KEPT_MAX && !p; i++)
		if (kept[i].p && kept[i].size == size) {
			p = kept[i].p;
			kept[i].p = NULL;
			kept_bytes -= size;
		}
	pthread_mutex_unlock(&kept_lock);
	return p;
}

static int kept_put(void *p, size_t size)
{
	int put = 0;
	pthread_mutex_lock(&kept_lock);
	for (unsigned i = 0; i < UPM_HOST_KEPT_MAX && !put && kept_bytes + size <= UPM_HOST_KEPT_BYTES; i++)
		if (!kept[i].p) {
			kept[i].p = p;
			kept[i].size = size;
			kept_bytes += size;
			put = 1;
		}
	pthread_mutex_unlock(&kept_lock);
	return put;
}

void *upm_os_alloc_on_socket(size_t size, unsigned socket, int *placed, char *why, size_t why_size)
{
	(void)socket;
	*placed = 0;
	snprintf(why, why_size, "%s", "the host build leaves memory placement to the operating system");
	void *p = kept_take(size ? size : 1);
	if (!p)
		p = mmap(NULL, size ? size : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
			 -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	__atomic_add_fetch(&placed_live, size, __ATOMIC_RELAXED);
	uint64_t live = __atomic_load_n(&placed_live, __ATOMIC_RELAXED), peak;
	while ((peak = __atomic_load_n(&placed_peak, __ATOMIC_RELAXED)) < live &&
	       !__atomic_compare_exchange_n(&placed_peak, &peak, live, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
	return p;
}

void upm_os_free_placed(void *p, size_t size)
{
	if (!p)
		return;
	if (!kept_put(p, size ? size : 1))
		munmap(p, size ? size : 1);
	__atomic_sub_fetch(&placed_live, size, __ATOMIC_RELAXED);
}

unsigned upm_host_placed_release_kept(void)
{
	unsigned n = 0;
	pthread_mutex_lock(&kept_lock);
	for (unsigned i = 0; i < UPM_HOST_KEPT_MAX; i++)
		if (kept[i].p) {
			munmap(kept[i].p, kept[i].size);
			kept[i].p = NULL;
			n++;
		}
	kept_bytes = 0;
	pthread_mutex_unlock(&kept_lock);
	return n;
}

uint64_t upm_host_placed_peak(void)
{
	uint64_t peak = __atomic_load_n(&placed_peak, __ATOMIC_RELAXED);
	__atomic_store_n(&placed_peak, __atomic_load_n(&placed_live, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
	return peak;
}
