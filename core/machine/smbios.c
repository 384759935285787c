/* SMBIOS entry points and structure table (DMTF DSP0134). Everything read is bounded by
 * the bytes given: the table comes from firmware and may be wrong. */
#include "core/machine/machine.h"
#include "platform/base/str.h"
#include "platform/base/os.h"
#include "platform/backend.h" /* UPM_OK */

static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t le32(const uint8_t *p) { return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16; }
static uint64_t le64(const uint8_t *p) { return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32; }

static int sum_zero(const uint8_t *p, size_t n)
{
	uint8_t s = 0;
	for (size_t i = 0; i < n; i++)
		s = (uint8_t)(s + p[i]);
	return s == 0;
}

int upm_smbios_entry(const uint8_t *ep, size_t ep_len, uint64_t *table_addr, uint32_t *table_len,
		     unsigned *major, unsigned *minor, char *why, size_t why_size)
{
	/* DSP0134 5.2.2, SMBIOS 3.0 (64-bit) entry point: 00h "_SM3_", 05h checksum, 06h
	 * length (18h), 07h major, 08h minor, 0Ch structure table maximum size (DWORD),
	 * 10h structure table address (QWORD). */
	if (ep_len >= 5 && upm_memcmp(ep, "_SM3_", 5) == 0) {
		if (ep_len < 0x18 || ep[6] < 0x18 || ep[6] > ep_len) {
			upm_snprintf(why, why_size, "SMBIOS 3 entry point cut short (%u bytes)", (unsigned)ep_len);
			return -1;
		}
		if (!sum_zero(ep, ep[6])) {
			upm_snprintf(why, why_size, "SMBIOS 3 entry point checksum is wrong");
			return -1;
		}
		*major = ep[7];
		*minor = ep[8];
		*table_len = le32(ep + 0x0C);
		*table_addr = le64(ep + 0x10);
		return 0;
	}
	/* DSP0134 5.2.1, SMBIOS 2.1 (32-bit) entry point: 00h "_SM_", 04h checksum, 05h
	 * length (1Fh), 06h major, 07h minor, 10h "_DMI_", 15h intermediate checksum (over
	 * 10h-1Eh), 16h structure table length (WORD), 18h structure table address (DWORD).
	 * The length byte may read 1Eh in a version 2.1 entry point: DSP0134 5.2.1 notes that
	 * version 2.1 of the specification stated 1Eh by mistake, so 2.1 implementations use
	 * either value (the structure is 1Fh bytes all the same); the checksum covers the
	 * length given. */
	if (ep_len >= 4 && upm_memcmp(ep, "_SM_", 4) == 0) {
		int erratum_2_1 = ep_len >= 0x1F && ep[5] == 0x1E && ep[6] == 2 && ep[7] == 1;
		if (ep_len < 0x1F || (ep[5] < 0x1F && !erratum_2_1) || ep[5] > ep_len) {
			upm_snprintf(why, why_size, "SMBIOS 2 entry point cut short (%u bytes)", (unsigned)ep_len);
			return -1;
		}
		if (!sum_zero(ep, ep[5]) || upm_memcmp(ep + 0x10, "_DMI_", 5) != 0 || !sum_zero(ep + 0x10, 0x0F)) {
			upm_snprintf(why, why_size, "SMBIOS 2 entry point checksum or _DMI_ anchor is wrong");
			return -1;
		}
		*major = ep[6];
		*minor = ep[7];
		*table_len = le16(ep + 0x16);
		*table_addr = le32(ep + 0x18);
		return 0;
	}
	upm_snprintf(why, why_size, "no SMBIOS entry point anchor (_SM_ or _SM3_)");
	return -1;
}

/* The n-th string (1-based) of the structure at s (formatted length len) whose string set
 * ends before end; "" for 0 or a missing one. DSP0134 6.1.3: the strings follow the
 * formatted area, each NUL-terminated, the set ended by a second NUL. Trailing blanks
 * dropped, control bytes shown as '?'. */
static void string_at(const uint8_t *s, size_t len, const uint8_t *end, unsigned n, char *buf, size_t size)
{
	buf[0] = 0;
	if (!n || size == 0)
		return;
	const uint8_t *p = s + len;
	for (unsigned i = 1; p < end && *p; i++) {
		const uint8_t *q = p;
		while (q < end && *q)
			q++;
		if (i == n) {
			size_t k = 0;
			for (; p < q && k + 1 < size; p++)
				buf[k++] = (*p < 0x20 || *p == 0x7F) ? '?' : (char)*p;
			while (k && buf[k - 1] == ' ')
				k--;
			buf[k] = 0;
			return;
		}
		p = q + 1;
	}
}

