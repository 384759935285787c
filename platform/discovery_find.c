/* The uncore discovery tables of a machine: found through the backend only (ECAM
 * configuration reads and MMIO reads), parsed by upm_disc_parse, each mapped to its socket
 * without an OS (platform/discovery.h; docs/discovery.md, Finding the tables).
 *
 * Facts: Linux arch/x86/events/intel/uncore_discovery.{c,h} (intel_uncore_has_discovery_tables,
 * has_generic_discovery_table, parse_discovery_table, UNCORE_DISCOVERY_* macros), Linux
 * drivers/pci/pci.c pci_find_next_ext_capability, Intel PCM src/pci.h processDVSEC, and for
 * the sockets PCM src/types.h (SPR_MSM_*, SPR_SAD_REG_CTL_CFG_OFFSET), src/utils.cpp
 * get_cpu_bus and src/cpucounters.cpp initRootBusMap. */
#include "platform/discovery.h"
#include "platform/pci.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

/* UNCORE_DISCOVERY_TABLE_DEVICE, UNCORE_EXT_CAP_ID_DISCOVERY, UNCORE_DISCOVERY_DVSEC_OFFSET
 * (entry type, mask UNCORE_DISCOVERY_DVSEC_ID_MASK 0xffff, PMON = 1),
 * UNCORE_DISCOVERY_DVSEC2_OFFSET (BIR, mask 0x7), UNCORE_DISCOVERY_BIR_BASE/_STEP. */
#define DISC_DEVICE 0x09A7u
#define CAP_ID_DISCOVERY 0x23u
#define DVSEC_ENTRY 0x8u
#define DVSEC_ENTRY_PMON 1u
#define DVSEC_BIR 0xCu
#define BAR_BASE 0x10u
#define BAR_LAST 5u
/* PCM src/types.h: "MSM device/func number and register offset from SPR register guide". */
#define MSM_DEVICE 0x09A6u
#define MSM_DEV 3u
#define MSM_FN 0u
#define MSM_CPUBUSNO_VALID 0x1A0u
#define MSM_CPUBUSNO0 0x190u   /* slots 0-15, four 8-bit bus numbers a dword */
#define MSM_CPUBUSNO4 0x1C0u   /* slots 16-31 */
#define MSM_SLOTS 32u          /* SPR_MSM_CPUBUSNO_MAX */
#define SAD_CONTROL_CFG 0x3F4u /* of device 0 function 0 on the package's first valid bus */

#define EXT_CAP_FIRST 0x100u
#define CFG_SIZE 0x1000u
#define ALL_ONES32 0xFFFFFFFFu

#define MAX_CANDIDATES 64u
#define MAX_MSMS 16u

struct candidate {
	struct upm_pci_addr fn;
	uint16_t dvsec;
	int generic; /* on a 0x09A7 function */
};

struct msm {
	struct upm_pci_addr fn;
	uint32_t valid;
	uint8_t bus[MSM_SLOTS];
	unsigned package_id;
	int usable;
};

struct scan {
	struct upm_backend *b;
	struct upm_disc_set *set;
	struct candidate cands[MAX_CANDIDATES];
	unsigned n_cands, cands_dropped;
	int any_generic;
	struct msm msms[MAX_MSMS];
	unsigned n_msms, msms_dropped;
	char unmapped_why[160]; /* why a table got its socket by the order found: the first cause */
};

static struct upm_pci_addr fn_addr(uint16_t seg, unsigned bus, unsigned dev, unsigned fn, unsigned off)
{
	struct upm_pci_addr a = { seg, (uint8_t)bus, (uint8_t)dev, (uint8_t)fn, (uint16_t)off };
	return a;
}

/* A configuration read through ECAM: the DVSEC and the MSM's registers lie at 0x100 and up,
 * which CF8/CFC cannot reach. UPM_OK, or the status (an all-ones answer is UPM_EABSENT). */
