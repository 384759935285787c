/* Processors: topology from EFI_MP_SERVICES_PROTOCOL, running a function on a socket,
 * and identifying the executing processor (callable on application processors). */
#include "efi/efi_env.h"
#include "efi/pi_mp_services.h"
#include "core/os.h"

#define UPM_AP_TIMEOUT_US 1000000

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
}

void upm_efi_mp_init(void)
{
	EFI_GUID guid = UPM_EFI_MP_SERVICES_PROTOCOL_GUID;
	UINTN n = 0, enabled = 0;
	unsigned max_package = 0;

	bsp_apic_id = own_apic_id();
	topo.n_cpus = 0;
	if (BS->LocateProtocol(&guid, NULL, (void **)&mp) != EFI_SUCCESS ||
	    mp->GetNumberOfProcessors(mp, &n, &enabled) != EFI_SUCCESS) {
		mp = NULL;
		single_cpu();
		return;
	}
	for (UINTN i = 0; i < n && topo.n_cpus < UPM_MAX_CPUS; i++) {
		UPM_EFI_PROCESSOR_INFORMATION info;
		if (mp->GetProcessorInfo(mp, i, &info) != EFI_SUCCESS ||
		    !(info.StatusFlag & UPM_EFI_PROCESSOR_ENABLED_BIT))
			continue;
		struct upm_cpu_info *c = &topo.cpus[topo.n_cpus++];
		c->index = (unsigned)i;
		c->apic_id = (uint32_t)info.ProcessorId;
		c->package = info.Location.Package;
		c->core = info.Location.Core;
		c->thread = info.Location.Thread;
		c->is_bsp = (info.StatusFlag & UPM_EFI_PROCESSOR_AS_BSP_BIT) != 0;
		if (c->package > max_package)
			max_package = c->package;
	}
	if (topo.n_cpus == 0) {
		single_cpu();
		return;
	}
	topo.n_sockets = max_package + 1;
}

int upm_os_topology(struct upm_topology *out)
{
	*out = topo;
	return UPM_OK;
}

int upm_efi_on_bsp(void)
{
	return own_apic_id() == bsp_apic_id;
}

void upm_os_current_cpu(uint32_t *apic_id, unsigned *package)
{
	uint32_t id = own_apic_id();
	*apic_id = id;
	*package = 0;
	for (unsigned i = 0; i < topo.n_cpus; i++) {
		if (topo.cpus[i].apic_id == id) {
			*package = topo.cpus[i].package;
			return;
		}
	}
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
	EFI_STATUS st = mp->StartupThisAP(mp, ap_entry, target->index, NULL, UPM_AP_TIMEOUT_US,
					  &call, NULL);
	return st == EFI_SUCCESS ? UPM_OK : UPM_EFAULT;
}
