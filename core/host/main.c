/* The Linux program: the same core as upmon.efi, with the mock backend and the installed
 * machine's registers (--backend linux, core/host/linux_env.h). */
#include "core/commands/app.h"
#include "core/host/os_host.h"
#include "platform/base/str.h"
#include "core/cli/cli_args.h"
#include "boxes/platform.h"
#include "platform/mock/model.h"
#include "core/host/linux_env.h"

/* The simulated processors follow the global --sockets (wherever it is written, in
 * either form: core/cli/cli_args.h) so the mock's sockets all have a CPU, and without it
 * the mock model's own socket count (--platform's: one for a client part, whose simulated
 * machine then has one socket as the mock's uncore does). */
static unsigned sockets_from_argv(int argc, char **argv)
{
	unsigned n = upm_app_sockets_asked(argc, argv);
	const char *name = upm_cli_option_value(argc, argv, "--platform");
	const struct upm_platform *p = name ? upm_platform_by_name(name) : NULL;
	const struct upm_mock_model *model = p ? upm_mock_model_find(p->name) : NULL;
	return n ? n : model ? model->default_sockets : 2;
}

int main(int argc, char **argv)
{
	struct upm_app_env env = { 0 };
	upm_host_simulate(sockets_from_argv(argc, argv), 2);
	upm_host_knobs_from_env();
	upm_host_catch_sigint();
	/* As the stick's removable boot starts it (UPMON_HOST_FROM_FIRMWARE=1: tests). */
	env.launched_by_firmware = upm_host_from_firmware();
	/* --backend linux: the machine's own processors (a failure is said when the backend
	 * is made, as the run's one error line). */
	const char *backend = upm_cli_option_value(argc, argv, "--backend");
	if (backend && upm_strcmp(backend, "linux") == 0) {
		char err[200];
		upm_host_linux_setup(err, sizeof err);
	}
	env.create_linux_backend = upm_host_linux_backend;
	env.create_perf_backend = upm_host_perf_backend;
	env.args_from_config = env.launched_by_firmware;
	return upm_main(argc, argv, &env);
}
