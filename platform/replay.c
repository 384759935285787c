/* The replay backend (platform/replay.h). */
#include "platform/replay.h"
#include "platform/trace.h"
#include "platform/pci.h"
#include "platform/space.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

/* A 64-bit MMIO load ("mmio64" in a trace) is its own kind: a 32-bit load of the same
 * address is a different access. Traces from before it simply have none. */
#define REPLAY_SPACE_MMIO64 3

/* One recorded access; key orders them by processor, space, address and operation. */
struct rec {
	uint32_t apic_id;
	uint8_t space, op, faulted;
	uint64_t addr; /* msr; pci as seg << 28 | bus << 20 | dev << 15 | fn << 12 | off; mmio */
	uint64_t value;
	uint32_t seq;
	uint8_t used;
};

struct replay {
	struct upm_backend backend;
	struct rec *recs;   /* sorted by key, then seq */
	unsigned n;
	unsigned *cursor;   /* per record: the next unused record of its group (group start) */
	struct { uint32_t leaf, subleaf; struct upm_cpuid_regs r; } cpuids[64];
	unsigned n_cpuids;
	struct upm_ecam_window ecam[UPM_ECAM_MAX_WINDOWS]; /* the "# ecam" lines, in order */
	unsigned n_ecam;
	char divergence[240];
	char revision[64]; /* of the upmon that recorded it ("# upmon trace:" line), or "" */
	char recorded_backend[16]; /* "hw", "mock", ... from the same line, or "" */
	int recorded_dry_run;      /* the recording was a dry run: no counter ever ran */
	int recorded_mock_faults;  /* the recording's mock had faults injected ("# MOCK FAULTS") */
	char recorded_faults[128]; /* ...and which, as that line gave them */
	unsigned sockets;          /* the highest socket column of a record, plus one */
	char loads_unguarded[160]; /* "# loads unguarded: " line's reason (the backend's), or "" */
};

static struct replay *replay_of(struct upm_backend *b)
{
	return b->ctx;
}

static int key_cmp(const struct rec *a, const struct rec *b)
{
	if (a->apic_id != b->apic_id)
		return a->apic_id < b->apic_id ? -1 : 1;
	if (a->space != b->space)
		return a->space < b->space ? -1 : 1;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->op != b->op)
		return a->op < b->op ? -1 : 1;
	return 0;
}

static int full_cmp(const struct rec *a, const struct rec *b)
{
	int k = key_cmp(a, b);
	return k ? k : a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}

/* Bottom-up merge sort (no libc in the UEFI build). */
static int sort_recs(struct rec *r, unsigned n)
{
	struct rec *tmp = upm_os_alloc((size_t)n * sizeof *tmp + 1);
	if (!tmp)
		return -1;
	for (unsigned w = 1; w < n; w *= 2) {
		for (unsigned lo = 0; lo < n; lo += 2 * w) {
			unsigned mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			unsigned i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				tmp[k++] = full_cmp(&r[j], &r[i]) < 0 ? r[j++] : r[i++];
			while (i < mid)
				tmp[k++] = r[i++];
			while (j < hi)
				tmp[k++] = r[j++];
		}
		upm_memcpy(r, tmp, (size_t)n * sizeof *r);
	}
	upm_os_free(tmp);
	return 0;
}

static const char *space_name(unsigned space)
{
	return space == UPM_SPACE_MSR	    ? "msr"
	       : space == UPM_SPACE_PCI	    ? "pci"
	       : space == REPLAY_SPACE_MMIO64 ? "mmio64"
					    : "mmio";
}

static void format_addr(char *buf, size_t size, unsigned space, uint64_t addr)
{
	if (space == UPM_SPACE_PCI) {
		struct upm_pci_addr a = { (uint16_t)(addr >> 28), (uint8_t)(addr >> 20),
					  (uint8_t)(addr >> 15 & 31),
					  (uint8_t)(addr >> 12 & 7), (uint16_t)(addr & 0xFFF) };
		upm_pci_format(buf, size, a);
	} else {
		upm_snprintf(buf, size, "0x%llx", (unsigned long long)addr);
	}
}

/* The next unused record for this access, or NULL; *group_n gets how many the
 * recording has for it. */
