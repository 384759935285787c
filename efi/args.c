/* The command line, and who started upmon.
 *
 * Started by a shell: the UEFI Shell 2.x installs EFI_SHELL_PARAMETERS_PROTOCOL on the
 * image handle, the EFI 1.1 shell its SHELL_INTERFACE_PROTOCOL; either gives argv, with
 * the program's name first. That is the only test of "from the shell": gnu-efi's
 * GetShellArgcArgv is not used because in 3.0.15, with neither protocol present, it
 * splits LoadOptions instead, so a boot entry's text would pass for a shell.
 *
 * Otherwise the firmware's boot manager (\EFI\BOOT\BOOTX64.EFI on removable media, or
 * a Boot#### entry) or some other loader started it: the command line is LoadOptions
 * only when they read as one for upmon (core/cli/load_options.c decides: UCS-2 printable
 * text naming the program, a command or an option first). OVMF's removable-media boot
 * passes none (LoadOptionsSize 0, checked with a probe under OVMF 2022.11); EDK2 stores a
 * binary GUID in boot options it creates itself, HP the two bytes "RC", AMI binary data:
 * those are recorded in hex (upmon.log) and there is no command line. On this path a
 * missing command means the lab's default job, `check` (core/commands/app_options.c;
 * docs/command-line.md, Booting from the stick). */
#include "efi/efi_env.h"
#include <efishellintf.h>
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "core/cli/load_options.h"

static char program_name[] = "upmon";
static char *fallback_argv[] = { program_name, NULL };

static int is_space(CHAR16 c)
{
	return c == ' ' || c == '\t';
}

/* Splits on spaces and tabs; double quotes group words and are removed. With argv
 * NULL only counts. Token bytes go to buf (UCS-2, NUL-separated). */
static int split(const CHAR16 *s, UINTN len, CHAR16 *buf, CHAR16 **argv)
{
	int argc = 0;
	UINTN i = 0, o = 0;
	while (i < len) {
		while (i < len && is_space(s[i]))
			i++;
		if (i >= len)
			break;
		int quoted = 0;
		if (argv)
			argv[argc] = buf + o;
		for (; i < len && (quoted || !is_space(s[i])); i++) {
			if (s[i] == '"')
				quoted = !quoted;
			else if (buf)
				buf[o++] = s[i];
		}
		if (buf)
			buf[o++] = 0;
		argc++;
	}
	return argc;
}

static int from_ucs2_list(CHAR16 **list, int n, int add_program, struct upm_efi_args *out)
{
	int argc = n + (add_program ? 1 : 0);
	char **argv = upm_os_alloc(((size_t)argc + 1) * sizeof *argv);
	if (!argv)
		return -1;
	int k = 0;
	if (add_program)
		argv[k++] = upm_strdup(program_name);
	for (int i = 0; i < n; i++) {
		UINTN len = 0;
		while (list[i][len])
			len++;
		argv[k++] = upm_efi_ucs2_to_utf8(list[i], len);
	}
	argv[k] = NULL;
	for (int i = 0; i < argc; i++) {
		if (!argv[i]) {
			for (int j = 0; j < argc; j++)
				upm_os_free(argv[j]);
			upm_os_free(argv);
			return -1;
		}
	}
	out->argc = argc;
	out->argv = argv;
	return 0;
}

/* The name of the image's file: the last file-path node of the path it was loaded by
 * ("\EFI\BOOT\BOOTX64.EFI"), as UTF-8 into buf; "" when it has none. */
