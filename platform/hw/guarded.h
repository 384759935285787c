/* Accesses that may fault (#GP, #PF), each returning UPM_EFAULT instead when the
 * environment's fault handler consults upm_hw_fault_fixup(). Without a handler a
 * fault is fatal, as the raw instruction would be. */
#ifndef UPMON_PLATFORM_HW_GUARDED_H
#define UPMON_PLATFORM_HW_GUARDED_H

#include <stdint.h>

int upm_hw_rdmsr(uint32_t msr, uint64_t *val);      /* *val = 0 on fault */
int upm_hw_wrmsr(uint32_t msr, uint64_t val);
int upm_hw_load32(uint64_t addr, uint32_t *val);    /* *val = all ones on fault */
int upm_hw_store32(uint64_t addr, uint32_t val);
int upm_hw_load64(uint64_t addr, uint64_t *val);    /* *val = all ones on fault */

#endif
