/* Room platform/mock/spr: the Sapphire and Emerald Rapids mock models; for now stand-ins
 * that refuse to be created (model_bootstrap.c). Includes platform/mock and base. */
#ifndef UPMON_PLATFORM_MOCK_SPR_MODEL_BOOTSTRAP_H
#define UPMON_PLATFORM_MOCK_SPR_MODEL_BOOTSTRAP_H
#include "platform/mock/model.h"
#endif
