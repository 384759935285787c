/* The network under UEFI (efi/http.c and its helpers): the firmware's HTTP and IPv4
 * configuration protocols, declared here from the UEFI specification because gnu-efi
 * 3.0.15 has no header for them, and what the files of the network share: the NIC
 * (efi/http_nic.c), the answer's body as it comes (efi/http_body.c) and the place upmon
 * was booted from (efi/boot_uri.c). */
#ifndef UPMON_EFI_EFI_HTTP_H
#define UPMON_EFI_EFI_HTTP_H

#include "efi/efi_env.h"
#include "platform/base/http_body.h"

/* Status codes of the network protocols (UEFI 2.10, Appendix D "Status Codes":
 * EFI_HTTP_ERROR, and the network's unreachable and connection codes the TCP and HTTP
 * protocols return), missing from gnu-efi 3.0.15's efierr.h. */
#ifndef EFI_HTTP_ERROR
#define EFI_HTTP_ERROR EFIERR(35)
#endif
#ifndef EFI_NETWORK_UNREACHABLE
#define EFI_NETWORK_UNREACHABLE EFIERR(100)
#define EFI_HOST_UNREACHABLE EFIERR(101)
#define EFI_PROTOCOL_UNREACHABLE EFIERR(102)
#define EFI_PORT_UNREACHABLE EFIERR(103)
#define EFI_CONNECTION_FIN EFIERR(104)
#define EFI_CONNECTION_RESET EFIERR(105)
#define EFI_CONNECTION_REFUSED EFIERR(106)
#endif

/* ---- UEFI 2.10, 29.6 "EFI HTTP Protocols" ---- */

/* EFI_HTTP_SERVICE_BINDING_PROTOCOL: an EFI Service Binding Protocol (gnu-efi's
 * EFI_SERVICE_BINDING): CreateChild puts an EFI_HTTP_PROTOCOL on a new child handle,
 * DestroyChild takes it away. */
#define UPM_EFI_HTTP_SERVICE_BINDING_GUID \
	{ 0xbdc8e6af, 0xd9bc, 0x4379, { 0xa7, 0x2a, 0xe0, 0xc4, 0xe7, 0x5d, 0xae, 0x1c } }
/* EFI_HTTP_PROTOCOL */
#define UPM_EFI_HTTP_PROTOCOL_GUID \
	{ 0x7a59b29b, 0x910b, 0x4171, { 0x82, 0x42, 0xa8, 0x5a, 0x0d, 0xf2, 0x5b, 0x5b } }

typedef enum { UpmHttpVersion10, UpmHttpVersion11, UpmHttpVersionUnsupported } UPM_EFI_HTTP_VERSION;

typedef enum {
	UpmHttpMethodGet,
	UpmHttpMethodPost,
	UpmHttpMethodPatch,
	UpmHttpMethodOptions,
	UpmHttpMethodConnect,
	UpmHttpMethodHead,
	UpmHttpMethodPut,
	UpmHttpMethodDelete,
	UpmHttpMethodTrace,
	UpmHttpMethodMax
} UPM_EFI_HTTP_METHOD;

/* EFI_HTTP_STATUS_CODE: HTTP_STATUS_UNSUPPORTED_STATUS (0), then HTTP_STATUS_100_CONTINUE
 * (1) .. HTTP_STATUS_505_HTTP_VERSION_NOT_SUPPORTED (40) in the order of
 * upm_efi_http_status_number's table (efi/http_body.c), then
 * HTTP_STATUS_308_PERMANENT_REDIRECT (41), added after the others. */
typedef UINT32 UPM_EFI_HTTP_STATUS_CODE;
#define UPM_EFI_HTTP_STATUS_UNSUPPORTED 0u

typedef struct {
	BOOLEAN UseDefaultAddress; /* TRUE: the NIC's address (Ip4Config2), Local* ignored */
	EFI_IPv4_ADDRESS LocalAddress;
	EFI_IPv4_ADDRESS LocalSubnet;
	UINT16 LocalPort;
} UPM_EFI_HTTPv4_ACCESS_POINT;

typedef struct {
	EFI_IPv6_ADDRESS LocalAddress;
	UINT16 LocalPort;
} UPM_EFI_HTTPv6_ACCESS_POINT;