/* Formatted-area byte at off, or -1 beyond the structure's length (older versions). */
static int byte_at(const uint8_t *s, size_t len, size_t off)
{
	return off < len ? s[off] : -1;
}

/* DSP0134 7.2.1 (type 1 offset 08h): the UUID's first three fields are little-endian
 * (time_low, time_mid, time_hi_and_version) from version 2.6 on; all FFh: not present,
 * all 00h: present but not set. */
static void uuid_text(const uint8_t *u, unsigned major, unsigned minor, char *buf, size_t size)
{
	int ff = 1, zero = 1;
	for (int i = 0; i < 16; i++) {
		ff &= u[i] == 0xFF;
		zero &= u[i] == 0;
	}
	if (ff || zero) {
		buf[0] = 0;
		return;
	}
	int le = major > 2 || (major == 2 && minor >= 6);
	uint8_t b[16];
	upm_memcpy(b, u, 16);
	if (le) {
		uint8_t t;
		t = b[0]; b[0] = b[3]; b[3] = t;
		t = b[1]; b[1] = b[2]; b[2] = t;
		t = b[4]; b[4] = b[5]; b[5] = t;
		t = b[6]; b[6] = b[7]; b[7] = t;
	}
	upm_snprintf(buf, size, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		     b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
		     b[14], b[15]);
}

static void memory_device(const uint8_t *s, size_t len, const uint8_t *end, struct upm_machine *m)
{
	m->n_mem_total++;
	if (m->n_mem >= UPM_SMBIOS_MAX_MEM || len < 0x15)
		return;
	struct upm_memory_device *d = &m->mem[m->n_mem++];
	upm_memset(d, 0, sizeof *d);
	/* DSP0134 7.18 (type 17): 0Ch Size (WORD: 0 none installed, FFFFh unknown, bit 15
	 * set: KB units, 7FFFh: see Extended Size at 1Ch, DWORD, MB in bits 30:0), 10h
	 * Device Locator (string), 15h Speed (WORD, MT/s, 0 unknown, FFFFh: see Extended
	 * Speed at 54h, DWORD), 1Ah Part Number (string). */
	uint16_t size = le16(s + 0x0C);
	if (size == 0x7FFF && len >= 0x20) {
		d->size_mb = le32(s + 0x1C) & 0x7FFFFFFFu;
		d->size_known = 1;
	} else if (size != 0xFFFF && size != 0x7FFF) {
		d->size_mb = size & 0x8000 ? (size & 0x7FFFu) / 1024u : size;
		d->size_known = 1;
	}
	string_at(s, len, end, s[0x10], d->locator, sizeof d->locator);
	if (len >= 0x17) {
		uint16_t speed = le16(s + 0x15);
		d->speed_mts = speed == 0xFFFF && len >= 0x58 ? le32(s + 0x54) : speed == 0xFFFF ? 0 : speed;
	}
	if (len > 0x1A)
		string_at(s, len, end, s[0x1A], d->part_number, sizeof d->part_number);
	/* 20h Configured Memory Speed (WORD, MT/s since 3.1.1, 0 unknown, FFFFh: see Extended
	 * Configured Memory Speed at 58h, DWORD). */
	if (len >= 0x22) {
		uint16_t conf = le16(s + 0x20);
		d->configured_mts = conf == 0xFFFF && len >= 0x5C ? le32(s + 0x58) : conf == 0xFFFF ? 0 : conf;
	}
}

void upm_machine_unavailable(struct upm_machine *m, const char *why)
{
	upm_memset(m, 0, sizeof *m);
	upm_strlcpy(m->why, why, sizeof m->why);
}

