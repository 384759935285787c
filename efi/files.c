/* Files on the volume upmon was loaded from (LoadedImage->DeviceHandle); when that device
 * has no file system (a network boot: it is the NIC), on the first writable FAT volume
 * (a stick or a disk), so that a network-booted machine keeps its files too. The core's
 * paths use '/'; here they become '\' paths from the volume's root. Every failure
 * returns a status: a full medium gives UPM_ENOSPC, a write-protected one UPM_EROFS. */
#include "efi/efi_env.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static EFI_HANDLE volume;
static int volume_settled; /* volume is the one used (a fallback looked for at most once) */

void upm_efi_files_init(EFI_HANDLE image)
{
	EFI_LOADED_IMAGE *li = NULL;
	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) == EFI_SUCCESS && li)
		volume = li->DeviceHandle;
}

/* 1 when h has a file system whose root opens and that is not read-only. */
static int writable_volume(EFI_HANDLE h)
{
	EFI_FILE_IO_INTERFACE *fs = NULL;
	EFI_FILE_HANDLE root;
	UINTN size = SIZE_OF_EFI_FILE_SYSTEM_INFO + 64 * sizeof(CHAR16);
	int ok = 0;
	if (BS->HandleProtocol(h, &FileSystemProtocol, (void **)&fs) != EFI_SUCCESS || !fs ||
	    fs->OpenVolume(fs, &root) != EFI_SUCCESS)
		return 0;
	EFI_FILE_SYSTEM_INFO *info = upm_os_alloc(size);
	if (info && root->GetInfo(root, &FileSystemInfo, &size, info) == EFI_SUCCESS)
		ok = !info->ReadOnly;
	upm_os_free(info);
	root->Close(root);
	return ok;
}

/* The volume files go to: upmon's own when its device has a file system, else the first
 * writable one (every controller connected first, so a stick the boot manager left alone
 * counts too); NULL when there is none. */
static EFI_HANDLE files_volume(void)
{
	EFI_FILE_IO_INTERFACE *fs = NULL;
	EFI_HANDLE *handles = NULL;
	UINTN n = 0;

	if (volume_settled)
		return volume;
	volume_settled = 1;
	if (volume && BS->HandleProtocol(volume, &FileSystemProtocol, (void **)&fs) == EFI_SUCCESS)
		return volume;
	volume = NULL;
	upm_efi_connect_all();
	if (BS->LocateHandleBuffer(ByProtocol, &FileSystemProtocol, NULL, &n, &handles) != EFI_SUCCESS)
		return NULL;
	for (UINTN i = 0; i < n && !volume; i++)
		if (writable_volume(handles[i]))
			volume = handles[i];
	BS->FreePool(handles);
	return volume;
}

const char *upm_os_default_out_dir(void)
{
	return "/upmon/results";
}

static int status_of(EFI_STATUS st)
{
	switch (st) {
	case EFI_SUCCESS: return UPM_OK;
	case EFI_NOT_FOUND: return UPM_ENOTFOUND;
	case EFI_OUT_OF_RESOURCES: return UPM_ENOMEM;
	case EFI_INVALID_PARAMETER: return UPM_EINVAL;
	case EFI_VOLUME_FULL: return UPM_ENOSPC;
	case EFI_WRITE_PROTECTED: return UPM_EROFS;
	default: return UPM_EIO; /* device error, a file in a folder's way, ... */
	}
}

static EFI_STATUS open_root(EFI_FILE_HANDLE *root)
{
	EFI_FILE_IO_INTERFACE *fs = NULL;
	EFI_HANDLE v = files_volume();
	EFI_STATUS st;
	if (!v)
		return EFI_NOT_FOUND;
	st = BS->HandleProtocol(v, &FileSystemProtocol, (void **)&fs);
	if (st != EFI_SUCCESS)
		return st;
	return fs->OpenVolume(fs, root);
}

/* "/a/b" or "a/b" -> L"a\b", to open from the root directory. */
static CHAR16 *to_efi_path(const char *path)
{
	CHAR16 *p;
	while (*path == '/')
		path++;
	p = upm_efi_utf8_to_ucs2(path, upm_strlen(path));
	if (!p)
		return NULL;
	for (CHAR16 *c = p; *c; c++)
		if (*c == '/')
			*c = '\\';
	return p;
}

