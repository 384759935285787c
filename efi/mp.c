/* Processors: topology from EFI_MP_SERVICES_PROTOCOL, running a function on a socket,
 * and identifying the executing processor (callable on application processors). */
#include "efi/efi_env.h"
#include "efi/pi_mp_services.h"
#include "platform/base/os.h"

#define UPM_AP_TIMEOUT_US (UPM_OS_SOCKET_TIMEOUT_MS * 1000ull)

static UPM_EFI_MP_SERVICES_PROTOCOL *mp;
static struct upm_topology topo;
static uint32_t bsp_apic_id;

static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
	__asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			 : "a"(leaf), "c"(subleaf));
}

/* The APIC ID MP services report: the x2APIC ID of leaf 0xB where it exists (it is
 * the full ID beyond 255 processors), else the 8-bit initial APIC ID of leaf 1. */
static uint32_t own_apic_id(void)
{
	uint32_t r[4];
	cpuid(0, 0, r);
	if (r[0] >= 0xB) {
		uint32_t b[4];
		cpuid(0xB, 0, b);
		if (b[1] != 0)
			return b[3];
	}
	cpuid(1, 0, r);
	return r[1] >> 24;
}

static void single_cpu(void)
{
	topo.n_cpus = 1;
	topo.n_sockets = 1;
	topo.cpus[0] = (struct upm_cpu_info){ .index = 0, .apic_id = own_apic_id(), .package = 0,
					      .core = 0, .thread = 0, .is_bsp = 1 };
	upm_topology_measure(&topo, 1);
}

/* The package-level APIC ID shift on this processor: leaf 0x1F where implemented, else
 * 0xB, as Linux prefers them (arch/x86/kernel/cpu/topology.c); -1 when neither. MP
 * services' package number alone is not trusted: EDK2's MpInitLib reports package 0
 * for every processor when CPUID.1:EDX.HTT is clear. */
static int package_shift(void)
{
	static const uint32_t leaves[] = { 0x1F, 0xB };
	uint32_t r[4];
	cpuid(0, 0, r);
	for (unsigned l = 0; l < 2; l++) {
		uint32_t sub[8][4];
		unsigned n = 0;
		if (r[0] < leaves[l])
			continue;
		for (; n < 8; n++) {
			cpuid(leaves[l], n, sub[n]);
			if (((sub[n][2] >> 8) & 0xff) == 0)
				break;
		}
		int shift = upm_package_shift((const uint32_t(*)[4])sub, n < 8 ? n + 1 : n);
		if (shift >= 0)
			return shift;
	}
	return -1;
}

void upm_efi_mp_init(void)
{
	EFI_GUID guid = UPM_EFI_MP_SERVICES_PROTOCOL_GUID;
	UINTN n = 0, enabled = 0;

	bsp_apic_id = own_apic_id();
	topo.n_cpus = 0;
	if (BS->LocateProtocol(&guid, NULL, (void **)&mp) != EFI_SUCCESS ||
	    mp->GetNumberOfProcessors(mp, &n, &enabled) != EFI_SUCCESS) {
		mp = NULL;
		single_cpu();
		return;
	}
	topo.n_unlisted = 0;
	for (UINTN i = 0; i < n; i++) {
		UPM_EFI_PROCESSOR_INFORMATION info;
		if (mp->GetProcessorInfo(mp, i, &info) != EFI_SUCCESS ||
		    !(info.StatusFlag & UPM_EFI_PROCESSOR_ENABLED_BIT))
			continue;
		if (topo.n_cpus >= UPM_MAX_CPUS) { /* counted, so the topology is refused */
			topo.n_unlisted++;
			continue;
		}
		struct upm_cpu_info *c = &topo.cpus[topo.n_cpus++];
		c->index = (unsigned)i;
		c->apic_id = (uint32_t)info.ProcessorId;
		c->package = info.Location.Package;
		c->core = info.Location.Core;
		c->thread = info.Location.Thread;
		c->is_bsp = (info.StatusFlag & UPM_EFI_PROCESSOR_AS_BSP_BIT) != 0;
	}
	if (topo.n_cpus == 0) {
		single_cpu();
		return;
	}
	upm_topology_settle(&topo, package_shift());
}