typedef struct {
	UPM_EFI_HTTP_VERSION HttpVersion;
	UINT32 TimeOutMillisec;
	BOOLEAN LocalAddressIsIPv6;
	union {
		UPM_EFI_HTTPv4_ACCESS_POINT *IPv4Node;
		UPM_EFI_HTTPv6_ACCESS_POINT *IPv6Node;
	} AccessPoint;
} UPM_EFI_HTTP_CONFIG_DATA;

typedef struct {
	UPM_EFI_HTTP_METHOD Method;
	CHAR16 *Url; /* absolute: the driver takes scheme, host and port from it */
} UPM_EFI_HTTP_REQUEST_DATA;

typedef struct {
	UPM_EFI_HTTP_STATUS_CODE StatusCode;
} UPM_EFI_HTTP_RESPONSE_DATA;

typedef struct {
	CHAR8 *FieldName;
	CHAR8 *FieldValue;
} UPM_EFI_HTTP_HEADER;

typedef struct {
	union {
		UPM_EFI_HTTP_REQUEST_DATA *Request;
		UPM_EFI_HTTP_RESPONSE_DATA *Response;
	} Data;
	UINTN HeaderCount;
	/* A request's: the caller's. A response's: allocated by the driver, freed by the
	 * caller (every FieldName and FieldValue and the array). */
	UPM_EFI_HTTP_HEADER *Headers;
	UINTN BodyLength;
	VOID *Body;
} UPM_EFI_HTTP_MESSAGE;

typedef struct {
	EFI_EVENT Event;   /* EVT_NOTIFY_SIGNAL, at TPL_CALLBACK or lower */
	EFI_STATUS Status; /* set before Event is signaled */
	UPM_EFI_HTTP_MESSAGE *Message;
} UPM_EFI_HTTP_TOKEN;

typedef struct _UPM_EFI_HTTP_PROTOCOL UPM_EFI_HTTP_PROTOCOL;
struct _UPM_EFI_HTTP_PROTOCOL {
	EFI_STATUS(EFIAPI *GetModeData)(UPM_EFI_HTTP_PROTOCOL *This, UPM_EFI_HTTP_CONFIG_DATA *HttpConfigData);
	/* NULL: reset the instance (connections closed, tokens cancelled) */
	EFI_STATUS(EFIAPI *Configure)(UPM_EFI_HTTP_PROTOCOL *This, UPM_EFI_HTTP_CONFIG_DATA *HttpConfigData);
	EFI_STATUS(EFIAPI *Request)(UPM_EFI_HTTP_PROTOCOL *This, UPM_EFI_HTTP_TOKEN *Token);
	EFI_STATUS(EFIAPI *Cancel)(UPM_EFI_HTTP_PROTOCOL *This, UPM_EFI_HTTP_TOKEN *Token);
	EFI_STATUS(EFIAPI *Response)(UPM_EFI_HTTP_PROTOCOL *This, UPM_EFI_HTTP_TOKEN *Token);
	EFI_STATUS(EFIAPI *Poll)(UPM_EFI_HTTP_PROTOCOL *This);
};

/* ---- UEFI 2.10, 28.5 "EFI IPv4 Configuration II Protocol" ---- */
#define UPM_EFI_IP4_CONFIG2_PROTOCOL_GUID \
	{ 0x5b446ed1, 0xe30b, 0x4faa, { 0x87, 0x1a, 0x36, 0x54, 0xec, 0xa3, 0x60, 0x80 } }

typedef enum {
	UpmIp4Config2DataTypeInterfaceInfo,
	UpmIp4Config2DataTypePolicy,
	UpmIp4Config2DataTypeManualAddress,
	UpmIp4Config2DataTypeGateway,
	UpmIp4Config2DataTypeDnsServer,
	UpmIp4Config2DataTypeMaximum
} UPM_EFI_IP4_CONFIG2_DATA_TYPE;

typedef enum { UpmIp4Config2PolicyStatic, UpmIp4Config2PolicyDhcp, UpmIp4Config2PolicyMax } UPM_EFI_IP4_CONFIG2_POLICY;

#define UPM_EFI_IP4_CONFIG2_INTERFACE_INFO_NAME_SIZE 32
typedef struct {
	CHAR16 Name[UPM_EFI_IP4_CONFIG2_INTERFACE_INFO_NAME_SIZE];
	UINT8 IfType;
	UINT32 HwAddressSize;
	EFI_MAC_ADDRESS HwAddress;
	EFI_IPv4_ADDRESS StationAddress; /* 0.0.0.0 until configured (DHCP or by hand) */
	EFI_IPv4_ADDRESS SubnetMask;
	UINT32 RouteTableSize;
	VOID *RouteTable; /* EFI_IP4_ROUTE_TABLE[RouteTableSize], after the structure */
} UPM_EFI_IP4_CONFIG2_INTERFACE_INFO;

