/* --backend linux on the Linux program (core/host/linux_env.h). */
#define _GNU_SOURCE
#include "core/host/linux_env.h"
#include "core/host/os_host.h"
#include "platform/linux/linux.h"
#include "platform/base/str.h"

#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned n_sockets;
static unsigned first_cpu[UPM_MAX_SOCKETS];

static const char *sysroot(void)
{
	const char *s = getenv("UPMON_SYSROOT");
	return s && *s ? s : "/";
}

static int is_machine_root(void)
{
	const char *s = sysroot();
	while (*s == '/')
		s++;
	return *s == 0;
}

/* The first line of SYSROOT/rel, without its newline; 0 when unreadable. */
static int read_line(const char *rel, char *buf, size_t size)
{
	char path[400];
	upm_linux_path(path, sizeof path, sysroot(), rel);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	int ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = 0;
	return ok;
}

/* "0-3,8,10-11" into on[] (at most UPM_MAX_CPUS processors). -1 when malformed. */
static int parse_cpu_list(const char *s, unsigned char *on)
{
	while (*s) {
		char *end;
		unsigned long a = strtoul(s, &end, 10), b = a;
		if (end == s)
			return -1;
		if (*end == '-') {
			const char *t = end + 1;
			b = strtoul(t, &end, 10);
			if (end == t || b < a)
				return -1;
		}
		for (unsigned long c = a; c <= b && c < UPM_MAX_CPUS; c++)
			on[c] = 1;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return 0;
}

/* The machine's sockets as SYSROOT/sys/devices/system/cpu lists them, read only. */
struct linux_topo {
	unsigned n;                         /* sockets */
	unsigned packages[UPM_MAX_SOCKETS]; /* ascending */
	unsigned first_cpu[UPM_MAX_SOCKETS];
	unsigned per;                       /* processors a socket, the smallest socket's */
	unsigned order[UPM_MAX_CPUS], n_order; /* each socket's first per processors */
};

static int read_topology(struct linux_topo *t, char *err, size_t err_size)
{
	static unsigned char on[UPM_MAX_CPUS];
	char line[512];
	memset(on, 0, sizeof on);
	memset(t, 0, sizeof *t);
	if (!read_line("sys/devices/system/cpu/online", line, sizeof line) || parse_cpu_list(line, on) < 0) {
		upm_snprintf(err, err_size, "cannot read the processors from %s/sys/devices/system/cpu/online",
			     is_machine_root() ? "" : sysroot());
		return -1;
	}
	/* Each online processor's package; sockets in ascending package order. */
	int package_of[UPM_MAX_CPUS];
	for (unsigned c = 0; c < UPM_MAX_CPUS; c++) {
		package_of[c] = -1;
		if (!on[c])
			continue;
		char rel[96];
		upm_snprintf(rel, sizeof rel, "sys/devices/system/cpu/cpu%u/topology/physical_package_id", c);
		if (!read_line(rel, line, sizeof line) || !*line) {
			upm_snprintf(err, err_size, "cannot read processor %u's package (%s)", c, rel);
			return -1;
		}
		package_of[c] = atoi(line);
		unsigned k = 0;
		while (k < t->n && t->packages[k] != (unsigned)package_of[c])
			k++;
		if (k == t->n) {
			if (t->n == UPM_MAX_SOCKETS) {
				upm_snprintf(err, err_size, "more than %u packages", UPM_MAX_SOCKETS);
				return -1;
			}
			t->packages[t->n++] = (unsigned)package_of[c];
		}
	}
	if (!t->n) {
		upm_snprintf(err, err_size, "no online processor");
		return -1;
	}
	for (unsigned i = 1; i < t->n; i++) /* ascending */
		for (unsigned j = i; j > 0 && t->packages[j - 1] > t->packages[j]; j--) {
			unsigned x = t->packages[j];
			t->packages[j] = t->packages[j - 1];
			t->packages[j - 1] = x;
		}
	/* As many processors a socket as the smallest has: the environment's sockets are
	 * alike (core/host/os_host.h); each socket's first processor reads its registers. */
	t->per = UPM_MAX_CPUS;
	for (unsigned s = 0; s < t->n; s++) {
		unsigned count = 0;
		for (unsigned c = 0; c < UPM_MAX_CPUS; c++)
			if (package_of[c] == (int)t->packages[s] && !count++)
				t->first_cpu[s] = c;
		t->per = count < t->per ? count : t->per;
	}
	for (unsigned s = 0; s < t->n; s++) {
		unsigned taken = 0;
		for (unsigned c = 0; c < UPM_MAX_CPUS && taken < t->per; c++)
			if (package_of[c] == (int)t->packages[s]) {
				t->order[t->n_order++] = c;
				taken++;
			}
	}
	return 0;
}

unsigned upm_host_linux_first_cpus(unsigned *cpus, unsigned max)
{
	struct linux_topo t;
	char err[160];
	if (read_topology(&t, err, sizeof err) < 0)
		return 0;
	unsigned n = t.n < max ? t.n : max;
	memcpy(cpus, t.first_cpu, n * sizeof *cpus);
	return n;
}

const char *upm_host_linux_sysroot(void)
{
	return sysroot();
}

int upm_host_linux_setup(char *err, size_t err_size)
{
	static char dmi[400];
	static struct linux_topo t;
	if (!is_machine_root()) { /* the machine's SMBIOS tables are the sysroot's too */
		upm_linux_path(dmi, sizeof dmi, sysroot(), "sys/firmware/dmi/tables");
		upm_host_dmi_dir(dmi);
	}
	if (read_topology(&t, err, err_size) < 0)
		return -1;
	n_sockets = t.n;
	memcpy(first_cpu, t.first_cpu, sizeof first_cpu);
	upm_host_simulate_packages(t.packages, t.n, t.per, 0);
	/* Threads run where the machine's processors of each socket are. A test's sysroot may
	 * list processors this process cannot run on: its threads then go where they did. */
	cpu_set_t mine;
	int all_mine = sched_getaffinity(0, sizeof mine, &mine) == 0;
	for (unsigned i = 0; all_mine && i < t.n_order; i++)
		all_mine = CPU_ISSET(t.order[i], &mine);
	if (all_mine)
		upm_host_pin_order(t.order, t.n_order);
	return 0;
}

/* The kernel's uncore PMUs (SYSROOT/sys/bus/event_source/devices/uncore_*), the first
 * few by name: 1 when there is one at least. */
static int uncore_pmus(char *buf, size_t size)
{
	char path[400];
	upm_linux_path(path, sizeof path, sysroot(), "sys/bus/event_source/devices");
	DIR *d = opendir(path);
	unsigned n = 0;
	size_t at = 0;
	buf[0] = 0;
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strncmp(e->d_name, "uncore_", 7) != 0)
			continue;
		if (n < 3 && at < size)
			at += (size_t)upm_snprintf(buf + at, size - at, "%s%s", n ? ", " : "", e->d_name);
		n++;
	}
	if (d)
		closedir(d);
	if (n > 3 && at < size)
		upm_snprintf(buf + at, size - at, " and %u more", n - 3);
	return n > 0;
}

