/* Whether a boot entry's LoadOptions are upmon's command line (core/cli/load_options.c).
 *
 * The firmware's boot manager hands an image its boot entry's OptionalData as
 * LoadOptions, and vendors put their own bytes there: HP's firmware-made USB entries the
 * two bytes "RC" (one UCS-2 character), AMI's binary data. Only text that reads as a
 * command line for upmon is one; anything else is recorded (in hex) and upmon.cfg's
 * args apply (docs/safety.md, A boot entry's LoadOptions). */
#ifndef UPMON_CORE_CLI_LOAD_OPTIONS_H
#define UPMON_CORE_CLI_LOAD_OPTIONS_H

#include "platform/base/str.h"

enum upm_load_options_verdict {
	UPM_LOADOPT_NONE,         /* nothing there (no bytes, or blank text): no command line */
	UPM_LOADOPT_COMMAND_LINE, /* upmon's command line */
	UPM_LOADOPT_IGNORED,      /* vendor data: recorded and ignored */
};

struct upm_load_options_decision {
	enum upm_load_options_verdict verdict;
	char reason[128];     /* why, one phrase ("" for COMMAND_LINE) */
	size_t text_units;    /* COMMAND_LINE: the UCS-2 characters of the line (before any NUL) */
	int names_program;    /* COMMAND_LINE: its first word is the image's name (argv[0]) */
};

/* Decides on bytes (UCS-2 little-endian, as UEFI passes LoadOptions) of size bytes.
 * image_name is the image's file path or name as the firmware loaded it
 * ("\EFI\BOOT\BOOTX64.EFI"), or NULL when unknown. A command line is printable ASCII (as
 * UCS-2) whose first word is the image's name (as the UEFI shell passes argv[0]: a path,
 * a name, with or without ".efi"), "upmon", a command or an option of upmon. */
void upm_load_options_decide(const void *bytes, size_t size, const char *image_name,
			     struct upm_load_options_decision *out);

/* The one line that records ignored LoadOptions: their size, their bytes in hex (the
 * first UPM_LOADOPT_HEX_MAX), the reason, and what applies instead; into buf. */
#define UPM_LOADOPT_HEX_MAX 64
void upm_load_options_note(const void *bytes, size_t size, const char *reason, char *buf, size_t buf_size);

#endif