static int cfg_read(struct upm_backend *b, struct upm_pci_addr fn, unsigned off, uint32_t *v)
{
	fn.off = (uint16_t)off;
	int rc = upm_pci_read32_via(b, UPM_PCI_ECAM, fn, v);
	if (rc == UPM_OK && *v == ALL_ONES32)
		rc = UPM_EABSENT;
	return rc;
}

static void fn_name(char *buf, size_t size, struct upm_pci_addr a)
{
	upm_pci_format_fn(buf, size, a.seg, a.bus, a.dev, a.fn);
}

/* Something stopped a table or the search: the first is the line, the rest are counted. */
static void stopped(struct upm_disc_set *set, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void stopped(struct upm_disc_set *set, const char *fmt, ...)
{
	if (!set->n_stopped++) {
		va_list ap;
		va_start(ap, fmt);
		upm_vsnprintf(set->stopped, sizeof set->stopped, fmt, ap);
		va_end(ap);
	}
}

static void add_candidate(struct scan *s, struct upm_pci_addr fn, unsigned dvsec, int generic)
{
	for (unsigned i = 0; i < s->n_cands; i++) { /* overlapping ECAM windows scan a bus twice */
		const struct upm_pci_addr *c = &s->cands[i].fn;
		if (c->seg == fn.seg && c->bus == fn.bus && c->dev == fn.dev && c->fn == fn.fn &&
		    s->cands[i].dvsec == dvsec)
			return;
	}
	if (s->n_cands >= MAX_CANDIDATES) {
		s->cands_dropped++;
		return;
	}
	s->cands[s->n_cands].fn = fn;
	s->cands[s->n_cands].dvsec = (uint16_t)dvsec;
	s->cands[s->n_cands].generic = generic;
	s->n_cands++;
	s->any_generic |= generic;
}

/* Walks fn's extended capability list from 0x100 for PMON discovery DVSECs. Linux's walk
 * (pci_find_next_ext_capability) ends on a header of 0 or a next pointer below 0x100 and
 * takes at most (0x1000 - 0x100) / 8 hops; here: at most 0x1000/4 hops, a header of 0 or
 * all ones ends it, and an offset visited before ends it too (a loop, never a DVSEC found
 * twice). Next pointer: header bits 31:20, dword-aligned (PCI_EXT_CAP_NEXT). */
static void walk_caps(struct scan *s, struct upm_pci_addr fn, int generic)
{
	uint8_t visited[CFG_SIZE / 4 / 8];
	upm_memset(visited, 0, sizeof visited);
	unsigned off = EXT_CAP_FIRST;
	for (unsigned hops = 0; hops < CFG_SIZE / 4 && off >= EXT_CAP_FIRST && off < CFG_SIZE; hops++) {
		unsigned slot = off / 4;
		if (visited[slot / 8] & (1u << (slot % 8)))
			return;
		visited[slot / 8] |= (uint8_t)(1u << (slot % 8));
		uint32_t hdr, entry;
		if (cfg_read(s->b, fn, off, &hdr) != UPM_OK || hdr == 0)
			return;
		if ((hdr & 0xFFFF) == CAP_ID_DISCOVERY && off + DVSEC_BIR < CFG_SIZE &&
		    cfg_read(s->b, fn, off + DVSEC_ENTRY, &entry) == UPM_OK &&
		    (entry & 0xFFFF) == DVSEC_ENTRY_PMON)
			add_candidate(s, fn, off, generic);
		off = (hdr >> 20) & 0xFFC;
	}
}

static void add_msm(struct scan *s, struct upm_pci_addr fn)
{
	if (s->n_msms >= MAX_MSMS) {
		s->msms_dropped++;
		return;
	}
	struct msm *m = &s->msms[s->n_msms++];
	upm_memset(m, 0, sizeof *m);
	m->fn = fn;
}

/* Every function of every bus of every ECAM window: Intel functions' extended capability
 * lists, and the MSM functions. Function 0 absent: the device is absent, its other
 * functions are not asked (Linux drivers/pci/probe.c pci_scan_slot: "Function 0 is
 * required"); functions 1-7 are asked whatever function 0's multi-function bit says, as a
 * read of an absent function is harmless and answers all ones. */
static void scan_windows(struct scan *s, const struct upm_ecam_window *ws, unsigned n_ws)
{
	for (unsigned w = 0; w < n_ws; w++) {
		for (unsigned bus = ws[w].bus_start; bus <= ws[w].bus_end; bus++) {
			for (unsigned dev = 0; dev < 32; dev++) {
				for (unsigned f = 0; f < 8; f++) {
					struct upm_pci_addr fn = fn_addr(ws[w].seg, bus, dev, f, 0);
					uint32_t id;
					if (cfg_read(s->b, fn, 0, &id) != UPM_OK || (id & 0xFFFF) == 0xFFFF ||
					    (id & 0xFFFF) == 0) {
						if (f == 0)
							break;
						continue;
					}
					if ((id & 0xFFFF) != UPM_PCI_VENDOR_INTEL)
						continue;
					unsigned device = id >> 16;
					if (device == MSM_DEVICE && dev == MSM_DEV && f == MSM_FN)
						add_msm(s, fn);
					walk_caps(s, fn, device == DISC_DEVICE);
				}
			}
		}
	}
}

/* The discovery table's address from the BAR the DVSEC names, or 0 with a stopped line
 * (a BAR of zero is one: the table is never read at address 0). */
static uint64_t table_base(struct scan *s, const struct candidate *c, uint8_t *bir_out)
{
	char where[24];
	uint32_t dv2, lo, hi = 0;
	int rc;
	fn_name(where, sizeof where, c->fn);
	if ((rc = cfg_read(s->b, c->fn, c->dvsec + DVSEC_BIR, &dv2)) != UPM_OK) {
		stopped(s->set, "discovery DVSEC at %s+0x%x: its BIR register (+0xC) could not be read (%s)",
			where, c->dvsec, upm_status_name(rc));
		return 0;
	}
	/* Linux refuses any bit set above the BIR (intel_uncore_has_discovery_tables: val &
	 * ~UNCORE_DISCOVERY_DVSEC2_BIR_MASK); PCM ignores those bits (VSEC Address). */
	if (dv2 & ~7u) {
		stopped(s->set, "discovery DVSEC at %s+0x%x: its +0xC register 0x%x sets bits above the "
				"BIR (a table offset Linux refuses too): that table was not read",
			where, c->dvsec, (unsigned)dv2);
		return 0;
	}
	unsigned bir = dv2 & 7u;
	*bir_out = (uint8_t)bir;
	unsigned bar = BAR_BASE + 4 * bir;
	if (bir > BAR_LAST) {
		stopped(s->set, "discovery DVSEC at %s+0x%x names BAR %u, past the six BARs (0-5): that "
				"table was not read", where, c->dvsec, bir);
		return 0;
	}
	if ((rc = cfg_read(s->b, c->fn, bar, &lo)) != UPM_OK) {
		stopped(s->set, "BAR %u of %s (its discovery table's) could not be read (%s)", bir, where,
			upm_status_name(rc));
		return 0;
	}
	/* Memory BAR: bit 0 clear; type bits 2:1: 0 32-bit, 2 64-bit (the next BAR holds the
	 * upper half), 1 and 3 reserved (PCM processDVSEC; Linux parse_discovery_table also
	 * refuses a prefetchable BAR, bit 3, which upmon reads as any other). */
	unsigned type = (lo >> 1) & 3u;
	const char *bad = (lo & 1u) ? "an I/O BAR, where a memory BAR was expected"
			  : type == 1 || type == 3 ? "of a reserved type (bits 2:1), neither 32- nor 64-bit"
			  : type == 2 && bir == BAR_LAST ? "64-bit, with no BAR above it for the upper half"
							 : NULL;
	if (bad) {
		stopped(s->set, "BAR %u of %s (its discovery table's) is 0x%x, %s: that table was not read",
			bir, where, (unsigned)lo, bad);
		return 0;
	}
	if (type == 2 && (rc = cfg_read(s->b, c->fn, bar + 4, &hi)) != UPM_OK) {
		stopped(s->set, "BAR %u of %s (its discovery table's): the upper half at 0x%x could not be "
				"read (%s)", bir, where, bar + 4, upm_status_name(rc));
		return 0;
	}
	uint64_t base = ((uint64_t)hi << 32) | (lo & ~0xFu);
	if (!base)
		stopped(s->set, "BAR %u of %s, which holds its discovery table, is 0: the firmware gave it no "
				"address; that table was not read (never at address 0): check the "
				"firmware's PCI resource settings", bir, where);
	return base;
}

/* One 64-bit word of the table: two dword reads, the low one first. */
static int read_word(struct upm_backend *b, uint64_t addr, uint8_t *out)
{
	uint32_t lo, hi;
	int rc = upm_mmio_read32(b, addr, &lo);
	if (rc == UPM_OK)
		rc = upm_mmio_read32(b, addr + 4, &hi);
	if (rc != UPM_OK)
		return rc;
	for (unsigned i = 0; i < 4; i++) {
		out[i] = (uint8_t)(lo >> (8 * i));
		out[4 + i] = (uint8_t)(hi >> (8 * i));
	}
	return UPM_OK;
}

/* Reads and parses the candidate's table: NULL with a stopped line when it has none, or on
 * ENOMEM (*nomem set). The global record first; then the three words each record holds,
 * at (r + 1) * stride * 8 for r below max_units (bounded by the record's own 10-bit
 * max_units and 8-bit stride: at most 1024 * 255 * 8 bytes); the bytes of a record past
 * its third word are never read and left zero, as the parser reads only those three. A
 * failed read ends the bytes there: the parser reports the rest as a truncated table. */
static struct upm_disc_table *read_table(struct scan *s, const struct candidate *c, int *nomem)
{
	uint8_t bir = 0, global[24];
	uint64_t base = table_base(s, c, &bir);
	char where[24], why[200];
	int rc;
	if (!base)
		return NULL;
	fn_name(where, sizeof where, c->fn);
	for (unsigned w = 0; w < 3; w++) {
		if ((rc = read_word(s->b, base + 8 * w, global + 8 * w)) != UPM_OK) {
			stopped(s->set, "the discovery table of %s at 0x%llx could not be read (%s)", where,
				(unsigned long long)base, upm_status_name(rc));
			return NULL;
		}
	}
	struct upm_disc_table *t = upm_os_alloc(sizeof *t);
	if (!t) {
		*nomem = 1;
		return NULL;
	}
	upm_memset(t, 0, sizeof *t);
	t->device = fn_addr(c->fn.seg, c->fn.bus, c->fn.dev, c->fn.fn, 0);
	t->dvsec_off = c->dvsec;
	t->bir = bir;
	t->base = base;
	t->package_id = UPM_DISC_NO_PACKAGE;
	if (upm_disc_parse(global, sizeof global, t, why, sizeof why) < 0) {
		stopped(s->set, "%s, table at 0x%llx: %s", where, (unsigned long long)base, why);
		upm_os_free(t);
		return NULL;
	}
	size_t step = (size_t)t->global.stride * 8;
	size_t span = ((size_t)t->global.max_units + 1) * step;
	uint8_t *bytes = upm_os_alloc(span);
	if (!bytes) {
		upm_os_free(t);
		*nomem = 1;
		return NULL;
	}
	upm_memset(bytes, 0, span);
	upm_memcpy(bytes, global, sizeof global);
	size_t len = span;
	for (unsigned r = 0; r < t->global.max_units && len == span; r++) {
		size_t off = (size_t)(r + 1) * step;
		for (unsigned w = 0; w < 3; w++) {
			if (read_word(s->b, base + off + 8 * w, bytes + off + 8 * w) != UPM_OK) {
				len = off + 8 * w;
				break;
			}
		}
	}
	upm_disc_parse(bytes, len, t, why, sizeof why); /* the global record parsed above */
	upm_os_free(bytes);
	return t;
}

/* Reads an MSM function's bus numbers and package number as PCM's get_cpu_bus does;
 * m->usable stays 0 (and unmapped_why says why) when one is unreadable. */
static void read_msm(struct scan *s, struct msm *m)
{
	char where[24];
	uint32_t v;
	int rc;
	fn_name(where, sizeof where, m->fn);
	if ((rc = cfg_read(s->b, m->fn, MSM_CPUBUSNO_VALID, &m->valid)) != UPM_OK) {
		upm_snprintf(s->unmapped_why, sizeof s->unmapped_why,
			     "the MSM function at %s: CPUBUSNO_VALID (0x1a0) unreadable (%s)", where,
			     upm_status_name(rc));
		return;
	}
	if (!m->valid) { /* PCM: "CPUBUSNO_VALID is 0", a function to pass over */
		upm_snprintf(s->unmapped_why, sizeof s->unmapped_why,
			     "the MSM function at %s names no bus (CPUBUSNO_VALID 0)", where);
		return;
	}
	for (unsigned d = 0; d < MSM_SLOTS / 4; d++) {
		unsigned off = d < 4 ? MSM_CPUBUSNO0 + 4 * d : MSM_CPUBUSNO4 + 4 * (d - 4);
		if ((rc = cfg_read(s->b, m->fn, off, &v)) != UPM_OK) {
			upm_snprintf(s->unmapped_why, sizeof s->unmapped_why,
				     "the MSM function at %s: CPUBUSNO at 0x%x unreadable (%s)", where, off,
				     upm_status_name(rc));
			return;
		}
		for (unsigned k = 0; k < 4; k++)
			m->bus[4 * d + k] = (uint8_t)(v >> (8 * k));
	}
	unsigned first = 0;
	while (!(m->valid & (1u << first)))
		first++;
	struct upm_pci_addr sad = fn_addr(m->fn.seg, m->bus[first], 0, 0, 0);
	if ((rc = cfg_read(s->b, sad, SAD_CONTROL_CFG, &v)) != UPM_OK) {
		upm_snprintf(s->unmapped_why, sizeof s->unmapped_why,
			     "SAD_CONTROL_CFG (0x3f4) of %02x:00.0, the first bus of the MSM function at "
			     "%s, unreadable (%s)", m->bus[first], where, upm_status_name(rc));
		return;
	}
	m->package_id = v & 0xF;
	m->usable = 1;
}

/* The package of a table whose function lies on one of an MSM's valid buses. */
static const struct msm *msm_of(const struct scan *s, const struct upm_disc_table *t)
{
	for (unsigned i = 0; i < s->n_msms; i++) {
		const struct msm *m = &s->msms[i];
		if (!m->usable || m->fn.seg != t->device.seg)
			continue;
		for (unsigned k = 0; k < MSM_SLOTS; k++)
			if ((m->valid & (1u << k)) && m->bus[k] == t->device.bus)
				return m;
	}
	return NULL;
}

/* Gives every table its socket and die, then sorts them by (socket, die). Sockets are the
 * packages' dense indices in ascending package number (as upm_topology numbers them). Linux
 * takes a table's die from its device's NUMA node and, without NUMA information, "the
 * order in which the discovery table devices are detected" (get_device_die_id); PCM maps
 * NUMA node to socket. Without an OS there is no NUMA node: the MSM function of each
 * package (8086:09A6, device 3 function 0) names the package's buses (CPUBUSNO) and its
 * number (SAD_CONTROL_CFG bits 3:0 on the first valid bus), as PCM's initRootBusMap reads
 * them. A table on a bus no MSM names gets the next socket in the order found, after the
 * mapped ones, and how_mapped says so. */
static void map_sockets(struct scan *s)
{
	struct upm_disc_set *set = s->set;
	unsigned packages[MAX_MSMS], n_packages = 0, n_mapped = 0, n_order = 0;
	char a[24], b[24];
	for (unsigned i = 0; i < s->n_msms; i++)
		read_msm(s, &s->msms[i]);
	for (unsigned i = 0; i < s->n_msms; i++) {
		if (!s->msms[i].usable)
			continue;
		for (unsigned j = 0; j < i; j++) {
			if (s->msms[j].usable && s->msms[j].package_id == s->msms[i].package_id) {
				/* Two packages with one number: no package number can be trusted. */
				fn_name(a, sizeof a, s->msms[j].fn);
				fn_name(b, sizeof b, s->msms[i].fn);
				upm_snprintf(s->unmapped_why, sizeof s->unmapped_why,
					     "the MSM functions at %s and %s both say package %u", a, b,
					     s->msms[i].package_id);
				for (unsigned k = 0; k < s->n_msms; k++)
					s->msms[k].usable = 0;
			}
		}
	}
	for (unsigned i = 0; i < s->n_msms; i++) {
		if (!s->msms[i].usable)
			continue;
		unsigned p = s->msms[i].package_id, at = n_packages++;
		while (at && packages[at - 1] > p) {
			packages[at] = packages[at - 1];
			at--;
		}
		packages[at] = p;
	}
	if (!s->n_msms)
		upm_snprintf(s->unmapped_why, sizeof s->unmapped_why,
			     "no MSM function 8086:09a6 (device 3 function 0) names the packages' buses");
	for (unsigned i = 0; i < set->n_tables; i++) {
		struct upm_disc_table *t = set->tables[i];
		const struct msm *m = msm_of(s, t);
		if (m) {
			unsigned k = 0;
			while (packages[k] != m->package_id)
				k++;
			t->package_id = m->package_id;
			t->socket = k;
			n_mapped++;
		} else {
			t->package_id = UPM_DISC_NO_PACKAGE;
			t->socket = n_packages + n_order++;
			if (!s->unmapped_why[0]) {
				fn_name(a, sizeof a, t->device);
				upm_snprintf(s->unmapped_why, sizeof s->unmapped_why,
					     "no MSM function names the bus of %s", a);
			}
		}
		t->die = 0;
		for (unsigned j = 0; j < i; j++)
			t->die += set->tables[j]->socket == t->socket;
	}
	for (unsigned i = 1; i < set->n_tables; i++) {
		struct upm_disc_table *t = set->tables[i];
		unsigned j = i;
		while (j && (set->tables[j - 1]->socket > t->socket ||
			     (set->tables[j - 1]->socket == t->socket && set->tables[j - 1]->die > t->die))) {
			set->tables[j] = set->tables[j - 1];
			j--;
		}
		set->tables[j] = t;
	}
	if (!set->n_tables)
		return;
	if (!n_order)
		upm_snprintf(set->how_mapped, sizeof set->how_mapped,
			     "by package number (MSM functions 8086:09a6: CPUBUSNO, SAD_CONTROL_CFG): %u "
			     "table%s on %u package%s", set->n_tables, set->n_tables == 1 ? "" : "s",
			     n_packages, n_packages == 1 ? "" : "s");
	else if (!n_mapped)
		upm_snprintf(set->how_mapped, sizeof set->how_mapped,
			     "by the order found (table k is socket k): %s", s->unmapped_why);
	else
		upm_snprintf(set->how_mapped, sizeof set->how_mapped,
			     "%u table%s by package number (MSM functions 8086:09a6), %u by the order "
			     "found after them: %s", n_mapped, n_mapped == 1 ? "" : "s", n_order,
			     s->unmapped_why);
}

/* Why no ECAM window is there: the one line set->stopped says, with what to do. */
static void no_ecam(struct upm_backend *b, struct upm_disc_set *set)
{
	char cause[120];
	if (b->loads_unguarded)
		upm_snprintf(cause, sizeof cause,
			     "ECAM loads cannot be guarded here (the firmware keeps its own #PF handler)");
	else if (b->mcfg_refused)
		upm_snprintf(cause, sizeof cause, "the MCFG table is refused: %s", b->mcfg_refused);
	else if (upm_backend_has_mcfg(b))
		upm_snprintf(cause, sizeof cause,
			     "every ECAM window disagrees with CF8/CFC, so none is used (see info)");
	else
		upm_snprintf(cause, sizeof cause,
			     "no ACPI MCFG table gives an ECAM window: enable MMCFG in the firmware setup");
	stopped(set, "uncore discovery tables unreachable: their DVSEC is in extended config space "
		     "(0x100 and up), which needs ECAM; %s", cause);
}

void upm_disc_free(struct upm_disc_set *set)
{
	if (!set)
		return;
	for (unsigned i = 0; i < set->n_tables; i++)
		upm_os_free(set->tables[i]);
	set->n_tables = 0;
}

int upm_disc_find(struct upm_backend *b, struct upm_disc_set *set)
{
	if (!b || !set)
		return UPM_EINVAL;
	upm_memset(set, 0, sizeof *set);
	struct upm_ecam_window ws[UPM_ECAM_MAX_WINDOWS];
	unsigned n_ws = 0;
	while (n_ws < UPM_ECAM_MAX_WINDOWS && upm_ecam_window_at(b, n_ws, &ws[n_ws]) == UPM_OK)
		n_ws++;
	if (!n_ws) {
		no_ecam(b, set);
		return UPM_OK;
	}
	struct scan *s = upm_os_alloc(sizeof *s);
	if (!s)
		return UPM_ENOMEM;
	upm_memset(s, 0, sizeof *s);
	s->b = b;
	s->set = set;
	scan_windows(s, ws, n_ws);
	/* Linux looks at 0x09A7 functions only when one carries the discovery capability
	 * (has_generic_discovery_table) and otherwise at every Intel function (PCI_ANY_ID): the
	 * DVSEC, not the device ID, marks a table, and a part whose table device has another
	 * ID is found the same way. upmon decides on a 0x09A7 function with a PMON DVSEC. */
	int nomem = 0;
	for (unsigned i = 0; i < s->n_cands && !nomem; i++) {
		const struct candidate *c = &s->cands[i];
		if (s->any_generic && !c->generic)
			continue;
		if (set->n_tables >= UPM_DISC_MAX_TABLES) {
			char where[24];
			fn_name(where, sizeof where, c->fn);
			stopped(set, "more discovery tables than the %u upmon holds: the one of %s and any "
				     "after it were not read", UPM_DISC_MAX_TABLES, where);
			break;
		}
		struct upm_disc_table *t = read_table(s, c, &nomem);
		if (t)
			set->tables[set->n_tables++] = t;
	}
	if (s->cands_dropped)
		stopped(set, "more discovery DVSECs than the %u upmon lists: %u were not read",
			MAX_CANDIDATES, s->cands_dropped);
	if (nomem) {
		upm_disc_free(set);
		upm_os_free(s);
		return UPM_ENOMEM;
	}
	if (!s->n_cands)
		stopped(set, "no Intel PCI function carries an uncore discovery DVSEC (extended capability "
			     "0x23, entry type 1) on the %u bus range%s ECAM reaches: this processor has no "
			     "discovery table", n_ws, n_ws == 1 ? "" : "s");
	map_sockets(s);
	upm_os_free(s);
	return UPM_OK;
}