/* Whether the running kernel restricts /dev/mem to ranges no driver holds: its build
 * configuration (SYSROOT/boot/config-RELEASE, RELEASE from proc/sys/kernel/osrelease) has
 * CONFIG_IO_STRICT_DEVMEM=y and its command line (proc/cmdline) no iomem=relaxed. why
 * says which; 0 when not, or when the configuration cannot be read (then the first
 * refused access says so, as a finding). */
static int devmem_strict(char *why, size_t size)
{
	char release[128], rel[192], path[400], line[256];
	if (!read_line("proc/sys/kernel/osrelease", release, sizeof release) || !release[0])
		return 0;
	upm_snprintf(rel, sizeof rel, "boot/config-%s", release);
	upm_linux_path(path, sizeof path, sysroot(), rel);
	FILE *f = fopen(path, "r");
	int strict = 0;
	while (f && fgets(line, sizeof line, f))
		strict |= strncmp(line, "CONFIG_IO_STRICT_DEVMEM=y", 25) == 0;
	if (f)
		fclose(f);
	char cmdline[1024];
	if (!strict || (read_line("proc/cmdline", cmdline, sizeof cmdline) && strstr(cmdline, "iomem=relaxed")))
		return 0;
	upm_snprintf(why, size, "CONFIG_IO_STRICT_DEVMEM=y in /boot/config-%.60s, no iomem=relaxed", release);
	return 1;
}

