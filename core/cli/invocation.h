/* One invocation of upmon: options, backend, identity, and everything it prints. */
#ifndef UPMON_CORE_RUN_H
#define UPMON_CORE_RUN_H

#include "core/cli/cli.h"
#include "core/base/str.h"
#include "platform/backend.h"
#include "platform/cpu.h"
#include "platform/platform.h"

struct upm_config;
struct upm_check_safety;

#define UPM_VERSION "0.1.0"

/* A socket's uncore bus, found by core/session/discover.c. */
struct upm_socket_bus {
	int found;
	uint8_t bus;
	unsigned node_id;
};

struct upm_run {
	struct upm_options opts;
	struct upm_backend *backend;
	const struct upm_platform *platform; /* NULL: unsupported processor */
	int platform_forced;                 /* from --platform rather than CPUID */
	struct upm_cpu_ident cpu;
	struct upm_topology topo;
	unsigned n_sockets;                  /* sockets this run measures */
	const char *out_dir;
	struct upm_buf log;                  /* every line printed, saved as upmon.log */
	int media_error;                     /* results could not be written */
	const struct upm_config *config;     /* the configuration file's settings, or NULL */
	int pci_path_chosen;                 /* upm_pci_path_select() ran (core/session/pci_path.h) */
	struct upm_check_safety *safety;     /* check/selftest: facts of every session (core/check/check_safety.h) */
	/* Sockets whose processor failed the #GP guard's proof (core/session/guard_proof.h):
	 * skipped by every session of the run. */
	uint8_t socket_unguarded[UPM_MAX_SOCKETS];
	/* The uncore bus scan, done once per run (core/session/discover.h). */
	int bus_scanned;
	unsigned bus_scan_found;
	struct upm_socket_bus bus_scan[UPM_MAX_SOCKETS];
};

/* Prints to the console and keeps the line for the results folder. */
void upm_say(struct upm_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "upmon: error: ..." on the console (and in the log). */
void upm_error(struct upm_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes out_dir/name through a temporary name and a rename, so a cut never leaves a
 * partial file under the real name. On failure says so once, sets media_error and shows
 * the file on the console instead (not upmon.log, which is the console; at most 64 KiB). */
int upm_save(struct upm_run *r, const char *name, const struct upm_buf *content);
/* The same for a file anywhere (path as given, e.g. --trace FILE). */
int upm_save_path(struct upm_run *r, const char *path, const struct upm_buf *content);

#endif