/* Opens path (relative to the root) with mode; attrs apply on creation. */
static EFI_STATUS open_path(const char *path, UINT64 mode, UINT64 attrs, EFI_FILE_HANDLE *out)
{
	EFI_FILE_HANDLE root;
	EFI_STATUS st = open_root(&root);
	if (st != EFI_SUCCESS)
		return st;
	CHAR16 *p = to_efi_path(path);
	if (!p) {
		root->Close(root);
		return EFI_OUT_OF_RESOURCES;
	}
	st = root->Open(root, out, p, mode, attrs);
	upm_os_free(p);
	root->Close(root);
	return st;
}

/* EFI_FILE_INFO of an open file, allocated (caller frees). */
static EFI_STATUS file_info(EFI_FILE_HANDLE f, EFI_FILE_INFO **out)
{
	UINTN size = SIZE_OF_EFI_FILE_INFO + 256 * sizeof(CHAR16);
	for (int tries = 0; tries < 2; tries++) {
		EFI_FILE_INFO *info = upm_os_alloc(size);
		if (!info)
			return EFI_OUT_OF_RESOURCES;
		EFI_STATUS st = f->GetInfo(f, &GenericFileInfo, &size, info);
		if (st == EFI_SUCCESS) {
			*out = info;
			return EFI_SUCCESS;
		}
		upm_os_free(info);
		if (st != EFI_BUFFER_TOO_SMALL)
			return st;
	}
	return EFI_DEVICE_ERROR;
}

static int is_directory(EFI_FILE_HANDLE f)
{
	EFI_FILE_INFO *info;
	if (file_info(f, &info) != EFI_SUCCESS)
		return 0;
	int dir = (info->Attribute & EFI_FILE_DIRECTORY) != 0;
	upm_os_free(info);
	return dir;
}

static int volume_full(void);

/* Opens an existing directory, or creates it (not on a full volume: volume_full). */
static EFI_STATUS ensure_dir(const char *path)
{
	EFI_FILE_HANDLE d;
	EFI_STATUS st = open_path(path, EFI_FILE_MODE_READ, 0, &d);
	if (st == EFI_NOT_FOUND && volume_full())
		return EFI_VOLUME_FULL;
	if (st == EFI_NOT_FOUND)
		st = open_path(path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE,
			       EFI_FILE_DIRECTORY, &d);
	if (st != EFI_SUCCESS)
		return st;
	int dir = is_directory(d);
	d->Close(d);
	return dir ? EFI_SUCCESS : EFI_ACCESS_DENIED; /* a file is in the way */
}

int upm_os_mkdir_p(const char *path)
{
	size_t n = upm_strlen(path);
	char *prefix = upm_os_alloc(n + 1);
	int rc = UPM_OK;
	if (!prefix)
		return UPM_ENOMEM;
	for (size_t i = 1; i <= n && rc == UPM_OK; i++) {
		if (i < n && path[i] != '/')
			continue;
		if (path[i - 1] == '/')
			continue; /* empty component */
		upm_memcpy(prefix, path, i);
		prefix[i] = 0;
		rc = status_of(ensure_dir(prefix));
	}
	upm_os_free(prefix);
	return rc;
}

/* Sets an open file's length to zero (create/truncate semantics). */
static EFI_STATUS truncate_file(EFI_FILE_HANDLE f)
{
	EFI_FILE_INFO *info;
	EFI_STATUS st = file_info(f, &info);
	if (st != EFI_SUCCESS)
		return st;
	if (info->FileSize != 0) {
		info->FileSize = 0;
		st = f->SetInfo(f, &GenericFileInfo, info->Size, info);
	}
	upm_os_free(info);
	return st;
}

/* Writes all of data at the file's position and flushes it. */
static EFI_STATUS write_all(EFI_FILE_HANDLE f, const void *data, size_t len)
{
	const uint8_t *p = data;
	EFI_STATUS st = EFI_SUCCESS;
	while (st == EFI_SUCCESS && len) {
		UINTN n = len;
		st = f->Write(f, &n, (void *)p);
		if (st == EFI_SUCCESS && n == 0)
			st = EFI_VOLUME_FULL; /* no progress: never loop forever */
		p += n;
		len -= n;
	}
	return st == EFI_SUCCESS ? f->Flush(f) : st;
}