/* The kernel's lockdown mode: the bracketed word of SYSROOT/sys/kernel/security/lockdown
 * ("none [integrity] confidentiality"), "" when the file is absent (no LSM: none). */
static void lockdown_mode(char *mode, size_t size)
{
	char line[128];
	mode[0] = 0;
	if (!read_line("sys/kernel/security/lockdown", line, sizeof line))
		return;
	const char *a = strchr(line, '['), *b = a ? strchr(a, ']') : NULL;
	if (a && b)
		upm_snprintf(mode, size, "%.*s", (int)(b - a - 1), a + 1);
}

/* What stops --backend linux here, each with what to do (Linux arch/x86/kernel/msr.c:
 * msr_write refuses under lockdown, then filter_write under allow_writes=off;
 * drivers/pci/pci-sysfs.c and /dev/mem check lockdown as well): 0, or -1 with err.
 * allow gets msr.allow_writes ("" when unreadable). Reads files only. */
static int preflight(unsigned cpu0, char *allow, size_t allow_size, char *err, size_t err_size)
{
	char path[400], rel[64], mode[32];
	allow[0] = 0;
	if (is_machine_root() && geteuid() != 0) {
		upm_snprintf(err, err_size, "not root: the MSR, PCI configuration and /dev/mem files need root: run it "
			     "with sudo");
		return -1;
	}
	lockdown_mode(mode, sizeof mode);
	if (mode[0] && strcmp(mode, "none") != 0) {
		upm_snprintf(err, err_size, "the kernel is locked down (%s, /sys/kernel/security/lockdown): it refuses MSR "
			     "writes, PCI configuration writes and /dev/mem; boot with Secure Boot off or lockdown=none, "
			     "or boot upmon.efi", mode);
		return -1;
	}
	upm_snprintf(rel, sizeof rel, "dev/cpu/%u/msr", cpu0);
	upm_linux_path(path, sizeof path, sysroot(), rel);
	if (access(path, F_OK) != 0) {
		upm_snprintf(err, err_size, "the msr driver is not loaded (no %s): run modprobe msr", path);
		return -1;
	}
	if (read_line("sys/module/msr/parameters/allow_writes", allow, allow_size) && strcmp(allow, "off") == 0) {
		upm_snprintf(err, err_size, "MSR writes are off (/sys/module/msr/parameters/allow_writes is off): run "
			     "echo on > /sys/module/msr/parameters/allow_writes");
		return -1;
	}
	return 0;
}

/* What --backend perf needs before anything: the kernel's uncore PMUs (named in pmus) and
 * leave to open them (root, or perf_event_paranoid 0 or below: uncore events are
 * system-wide; LIKWID issue 613, Linux Documentation/admin-guide/perf-security.rst). 0, or
 * -1 with a line in err. */
static int perf_preflight(char *pmus, size_t pmus_size, char *err, size_t err_size)
{
	char paranoid[32] = "";
	if (!uncore_pmus(pmus, pmus_size)) {
		upm_snprintf(err, err_size, "the kernel has no uncore PMUs (no %s/sys/bus/event_source/devices/uncore_*): "
			     "its uncore driver is not loaded (modprobe intel_uncore) or does not know this processor, "
			     "or this is a virtual machine", is_machine_root() ? "" : sysroot());
		return -1;
	}
	if (geteuid() != 0 && read_line("proc/sys/kernel/perf_event_paranoid", paranoid, sizeof paranoid) &&
	    atoi(paranoid) > 0) {
		upm_snprintf(err, err_size, "not root, and kernel.perf_event_paranoid is %s: uncore events need root or "
			     "sysctl kernel.perf_event_paranoid=0", paranoid);
		return -1;
	}
	return 0;
}

