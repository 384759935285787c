/* The registry of mock models: one per platform. */
#ifndef UPMON_PLATFORM_MOCK_MODELS_H
#define UPMON_PLATFORM_MOCK_MODELS_H

#include "platform/mock/mock.h"

struct upm_mock_model {
	const char *platform;
	unsigned default_sockets;
	unsigned max_sockets;
	/* Sets CPUID identity, the ECAM window and every register; 0 or -1 with m->error. */
	int (*build)(struct upm_mock *m);
};

const struct upm_mock_model *upm_mock_model_find(const char *platform);

#endif
