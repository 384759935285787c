#include "platform/mock/models.h"
#include "platform/base/str.h"

int upm_mock_build_snbep(struct upm_mock *m);
int upm_mock_build_skl(struct upm_mock *m);
int upm_mock_build_ivbep(struct upm_mock *m);
int upm_mock_build_nhmex(struct upm_mock *m);
int upm_mock_build_wsmex(struct upm_mock *m);

static const struct upm_mock_model models[] = {
	{ "snbep", 2, 4, upm_mock_build_snbep },
	{ "skl", 1, 1, upm_mock_build_skl },
	{ "ivbep", 2, 4, upm_mock_build_ivbep },
	{ "nhmex", 2, 4, upm_mock_build_nhmex },
	{ "wsmex", 2, 4, upm_mock_build_wsmex },
};

const struct upm_mock_model *upm_mock_model_find(const char *platform)
{
	for (unsigned i = 0; i < UPM_ARRAY_LEN(models); i++)
		if (upm_strcasecmp(models[i].platform, platform) == 0)
			return &models[i];
	return NULL;
}