void upm_smbios_parse(const uint8_t *ep, size_t ep_len, const uint8_t *table, size_t table_len,
		      struct upm_machine *m)
{
	upm_memset(m, 0, sizeof *m);
	if (ep) {
		uint64_t addr;
		uint32_t len;
		if (upm_smbios_entry(ep, ep_len, &addr, &len, &m->smbios_major, &m->smbios_minor, m->why,
				     sizeof m->why) < 0)
			return;
	}
	const uint8_t *p = table, *end = table + table_len;
	unsigned n = 0;
	while (table && end - p >= 4) {
		/* DSP0134 6.1.2: 00h type, 01h length of the formatted area, 02h handle. */
		uint8_t type = p[0], len = p[1];
		if (len < 4 || len > end - p)
			break; /* malformed: keep what came before */
		const uint8_t *s = p, *q = p + len;
		while (end - q >= 2 && !(q[0] == 0 && q[1] == 0))
			q++;
		if (end - q < 2)
			break; /* no double NUL: the string set runs off the end */
		const uint8_t *strings_end = q + 1;
		n++;
		switch (type) {
		case 0: /* DSP0134 7.1: 04h Vendor, 05h BIOS Version, 08h BIOS Release Date */
			if (len >= 0x09) {
				string_at(s, len, strings_end, s[0x04], m->bios_vendor, sizeof m->bios_vendor);
				string_at(s, len, strings_end, s[0x05], m->bios_version, sizeof m->bios_version);
				string_at(s, len, strings_end, s[0x08], m->bios_date, sizeof m->bios_date);
			}
			break;
		case 1: /* DSP0134 7.2: 04h Manufacturer, 05h Product Name, 07h Serial, 08h UUID */
			if (len >= 0x08) {
				string_at(s, len, strings_end, s[0x04], m->manufacturer, sizeof m->manufacturer);
				string_at(s, len, strings_end, s[0x05], m->product, sizeof m->product);
				string_at(s, len, strings_end, s[0x07], m->serial, sizeof m->serial);
			}
			if (len >= 0x18)
				uuid_text(s + 0x08, m->smbios_major, m->smbios_minor, m->uuid, sizeof m->uuid);
			break;
		case 2: /* DSP0134 7.3: 04h Manufacturer, 05h Product, 07h Serial Number */
			if (len >= 0x08) {
				string_at(s, len, strings_end, s[0x04], m->board_manufacturer, sizeof m->board_manufacturer);
				string_at(s, len, strings_end, s[0x05], m->board_product, sizeof m->board_product);
				string_at(s, len, strings_end, s[0x07], m->board_serial, sizeof m->board_serial);
			}
			break;
		case 4: { /* DSP0134 7.5: 18h Status, bit 6: CPU Socket Populated */
			int st = byte_at(s, len, 0x18);
			m->sockets++;
			if (st >= 0 && (st & 0x40))
				m->sockets_populated++;
			break;
		}
		case 17:
			memory_device(s, len, strings_end, m);
			break;
		default:
			break;
		}
		p = q + 2;
		if (type == 127) /* DSP0134 7.45: End-of-Table */
			break;
	}
	if (!n) {
		upm_strlcpy(m->why, table_len ? "the SMBIOS structure table is malformed"
					      : "the SMBIOS structure table is empty",
			    sizeof m->why);
		return;
	}
	m->available = 1;
}

/* Serials firmware leaves as placeholders name no machine. */
static int placeholder(const char *s)
{
	static const char *const junk[] = { "", "Not Specified", "To Be Filled By O.E.M.", "Default string",
					    "System Serial Number", "0", "None", "N/A" };
	for (unsigned i = 0; i < sizeof junk / sizeof junk[0]; i++)
		if (upm_strcmp(s, junk[i]) == 0)
			return 1;
	return 0;
}

const char *upm_machine_serial(const struct upm_machine *m)
{
	return m && m->available && !placeholder(m->serial) ? m->serial : NULL;
}

void upm_machine_folder_name(const struct upm_machine *m, const char *fallback, char *buf, size_t size)
{
	const char *src = upm_machine_serial(m);
	if (!src)
		src = fallback;
	size_t k = 0;
	if (!size)
		return;
	for (const char *p = src ? src : ""; *p && k + 1 < size; p++) {
		char c = *p;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
			 c == '-' || c == '_';
		buf[k++] = ok ? c : '_';
	}
	buf[k] = 0;
	if (!k)
		upm_strlcpy(buf, "unknown", size);
}

void upm_machine_read(struct upm_machine *m)
{
	void *ep = NULL, *table = NULL;
	size_t ep_len = 0, table_len = 0;
	char why[128];
	if (upm_os_smbios(&ep, &ep_len, &table, &table_len, why, sizeof why) != UPM_OK) {
		upm_machine_unavailable(m, why);
		return;
	}
	upm_smbios_parse(ep, ep_len, table, table_len, m);
	upm_os_free(ep);
	upm_os_free(table);
}
