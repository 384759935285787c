/* The Linux backend (platform/linux/backend_linux.c) on a sysroot of regular files: each
 * access is the file's bytes at the place Linux's driver gives it, and every failure is a
 * status, as the hardware backend's: an MSR past the file's end is a #GP (EFAULT), a PCI
 * function with no config file reads all ones, CF8/CFC reaches 0x00-0xFF only and a
 * 256-byte config file no further, an MMIO load past the end of a regular dev/mem is
 * refused before it is made. */
#define _GNU_SOURCE
#include "tests/unit/test.h"
#include "platform/linux/linux.h"
#include "platform/base/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[64];

static void put(const char *rel, long long offset, const void *data, size_t len, long long size)
{
	char path[256], dir[256];
	upm_snprintf(path, sizeof path, "%s/%s", root, rel);
	upm_snprintf(dir, sizeof dir, "%s", path);
	for (char *p = dir + strlen(root) + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(dir, 0777);
			*p = '/';
		}
	FILE *f = fopen(path, "r+b");
	if (!f)
		f = fopen(path, "w+b");
	CHECK(f != NULL);
	if (!f)
		return;
	if (size >= 0)
		CHECK(ftruncate(fileno(f), size) == 0);
	if (len) {
		fseek(f, offset, SEEK_SET);
		fwrite(data, 1, len, f);
	}
	fclose(f);
}

static struct upm_backend *sysroot_backend(void)
{
	upm_snprintf(root, sizeof root, "/tmp/upmon-linux-XXXXXX");
	CHECK(mkdtemp(root) != NULL);
	uint64_t msr396 = 5;
	put("dev/cpu/0/msr", 0x396, &msr396, 8, 0x1000);
	uint32_t leaf1[4] = { 0x506E3, 0, 0, 0 }; /* a record at 16 x leaf in a regular file */
	put("dev/cpu/0/cpuid", 16, leaf1, sizeof leaf1, -1);
	uint32_t ids = 0x191F8086;
	put("sys/bus/pci/devices/0000:00:00.0/config", 0, &ids, 4, 256);
	uint64_t counter = 0x123456789ABCull;
	put("dev/mem", 0xFED15040, &counter, 8, 0xFED16000);
	char err[200];
	unsigned first = 0;
	struct upm_backend *b = upm_linux_backend_create(root, &first, 1, err, sizeof err);
	CHECK(b != NULL);
	return b;
}

static void remove_sysroot(void)
{
	char cmd[128];
	upm_snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	CHECK(system(cmd) == 0);
}

TEST(linux_backend_reads_each_register_where_linux_puts_it)
{
	struct upm_backend *b = sysroot_backend();
	if (!b)
		return;
	uint64_t v = 0;
	CHECK_EQ(upm_msr_read(b, 0x396, &v), UPM_OK);
	CHECK_EQ(v, 5);
	CHECK_EQ(upm_msr_write(b, 0x700, 0x400181), UPM_OK);
	CHECK_EQ(upm_msr_read(b, 0x700, &v), UPM_OK);
	CHECK_EQ(v, 0x400181);
	struct upm_cpuid_regs r;
	CHECK_EQ(upm_cpuid(b, 1, 0, &r), UPM_OK);
	CHECK_EQ(r.eax, 0x506E3);
	uint32_t ids = 0;
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, 0, 0, 0, 0 }, &ids), UPM_OK);
	CHECK_EQ(ids, 0x191F8086);
	uint64_t c = 0;
	CHECK_EQ(upm_mmio_read64(b, 0xFED15040, &c), UPM_OK);
	CHECK_EQ(c, 0x123456789ABCull);
	CHECK_EQ(upm_mmio_write32(b, 0xFED15048, 0xCAFE), UPM_OK);
	uint32_t w = 0;
	CHECK_EQ(upm_mmio_read32(b, 0xFED15048, &w), UPM_OK);
	CHECK_EQ(w, 0xCAFE);
	upm_backend_destroy(b);
	remove_sysroot();
}

TEST(linux_backend_failures_are_statuses_never_values)
{
	struct upm_backend *b = sysroot_backend();
	if (!b)
		return;
	uint64_t v = 7;
	/* Past the MSR file's end: the driver's EIO for a #GP. */
	CHECK_EQ(upm_msr_read(b, 0x2000, &v), UPM_EFAULT);
	/* No such function: a master abort reads all ones. */
	uint32_t ids = 0;
	CHECK_EQ(upm_pci_read32(b, (struct upm_pci_addr){ 0, 0x7F, 16, 4, 0 }, &ids), UPM_OK);
	CHECK_EQ(ids, 0xFFFFFFFFu);
	/* CF8/CFC reaches 0x00-0xFF; a 256-byte config file no further, by ECAM neither. */
	uint32_t x;
	CHECK_EQ(upm_pci_read32_via(b, UPM_PCI_CF8, (struct upm_pci_addr){ 0, 0, 0, 0, 0x100 }, &x), UPM_ERANGE);
	CHECK_EQ(upm_pci_read32_via(b, UPM_PCI_ECAM, (struct upm_pci_addr){ 0, 0, 0, 0, 0x100 }, &x), UPM_ERANGE);
	/* An MMIO load past a regular dev/mem's end would fault: refused, all ones. */
	uint32_t m = 0;
	CHECK_EQ(upm_mmio_read32(b, 0xFED20000, &m), UPM_EFAULT);
	CHECK_EQ(m, 0xFFFFFFFFu);
	/* No MCFG table: no ECAM window. */
	struct upm_ecam_window win;
	CHECK_EQ(upm_ecam_window(b, &win), UPM_ENOTFOUND);
	upm_backend_destroy(b);
	remove_sysroot();
}

TEST(linux_backend_refused_without_the_msr_device)
{
	char err[200];
	unsigned first = 3;
	CHECK(upm_linux_backend_create("/nonexistent-sysroot", &first, 1, err, sizeof err) == NULL);
	CHECK(strstr(err, "cannot open /nonexistent-sysroot/dev/cpu/3/msr") != NULL);
}