int upm_os_topology(struct upm_topology *out)
{
	*out = topo;
	return topo.refused[0] ? UPM_ERANGE : UPM_OK;
}

int upm_efi_on_bsp(void)
{
	return own_apic_id() == bsp_apic_id;
}

/* The executing processor's entry in topo, or -1. MP services' own answer first: WhoAmI
 * may be called on the BSP and on APs (PI specification, Volume 2, MP Services Protocol,
 * WhoAmI) and gives the processor number the topology was listed by. Else the APIC ID
 * CPUID reports, which is the ProcessorId MP services list unless the firmware renumbered
 * the local APICs. */
static int own_entry(void)
{
	UINTN number;
	if (mp && mp->WhoAmI(mp, &number) == EFI_SUCCESS) {
		for (unsigned i = 0; i < topo.n_cpus; i++)
			if (topo.cpus[i].index == number)
				return (int)i;
	}
	uint32_t id = own_apic_id();
	for (unsigned i = 0; i < topo.n_cpus; i++)
		if (topo.cpus[i].apic_id == id)
			return (int)i;
	return -1;
}

void upm_os_current_cpu(uint32_t *apic_id, unsigned *package)
{
	int e = own_entry();
	*apic_id = e >= 0 ? topo.cpus[e].apic_id : own_apic_id();
	*package = e >= 0 ? topo.cpus[e].package : 0;
}

struct ap_call {
	void (*fn)(void *arg);
	void *arg;
};

/* Called by MP services (Microsoft ABI) on the application processor. */
static VOID EFIAPI ap_entry(VOID *p)
{
	struct ap_call *call = p;
	call->fn(call->arg);
}

int upm_os_run_on_socket(unsigned socket, void (*fn)(void *arg), void *arg)
{
	const struct upm_cpu_info *target = NULL;

	for (unsigned i = 0; i < topo.n_cpus; i++) {
		const struct upm_cpu_info *c = &topo.cpus[i];
		if (c->package != socket)
			continue;
		if (c->is_bsp) {
			fn(arg);
			return UPM_OK;
		}
		if (!target)
			target = c;
	}
	if (!target)
		return UPM_ENOTFOUND;
	if (!mp)
		return UPM_EUNSUPPORTED;

	struct ap_call call = { fn, arg };
	/* Blocking call (no event): returns when fn returned, or EFI_TIMEOUT when the
	 * processor hung, e.g. after an unguarded fault killed it. */
	EFI_STATUS st;
	/* EFI_NOT_READY: the processor is still busy with an earlier call whose end the
	 * firmware has not seen yet (PI specification, Volume 2, StartupThisAP); it is
	 * asked again for as long as a call may take, then counted as not answering. */
	uint64_t limit = upm_os_nanoseconds() + UPM_AP_TIMEOUT_US * 1000ull;
	/* While the AP runs fn the BSP waits at TPL_CALLBACK, so no callback-level event
	 * notification runs on it: fn's CF8/CFC pairs cannot be split by such a firmware
	 * callback's own (upmon's processors share a lock, platform/hw/pci_config.c; the
	 * firmware's code does not take it). Not TPL_NOTIFY: the watchdog expires at that
	 * level (EDK2 WatchdogTimerDxe's timer event), and a fault the guard does not own,
	 * with no ACPI reset register, waits for it (efi/guard.c). A blocking StartupThisAP
	 * polls the AP itself (EDK2 MpInitLib: the CheckThisAP loop of StartupThisAPWorker,
	 * no event), and Stall may be called up to TPL_HIGH_LEVEL (UEFI specification 2.10,
	 * 7.1, TPL restrictions). upmon calls this at TPL_APPLICATION; a caller already above
	 * TPL_CALLBACK stays where it is (RaiseTPL may not lower it). */
	EFI_TPL was = BS->RaiseTPL(TPL_HIGH_LEVEL);
	BS->RestoreTPL(was);
	int raise = was <= TPL_CALLBACK;
	if (raise)
		BS->RaiseTPL(TPL_CALLBACK);
	while ((st = mp->StartupThisAP(mp, ap_entry, target->index, NULL, UPM_AP_TIMEOUT_US, &call, NULL)) ==
		       EFI_NOT_READY &&
	       upm_os_nanoseconds() < limit)
		BS->Stall(1000);
	if (raise)
		BS->RestoreTPL(was);
	return st == EFI_SUCCESS ? UPM_OK : UPM_EFAULT;
}