int upm_os_write_file(const char *path, const void *data, size_t len)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st = open_path(path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE,
				  0, &f);
	if (st != EFI_SUCCESS)
		return status_of(st);
	if (is_directory(f)) {
		f->Close(f);
		return UPM_EIO;
	}
	st = truncate_file(f);
	if (st == EFI_SUCCESS)
		st = write_all(f, data, len);
	if (st != EFI_SUCCESS) {
		/* A truncated file must not pass for a result. Delete also closes. */
		f->Delete(f);
		return status_of(st);
	}
	return status_of(f->Close(f)); /* Close also writes back: its error counts */
}

int upm_os_read_file(const char *path, void **data, size_t *len)
{
	EFI_FILE_HANDLE f;
	EFI_FILE_INFO *info;
	EFI_STATUS st = open_path(path, EFI_FILE_MODE_READ, 0, &f);
	if (st != EFI_SUCCESS)
		return status_of(st);
	if ((st = file_info(f, &info)) != EFI_SUCCESS) {
		f->Close(f);
		return status_of(st);
	}
	UINTN size = info->FileSize;
	int dir = (info->Attribute & EFI_FILE_DIRECTORY) != 0;
	upm_os_free(info);
	if (dir) {
		f->Close(f);
		return UPM_EIO;
	}
	char *buf = upm_os_alloc(size + 1); /* NUL-terminated for text parsers */
	if (!buf) {
		f->Close(f);
		return UPM_ENOMEM;
	}
	UINTN got = 0;
	while (st == EFI_SUCCESS && got < size) {
		UINTN n = size - got;
		st = f->Read(f, &n, buf + got);
		if (st == EFI_SUCCESS && n == 0)
			break; /* shorter than reported */
		got += n;
	}
	f->Close(f);
	if (st != EFI_SUCCESS) {
		upm_os_free(buf);
		return status_of(st);
	}
	buf[got] = 0;
	*data = buf;
	*len = got;
	return UPM_OK;
}

static const char *basename_of(const char *path)
{
	const char *b = path;
	for (const char *p = path; *p; p++)
		if (*p == '/' && p[1])
			b = p + 1;
	return b;
}

static int same_parent(const char *a, const char *b)
{
	while (*a == '/')
		a++;
	while (*b == '/')
		b++;
	size_t la = (size_t)(basename_of(a) - a), lb = (size_t)(basename_of(b) - b);
	return la == lb && upm_strncmp(a, b, la) == 0;
}

/* Removes an existing file or empty directory at path (rename replaces its target,
 * as on the host). */
static EFI_STATUS remove_existing(const char *path)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st = open_path(path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0, &f);
	if (st == EFI_NOT_FOUND)
		return EFI_SUCCESS;
	if (st != EFI_SUCCESS)
		return st;
	return f->Delete(f) == EFI_SUCCESS ? EFI_SUCCESS : EFI_ACCESS_DENIED; /* Delete closes */
}

/* Renaming is SetInfo with a new FileName: a bare name stays in the same directory,
 * a name starting with '\' is a path from the root. */
static CHAR16 *new_file_name(const char *from, const char *to)
{
	if (same_parent(from, to))
		return to_efi_path(basename_of(to));
	CHAR16 *rel = to_efi_path(to), *abs;
	UINTN n = 0;
	if (!rel)
		return NULL;
	while (rel[n])
		n++;
	abs = upm_os_alloc((n + 2) * sizeof(CHAR16));
	if (abs) {
		abs[0] = '\\';
		upm_memcpy(abs + 1, rel, (n + 1) * sizeof(CHAR16));
	}
	upm_os_free(rel);
	return abs;
}

static EFI_STATUS set_name(EFI_FILE_HANDLE f, const CHAR16 *name)
{
	EFI_FILE_INFO *info, *renamed;
	EFI_STATUS st = file_info(f, &info);
	UINTN n = 0;
	if (st != EFI_SUCCESS)
		return st;
	while (name[n])
		n++;
	UINTN size = SIZE_OF_EFI_FILE_INFO + (n + 1) * sizeof(CHAR16);
	renamed = upm_os_alloc(size);
	if (renamed) {
		upm_memcpy(renamed, info, SIZE_OF_EFI_FILE_INFO);
		renamed->Size = size;
		upm_memcpy(renamed->FileName, name, (n + 1) * sizeof(CHAR16));
		st = f->SetInfo(f, &GenericFileInfo, size, renamed);
		upm_os_free(renamed);
	} else {
		st = EFI_OUT_OF_RESOURCES;
	}
	upm_os_free(info);
	return st;
}