static struct rec *next_of(struct replay *p, const struct rec *want, unsigned *group_n)
{
	unsigned lo = 0, hi = p->n;
	while (lo < hi) { /* first record with key >= want */
		unsigned mid = lo + (hi - lo) / 2;
		if (key_cmp(&p->recs[mid], want) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*group_n = 0;
	if (lo >= p->n || key_cmp(&p->recs[lo], want) != 0)
		return NULL;
	unsigned end = lo;
	while (end < p->n && key_cmp(&p->recs[end], want) == 0)
		end++;
	*group_n = end - lo;
	unsigned at = p->cursor[lo];
	if (at >= end)
		return NULL;
	p->cursor[lo] = at + 1;
	p->recs[at].used = 1;
	return &p->recs[at];
}

static int access(struct replay *p, uint8_t op, uint8_t space, uint64_t addr, uint64_t *value)
{
	if (p->divergence[0])
		return UPM_EDIVERGED;
	struct rec want = { 0 };
	unsigned pkg, n;
	upm_os_current_cpu(&want.apic_id, &pkg);
	want.space = space;
	want.op = op;
	want.addr = addr;
	struct rec *r = next_of(p, &want, &n);
	char where[40];
	format_addr(where, sizeof where, space, addr);
	if (!r) {
		upm_snprintf(p->divergence, sizeof p->divergence,
			     "replay diverged: %s of %s %s on cpu %u (socket %u) is not in the recording "
			     "(it has %u such access%s, all replayed)",
			     op == 'R' ? "read" : "write", space_name(space), where, want.apic_id, pkg, n,
			     n == 1 ? "" : "es");
		return UPM_EDIVERGED;
	}
	if (op == 'W' && r->value != *value) {
		upm_snprintf(p->divergence, sizeof p->divergence,
			     "replay diverged: write of 0x%llx to %s %s on cpu %u (socket %u); the recording "
			     "wrote 0x%llx there (seq %u)",
			     (unsigned long long)*value, space_name(space), where, want.apic_id, pkg,
			     (unsigned long long)r->value, r->seq);
		return UPM_EDIVERGED;
	}
	if (op == 'R')
		*value = r->value;
	return r->faulted ? UPM_EFAULT : UPM_OK;
}

static int replay_cpuid(struct upm_backend *b, uint32_t leaf, uint32_t subleaf, struct upm_cpuid_regs *out)
{
	struct replay *p = replay_of(b);
	upm_memset(out, 0, sizeof *out);
	for (unsigned i = 0; i < p->n_cpuids; i++)
		if (p->cpuids[i].leaf == leaf && p->cpuids[i].subleaf == subleaf) {
			*out = p->cpuids[i].r;
			return UPM_OK;
		}
	return UPM_OK; /* a leaf the recorded run never asked: zeros, as an absent leaf */
}

static int replay_msr_read(struct upm_backend *b, uint32_t msr, uint64_t *val)
{
	*val = 0;
	return access(replay_of(b), 'R', UPM_SPACE_MSR, msr, val);
}

static int replay_msr_write(struct upm_backend *b, uint32_t msr, uint64_t val)
{
	return access(replay_of(b), 'W', UPM_SPACE_MSR, msr, &val);
}

static uint64_t pci_key(struct upm_pci_addr a)
{
	return (uint64_t)a.seg << 28 | (uint64_t)a.bus << 20 | (uint64_t)a.dev << 15 |
	       (uint64_t)a.fn << 12 | a.off;
}

static int replay_pci_read32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			     uint32_t *val)
{
	uint64_t v = 0;
	(void)mech;
	int rc = access(replay_of(b), 'R', UPM_SPACE_PCI, pci_key(a), &v);
	*val = (uint32_t)v;
	return rc;
}

static int replay_pci_write32(struct upm_backend *b, enum upm_pci_mech mech, struct upm_pci_addr a,
			      uint32_t val)
{
	uint64_t v = val;
	(void)mech;
	return access(replay_of(b), 'W', UPM_SPACE_PCI, pci_key(a), &v);
}

static int replay_mmio_read32(struct upm_backend *b, uint64_t addr, uint32_t *val)
{
	uint64_t v = 0;
	int rc = access(replay_of(b), 'R', UPM_SPACE_MMIO, addr, &v);
	*val = (uint32_t)v;
	return rc;
}

static int replay_mmio_write32(struct upm_backend *b, uint64_t addr, uint32_t val)
{
	uint64_t v = val;
	return access(replay_of(b), 'W', UPM_SPACE_MMIO, addr, &v);
}

static int replay_mmio_read64(struct upm_backend *b, uint64_t addr, uint64_t *val)
{
	*val = 0;
	return access(replay_of(b), 'R', REPLAY_SPACE_MMIO64, addr, val);
}

static int replay_ecam_window(struct upm_backend *b, unsigned index, struct upm_ecam_window *out)
{
	struct replay *p = replay_of(b);
	if (index >= p->n_ecam)
		return UPM_ENOTFOUND;
	*out = p->ecam[index];
	return UPM_OK;
}

static void replay_destroy(struct upm_backend *b)
{
	struct replay *p = replay_of(b);
	upm_os_free(p->recs);
	upm_os_free(p->cursor);
	upm_os_free(p);
}

static const struct upm_backend_ops replay_ops = {
	.cpuid = replay_cpuid,
	.msr_read = replay_msr_read,
	.msr_write = replay_msr_write,
	.pci_read32 = replay_pci_read32,
	.pci_write32 = replay_pci_write32,
	.mmio_read32 = replay_mmio_read32,
	.mmio_write32 = replay_mmio_write32,
	.mmio_read64 = replay_mmio_read64,
	.ecam_window = replay_ecam_window,
	.destroy = replay_destroy,
};

int upm_replay_is(struct upm_backend *b)
{
	return b && b->ops == &replay_ops;
}

const char *upm_replay_divergence(struct upm_backend *b)
{
	struct replay *p = upm_replay_is(b) ? replay_of(b) : NULL;
	return p && p->divergence[0] ? p->divergence : NULL;
}

struct upm_backend *upm_replay_find(struct upm_backend *b)
{
	struct upm_trace *t = b ? upm_trace_of(b) : NULL;
	if (t)
		b = t->inner;
	return b && upm_replay_is(b) ? b : NULL;
}

const char *upm_replay_recorded_backend(struct upm_backend *b, int *dry_run)
{
	struct replay *p = upm_replay_is(b) ? replay_of(b) : NULL;
	*dry_run = p ? p->recorded_dry_run : 0;
	return p && p->recorded_backend[0] ? p->recorded_backend : NULL;
}

int upm_replay_recorded_mock_faults(struct upm_backend *b)
{
	struct replay *p = upm_replay_is(b) ? replay_of(b) : NULL;
	return p && p->recorded_mock_faults;
}

const char *upm_replay_recorded_faults(struct upm_backend *b)
{
	struct replay *p = upm_replay_is(b) ? replay_of(b) : NULL;
	return p && p->recorded_faults[0] ? p->recorded_faults : NULL;
}

const char *upm_replay_recorded_revision(struct upm_backend *b)
{
	struct replay *p = upm_replay_is(b) ? replay_of(b) : NULL;
	return p && p->revision[0] ? p->revision : NULL;
}

/* "# upmon trace: ..., backend mock, dry run": the backend it was recorded from, and
 * whether that run was a dry run (platform/trace.c writes both). */
static void take_recording(struct replay *p, const char *line)
{
	static const char key[] = ", backend ";
	const char *at = line;
	while (*at && !upm_starts_with(at, key))
		at++;
	if (*at) {
		at += sizeof key - 1;
		size_t n = 0;
		while (at[n] && at[n] != ',' && n + 1 < sizeof p->recorded_backend)
			n++;
		upm_memcpy(p->recorded_backend, at, n);
		p->recorded_backend[n] = 0;
	}
	size_t len = upm_strlen(line);
	if (len >= 9 && upm_strcmp(line + len - 9, ", dry run") == 0)
		p->recorded_dry_run = 1;
}

/* "# upmon trace: upmon 0.1.0 (revision 4cc3a4e), host, ..." -> "4cc3a4e"; traces
 * written before the header named it leave it empty. */
static void take_revision(struct replay *p, const char *line)
{
	static const char key[] = "(revision ";
	const char *at = line;
	while (*at && !upm_starts_with(at, key))
		at++;
	if (!*at)
		return;
	at += sizeof key - 1;
	size_t n = 0;
	while (at[n] && at[n] != ')' && n + 1 < sizeof p->revision)
		n++;
	if (at[n] != ')')
		return;
	upm_memcpy(p->revision, at, n);
	p->revision[n] = 0;
}

unsigned upm_replay_recorded_sockets(struct upm_backend *b)
{
	return upm_replay_is(b) ? replay_of(b)->sockets : 0;
}

unsigned upm_replay_unused(struct upm_backend *b)
{
	struct replay *p = upm_replay_is(b) ? replay_of(b) : NULL;
	unsigned n = 0;
	for (unsigned i = 0; p && i < p->n; i++)
		n += !p->recs[i].used;
	return n;
}

/* --- parsing --- */

/* The line the trace ends with when its buffer filled: "# N accesses not recorded: ...".
 * Matched whole, so a command line in the header that quotes it is not taken for it. */
static int says_dropped(const char *line)
{
	if (!upm_starts_with(line, "# ") || line[2] < '0' || line[2] > '9')
		return 0;
	const char *p = line + 2;
	while (*p >= '0' && *p <= '9')
		p++;
	return upm_starts_with(p, " accesses not recorded");
}

/* Splits line (NUL-terminated, modified) at tabs into at most max fields. */
static unsigned fields(char *line, char **f, unsigned max)
{
	unsigned n = 0;
	while (n < max) {
		f[n++] = line;
		char *tab = upm_strchr(line, '\t');
		if (!tab)
			break;
		*tab = 0;
		line = tab + 1;
	}
	return n;
}

static int parse_header(struct replay *p, char *line)
{
	char *f[8];
	unsigned n = fields(line, f, 8);
	uint64_t v[6];
	if (upm_strcmp(f[0], "# cpuid") == 0 && n == 7 && p->n_cpuids < UPM_ARRAY_LEN(p->cpuids)) {
		for (unsigned i = 0; i < 6; i++)
			if (upm_parse_u64(f[i + 1], &v[i]) < 0 || v[i] > 0xFFFFFFFFu)
				return -1;
		p->cpuids[p->n_cpuids].leaf = (uint32_t)v[0];
		p->cpuids[p->n_cpuids].subleaf = (uint32_t)v[1];
		p->cpuids[p->n_cpuids].r = (struct upm_cpuid_regs){ (uint32_t)v[2], (uint32_t)v[3],
								    (uint32_t)v[4], (uint32_t)v[5] };
		p->n_cpuids++;
	} else if (upm_strcmp(f[0], "# ecam") == 0 && n == 5) {
		for (unsigned i = 0; i < 4; i++)
			if (upm_parse_u64(f[i + 1], &v[i]) < 0)
				return -1;
		if (v[1] > 0xFFFF || v[2] > 0xFF || v[3] > 0xFF || p->n_ecam >= UPM_ECAM_MAX_WINDOWS)
			return -1;
		p->ecam[p->n_ecam++] =
			(struct upm_ecam_window){ v[0], (uint16_t)v[1], (uint8_t)v[2], (uint8_t)v[3] };
	}
	return 0;
}

static int parse_record(struct rec *r, char *line, unsigned *socket)
{
	char *f[8];
	uint64_t seq, cpu, value, pkg;
	if (fields(line, f, 8) != 7 || upm_parse_u64(f[0], &seq) < 0 || upm_parse_u64(f[1], &cpu) < 0 ||
	    upm_parse_u64(f[2], &pkg) < 0 || upm_parse_u64(f[6], &value) < 0 || seq > 0xFFFFFFFFu ||
	    cpu > 0xFFFFFFFFu || pkg > 0xFFFFu)
		return -1;
	*socket = (unsigned)pkg;
	upm_memset(r, 0, sizeof *r);
	r->seq = (uint32_t)seq;
	r->apic_id = (uint32_t)cpu;
	r->value = value;
	if ((f[3][0] != 'R' && f[3][0] != 'W') || (f[3][1] && (f[3][1] != '!' || f[3][2])))
		return -1;
	r->op = (uint8_t)f[3][0];
	r->faulted = f[3][1] == '!';
	if (upm_strcmp(f[4], "pci") == 0) {
		struct upm_pci_addr a;
		if (upm_pci_parse(f[5], &a) < 0)
			return -1;
		r->space = UPM_SPACE_PCI;
		r->addr = pci_key(a);
	} else {
		r->space = upm_strcmp(f[4], "msr") == 0 ? UPM_SPACE_MSR
			   : upm_strcmp(f[4], "mmio") == 0 ? UPM_SPACE_MMIO
			   : upm_strcmp(f[4], "mmio64") == 0 && r->op == 'R' ? REPLAY_SPACE_MMIO64
			   : 0xFF;
		if (r->space == 0xFF || upm_parse_u64(f[5], &r->addr) < 0)
			return -1;
	}
	return 0;
}

static struct upm_backend *fail(struct replay *p, char *err, size_t err_size, const char *what,
				unsigned line_no)
{
	upm_snprintf(err, err_size, "replay: line %u: %s", line_no, what);
	if (p)
		replay_destroy(&p->backend);
	return NULL;
}

struct upm_backend *upm_replay_create(const char *text, size_t len, char *err, size_t err_size)
{
	struct replay *p = upm_os_alloc(sizeof *p);
	if (!p)
		return fail(NULL, err, err_size, "out of memory", 0);
	upm_memset(p, 0, sizeof *p);
	p->backend.name = "replay";
	p->backend.ops = &replay_ops;
	p->backend.ctx = p;
	unsigned lines = 1;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	p->recs = upm_os_alloc((size_t)lines * sizeof *p->recs);
	p->cursor = upm_os_alloc((size_t)lines * sizeof *p->cursor);
	char line[512];
	if (!p->recs || !p->cursor)
		return fail(p, err, err_size, "out of memory", 0);
	unsigned line_no = 0;
	int saw_header = 0;
	for (size_t at = 0; at < len;) {
		size_t end = at;
		while (end < len && text[end] != '\n')
			end++;
		size_t n = end - at;
		line_no++;
		if (n >= sizeof line)
			return fail(p, err, err_size, "line too long for a trace", line_no);
		upm_memcpy(line, text + at, n);
		line[n] = 0;
		if (n && line[n - 1] == '\r')
			line[n - 1] = 0;
		at = end + 1;
		if (line[0] == 0)
			continue;
		if (line[0] == '#') {
			if (upm_starts_with(line, "# upmon trace: ") && !saw_header) {
				saw_header = 1;
				take_revision(p, line);
				take_recording(p, line);
			}
			if (upm_starts_with(line, "# dry run: writes were recorded"))
				p->recorded_dry_run = 1;
			if (upm_starts_with(line, "# loads unguarded: ")) {
				upm_strlcpy(p->loads_unguarded, line + 19, sizeof p->loads_unguarded);
				p->backend.loads_unguarded = p->loads_unguarded;
			}
			if (upm_starts_with(line, "# MOCK FAULTS INJECTED: ")) {
				p->recorded_mock_faults = 1;
				upm_strlcpy(p->recorded_faults, line + 24, sizeof p->recorded_faults);
			}
			if (says_dropped(line))
				return fail(p, err, err_size,
					    "the trace buffer overflowed when it was recorded: it cannot be replayed", line_no);
			if (parse_header(p, line) < 0)
				return fail(p, err, err_size, "malformed cpuid or ecam line", line_no);
			continue;
		}
		unsigned socket;
		if (parse_record(&p->recs[p->n], line, &socket) < 0)
			return fail(p, err, err_size,
				    "not a trace record (seq, cpu, socket, R|W[!], msr|pci|mmio|mmio64, address, value)",
				    line_no);
		p->n++;
		if (socket + 1 > p->sockets)
			p->sockets = socket + 1;
	}
	if (!saw_header)
		return fail(p, err, err_size, "no '# upmon trace:' header: not a trace written by --trace", 1);
	if (sort_recs(p->recs, p->n) < 0)
		return fail(p, err, err_size, "out of memory", 0);
	for (unsigned i = 0; i < p->n; i++)
		p->cursor[i] = i; /* only group starts are used */
	return &p->backend;
}