/* --- several processors at once --- */

/* Shared with the APs; allocated, and leaked when an AP timed out (it may still write). */
struct par_call {
	const unsigned *cpus;
	unsigned n;
	void (*fn)(void *arg, unsigned i);
	void *arg;
	volatile unsigned done[UPM_MAX_CPUS];
};

/* Every enabled AP runs this (StartupAllAPs has no subset): those not listed return. */
static VOID EFIAPI par_entry(VOID *p)
{
	struct par_call *call = p;
	int me = own_entry();
	for (unsigned i = 0; me >= 0 && i < call->n; i++) {
		if (call->cpus[i] == (unsigned)me) {
			call->fn(call->arg, i);
			__atomic_store_n(&call->done[i], 1, __ATOMIC_RELEASE);
			return;
		}
	}
}

/* Whether StartupAllAPs accepts a non-blocking call: -1 not known yet, 0 refused (PI
 * specification, Volume 2, StartupAllAPs: EFI_UNSUPPORTED for a WaitEvent after
 * EFI_EVENT_GROUP_READY_TO_BOOT), 1 accepted. Learned by the first call that needs it. */
static int nonblocking_ok = -1;

static VOID EFIAPI nothing_entry(VOID *p)
{
	(void)p;
}

/* Slack on top of the MP services' own timeout before the BSP stops waiting for the
 * completion event (the firmware checks its APs on a periodic timer). */
#define UPM_PAR_SLACK_US 5000000ull

/* Waits for a non-blocking StartupAllAPs call's event (its timeout_ns plus the slack):
 * 1 when signalled, and the event closed. 0 when the firmware never signalled it: the
 * event then still belongs to the call (PI specification, Volume 2, StartupAllAPs:
 * WaitEvent is signalled when the APs finish or the timeout expires), so it is left open
 * (a late signal must not land on a later event given the freed one's memory), and the
 * non-blocking calls are not used again. */
static int wait_signalled(EFI_EVENT ev, uint64_t timeout_ns)
{
	uint64_t limit = upm_os_nanoseconds() + timeout_ns + UPM_PAR_SLACK_US * 1000;
	while (BS->CheckEvent(ev) != EFI_SUCCESS) {
		if (upm_os_nanoseconds() >= limit)
			return 0;
		BS->Stall(100);
	}
	BS->CloseEvent(ev);
	return 1;
}

/* Asks the firmware once with a procedure that does nothing. */
static void probe_nonblocking(void)
{
	EFI_EVENT ev = NULL;
	if (nonblocking_ok >= 0 || !mp)
		return;
	if (BS->CreateEvent(0, 0, NULL, NULL, &ev) != EFI_SUCCESS)
		return;
	EFI_STATUS st = mp->StartupAllAPs(mp, nothing_entry, FALSE, ev, UPM_AP_TIMEOUT_US, NULL, NULL);
	if (st == EFI_SUCCESS) {
		/* Closed when signalled; else left to the call (wait_signalled). */
		nonblocking_ok = wait_signalled(ev, UPM_AP_TIMEOUT_US * 1000ull);
		return;
	}
	if (st == EFI_UNSUPPORTED)
		nonblocking_ok = 0;
	/* else (no enabled AP, busy): ask again next time */
	BS->CloseEvent(ev); /* never handed to the firmware */
}

