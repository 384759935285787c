/* The run-in-progress marker's fields as the next start reads them (core/cli/progress.h). */
#include "tests/unit/test.h"
#include "core/cli/progress.h"

#include <string.h>

TEST(progress_marker_fields_parsed_by_name)
{
	/* Edited on another system (CRLF), fields in any order, an unknown one ignored. */
	static const char text[] = "upmon: a run in progress.\r\nstep: check pass 3: [2/2] kernels\r\n"
				   "start: 2026-01-02T03:04:05+01:00\r\nfuture: x\r\ncommand: check\r\n"
				   "detail: session of imc: starting, pass 1 of 1, socket 1\r\nfolder: \r\n";
	struct upm_progress_marker m;
	upm_progress_parse(text, sizeof text - 1, &m);
	CHECK_STR(m.step, "check pass 3: [2/2] kernels");
	CHECK_STR(m.start, "2026-01-02T03:04:05+01:00");
	CHECK_STR(m.command, "check");
	CHECK_STR(m.detail, "session of imc: starting, pass 1 of 1, socket 1");
	CHECK_STR(m.folder, "");
	CHECK_STR(m.command_line, "");
}

TEST(progress_marker_cut_mid_line_keeps_what_was_written)
{
	/* A reset while the marker was written: the last line is cut, the others stand. */
	static const char text[] = "command: run\nstep: run: saving the res";
	struct upm_progress_marker m;
	upm_progress_parse(text, sizeof text - 1, &m);
	CHECK_STR(m.command, "run");
	CHECK_STR(m.step, "run: saving the res");
}

TEST(progress_marker_value_longer_than_its_field_is_cut)
{
	char text[600];
	memset(text, 'a', sizeof text);
	memcpy(text, "serial: ", 8);
	struct upm_progress_marker m;
	upm_progress_parse(text, sizeof text, &m);
	CHECK_EQ(strlen(m.serial), sizeof m.serial - 1);
}
