/* The run's identity on the console and in every file (identity.h). */
#include "core/cli/invocation.h"
#include "platform/base/os.h"
#include "platform/base/url.h"
#include "core/cli/console_wrap.h"
#include "platform/replay.h"
#include <stdarg.h>

void upm_ident_start(struct upm_run *r, int argc, char **argv)
{
	r->ident.argc = argc;
	r->ident.argv = argv;
	r->ident.start_ok = upm_os_wall_time(&r->ident.start) == UPM_OK;
	r->ident.start_ns = upm_os_nanoseconds();
	upm_machine_unavailable(&r->ident.machine, "not read yet");
	r->ident.secure_boot.state = UPM_SECURE_BOOT_UNKNOWN;
	r->ident.secure_boot.secure_boot = r->ident.secure_boot.setup_mode = -1;
	upm_strlcpy(r->ident.secure_boot.text, "unknown (not read yet)", sizeof r->ident.secure_boot.text);
}

void upm_ident_stop(struct upm_run *r)
{
	if (r->ident.stopped)
		return;
	r->ident.stopped = 1;
	r->ident.end_ok = upm_os_wall_time(&r->ident.end) == UPM_OK;
	r->ident.end_ns = upm_os_nanoseconds();
}

const char *upm_ident_backend(const struct upm_run *r)
{
	switch (r->opts.backend) {
	case UPM_BACKEND_MOCK: return "mock";
	case UPM_BACKEND_REPLAY: return "replay";
	case UPM_BACKEND_LINUX: return "linux";
	case UPM_BACKEND_PERF: return "perf";
	default: return "hw";
	}
}

/* The recording a replay answers from, or NULL. */
static const char *replay_of(const struct upm_run *r)
{
	return r->opts.backend == UPM_BACKEND_REPLAY ? r->opts.replay_path : NULL;
}

/* What the recording was, when its header says: " (recorded from the mock backend, a dry
 * run)"; "" otherwise. A replay of the mock is no more a measurement than the mock. */
const char *upm_ident_replay_recording(const struct upm_run *r, char *buf, size_t size)
{
	int dry = 0;
	struct upm_backend *b = replay_of(r) ? upm_replay_find(r->backend) : NULL;
	const char *from = b ? upm_replay_recorded_backend(b, &dry) : NULL;
	const char *faults = b ? upm_replay_recorded_faults(b) : NULL;
	buf[0] = 0;
	if (from || dry || faults) /* what the recorded machine was: its faults were made up */
		upm_snprintf(buf, size, " (recorded from the %s backend%s%s%s)", from ? from : "unnamed",
			     faults ? " with faults " : "", faults ? faults : "", dry ? ", a dry run" : "");
	return buf;
}

const char *upm_ident_replay_divergence(const struct upm_run *r)
{
	return replay_of(r) ? upm_replay_divergence(upm_replay_find(r->backend)) : NULL;
}

const char *upm_ident_mock_faults(const struct upm_run *r)
{
	return r->opts.backend == UPM_BACKEND_MOCK && r->opts.mock_faults && r->opts.mock_faults[0]
		       ? r->opts.mock_faults
		       : NULL;
}

/* "06_2DH": Intel's DisplayFamily_DisplayModel notation. */
static void signature(const struct upm_run *r, char *buf, size_t size)
{
	upm_snprintf(buf, size, "%02X_%02XH", r->cpu.family, r->cpu.model);
}

/* "0x710" when every socket read agrees with the BSP, else "0x710 (socket 0 0x710,
 * socket 1 0x70d)" with "?" for a socket that could not be read. */
static void microcode_list(const struct upm_run *r, struct upm_buf *b)
{
	int mixed = 0;
	unsigned n = r->n_sockets < UPM_MAX_SOCKETS ? r->n_sockets : UPM_MAX_SOCKETS;
	for (unsigned s = 0; s < n; s++)
		mixed |= r->ident.microcode_ok[s] && r->ident.microcode[s] != r->cpu.microcode;
	upm_buf_printf(b, "0x%x", r->cpu.microcode);
	if (!mixed)
		return;
	for (unsigned s = 0; s < n; s++) {
		upm_buf_printf(b, "%ssocket %u ", s ? ", " : " (", s);
		if (r->ident.microcode_ok[s])
			upm_buf_printf(b, "0x%x", r->ident.microcode[s]);
		else
			upm_buf_puts(b, "?");
	}
	upm_buf_puts(b, ")");
}

