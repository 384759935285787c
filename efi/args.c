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
 * when they hold text (a boot entry's arguments). OVMF's removable-media boot passes
 * none (LoadOptionsSize 0, checked with a probe under OVMF 2022.11), and EDK2 stores a
 * binary GUID in boot options it creates itself: then there is no command line. On
 * this path a missing command means the lab's default job, `check`
 * (core/commands/app_options.c; docs/command-line.md, Booting from the stick). */
#include "efi/efi_env.h"
#include <efishellintf.h>
#include "core/base/os.h"
#include "core/base/str.h"

static char program_name[] = "upmon";
static char *fallback_argv[] = { program_name, NULL };

static int is_space(CHAR16 c)
{
	return c == ' ' || c == '\t';
}

/* Printable text up to the first NUL (or the end): a command line, not binary data. */
static UINTN text_length(const CHAR16 *s, UINTN max)
{
	UINTN n = 0;
	for (; n < max && s[n]; n++) {
		CHAR16 c = s[n];
		if ((c < 0x20 && c != '\t') || (c >= 0x7F && c < 0xA0) ||
		    (c >= 0xD800 && c <= 0xDFFF) || c >= 0xFFFE)
			return 0;
	}
	return n;
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

static int ends_with_efi(const char *s)
{
	size_t n = upm_strlen(s);
	return n >= 4 && upm_strcasecmp(s + n - 4, ".efi") == 0;
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

static int from_load_options(EFI_HANDLE image, struct upm_efi_args *out)
{
	EFI_LOADED_IMAGE *li = NULL;
	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) != EFI_SUCCESS || !li ||
	    !li->LoadOptions || li->LoadOptionsSize < sizeof(CHAR16) || (li->LoadOptionsSize & 1))
		return 0;
	const CHAR16 *s = li->LoadOptions;
	UINTN len = text_length(s, li->LoadOptionsSize / sizeof(CHAR16));
	int n = split(s, len, NULL, NULL);
	if (n == 0)
		return 0;

	CHAR16 *buf = upm_os_alloc((len + (UINTN)n) * sizeof(CHAR16));
	CHAR16 **list = upm_os_alloc((size_t)n * sizeof *list);
	int rc = -1;
	if (buf && list) {
		split(s, len, buf, list);
		rc = from_ucs2_list(list, n, 0, out);
		/* A boot entry may or may not name the program first, as the shell does. */
		if (rc == 0 && !ends_with_efi(out->argv[0])) {
			upm_efi_args_free(out);
			rc = from_ucs2_list(list, n, 1, out);
		}
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
