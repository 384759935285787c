/* Room platform/hw: the real hardware backend, built into the UEFI image only. Includes
 * base and platform.
 *
 * The real hardware backend: RDMSR/WRMSR, PCI configuration through CF8/CFC or ECAM,
 * and MMIO loads, executed by the processor running the call.
 *
 * Built into the UEFI image only (the host build has no hw backend). This directory
 * is the only place in the tree with inline MSR, port I/O and ECAM accesses. */
#ifndef UPMON_PLATFORM_HW_HW_H
#define UPMON_PLATFORM_HW_HW_H

#include <stdint.h>
#include "platform/backend.h"
#include "platform/acpi_fadt.h"

/* Creates the backend. ecam holds the n_ecam MCFG windows found by the environment
 * (base = the MCFG base address, which maps bus 0 of the segment); none when the
 * firmware has no MCFG table, and then only CF8/CFC (segment 0) is available. At most
 * UPM_ECAM_MAX_WINDOWS are kept; n_dropped counts entries the environment already left
 * out. mcfg_refused: why the firmware's MCFG table failed a check and was not used (a line
 * that must outlive the backend), or NULL. NULL on allocation failure. */
struct upm_backend *upm_hw_backend_create(const struct upm_ecam_window *ecam, unsigned n_ecam,
					  unsigned n_dropped, const char *mcfg_refused);

/* Writes the ACPI reset register (platform/acpi_fadt.h): the machine resets. Exception
 * context, any processor, no firmware call; returns only if the reset has not taken
 * effect yet. */
void upm_hw_acpi_reset(const struct upm_acpi_reset *r);

/* For the environment's #GP/#PF handler. Returns 1 when rip is the faulting
 * instruction of a guarded access, with *resume set to where execution must continue
 * (that path makes the access return UPM_EFAULT); 0 when the fault is not ours. Safe
 * in exception context on any processor: it reads nothing but code addresses. */
int upm_hw_fault_fixup(uint64_t rip, uint64_t *resume);

/* QEMU's isa-debug-exit device at port 0xF4: QEMU exits with status (code << 1) | 1.
 * Writes the port only under QEMU (upm_hw_under_qemu); returns when not there. */
void upm_hw_qemu_exit(uint32_t code);
/* 1 under QEMU: CPUID.1:ECX[31] (a hypervisor) and leaf 0x40000000 naming TCG or KVM
 * (upm_cpu_hypervisor_is_qemu), else QEMU's fw_cfg signature "QEMU"; never touches a
 * port without the hypervisor bit. */
int upm_hw_under_qemu(void);

#endif
