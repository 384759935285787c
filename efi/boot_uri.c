/* Where upmon was loaded from, for the network: the URI the firmware's HTTP boot fetched
 * it from (upm_os_boot_uri: the URI node of the loaded image's device paths, UEFI 2.10,
 * 10.3.4.31 "URI Device Path"), and the boot device's path, by which efi/http_nic.c
 * prefers the NIC upmon came from. */
#include "efi/efi_http.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static EFI_HANDLE image_handle;

void upm_efi_net_init(EFI_HANDLE image)
{
	image_handle = image;
}

EFI_HANDLE upm_efi_image(void)
{
	return image_handle;
}

static EFI_LOADED_IMAGE *loaded_image(void)
{
	EFI_LOADED_IMAGE *li = NULL;
	if (!image_handle || BS->HandleProtocol(image_handle, &LoadedImageProtocol, (void **)&li) != EFI_SUCCESS)
		return NULL;
	return li;
}

EFI_DEVICE_PATH *upm_efi_boot_device_path(void)
{
	EFI_LOADED_IMAGE *li = loaded_image();
	EFI_DEVICE_PATH *dp = NULL;
	if (!li || !li->DeviceHandle ||
	    BS->HandleProtocol(li->DeviceHandle, &DevicePathProtocol, (void **)&dp) != EFI_SUCCESS)
		return NULL;
	return dp;
}

/* The first non-empty URI node of a device path (its instances in turn), or NULL; *len
 * its URI's bytes. A node shorter than its own header ends the walk (a malformed path is
 * never read past). */
static const char *uri_node(const EFI_DEVICE_PATH *dp, size_t *len)
{
	for (unsigned nodes = 0; dp && nodes < 1024; nodes++) {
		const UINT8 *p = (const UINT8 *)dp;
		unsigned type = p[0] & 0x7f, subtype = p[1], node_len = p[2] | (unsigned)p[3] << 8;
		if (type == 0x7f && subtype == 0xff) /* end of the entire device path */
			return NULL;
		if (node_len < 4)
			return NULL;
		if (type == UPM_EFI_DP_MESSAGING && subtype == UPM_EFI_DP_MSG_URI && node_len > 4) {
			size_t n = 0;
			while (n < node_len - 4u && p[4 + n]) /* ASCII, unterminated; stop at a NUL */
				n++;
			if (n) {
				*len = n;
				return (const char *)p + 4;
			}
		}
		dp = (const EFI_DEVICE_PATH *)(p + node_len);
	}
	return NULL;
}

int upm_os_boot_uri(char *buf, size_t size)
{
	EFI_LOADED_IMAGE *li = loaded_image();
	const char *uri = NULL;
	size_t len = 0;

	if (!li)
		return UPM_ENOTFOUND;
	/* HTTP boot loads the image through a handle whose own path ends in the URI; the
	 * image's FilePath (the rest of the path) may carry it too. */
	EFI_DEVICE_PATH *dev = upm_efi_boot_device_path();
	if (dev)
		uri = uri_node(dev, &len);
	if (!uri && li->FilePath)
		uri = uri_node(li->FilePath, &len);
	if (!uri)
		return UPM_ENOTFOUND;
	if (len + 1 > size)
		return UPM_ERANGE;
	upm_memcpy(buf, uri, len);
	buf[len] = 0;
	return UPM_OK;
}