static void image_file_name(EFI_LOADED_IMAGE *li, char *buf, size_t size)
{
	buf[0] = 0;
	for (EFI_DEVICE_PATH *dp = li->FilePath; dp && !IsDevicePathEnd(dp); dp = NextDevicePathNode(dp)) {
		UINTN len = DevicePathNodeLength(dp);
		if (DevicePathType(dp) != MEDIA_DEVICE_PATH || DevicePathSubType(dp) != MEDIA_FILEPATH_DP ||
		    len < sizeof(EFI_DEVICE_PATH) + sizeof(CHAR16))
			continue;
		const CHAR16 *name = ((FILEPATH_DEVICE_PATH *)dp)->PathName;
		UINTN n = 0, max = (len - sizeof(EFI_DEVICE_PATH)) / sizeof(CHAR16);
		while (n < max && name[n])
			n++;
		char *utf8 = upm_efi_ucs2_to_utf8(name, n);
		if (utf8)
			upm_strlcpy(buf, utf8, size);
		upm_os_free(utf8);
	}
}

static int from_load_options(EFI_HANDLE image, struct upm_efi_args *out)
{
	static char note[UPM_LOADOPT_HEX_MAX * 3 + 400]; /* kept for the run: env points at it */
	EFI_LOADED_IMAGE *li = NULL;
	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) != EFI_SUCCESS || !li)
		return 0;
	char name[256];
	struct upm_load_options_decision d;
	image_file_name(li, name, sizeof name);
	upm_load_options_decide(li->LoadOptions, li->LoadOptionsSize, name, &d);
	if (d.verdict == UPM_LOADOPT_IGNORED) {
		upm_load_options_note(li->LoadOptions, li->LoadOptionsSize, d.reason, note, sizeof note);
		out->load_options_note = note;
	}
	if (d.verdict != UPM_LOADOPT_COMMAND_LINE)
		return 0;
	const CHAR16 *s = li->LoadOptions;
	UINTN len = d.text_units;
	int n = split(s, len, NULL, NULL);
	if (n == 0)
		return 0;

	CHAR16 *buf = upm_os_alloc((len + (UINTN)n) * sizeof(CHAR16));
	CHAR16 **list = upm_os_alloc((size_t)n * sizeof *list);
	int rc = -1;
	if (buf && list) {
		split(s, len, buf, list);
		/* A boot entry may or may not name the program first, as the shell does. */
		rc = from_ucs2_list(list, n, !d.names_program, out);
	}
	upm_os_free(buf);
	upm_os_free(list);
	return rc == 0;
}

/* The shell's argv when a shell started us (see the top), else -1. */
static INTN shell_args(EFI_HANDLE image, CHAR16 ***argv)
{
	static EFI_GUID shell_interface_guid = SHELL_INTERFACE_PROTOCOL_GUID;
	EFI_SHELL_PARAMETERS_PROTOCOL *params = NULL;
	EFI_SHELL_INTERFACE *shell = NULL;

	if (BS->OpenProtocol(image, &ShellParametersProtocolGuid, (void **)&params, image, NULL,
			     EFI_OPEN_PROTOCOL_GET_PROTOCOL) == EFI_SUCCESS && params) {
		*argv = params->Argv;
		return (INTN)params->Argc;
	}
	if (BS->OpenProtocol(image, &shell_interface_guid, (void **)&shell, image, NULL,
			     EFI_OPEN_PROTOCOL_GET_PROTOCOL) == EFI_SUCCESS && shell) {
		*argv = shell->Argv;
		return (INTN)shell->Argc;
	}
	return -1;
}

void upm_efi_args_get(EFI_HANDLE image, struct upm_efi_args *out)
{
	CHAR16 **shell_argv = NULL;
	INTN n = shell_args(image, &shell_argv);

	out->argc = 1;
	out->argv = fallback_argv;
	out->from_shell = n >= 0;
	out->has_command_line = n >= 0;
	out->load_options_note = NULL;
	if (n >= 0) {
		if (n > 0)
			from_ucs2_list(shell_argv, (int)n, 0, out);
		return;
	}
	out->has_command_line = from_load_options(image, out);
}

void upm_efi_args_free(struct upm_efi_args *a)
{
	if (a->argv != fallback_argv) {
		for (int i = 0; i < a->argc; i++)
			upm_os_free(a->argv[i]);
		upm_os_free(a->argv);
	}
	a->argc = 1;
	a->argv = fallback_argv;
}