int upm_os_parallel_caller_joins(void)
{
	probe_nonblocking();
	return nonblocking_ok != 0;
}

int upm_os_run_parallel(const unsigned *cpus, unsigned n, void (*fn)(void *arg, unsigned i),
			void *arg, uint64_t timeout_ns)
{
	if (!cpus || !fn || n == 0 || n > UPM_MAX_CPUS)
		return UPM_EINVAL;
	if (!upm_efi_on_bsp())
		return UPM_EUNSUPPORTED;
	int bsp_entry = -1;
	unsigned aps = 0;
	for (unsigned i = 0; i < n; i++) {
		if (cpus[i] >= topo.n_cpus)
			return UPM_ENOTFOUND;
		for (unsigned k = 0; k < i; k++)
			if (cpus[k] == cpus[i])
				return UPM_EINVAL;
		if (topo.cpus[cpus[i]].is_bsp)
			bsp_entry = (int)i;
		else
			aps++;
	}
	if (aps && !mp)
		return UPM_EUNSUPPORTED;
	if (aps)
		probe_nonblocking();
	/* Refused non-blocking calls leave blocking ones: the BSP waits in StartupAllAPs and
	 * cannot run an entry of its own at the same time. */
	if (aps && nonblocking_ok == 0 && bsp_entry >= 0)
		return UPM_EUNSUPPORTED;

	struct par_call *call = NULL;
	if (BS->AllocatePool(EfiLoaderData, sizeof *call, (void **)&call) != EFI_SUCCESS)
		return UPM_ENOMEM;
	call->cpus = cpus;
	call->n = n;
	call->fn = fn;
	call->arg = arg;
	for (unsigned i = 0; i < n; i++)
		call->done[i] = 0;

	EFI_EVENT ev = NULL;
	if (aps && nonblocking_ok == 0) {
		/* Blocking: the APs run together (SingleThread FALSE) and the call returns when
		 * all finished, or EFI_TIMEOUT after the firmware stopped the late ones. */
		EFI_STATUS st = mp->StartupAllAPs(mp, par_entry, FALSE, NULL,
						  (UINTN)(timeout_ns / 1000 + 1), call, NULL);
		if (st != EFI_SUCCESS && st != EFI_TIMEOUT) {
			BS->FreePool(call);
			return UPM_EUNSUPPORTED;
		}
		aps = 0; /* done: nothing left to wait for below */
	} else if (aps) {
		uint64_t us = timeout_ns / 1000 + 1;
		if (BS->CreateEvent(0, 0, NULL, NULL, &ev) != EFI_SUCCESS) {
			BS->FreePool(call);
			return UPM_ENOMEM;
		}
		/* Non-blocking (an event): the APs start together and the BSP goes on to run
		 * its own entry. On timeout the firmware stops the APs that did not finish
		 * and signals the event. */
		EFI_STATUS st = mp->StartupAllAPs(mp, par_entry, FALSE, ev, (UINTN)us, call, NULL);
		if (st != EFI_SUCCESS) {
			BS->CloseEvent(ev);
			BS->FreePool(call);
			return UPM_EUNSUPPORTED;
		}
	}
	if (bsp_entry >= 0) {
		fn(arg, (unsigned)bsp_entry);
		call->done[bsp_entry] = 1;
	}
	if (aps) {
		/* Wait for the firmware to see every AP finished (only then will it accept
		 * the next call), bounded in case it never does. */
		if (!wait_signalled(ev, timeout_ns))
			nonblocking_ok = 0;
	}
	for (unsigned i = 0; i < n; i++)
		if (!__atomic_load_n(&call->done[i], __ATOMIC_ACQUIRE))
			return UPM_EFAULT; /* call leaked: a late AP may still write to it */
	BS->FreePool(call);
	return UPM_OK;
}