void upm_os_backends(char *buf, size_t size)
{
	struct linux_topo t;
	char err[300] = "", allow[32];
	/* The backend made as a run makes it (its files opened, no register touched), and
	 * let go. */
	if (read_topology(&t, err, sizeof err) == 0 && preflight(t.first_cpu[0], allow, sizeof allow, err, sizeof err) == 0) {
		struct upm_backend *b = upm_linux_backend_create(sysroot(), t.first_cpu, t.n, err, sizeof err);
		if (b)
			upm_backend_destroy(b);
	}
	char perf_err[300] = "", pmus[160];
	if (read_topology(&t, perf_err, sizeof perf_err) == 0)
		perf_preflight(pmus, sizeof pmus, perf_err, sizeof perf_err);
	upm_snprintf(buf, size, "mock, replay: yes; linux: %s%s; perf: %s%s; hw: no (upmon.efi's, under UEFI)",
		     err[0] ? "no: " : "yes", err, perf_err[0] ? "no: " : "yes (counts only)", perf_err);
}

struct upm_backend *upm_host_linux_backend(char *err, unsigned long err_size, char *note, unsigned long note_size)
{
	char line[32] = "";
	if (!n_sockets && upm_host_linux_setup(err, err_size) < 0)
		return NULL;
	if (preflight(first_cpu[0], line, sizeof line, err, err_size) < 0)
		return NULL;
	struct upm_backend *b = upm_linux_backend_create(sysroot(), first_cpu, n_sockets, err, err_size);
	if (!b)
		return NULL;
	/* msr.c taints the kernel on every write (TAINT_CPU_OUT_OF_SPEC) and, unless
	 * allow_writes is on, logs "Write to unrecognized MSR". */
	size_t at = 0;
	at += (size_t)upm_snprintf(note + at, note_size - at,
				   "--backend linux writes MSRs through %s: the kernel marks itself tainted "
				   "(TAINT_CPU_OUT_OF_SPEC)%s; every register written is restored",
				   is_machine_root() ? "/dev/cpu/N/msr" : "the sysroot's dev/cpu/N/msr",
				   strcmp(line, "on") == 0 ? "" : " and logs each write (msr.allow_writes=on silences it)");
	/* The kernel's uncore driver programs the same boxes for perf (intel_uncore): a perf
	 * count running beside upmon spoils both (intel/pcm#411). Whether one runs cannot be
	 * read from outside perf, so it is said whenever the driver's PMUs exist. */
	char pmus[160];
	if (at < note_size && uncore_pmus(pmus, sizeof pmus))
		at += (size_t)upm_snprintf(note + at, note_size - at,
					   "\nthe kernel's uncore driver is loaded (%s): a perf or other tool counting on "
					   "these boxes while upmon runs makes both counts wrong", pmus);
	/* /dev/mem (memory-mapped boxes: Skylake's MCHBAR, the discovery tables and IMCs of
	 * Sapphire Rapids on): with CONFIG_IO_STRICT_DEVMEM the kernel refuses ranges a driver
	 * holds (the discovery table's BAR is intel_vsec's) unless booted with iomem=relaxed. */
	char strict[96];
	if (at < note_size && devmem_strict(strict, sizeof strict))
		at += (size_t)upm_snprintf(note + at, note_size - at,
					   "\n/dev/mem is restricted (%s): a memory-mapped box whose range a driver "
					   "holds will be a finding, not a count; boot with iomem=relaxed to read it",
					   strict);
	/* A hypervisor (CPUID.1:ECX bit 31) shows no uncore of the host: Linux's own uncore
	 * driver does not load there. */
	struct upm_cpuid_regs r;
	if (at < note_size && upm_cpuid(b, 1, 0, &r) == UPM_OK && (r.ecx >> 31) & 1)
		upm_snprintf(note + at, note_size - at,
			     "\na virtual machine (CPUID.1:ECX bit 31, a hypervisor): its uncore registers, if any, are "
			     "the hypervisor's: expect absent or dead boxes; run on the bare-metal host");
	return b;
}

struct upm_backend *upm_host_perf_backend(char *err, unsigned long err_size, char *note, unsigned long note_size)
{
	char pmus[160];
	if (!n_sockets && upm_host_linux_setup(err, err_size) < 0)
		return NULL;
	if (perf_preflight(pmus, sizeof pmus, err, err_size) < 0)
		return NULL;
	struct upm_backend *b = upm_perf_backend_create(sysroot(), first_cpu, n_sockets, err, err_size);
	if (b)
		upm_snprintf(note, note_size,
			     "--backend perf counts through the kernel's uncore PMUs (%s): counts only, no register "
			     "is read or written; a perf or other tool counting on the same PMUs meanwhile shares "
			     "their counters", pmus);
	return b;
}
