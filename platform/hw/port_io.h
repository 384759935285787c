/* x86 port I/O, for CF8/CFC, QEMU's isa-debug-exit and the ACPI reset register.
 * platform/hw only. */
#ifndef UPMON_PLATFORM_HW_PORT_IO_H
#define UPMON_PLATFORM_HW_PORT_IO_H

#include <stdint.h>

/* Interrupts off, returning RFLAGS as they were; upm_hw_irq_restore turns them back on
 * only if they were (IF, bit 9). For a few instructions that must not be split. */
static inline uint64_t upm_hw_irq_save(void)
{
	uint64_t flags;
	__asm__ volatile("pushfq; popq %0; cli" : "=r"(flags) : : "memory");
	return flags;
}

static inline void upm_hw_irq_restore(uint64_t flags)
{
	if (flags & (1u << 9))
		__asm__ volatile("sti" : : : "memory");
}

static inline void upm_hw_outl(uint16_t port, uint32_t v)
{
	__asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port) : "memory");
}

static inline uint32_t upm_hw_inl(uint16_t port)
{
	uint32_t v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port) : "memory");
	return v;
}

static inline void upm_hw_outw(uint16_t port, uint16_t v)
{
	__asm__ volatile("outw %0, %1" : : "a"(v), "Nd"(port) : "memory");
}

static inline void upm_hw_outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port) : "memory");
}

static inline uint8_t upm_hw_inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port) : "memory");
	return v;
}

#endif
