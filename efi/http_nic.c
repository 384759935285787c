/* The network interface upm_os_http goes through: the handle with an HTTP service
 * binding (the NIC upmon was booted from first), and its IPv4 address, asked of DHCP
 * through the EFI IPv4 Configuration II Protocol when the interface has none (UEFI 2.10,
 * 28.5). A fresh variable store leaves the policy Static with no address, and a request
 * then fails with EFI_NO_MAPPING. The policy is the firmware's setting for the NIC (edk2
 * keeps it in a variable), so upm_efi_net_end gives it back when the run ends. Quiet:
 * the core says what it waits for. */
#include "efi/efi_http.h"
#include "platform/base/os.h"

static EFI_GUID http_sb_guid = UPM_EFI_HTTP_SERVICE_BINDING_GUID;
static EFI_GUID ip4_config2_guid = UPM_EFI_IP4_CONFIG2_PROTOCOL_GUID;

static UPM_EFI_IP4_CONFIG2_PROTOCOL *policy_changed; /* set to DHCP by us: back at the end */

EFI_STATUS upm_efi_http_nic(EFI_HANDLE *nic)
{
	EFI_HANDLE *handles = NULL;
	UINTN n = 0;

	upm_efi_connect_all();
	if (BS->LocateHandleBuffer(ByProtocol, &http_sb_guid, NULL, &n, &handles) != EFI_SUCCESS || n == 0) {
		if (handles)
			BS->FreePool(handles);
		return EFI_NOT_FOUND;
	}
	*nic = handles[0];
	/* Network-booted: the boot device's path runs through the NIC (its MAC node, then
	 * IPv4 and URI nodes); the handle on that path with an HTTP service binding is it. */
	EFI_DEVICE_PATH *rest = upm_efi_boot_device_path();
	EFI_HANDLE booted = NULL;
	if (rest && BS->LocateDevicePath(&http_sb_guid, &rest, &booted) == EFI_SUCCESS)
		for (UINTN i = 0; i < n; i++)
			if (handles[i] == booted)
				*nic = booted;
	BS->FreePool(handles);
	return EFI_SUCCESS;
}

/* 1 when the interface has an address, 0 when not; -1 when it cannot tell. */
static int has_address(UPM_EFI_IP4_CONFIG2_PROTOCOL *cfg)
{
	UINTN size = 0;
	EFI_STATUS st = cfg->GetData(cfg, UpmIp4Config2DataTypeInterfaceInfo, &size, NULL);
	if (st != EFI_BUFFER_TOO_SMALL || size < sizeof(UPM_EFI_IP4_CONFIG2_INTERFACE_INFO))
		return -1;
	UPM_EFI_IP4_CONFIG2_INTERFACE_INFO *info = upm_os_alloc(size); /* routes follow it */
	if (!info)
		return -1;
	st = cfg->GetData(cfg, UpmIp4Config2DataTypeInterfaceInfo, &size, info);
	int has = -1;
	if (st == EFI_SUCCESS) {
		const UINT8 *a = info->StationAddress.Addr;
		has = (a[0] | a[1] | a[2] | a[3]) != 0;
	}
	upm_os_free(info);
	return has;
}

EFI_STATUS upm_efi_http_address(EFI_HANDLE nic)
{
	UPM_EFI_IP4_CONFIG2_PROTOCOL *cfg = NULL;
	UPM_EFI_IP4_CONFIG2_POLICY policy;
	UINTN size = sizeof policy;
	EFI_STATUS st;

	if (BS->HandleProtocol(nic, &ip4_config2_guid, (void **)&cfg) != EFI_SUCCESS || !cfg)
		return EFI_SUCCESS; /* no such protocol here: the request says what is missing */
	if (has_address(cfg) == 1)
		return EFI_SUCCESS;
	st = cfg->GetData(cfg, UpmIp4Config2DataTypePolicy, &size, &policy);
	if (st != EFI_SUCCESS)
		return st;
	if (policy == UpmIp4Config2PolicyStatic) {
		policy = UpmIp4Config2PolicyDhcp;
		st = cfg->SetData(cfg, UpmIp4Config2DataTypePolicy, sizeof policy, &policy);
		if (st != EFI_SUCCESS && st != EFI_NOT_READY)
			return st;
		policy_changed = cfg;
	}
	/* DHCP runs on the firmware's timer, which fires while upm_os_sleep_ns stalls. */
	uint64_t end = upm_os_nanoseconds() + UPM_EFI_DHCP_WAIT_MS * 1000000ull;
	while (upm_os_nanoseconds() < end) {
		upm_os_sleep_ns(100 * 1000000ull);
		if (has_address(cfg) == 1)
			return EFI_SUCCESS;
	}
	return EFI_TIMEOUT;
}

void upm_efi_net_end(void)
{
	if (!policy_changed)
		return;
	UPM_EFI_IP4_CONFIG2_POLICY policy = UpmIp4Config2PolicyStatic;
	policy_changed->SetData(policy_changed, UpmIp4Config2DataTypePolicy, sizeof policy, &policy);
	policy_changed = NULL;
}
