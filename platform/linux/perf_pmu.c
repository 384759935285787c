/* The kernel's perf PMUs: sysfs read, terms encoded, perf_event_open (perf_pmu.h). */
#define _GNU_SOURCE /* syscall */
#include "platform/linux/perf_pmu.h"
#include "platform/linux/linux.h"
#include "platform/base/str.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PMU_DIR "sys/bus/event_source/devices"

/* A small sysfs file's text, at most size - 1 bytes, trailing newlines cut. 0, or -1
 * with errno. */
static int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, size - 1);
	int e = errno;
	close(fd);
	if (n < 0) {
		errno = e;
		return -1;
	}
	buf[n] = 0;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return 0;
}

static int parse_uint(const char **s, unsigned *v)
{
	const char *p = *s;
	unsigned x = 0;
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9') {
		x = x * 10 + (unsigned)(*p - '0');
		if (x > 100000)
			return -1;
		p++;
	}
	*s = p;
	*v = x;
	return 0;
}

int upm_perf_format_parse(const char *text, struct upm_perf_field *f, char *err, size_t err_size)
{
	const char *p = text;
	if (strncmp(p, "config", 6) != 0)
		goto bad;
	p += 6;
	f->word = 0;
	if (*p == '1' || *p == '2')
		f->word = (uint8_t)(*p++ - '0');
	if (*p++ != ':')
		goto bad;
	f->mask = 0;
	for (;;) {
		unsigned lo, hi;
		if (parse_uint(&p, &lo) < 0)
			goto bad;
		hi = lo;
		if (*p == '-') {
			p++;
			if (parse_uint(&p, &hi) < 0)
				goto bad;
		}
		if (hi < lo || hi > 63)
			goto bad;
		for (unsigned b = lo; b <= hi; b++)
			f->mask |= 1ull << b;
		if (*p != ',')
			break;
		p++;
	}
	while (*p == '\n' || *p == ' ')
		p++;
	if (*p)
		goto bad;
	return 0;
bad:
	upm_snprintf(err, err_size, "format '%.40s' is not configN:LO-HI[,...]", text);
	return -1;
}

int upm_perf_cpulist_parse(const char *text, int *cpus, unsigned max)
{
	const char *p = text;
	unsigned n = 0;
	while (*p) {
		unsigned lo, hi;
		if (parse_uint(&p, &lo) < 0)
			return -1;
		hi = lo;
		if (*p == '-') {
			p++;
			if (parse_uint(&p, &hi) < 0 || hi < lo)
				return -1;
		}
		for (unsigned c = lo; c <= hi; c++) {
			if (n >= max)
				return -1;
			cpus[n++] = (int)c;
		}
		if (*p == ',')
			p++;
		else if (*p == '\n')
			break;
		else if (*p)
			return -1;
	}
	return (int)n;
}

int upm_perf_package_of(const char *sysroot, unsigned cpu)
{
	char rel[96], path[512], text[32];
	upm_snprintf(rel, sizeof rel, "sys/devices/system/cpu/cpu%u/topology/physical_package_id", cpu);
	upm_linux_path(path, sizeof path, sysroot, rel);
	return read_text(path, text, sizeof text) == 0 && text[0] ? atoi(text) : -1;
}

int upm_perf_cpu_for(const char *sysroot, const struct upm_perf_pmu *p, unsigned first)
{
	if (!p->n_cpus)
		return (int)first;
	int package = upm_perf_package_of(sysroot, first);
	for (unsigned i = 0; package >= 0 && i < p->n_cpus; i++)
		if (upm_perf_package_of(sysroot, (unsigned)p->cpus[i]) == package)
			return p->cpus[i];
	return -1;
}