/* An identity line within 80 columns (a long command line or machine names): its
 * continuations open with "identity:   ", so every identity line says what it is;
 * results.json keeps each whole. */
static void say(struct upm_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct upm_run *r, const char *fmt, ...)
{
	struct upm_buf line;
	va_list ap;
	upm_buf_init(&line);
	va_start(ap, fmt);
	upm_buf_vprintf(&line, fmt, ap);
	va_end(ap);
	upm_say_wrapped_under(r, "identity:   ", 0, line.data ? line.data : "");
	upm_buf_free(&line);
}

/* A word of the command line as files and the console show it: a URL's query hidden
 * (platform/base/url.h). */
static void put_word(struct upm_buf *b, const char *word, int json)
{
	char *shown = upm_url_hide_queries(word);
	if (!shown) {
		b->failed = 1;
		return;
	}
	if (json)
		upm_buf_json_string(b, shown);
	else
		upm_buf_puts(b, shown);
	upm_os_free(shown);
}

void upm_ident_command_line(const struct upm_run *r, struct upm_buf *b)
{
	for (int i = 0; i < r->ident.argc; i++) {
		upm_buf_puts(b, i ? " " : "");
		put_word(b, r->ident.argv[i], 0);
	}
}

void upm_ident_say(struct upm_run *r)
{
	char start[40], sig[16];
	struct upm_buf cl;
	const struct upm_machine *m = &r->ident.machine;

	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, start, sizeof start);
	/* Into the log now; on the console before the first line that is no error, so a usage
	 * error is one line there (core/cli/invocation.c). */
	r->console_held = 1;
	r->console_pending = r->log.len;
	r->console_pending_len = 0;
	say(r, "identity: upmon %s (revision %s) on %s, started %s", UPM_VERSION, upm_revision(), upm_os_name(),
		start);
	if (!r->ident.start_ok) /* docs/results.md, A folder per run */
		say(r, "identity: NO CLOCK: the firmware's clock did not answer (a flat CMOS battery?): the run has "
		       "no date, its folder is numbered notime-N instead; set the clock in the firmware setup");
	/* What makes the counts below no measurement comes first. */
	if (r->opts.dry_run)
		say(r, "identity: DRY RUN: no register is written, counts are not measurements");
	if (upm_ident_mock_faults(r))
		say(r, "identity: MOCK FAULTS INJECTED: %s", upm_ident_mock_faults(r));
	if (r->opts.backend == UPM_BACKEND_MOCK)
		say(r, "identity: MOCK BACKEND: simulated registers, these are not measurements of this machine");
	char rec[224];
	if (replay_of(r))
		say(r, "identity: REPLAY of %s%s: registers and CPUID answered from that recording, these are not "
		       "measurements of this machine", replay_of(r), upm_ident_replay_recording(r, rec, sizeof rec));
	upm_buf_init(&cl);
	upm_ident_command_line(r, &cl);
	say(r, "identity: command line: %s", cl.data ? cl.data : "(none: the default job)");
	upm_buf_free(&cl);
	if (r->ident.config_path)
		say(r, "identity: configuration: %s", r->ident.config_path);
	else
		say(r, "identity: configuration: none");
	if (m->available) {
		char board[2 * UPM_SMBIOS_STR + 2];
		upm_snprintf(board, sizeof board, "%s%s%s", m->board_manufacturer,
			     m->board_manufacturer[0] && m->board_product[0] ? " " : "", m->board_product);
		say(r, "identity: machine: %s %s, serial %s, UUID %s; board %s; BIOS %s %s %s; "
			   "%u of %u sockets populated; %u memory device%s",
			m->manufacturer, m->product, m->serial[0] ? m->serial : "none", m->uuid[0] ? m->uuid : "none",
			board[0] ? board : "none", m->bios_vendor, m->bios_version, m->bios_date,
			m->sockets_populated, m->sockets, m->n_mem_total, m->n_mem_total == 1 ? "" : "s");
	}
	else
		say(r, "identity: machine: unavailable (%s)", m->why);
	say(r, "identity: secure boot: %s", r->ident.secure_boot.text);
	if (r->reads_files_only) {
		/* A command that reads only files (fleet): no processor was asked. */
		say(r, "identity: processor: not read, platform none, backend none: this command reads files "
			   "and no register");
		r->console_held = 0;
		return;
	}
	signature(r, sig, sizeof sig);
	struct upm_buf mc;
	upm_buf_init(&mc);
	microcode_list(r, &mc);
	say(r, "identity: processor: %s %s stepping %u, microcode %s, %s", r->cpu.vendor, sig, r->cpu.stepping,
		mc.data ? mc.data : "?", r->cpu.brand[0] ? r->cpu.brand : "no brand string");
	upm_buf_free(&mc);
	say(r, "identity: platform %s%s, backend %s", r->platform ? r->platform->name : "unsupported",
		r->platform_forced ? " (forced by --platform)" : "", upm_ident_backend(r));
	r->console_held = 0;
}

