/* Stand-ins for the Sapphire and Emerald Rapids mock models until platform/mock/spr/
 * has them: creating either says so. */
#include "platform/mock/spr/model_bootstrap.h"
#include "platform/base/str.h"

static int not_yet(struct upm_mock *m)
{
	upm_snprintf(m->error, sizeof m->error, "the Sapphire/Emerald Rapids mock model is not built in yet");
	return -1;
}

const struct upm_mock_model upm_mock_model_spr = { "spr", 2, 2, not_yet };
const struct upm_mock_model upm_mock_model_emr = { "emr", 2, 2, not_yet };
