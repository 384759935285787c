/* EFI_CPU_ARCH_PROTOCOL, declared from the UEFI PI specification (vol. 2, DXE
 * Architectural Protocols): gnu-efi 3.0.15 lacks it. EFI_SYSTEM_CONTEXT and
 * EFI_SYSTEM_CONTEXT_X64 come from gnu-efi's efidebug.h, which matches the UEFI
 * specification's Debug Support chapter. */
#ifndef UPMON_EFI_PI_CPU_ARCH_H
#define UPMON_EFI_PI_CPU_ARCH_H

#include <efi.h>

#define UPM_EFI_CPU_ARCH_PROTOCOL_GUID \
	{ 0x26baccb1, 0x6f42, 0x11d4, { 0xbc, 0xe7, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }

typedef struct UPM_EFI_CPU_ARCH_PROTOCOL UPM_EFI_CPU_ARCH_PROTOCOL;

typedef VOID(EFIAPI *UPM_EFI_CPU_INTERRUPT_HANDLER)(EFI_EXCEPTION_TYPE InterruptType,
						    EFI_SYSTEM_CONTEXT SystemContext);

struct UPM_EFI_CPU_ARCH_PROTOCOL {
	EFI_STATUS(EFIAPI *FlushDataCache)(UPM_EFI_CPU_ARCH_PROTOCOL *This,
					   EFI_PHYSICAL_ADDRESS Start, UINT64 Length,
					   INTN FlushType);
	EFI_STATUS(EFIAPI *EnableInterrupt)(UPM_EFI_CPU_ARCH_PROTOCOL *This);
	EFI_STATUS(EFIAPI *DisableInterrupt)(UPM_EFI_CPU_ARCH_PROTOCOL *This);
	EFI_STATUS(EFIAPI *GetInterruptState)(UPM_EFI_CPU_ARCH_PROTOCOL *This, BOOLEAN *State);
	EFI_STATUS(EFIAPI *Init)(UPM_EFI_CPU_ARCH_PROTOCOL *This, INTN InitType);
	/* A NULL handler uninstalls the one registered for that vector. */
	EFI_STATUS(EFIAPI *RegisterInterruptHandler)(UPM_EFI_CPU_ARCH_PROTOCOL *This,
						     EFI_EXCEPTION_TYPE InterruptType,
						     UPM_EFI_CPU_INTERRUPT_HANDLER InterruptHandler);
	EFI_STATUS(EFIAPI *GetTimerValue)(UPM_EFI_CPU_ARCH_PROTOCOL *This, UINT32 TimerIndex,
					  UINT64 *TimerValue, UINT64 *TimerPeriod);
	EFI_STATUS(EFIAPI *SetMemoryAttributes)(UPM_EFI_CPU_ARCH_PROTOCOL *This,
						EFI_PHYSICAL_ADDRESS BaseAddress, UINT64 Length,
						UINT64 Attributes);
	UINT32 NumberOfTimers;
	UINT32 DmaBufferAlignment;
};

#endif