int upm_os_remove(const char *path)
{
	return status_of(remove_existing(path));
}

int upm_os_exists(const char *path)
{
	EFI_FILE_HANDLE f;
	if (open_path(path, EFI_FILE_MODE_READ, 0, &f) != EFI_SUCCESS)
		return 0;
	f->Close(f);
	return 1;
}

int upm_os_rename(const char *from, const char *to)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st;
	CHAR16 *name;

	if (same_parent(from, to) && upm_strcmp(basename_of(from), basename_of(to)) == 0)
		return UPM_OK;
	if ((st = open_path(from, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0, &f)) != EFI_SUCCESS)
		return status_of(st);
	name = new_file_name(from, to);
	if (!name)
		st = EFI_OUT_OF_RESOURCES;
	else if ((st = remove_existing(to)) == EFI_SUCCESS)
		st = set_name(f, name);
	EFI_STATUS cst = f->Close(f);
	upm_os_free(name);
	return status_of(st != EFI_SUCCESS ? st : cst);
}

/* 1 when the volume has less than a cluster free. A directory needs one: OVMF's FAT
 * driver, asked for one on a full volume, fails but leaves an entry that points at
 * cluster 0 (the root), which corrupts the tree; so upmon never asks then. */
static int volume_full(void)
{
	EFI_FILE_HANDLE root;
	UINTN size = SIZE_OF_EFI_FILE_SYSTEM_INFO + 64 * sizeof(CHAR16);
	EFI_FILE_SYSTEM_INFO *info;
	int full = 0;
	if (open_root(&root) != EFI_SUCCESS)
		return 0; /* the create below reports it */
	info = upm_os_alloc(size);
	if (info && root->GetInfo(root, &FileSystemInfo, &size, info) == EFI_SUCCESS)
		full = info->FreeSpace < (info->BlockSize ? info->BlockSize : 512);
	upm_os_free(info);
	root->Close(root);
	return full;
}

int upm_os_mkdir_new(const char *path)
{
	EFI_FILE_HANDLE d;
	EFI_STATUS st = open_path(path, EFI_FILE_MODE_READ, 0, &d);
	if (st == EFI_SUCCESS) {
		d->Close(d);
		return UPM_EINVAL; /* something of that name is there: the caller picks another */
	}
	if (st != EFI_NOT_FOUND)
		return status_of(st);
	if (volume_full())
		return UPM_ENOSPC;
	st = open_path(path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE,
		       EFI_FILE_DIRECTORY, &d);
	if (st != EFI_SUCCESS)
		return status_of(st);
	return status_of(d->Close(d));
}

/* Appends in place: the new bytes go past the old end, so no earlier byte is rewritten
 * and nothing depends on a rename (older vendor FAT drivers refuse SetInfo renames or
 * lose the entry, and a rename over a file deletes it first). A cut can lose only the
 * new bytes; a write that fails is cut back to the old length. */
int upm_os_append_file(const char *path, const void *data, size_t len)
{
	EFI_FILE_HANDLE f;
	EFI_FILE_INFO *info;
	EFI_STATUS st = open_path(path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE, 0, &f);
	if (st != EFI_SUCCESS)
		return status_of(st);
	if ((st = file_info(f, &info)) != EFI_SUCCESS) {
		f->Close(f);
		return status_of(st);
	}
	if (info->Attribute & EFI_FILE_DIRECTORY) {
		upm_os_free(info);
		f->Close(f);
		return UPM_EIO;
	}
	UINT64 old = info->FileSize;
	st = f->SetPosition(f, old);
	if (st == EFI_SUCCESS)
		st = write_all(f, data, len);
	if (st != EFI_SUCCESS) {
		/* A partial line must not pass for a row: back to the old length (a file this
		 * call created goes). */
		if (old == 0) {
			f->Delete(f); /* Delete also closes */
		} else {
			info->FileSize = old;
			f->SetInfo(f, &GenericFileInfo, info->Size, info);
			f->Close(f);
		}
		upm_os_free(info);
		return status_of(st);
	}
	upm_os_free(info);
	return status_of(f->Close(f)); /* Close also writes back: its error counts */
}
