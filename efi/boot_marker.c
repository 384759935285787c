/* The mark that upmon ran from the firmware in this boot, for the lab's startup.nsh: when
 * the firmware falls back to its shell after upmon returns, the script must not run
 * check a second time over the verdict the lab wanted to see.
 *
 * It belongs to this boot only: a volatile UEFI variable (no EFI_VARIABLE_NON_VOLATILE,
 * so gone at the next reset or power-on; UEFI 2.10, 8.2, SetVariable) under the UEFI
 * Shell's own variable GUID. The shell reads every variable under that GUID into its
 * environment when it starts (EDK2 ShellPkg, ShellEnvVar.c: the environment list is
 * filled through GetNextVariableName), so startup.nsh sees %upmon_ran_from_firmware%,
 * and `set -d` deletes it. A file on the stick, as before, outlived its boot: a shell
 * boot days later skipped its check (docs/safety.md, The shell after a direct boot). */
#include "efi/efi_env.h"

/* ShellPkg/Include/Guid/ShellVariableGuid.h: SHELL_VARIABLE_GUID. */
static EFI_GUID shell_variable_guid = { 0x158def5a, 0xf656, 0x419c, { 0xb0, 0x27, 0x7a, 0x31, 0x92, 0xc0, 0x79, 0xd2 } };

void upm_efi_mark_ran_from_firmware(void)
{
	static CHAR16 name[] = UPM_EFI_FIRMWARE_MARKER;
	static CHAR16 value[] = L"yes"; /* the shell's variables are UCS-2 strings with their NUL */
	/* Best effort: without it the shell runs check once more, which loses nothing. */
	(void)RT->SetVariable(name, &shell_variable_guid, EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS,
			      sizeof value, value);
}
