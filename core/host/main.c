/* The Linux program: the same core as upmon.efi, with the mock backend only. */
#include "core/app.h"
#include "core/host/os_host.h"
#include "core/str.h"

/* The simulated processors follow --sockets so the mock's sockets all have a CPU. */
static unsigned sockets_from_argv(int argc, char **argv)
{
	for (int i = 1; i + 1 < argc; i++) {
		uint64_t n;
		if (upm_strcmp(argv[i], "--sockets") == 0 && upm_parse_u64(argv[i + 1], &n) == 0 &&
		    n >= 1 && n <= UPM_MAX_SOCKETS)
			return (unsigned)n;
	}
	return 2;
}

int main(int argc, char **argv)
{
	struct upm_app_env env = { 0 };
	upm_host_simulate(sockets_from_argv(argc, argv), 2);
	return upm_main(argc, argv, &env);
}