static void json_str_or_null(struct upm_buf *b, const char *s)
{
	if (s)
		upm_buf_json_string(b, s);
	else
		upm_buf_puts(b, "null");
}

static void json_machine(const struct upm_machine *m, struct upm_buf *b)
{
	if (!m->available) {
		upm_buf_puts(b, "{\"available\": false, \"reason\": ");
		upm_buf_json_string(b, m->why);
		upm_buf_puts(b, "}");
		return;
	}
	upm_buf_printf(b, "{\"available\": true, \"smbios\": \"%u.%u\", \"bios\": {\"vendor\": ", m->smbios_major,
		       m->smbios_minor);
	upm_buf_json_string(b, m->bios_vendor);
	upm_buf_puts(b, ", \"version\": ");
	upm_buf_json_string(b, m->bios_version);
	upm_buf_puts(b, ", \"date\": ");
	upm_buf_json_string(b, m->bios_date);
	upm_buf_puts(b, "},\n    \"system\": {\"manufacturer\": ");
	upm_buf_json_string(b, m->manufacturer);
	upm_buf_puts(b, ", \"product\": ");
	upm_buf_json_string(b, m->product);
	upm_buf_puts(b, ", \"serial\": ");
	upm_buf_json_string(b, m->serial);
	upm_buf_puts(b, ", \"uuid\": ");
	upm_buf_json_string(b, m->uuid);
	upm_buf_puts(b, "},\n    \"board\": {\"manufacturer\": ");
	upm_buf_json_string(b, m->board_manufacturer);
	upm_buf_puts(b, ", \"product\": ");
	upm_buf_json_string(b, m->board_product);
	upm_buf_puts(b, ", \"serial\": ");
	upm_buf_json_string(b, m->board_serial);
	upm_buf_printf(b, "},\n    \"sockets\": %u, \"sockets_populated\": %u, \"memory_devices\": %u, \"memory\": [",
		       m->sockets, m->sockets_populated, m->n_mem_total);
	for (unsigned i = 0; i < m->n_mem; i++) {
		const struct upm_memory_device *d = &m->mem[i];
		upm_buf_printf(b, "%s\n      {\"locator\": ", i ? "," : "");
		upm_buf_json_string(b, d->locator);
		if (d->size_known)
			upm_buf_printf(b, ", \"size_mb\": %llu", (unsigned long long)d->size_mb);
		else
			upm_buf_puts(b, ", \"size_mb\": null");
		upm_buf_printf(b, ", \"speed_mts\": %u, \"part_number\": ", d->speed_mts);
		upm_buf_json_string(b, d->part_number);
		upm_buf_puts(b, "}");
	}
	upm_buf_puts(b, "]}");
}

/* A variable's byte, or null when it was not read. */
static void json_flag(struct upm_buf *b, int v)
{
	if (v < 0)
		upm_buf_puts(b, "null");
	else
		upm_buf_printf(b, "%d", v);
}

static void json_secure_boot(const struct upm_secure_boot *sb, struct upm_buf *b)
{
	upm_buf_printf(b, ",\n  \"secure_boot\": {\"state\": \"%s\", \"secure_boot\": ",
		       upm_secure_boot_state_name(sb->state));
	json_flag(b, sb->secure_boot);
	upm_buf_puts(b, ", \"setup_mode\": ");
	json_flag(b, sb->setup_mode);
	upm_buf_puts(b, ", \"text\": ");
	upm_buf_json_string(b, sb->text);
	upm_buf_puts(b, "}");
}

