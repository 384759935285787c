/* EFI_MP_SERVICES_PROTOCOL, declared from the UEFI PI specification (vol. 2, MP
 * Services Protocol): gnu-efi 3.0.15 has no PI protocols. Only the parts upmon uses are
 * typed precisely; the layout of the function table is complete. */
#ifndef UPMON_EFI_PI_MP_SERVICES_H
#define UPMON_EFI_PI_MP_SERVICES_H

#include <efi.h>

#define UPM_EFI_MP_SERVICES_PROTOCOL_GUID \
	{ 0x3fdda605, 0xa76e, 0x4f46, { 0xad, 0x29, 0x12, 0xf4, 0x53, 0x1b, 0x3d, 0x08 } }

/* EFI_PROCESSOR_INFORMATION.StatusFlag bits */
#define UPM_EFI_PROCESSOR_AS_BSP_BIT 0x1u
#define UPM_EFI_PROCESSOR_ENABLED_BIT 0x2u
#define UPM_EFI_PROCESSOR_HEALTH_STATUS_BIT 0x4u

typedef struct {
	UINT32 Package;
	UINT32 Core;
	UINT32 Thread;
} UPM_EFI_CPU_PHYSICAL_LOCATION;

/* PI 1.7 added a six-field location after Location; firmware fills it only when the
 * caller sets bit 24 of the processor number, but it is part of the structure size. */
typedef struct {
	UINT32 Package, Die, Tile, Module, Core, Thread;
} UPM_EFI_CPU_PHYSICAL_LOCATION2;

typedef struct {
	UINT64 ProcessorId; /* the local APIC ID */
	UINT32 StatusFlag;
	UPM_EFI_CPU_PHYSICAL_LOCATION Location;
	UPM_EFI_CPU_PHYSICAL_LOCATION2 Location2;
} UPM_EFI_PROCESSOR_INFORMATION;

typedef struct UPM_EFI_MP_SERVICES_PROTOCOL UPM_EFI_MP_SERVICES_PROTOCOL;

typedef VOID(EFIAPI *UPM_EFI_AP_PROCEDURE)(VOID *ProcedureArgument);

struct UPM_EFI_MP_SERVICES_PROTOCOL {
	EFI_STATUS(EFIAPI *GetNumberOfProcessors)(UPM_EFI_MP_SERVICES_PROTOCOL *This,
						  UINTN *NumberOfProcessors,
						  UINTN *NumberOfEnabledProcessors);
	EFI_STATUS(EFIAPI *GetProcessorInfo)(UPM_EFI_MP_SERVICES_PROTOCOL *This,
					     UINTN ProcessorNumber,
					     UPM_EFI_PROCESSOR_INFORMATION *ProcessorInfoBuffer);
	EFI_STATUS(EFIAPI *StartupAllAPs)(UPM_EFI_MP_SERVICES_PROTOCOL *This,
					  UPM_EFI_AP_PROCEDURE Procedure, BOOLEAN SingleThread,
					  EFI_EVENT WaitEvent, UINTN TimeoutInMicroSeconds,
					  VOID *ProcedureArgument, UINTN **FailedCpuList);
	EFI_STATUS(EFIAPI *StartupThisAP)(UPM_EFI_MP_SERVICES_PROTOCOL *This,
					  UPM_EFI_AP_PROCEDURE Procedure, UINTN ProcessorNumber,
					  EFI_EVENT WaitEvent, UINTN TimeoutInMicroseconds,
					  VOID *ProcedureArgument, BOOLEAN *Finished);
	EFI_STATUS(EFIAPI *SwitchBSP)(UPM_EFI_MP_SERVICES_PROTOCOL *This, UINTN ProcessorNumber,
				      BOOLEAN EnableOldBSP);
	EFI_STATUS(EFIAPI *EnableDisableAP)(UPM_EFI_MP_SERVICES_PROTOCOL *This,
					    UINTN ProcessorNumber, BOOLEAN EnableAP,
					    UINT32 *HealthFlag);
	EFI_STATUS(EFIAPI *WhoAmI)(UPM_EFI_MP_SERVICES_PROTOCOL *This, UINTN *ProcessorNumber);
};

#endif
