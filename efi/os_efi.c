/* The small services of platform/base/os.h under UEFI: memory and the environment's name.
 * Console, files, processors, time and the end of the run have their own files. */
#include "efi/efi_env.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

void *upm_os_alloc(size_t size)
{
	void *p = NULL;
	/* Pool allocations are 8-byte aligned; a zero-sized request still gets a block
	 * so that NULL always means failure. */
	if (BS->AllocatePool(EfiLoaderData, size ? size : 1, &p) != EFI_SUCCESS)
		return NULL;
	return p;
}

void upm_os_free(void *p)
{
	if (p)
		BS->FreePool(p);
}

const char *upm_os_name(void)
{
	return "uefi";
}

void upm_os_backends(char *buf, size_t size)
{
	/* The hardware backend needs the #GP guard (core/commands/app.c refuses it without). */
	upm_snprintf(buf, size, "hw: %s; mock, replay: yes; linux, perf: no (the Linux build's, on an installed machine)",
		     upm_efi_guard_covers_general_protection()
			     ? "yes (this machine's registers)"
			     : "no: no #GP guard (the CPU architectural protocol is missing)");
}

/* perf is the Linux kernel's: under firmware there is no second opinion to ask. */
struct upm_os_perf *upm_os_perf_begin(const char *type, const char *alias, char *err, size_t err_size)
{
	(void)type;
	(void)alias;
	upm_snprintf(err, err_size, "perf is the Linux kernel's: the Linux build asks it (upmon --backend linux "
				    "check --against perf on the installed machine)");
	return NULL;
}

int upm_os_perf_end(struct upm_os_perf *h, double *per_socket, unsigned max, char *unit, size_t unit_size,
		    int *partial, char *err, size_t err_size)
{
	(void)h;
	(void)per_socket;
	(void)max;
	(void)unit;
	(void)unit_size;
	(void)partial;
	upm_snprintf(err, err_size, "perf is the Linux kernel's");
	return -1;
}

const char *upm_os_host_name(void)
{
	return NULL; /* firmware has no network name; the SMBIOS serial names the machine */
}

/* ---- Folder listing (platform/base/os.h) ----
 * Not under UEFI: the one command that lists folders, fleet, reads a tree of many runs
 * and is for the Linux build (it says so before asking). */
int upm_os_list_dir(const char *path, int (*fn)(void *ctx, const char *name, int is_dir), void *ctx)
{
	(void)path, (void)fn, (void)ctx;
	return UPM_EUNSUPPORTED;
}
/* ---- end of folder listing ---- */
