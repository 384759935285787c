/* Time from the TSC, calibrated once against BS->Stall. The TSC is readable on every
 * processor, so upm_os_nanoseconds() works on application processors too. */
#include "efi/efi_env.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

#define UPM_CALIBRATION_US 20000 /* 20 ms: about 0.01 % resolution at any TSC rate */
#define UPM_STALL_CHUNK_US 100000

static uint64_t tsc_hz = 1000000000; /* until calibrated: pretend 1 GHz */
static uint64_t tsc_start;

static uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

void upm_efi_time_init(void)
{
	uint64_t t0 = rdtsc();
	BS->Stall(UPM_CALIBRATION_US);
	uint64_t hz = (rdtsc() - t0) * (1000000 / UPM_CALIBRATION_US);
	if (hz)
		tsc_hz = hz;
	tsc_start = rdtsc();
}

void upm_os_spin_relax(void)
{
}

uint64_t upm_os_tsc(void)
{
	return rdtsc();
}

uint64_t upm_os_tsc_hz(void)
{
	return tsc_hz;
}

uint64_t upm_os_nanoseconds(void)
{
	uint64_t d = rdtsc() - tsc_start;
	/* Split so that nothing overflows 64 bits for TSC rates below ~18 GHz. */
	return d / tsc_hz * 1000000000u + d % tsc_hz * 1000000000u / tsc_hz;
}

void upm_os_sleep_ns(uint64_t ns)
{
	if (!upm_efi_on_bsp()) {
		/* Boot services are BSP-only: spin on the TSC instead. */
		uint64_t end = upm_os_nanoseconds() + ns;
		while (upm_os_nanoseconds() < end)
			__asm__ volatile("pause");
		return;
	}
	uint64_t us = (ns + 999) / 1000;
	while (us) {
		uint64_t chunk = us < UPM_STALL_CHUNK_US ? us : UPM_STALL_CHUNK_US;
		BS->Stall(chunk);
		us -= chunk;
	}
}

int upm_os_wall_time(struct upm_wall_time *out)
{
	EFI_TIME t;
	upm_memset(out, 0, sizeof *out);
	if (!upm_efi_on_bsp() || RT->GetTime(&t, NULL) != EFI_SUCCESS)
		return UPM_EUNSUPPORTED;
	out->year = t.Year;
	out->month = t.Month;
	out->day = t.Day;
	out->hour = t.Hour;
	out->minute = t.Minute;
	out->second = t.Second;
	/* TimeZone: minutes from UTC, EFI_UNSPECIFIED_TIMEZONE when the firmware does not
	 * know (then the clock is local time of an unknown zone). Read as local = UTC +
	 * TimeZone, the ISO 8601 sign (UEFI 2.9 and later, EFI_TIME). */
	if (t.TimeZone != EFI_UNSPECIFIED_TIMEZONE && t.TimeZone >= -1440 && t.TimeZone <= 1440) {
		out->tz_known = 1;
		out->tz_minutes = t.TimeZone;
	}
	return UPM_OK;
}