void upm_ident_json(struct upm_run *r, struct upm_buf *b)
{
	char start[40], end[40], sig[16], dur[40];
	upm_ident_stop(r);
	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, start, sizeof start);
	upm_wall_time_iso(&r->ident.end, r->ident.end_ok, end, sizeof end);
	upm_format_double(dur, sizeof dur, (double)(r->ident.end_ns - r->ident.start_ns) / 1e9, 3);
	upm_buf_printf(b, "\n  \"schema\": %d,\n  \"tool\": \"upmon\",\n  \"version\": ", UPM_RESULTS_SCHEMA);
	upm_buf_json_string(b, UPM_VERSION);
	upm_buf_puts(b, ",\n  \"revision\": ");
	upm_buf_json_string(b, upm_revision());
	upm_buf_puts(b, ",\n  \"command\": ");
	json_str_or_null(b, r->opts.command);
	upm_buf_puts(b, ",\n  \"command_line\": [");
	for (int i = 0; i < r->ident.argc; i++) {
		upm_buf_puts(b, i ? ", " : "");
		put_word(b, r->ident.argv[i], 1);
	}
	upm_buf_puts(b, "],\n  \"environment\": ");
	upm_buf_json_string(b, upm_os_name());
	upm_buf_puts(b, ",\n  \"start\": ");
	upm_buf_json_string(b, start);
	upm_buf_puts(b, ",\n  \"end\": ");
	upm_buf_json_string(b, end);
	upm_buf_printf(b, ",\n  \"duration_s\": %s,\n  \"folder\": ", dur);
	upm_buf_json_string(b, r->run_name);
	upm_buf_puts(b, ",\n  \"configuration\": ");
	if (r->ident.config_path) {
		upm_buf_puts(b, "{\"path\": ");
		upm_buf_json_string(b, r->ident.config_path);
		upm_buf_puts(b, ", \"content\": ");
		json_str_or_null(b, r->ident.config_text);
		upm_buf_puts(b, "}");
	} else {
		upm_buf_puts(b, "null");
	}
	upm_buf_puts(b, ",\n  \"machine\": ");
	json_machine(&r->ident.machine, b);
	json_secure_boot(&r->ident.secure_boot, b);
	signature(r, sig, sizeof sig);
	upm_buf_puts(b, ",\n  \"processor\": {\"vendor\": ");
	upm_buf_json_string(b, r->cpu.vendor);
	upm_buf_printf(b, ", \"signature\": \"%s\", \"family\": %u, \"model\": %u, \"stepping\": %u, \"microcode\": %u, \"brand\": ",
		       sig, r->cpu.family, r->cpu.model, r->cpu.stepping, r->cpu.microcode);
	upm_buf_json_string(b, r->cpu.brand);
	upm_buf_puts(b, ", \"microcode_per_socket\": [");
	for (unsigned s = 0; s < r->n_sockets && s < UPM_MAX_SOCKETS; s++) {
		if (r->ident.microcode_ok[s])
			upm_buf_printf(b, "%s%u", s ? ", " : "", r->ident.microcode[s]);
		else
			upm_buf_printf(b, "%snull", s ? ", " : "");
	}
	upm_buf_printf(b, "], \"sockets\": %u},\n  \"platform\": ", r->n_sockets);
	json_str_or_null(b, r->platform ? r->platform->name : NULL);
	upm_buf_puts(b, ",\n  \"backend\": ");
	upm_buf_json_string(b, upm_ident_backend(r));
	upm_buf_puts(b, ",\n  \"mock_faults\": ");
	json_str_or_null(b, upm_ident_mock_faults(r));
	upm_buf_puts(b, ",\n  \"replay_of\": ");
	json_str_or_null(b, replay_of(r));
	upm_buf_puts(b, ",\n  \"replay_divergence\": ");
	json_str_or_null(b, upm_ident_replay_divergence(r));
	upm_buf_printf(b, ",\n  \"dry_run\": %s", r->opts.dry_run ? "true" : "false");
}

void upm_ident_csv_cells(const struct upm_run *r, struct upm_buf *b)
{
	/* The folder's name holds the machine's serial or host name: quoted if need be. */
	upm_buf_csv_field(b, r->run_name[0] ? r->run_name : "none");
	upm_buf_printf(b, ",%s,%s", upm_ident_backend(r), r->opts.dry_run ? "yes" : "no");
}