typedef struct _UPM_EFI_IP4_CONFIG2_PROTOCOL UPM_EFI_IP4_CONFIG2_PROTOCOL;
struct _UPM_EFI_IP4_CONFIG2_PROTOCOL {
	EFI_STATUS(EFIAPI *SetData)(UPM_EFI_IP4_CONFIG2_PROTOCOL *This, UPM_EFI_IP4_CONFIG2_DATA_TYPE DataType,
				    UINTN DataSize, VOID *Data);
	EFI_STATUS(EFIAPI *GetData)(UPM_EFI_IP4_CONFIG2_PROTOCOL *This, UPM_EFI_IP4_CONFIG2_DATA_TYPE DataType,
				    UINTN *DataSize, VOID *Data);
	EFI_STATUS(EFIAPI *RegisterDataNotify)(UPM_EFI_IP4_CONFIG2_PROTOCOL *This,
					       UPM_EFI_IP4_CONFIG2_DATA_TYPE DataType, EFI_EVENT Event);
	EFI_STATUS(EFIAPI *UnregisterDataNotify)(UPM_EFI_IP4_CONFIG2_PROTOCOL *This,
						 UPM_EFI_IP4_CONFIG2_DATA_TYPE DataType, EFI_EVENT Event);
};

/* ---- TLS for https ----
 * The UEFI specification's EFI TLS Service Binding Protocol, present when the
 * firmware has TLS. The CA list it checks a server against is edk2's variable
 * TlsCaCertificate (NetworkPkg's HTTPS boot: an EFI_SIGNATURE_LIST, no spec section). */
#define UPM_EFI_TLS_SERVICE_BINDING_GUID \
	{ 0x952cb795, 0xff36, 0x48cf, { 0xa2, 0x49, 0x4d, 0xf4, 0x86, 0xd6, 0xab, 0x8d } }
#define UPM_EFI_TLS_CA_CERTIFICATE_GUID \
	{ 0xfd2340d0, 0x3dab, 0x4349, { 0xa6, 0xc7, 0x3b, 0x4f, 0x12, 0xb4, 0x8e, 0xae } }
#define UPM_EFI_TLS_CA_CERTIFICATE_VARIABLE L"TlsCaCertificate"

/* ---- the URI device path node: UEFI 2.10, 10.3.4.31 (Messaging, type 3, subtype 24):
 * the header, then the URI in ASCII, not NUL-terminated (length - 4 bytes) ---- */
#define UPM_EFI_DP_MESSAGING 3
#define UPM_EFI_DP_MSG_URI 24

/* ---- what the network's files share ---- */

/* boot_uri.c: the device path of the device upmon was loaded from (LoadedImage's
 * DeviceHandle), or NULL. */
EFI_DEVICE_PATH *upm_efi_boot_device_path(void);

/* http_nic.c: the handle with an HTTP service binding to use: the NIC upmon was booted
 * from, else the first (every controller connected once first). EFI_NOT_FOUND when there
 * is none. */
EFI_STATUS upm_efi_http_nic(EFI_HANDLE *nic);
/* http_nic.c: makes sure the NIC has an IPv4 address: a Static policy without one is
 * switched to DHCP and the address waited for, at most UPM_EFI_DHCP_WAIT_MS. EFI_SUCCESS
 * (also when the NIC has no Ip4Config2: the request then says what is missing),
 * EFI_TIMEOUT when DHCP gave none in time, else the protocol's error. */
#define UPM_EFI_DHCP_WAIT_MS 10000u
EFI_STATUS upm_efi_http_address(EFI_HANDLE nic);

/* http_body.c: the HTTP number of the protocol's status code enum (0 when it has none). */
int upm_efi_http_status_number(UPM_EFI_HTTP_STATUS_CODE code);

/* http_body.c: frames an answer's body from its headers (and status: 1xx, 204 and 304
 * have none), kept in buf (max + 1 bytes) as its pieces come (platform/base/http_body.h):
 * 0, or -1 when a header is malformed (two different lengths, a length that is no number). */
int upm_efi_body_start(struct upm_http_body *b, const UPM_EFI_HTTP_HEADER *h, UINTN n, int status, char *buf,
		       size_t max);

#endif
