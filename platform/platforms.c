#include "platform/platform.h"
#include "core/base/str.h"

extern const struct upm_platform upm_platform_snbep;
extern const struct upm_platform upm_platform_skl;
extern const struct upm_platform upm_platform_ivbep;
extern const struct upm_platform upm_platform_nhmex;
extern const struct upm_platform upm_platform_wsmex;

const struct upm_platform *const upm_platforms[] = {
	&upm_platform_snbep,
	&upm_platform_skl,
	&upm_platform_ivbep,
	&upm_platform_nhmex,
	&upm_platform_wsmex,
};
const unsigned upm_n_platforms = UPM_ARRAY_LEN(upm_platforms);

const struct upm_platform *upm_platform_by_name(const char *name)
{
	for (unsigned i = 0; i < upm_n_platforms; i++)
		if (upm_strcasecmp(upm_platforms[i]->name, name) == 0)
			return upm_platforms[i];
	return NULL;
}

const struct upm_platform *upm_platform_by_cpu(const struct upm_cpu_ident *id)
{
	if (upm_strcmp(id->vendor, "GenuineIntel") != 0)
		return NULL;
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		if (p->family != id->family)
			continue;
		for (unsigned k = 0; k < sizeof p->models && p->models[k]; k++)
			if (p->models[k] == id->model)
				return p;
	}
	return NULL;
}

const struct upm_box_type *upm_platform_box(const struct upm_platform *p, const char *name)
{
	for (unsigned i = 0; i < p->n_boxes; i++)
		if (upm_strcasecmp(p->boxes[i]->name, name) == 0)
			return p->boxes[i];
	return NULL;
}