void upm_ident_csv(struct upm_run *r, struct upm_buf *b)
{
	char start[40], sig[16];
	const struct upm_machine *m = &r->ident.machine;
	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, start, sizeof start);
	signature(r, sig, sizeof sig);
	upm_buf_printf(b, "# upmon %s (revision %s) on %s, started %s, folder %s\n# command line: ", UPM_VERSION,
		       upm_revision(), upm_os_name(), start, r->run_name);
	upm_ident_command_line(r, b);
	/* The configuration can change what was counted and how it was judged. */
	upm_buf_printf(b, "\n# configuration: %s", r->ident.config_path ? r->ident.config_path : "none");
	if (m->available)
		upm_buf_printf(b, "\n# machine: %s %s, serial %s\n", m->manufacturer, m->product,
			       m->serial[0] ? m->serial : "none"); /* as the console says it */
	else
		upm_buf_printf(b, "\n# machine: unavailable (%s)\n", m->why);
	upm_buf_printf(b, "# processor: %s %s stepping %u, microcode ", r->cpu.vendor, sig, r->cpu.stepping);
	microcode_list(r, b);
	upm_buf_printf(b, "; platform %s; backend %s\n", r->platform ? r->platform->name : "unsupported",
		       upm_ident_backend(r));
	if (upm_ident_mock_faults(r))
		upm_buf_printf(b, "# MOCK FAULTS INJECTED: %s\n", upm_ident_mock_faults(r));
	char rec[224];
	if (replay_of(r))
		upm_buf_printf(b, "# REPLAY of %s%s: registers and CPUID answered from that recording, not measured\n",
			       replay_of(r), upm_ident_replay_recording(r, rec, sizeof rec));
	if (upm_ident_replay_divergence(r)) /* what follows it is no reading of the recording */
		upm_buf_printf(b, "# REPLAY DIVERGED: %s\n", upm_ident_replay_divergence(r));
	if (r->opts.dry_run)
		upm_buf_puts(b, "# DRY RUN: no register was written, counts are not measurements\n");
}

/* One name and value, formatted into the caller's callback. */
static void pair(void (*fn)(void *, const char *, const char *), void *ctx, const char *name,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void pair(void (*fn)(void *, const char *, const char *), void *ctx, const char *name,
		 const char *fmt, ...)
{
	struct upm_buf v;
	va_list ap;
	upm_buf_init(&v);
	va_start(ap, fmt);
	upm_buf_vprintf(&v, fmt, ap);
	va_end(ap);
	fn(ctx, name, v.data ? v.data : "");
	upm_buf_free(&v);
}

void upm_ident_each(struct upm_run *r, void (*fn)(void *ctx, const char *name, const char *value), void *ctx)
{
	char start[40], sig[16];
	struct upm_buf b;
	const struct upm_machine *m = &r->ident.machine;
	upm_wall_time_iso(&r->ident.start, r->ident.start_ok, start, sizeof start);
	signature(r, sig, sizeof sig);
	pair(fn, ctx, "upmon", "%s (revision %s)", UPM_VERSION, upm_revision());
	pair(fn, ctx, "environment", "%s", upm_os_name());
	pair(fn, ctx, "start", "%s", start);
	pair(fn, ctx, "folder", "%s", r->run_name);
	upm_buf_init(&b);
	upm_ident_command_line(r, &b);
	pair(fn, ctx, "command_line", "%s", b.data ? b.data : "");
	upm_buf_free(&b);
	pair(fn, ctx, "configuration", "%s", r->ident.config_path ? r->ident.config_path : "none");
	if (m->available)
		pair(fn, ctx, "machine", "%s %s, serial %s", m->manufacturer, m->product, m->serial[0] ? m->serial : "none");
	else
		pair(fn, ctx, "machine", "unavailable (%s)", m->why);
	pair(fn, ctx, "secure_boot", "%s", r->ident.secure_boot.text);
	upm_buf_init(&b);
	microcode_list(r, &b);
	pair(fn, ctx, "processor", "%s %s stepping %u, microcode %s", r->cpu.vendor, sig, r->cpu.stepping,
	     b.data ? b.data : "?");
	upm_buf_free(&b);
	pair(fn, ctx, "platform", "%s", r->platform ? r->platform->name : "unsupported");
	pair(fn, ctx, "backend", "%s", upm_ident_backend(r));
	if (upm_ident_mock_faults(r))
		pair(fn, ctx, "mock_faults", "%s", upm_ident_mock_faults(r));
	if (replay_of(r)) {
		char rec[224];
		pair(fn, ctx, "replay_of", "%s%s", replay_of(r), upm_ident_replay_recording(r, rec, sizeof rec));
	}
	if (upm_ident_replay_divergence(r))
		pair(fn, ctx, "replay_divergence", "%s", upm_ident_replay_divergence(r));
	pair(fn, ctx, "dry_run", "%s", r->opts.dry_run ? "yes" : "no");
}