int upm_perf_pmu_read(const char *sysroot, const char *name, struct upm_perf_pmu *out, int *missing, char *err,
		      size_t err_size)
{
	char rel[160], path[512], text[256];
	memset(out, 0, sizeof *out);
	*missing = 0;
	upm_strlcpy(out->name, name, sizeof out->name);
	upm_snprintf(rel, sizeof rel, PMU_DIR "/%s/type", name);
	upm_linux_path(path, sizeof path, sysroot, rel);
	if (read_text(path, text, sizeof text) < 0) {
		*missing = errno == ENOENT;
		upm_snprintf(err, err_size, "perf PMU %s: cannot read %s (%s)", name, rel, strerror(errno));
		return -1;
	}
	char *end;
	unsigned long type = strtoul(text, &end, 10);
	if (end == text || *end || type > 0xffffffffu) {
		upm_snprintf(err, err_size, "perf PMU %s: its type '%.20s' is not a number", name, text);
		return -1;
	}
	out->type = (uint32_t)type;
	/* Uncore PMUs count on one processor a package; a PMU without cpumask counts on any. */
	upm_snprintf(rel, sizeof rel, PMU_DIR "/%s/cpumask", name);
	upm_linux_path(path, sizeof path, sysroot, rel);
	if (read_text(path, text, sizeof text) == 0) {
		int n = upm_perf_cpulist_parse(text, out->cpus, UPM_PERF_MAX_CPUS);
		if (n <= 0) {
			upm_snprintf(err, err_size, "perf PMU %s: its cpumask '%.40s' is not a processor list", name, text);
			return -1;
		}
		out->n_cpus = (unsigned)n;
	}
	upm_snprintf(rel, sizeof rel, PMU_DIR "/%s/format", name);
	upm_linux_path(path, sizeof path, sysroot, rel);
	/* Every format file: one term each (event, umask, edge, inv, thresh, filter_tid ...). */
	DIR *d = opendir(path);
	if (!d) {
		upm_snprintf(err, err_size, "perf PMU %s: cannot list %s (%s)", name, rel, strerror(errno));
		return -1;
	}
	size_t dlen = strlen(path);
	struct dirent *e;
	int rc = 0;
	while (rc == 0 && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (out->n_fields >= UPM_PERF_MAX_FIELDS || strlen(e->d_name) >= sizeof out->fields[0].name) {
			upm_snprintf(err, err_size, "perf PMU %s: more than %u format terms, or one named longer "
				     "than %zu", name, UPM_PERF_MAX_FIELDS, sizeof out->fields[0].name - 1);
			rc = -1;
			break;
		}
		upm_snprintf(path + dlen, sizeof path - dlen, "/%s", e->d_name);
		struct upm_perf_field *f = &out->fields[out->n_fields];
		char why[96];
		if (read_text(path, text, sizeof text) < 0) {
			upm_snprintf(err, err_size, "perf PMU %s: cannot read format/%s (%s)", name, e->d_name,
				     strerror(errno));
			rc = -1;
		} else if (upm_perf_format_parse(text, f, why, sizeof why) < 0) {
			upm_snprintf(err, err_size, "perf PMU %s: format/%s: %s", name, e->d_name, why);
			rc = -1;
		} else {
			upm_strlcpy(f->name, e->d_name, sizeof f->name);
			out->n_fields++;
		}
	}
	closedir(d);
	if (rc < 0)
		return -1;
	if (!out->n_fields) {
		upm_snprintf(err, err_size, "perf PMU %s: no format files (%s/%s/format)", name, PMU_DIR, name);
		return -1;
	}
	return 0;
}

static const struct upm_perf_field *field_named(const struct upm_perf_pmu *p, const char *name, size_t len)
{
	for (unsigned i = 0; i < p->n_fields; i++)
		if (strlen(p->fields[i].name) == len && strncmp(p->fields[i].name, name, len) == 0)
			return &p->fields[i];
	return NULL;
}

/* The value's bits into the mask's bits, lowest first (perf's pmu_format_value). -1 when
 * the value has more bits than the field. */
static int place(uint64_t mask, uint64_t value, uint64_t *word)
{
	for (unsigned b = 0; b < 64 && value; b++) {
		if (!(mask & (1ull << b)))
			continue;
		if (value & 1)
			*word |= 1ull << b;
		value >>= 1;
	}
	return value ? -1 : 0;
}

