/* The Linux program: the same core as upmon.efi, with the mock backend only. */
#include "core/commands/app.h"
#include "core/host/os_host.h"
#include "core/base/str.h"
#include "platform/platform.h"

/* The simulated processors follow the global --sockets so the mock's sockets all have
 * a CPU, and without it the mock's own socket count (--platform's: one for a client
 * part, whose simulated machine then has one socket as the mock's uncore does). Only the
 * options before the command count (`run --sockets LIST` is another option); every
 * global option but --dry-run and --force-platform takes a value. */
static unsigned sockets_from_argv(int argc, char **argv)
{
	unsigned sockets = 0, platform = 0;
	for (int i = 1; i + 1 < argc && upm_starts_with(argv[i], "--"); i += 2) {
		uint64_t n;
		const struct upm_platform *p;
		if (upm_strcmp(argv[i], "--dry-run") == 0 || upm_strcmp(argv[i], "--force-platform") == 0) {
			i--;
			continue;
		}
		if (upm_strcmp(argv[i], "--sockets") == 0 && upm_parse_u64(argv[i + 1], &n) == 0 &&
		    n >= 1 && n <= UPM_MAX_SOCKETS)
			sockets = (unsigned)n;
		if (upm_strcmp(argv[i], "--platform") == 0 && (p = upm_platform_by_name(argv[i + 1])) &&
		    p->default_sockets)
			platform = p->default_sockets;
	}
	return sockets ? sockets : platform ? platform : 2;
}

int main(int argc, char **argv)
{
	struct upm_app_env env = { 0 };
	upm_host_simulate(sockets_from_argv(argc, argv), 2);
	upm_host_knobs_from_env();
	upm_host_catch_sigint();
	return upm_main(argc, argv, &env);
}
