/* Room platform/linux: the backends of an installed Linux machine, built into the Linux
 * program only: its registers (--backend linux) and its kernel's perf PMUs (--backend
 * perf, perf_pmu.h). Includes platform and base.
 *
 * Every access goes through the files Linux gives for it, each under a root directory
 * (the sysroot: "/" on a machine, a folder of regular files in the same layout in tests):
 *   CPUID  dev/cpu/N/cpuid, 16 bytes (EAX EBX ECX EDX) at offset subleaf << 32 | leaf
 *          (Linux arch/x86/kernel/cpuid.c, cpuid_read); where it is a regular file (a
 *          test's), each leaf is a 16-byte record at 16 x that offset, since leaves one
 *          offset apart would share 15 bytes;
 *   MSR    dev/cpu/N/msr, 8 bytes at the MSR's index, in a regular file too (arch/x86/kernel/msr.c; intel/pcm
 *          src/msr.cpp, LIKWID's access daemon read it the same way);
 *   PCI    sys/bus/pci/devices/SSSS:BB:DD.F/config, 4 bytes at the offset (256 bytes, or
 *          4096 where the kernel reaches the extended space);
 *   MMIO   dev/mem, mapped a page at a time (intel/pcm src/mmio.cpp, LIKWID
 *          access_x86_mmio.c), so that a 64-bit counter is one load;
 *   ECAM   the windows of sys/firmware/acpi/tables/MCFG (upmon reaches configuration
 *          space through the config files, which use them already).
 * N is the first processor of the socket the calling thread runs on (upm_os_current_cpu):
 * an uncore register is the socket's, whichever of its processors reads it. */
#ifndef UPMON_PLATFORM_LINUX_LINUX_H
#define UPMON_PLATFORM_LINUX_LINUX_H

#include "platform/backend.h"
#include "platform/base/os.h"

/* The backend for sockets 0 .. n_sockets - 1, socket s read through processor
 * first_cpu[s]. NULL with a line in err when a socket's MSR device cannot be opened. */
struct upm_backend *upm_linux_backend_create(const char *sysroot, const unsigned *first_cpu, unsigned n_sockets,
					     char *err, size_t err_size);

/* The perf backend (--backend perf, backend_perf.c): the processor identified from
 * dev/cpu/N/cpuid, counts through the kernel's perf PMUs (struct upm_backend_ops pmu_*),
 * no register access. NULL with a line in err. */
struct upm_backend *upm_perf_backend_create(const char *sysroot, const unsigned *first_cpu, unsigned n_sockets,
					    char *err, size_t err_size);

/* CPUID through the cpuid driver's dev/cpu/N/cpuid under sysroot, for the Linux and the
 * perf backends: the file opened (the descriptor, or -1 with errno; *records 1 where it is
 * a test's regular file of 16-byte records), and a leaf read from it (UPM_EUNSUPPORTED
 * for no file; a failed read is UPM_EFAULT, or the errno's status). */
int upm_linux_cpuid_open(const char *sysroot, unsigned cpu, unsigned char *records);
int upm_linux_cpuid_read(int fd, int records, uint32_t leaf, uint32_t subleaf, struct upm_cpuid_regs *out);

/* The path of a file under the sysroot ("" or "/" is the machine's own). */
void upm_linux_path(char *buf, size_t size, const char *sysroot, const char *rel);

#endif
