/* The Linux program: the same core as upmon.efi, with the mock backend only. */
#include "core/commands/app.h"
#include "core/host/os_host.h"
#include "core/base/str.h"

/* The simulated processors follow the global --sockets (wherever it is written, in
 * either form: core/cli/cli_args.h) so the mock's sockets all have a CPU. */
static unsigned sockets_from_argv(int argc, char **argv)
{
	unsigned n = upm_app_sockets_asked(argc, argv);
	return n ? n : 2;
}

int main(int argc, char **argv)
{
	struct upm_app_env env = { 0 };
	upm_host_simulate(sockets_from_argv(argc, argv), 2);
	upm_host_knobs_from_env();
	upm_host_catch_sigint();
	return upm_main(argc, argv, &env);
}
