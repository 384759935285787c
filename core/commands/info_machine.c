/* `info`'s lines about what the stress kernels size and time themselves by: the TSC
 * frequency, the caches (CPUID leaf 4) and physical memory. */
#include "core/workload/caches.h"
#include "core/base/os.h"
#include "core/cli/invocation.h"
#include "kernels/kernel.h"

static void bytes_text(char *buf, size_t size, uint64_t b)
{
	if (b >= (1ull << 30) && b % (1ull << 30) == 0)
		upm_snprintf(buf, size, "%llu GiB", (unsigned long long)(b >> 30));
	else if (b >= (1ull << 20))
		upm_snprintf(buf, size, "%llu MiB", (unsigned long long)(b >> 20));
	else
		upm_snprintf(buf, size, "%llu KiB", (unsigned long long)(b >> 10));
}

void upm_info_machine(struct upm_run *r)
{
	int uefi = upm_strcmp(upm_os_name(), "uefi") == 0;
	upm_say(r, "tsc: %llu Hz (calibrated against %s)", (unsigned long long)upm_os_tsc_hz(),
		uefi ? "the firmware's Stall timer" : "the host's monotonic clock");

	struct upm_caches c;
	if (upm_caches_read(r->backend, &c) != UPM_OK) {
		upm_say(r, "caches: unknown (no CPUID leaf 4 from this backend): kernels assume an LLC of %llu MiB",
			(unsigned long long)(UPM_KERNEL_LLC_FALLBACK >> 20));
	} else {
		struct upm_buf line;
		upm_buf_init(&line);
		upm_buf_puts(&line, "caches:");
		for (unsigned i = 0; i < c.n; i++) {
			char size[32];
			bytes_text(size, sizeof size, c.c[i].bytes);
			upm_buf_printf(&line, "%s L%u%s %s %u-way (shared by %u)", i ? "," : "", c.c[i].level,
				       c.c[i].type == 'd' ? "d" : c.c[i].type == 'i' ? "i" : "", size,
				       c.c[i].ways, c.c[i].sharing);
		}
		upm_say(r, "%s", line.data ? line.data : "caches:");
		upm_buf_free(&line);
	}

	uint64_t total, free_bytes;
	if (upm_os_memory(&total, &free_bytes) == UPM_OK) {
		char t[32], f[32];
		bytes_text(t, sizeof t, total);
		bytes_text(f, sizeof f, free_bytes);
		upm_say(r, "memory: %s, %s free", t, f);
	} else {
		upm_say(r, "memory: unknown");
	}
}