int upm_perf_encode(const struct upm_perf_pmu *p, const char *terms, uint64_t config[3], char *err, size_t err_size)
{
	config[0] = config[1] = config[2] = 0;
	const char *s = terms;
	while (*s) {
		size_t len = strcspn(s, ",=");
		uint64_t value = 1;
		const char *next = s + len;
		if (*next == '=') {
			char *end;
			errno = 0;
			value = strtoull(next + 1, &end, 0);
			if (end == next + 1 || errno || (*end && *end != ',')) {
				upm_snprintf(err, err_size, "perf PMU %s: term '%.*s' has no number", p->name,
					     (int)strcspn(s, ","), s);
				return -1;
			}
			next = end;
		}
		const struct upm_perf_field *f = field_named(p, s, len);
		if (!f) {
			char have[256] = "";
			for (unsigned i = 0; i < p->n_fields; i++)
				upm_snprintf(have + strlen(have), sizeof have - strlen(have), "%s%s", i ? ", " : "",
					     p->fields[i].name);
			upm_snprintf(err, err_size, "perf PMU %s has no term '%.*s' (its format has: %s)", p->name,
				     (int)len, s, have);
			return -1;
		}
		if (place(f->mask, value, &config[f->word]) < 0) {
			upm_snprintf(err, err_size, "perf PMU %s: %s=0x%llx is wider than its field", p->name, f->name,
				     (unsigned long long)value);
			return -1;
		}
		s = *next == ',' ? next + 1 : next;
	}
	return 0;
}

int upm_perf_alias_read(const char *sysroot, const struct upm_perf_pmu *p, const char *alias, char *terms,
			size_t terms_size, double *scale, char *unit, size_t unit_size, char *err, size_t err_size)
{
	char rel[200], path[512], text[64];
	upm_snprintf(rel, sizeof rel, PMU_DIR "/%s/events/%s", p->name, alias);
	upm_linux_path(path, sizeof path, sysroot, rel);
	if (read_text(path, terms, terms_size) < 0) {
		upm_snprintf(err, err_size, "perf PMU %s defines no event %s (no %s: %s)", p->name, alias, rel,
			     strerror(errno));
		return -1;
	}
	*scale = 1;
	unit[0] = 0;
	size_t n = strlen(path);
	upm_snprintf(path + n, sizeof path - n, ".scale");
	if (read_text(path, text, sizeof text) == 0) {
		char *end;
		double v = strtod(text, &end);
		if (end == text || *end || !(v > 0)) {
			upm_snprintf(err, err_size, "perf PMU %s: %s.scale '%.20s' is not a positive number", p->name,
				     alias, text);
			return -1;
		}
		*scale = v;
	}
	upm_snprintf(path + n, sizeof path - n, ".unit");
	if (read_text(path, text, sizeof text) == 0)
		upm_strlcpy(unit, text, unit_size);
	return 0;
}

int upm_perf_open(const struct upm_perf_pmu *p, int cpu, const uint64_t config[3], char *err, size_t err_size)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = p->type;
	a.config = config[0];
	a.config1 = config[1];
	a.config2 = config[2];
	a.disabled = 1;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	long fd = syscall(SYS_perf_event_open, &a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		upm_snprintf(err, err_size, "perf_event_open of %s on processor %d: %s%s", p->name, cpu, strerror(e),
			     e == EACCES || e == EPERM ? " (uncore events need root or kernel.perf_event_paranoid=0)"
			     : e == ENOENT || e == EINVAL ? " (the kernel's driver refuses this encoding)"
							  : "");
		return -1;
	}
	return (int)fd;
}

int upm_perf_enable(int fd, int on)
{
	return ioctl(fd, on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0) < 0 ? -1 : 0;
}

int upm_perf_read(int fd, uint64_t *count, uint64_t *enabled_ns, uint64_t *running_ns)
{
	uint64_t v[3];
	if (read(fd, v, sizeof v) != (ssize_t)sizeof v)
		return -1;
	*count = v[0];
	*enabled_ns = v[1];
	*running_ns = v[2];
	return 0;
}
