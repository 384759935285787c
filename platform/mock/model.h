/* What a mock model exports (platform/mock/NAME/model.c): one const struct upm_mock_model,
 * which the platform's registration (boxes/NAME/map.c, .mock) points at. The mock keeps no
 * list of its models: a model is found from its platform (boxes/platforms.c). */
#ifndef UPMON_PLATFORM_MOCK_MODEL_H
#define UPMON_PLATFORM_MOCK_MODEL_H

#include "platform/mock/mock.h"

struct upm_mock_model {
	const char *platform;     /* the platform it models, for the mock's messages */
	unsigned default_sockets; /* without --sockets (the host program's simulated CPUs too) */
	unsigned max_sockets;
	/* Sets CPUID identity, the ECAM window and every register; 0 or -1 with m->error. */
	int (*build)(struct upm_mock *m);
};

#endif
