/* The platform registry: every registered processor generation (boxes/NAME/map.c), and
 * what is found through it (a platform by name or CPUID, its mock model). */
#include "boxes/platform.h"
#include "platform/mock/mock.h"
#include "platform/mock/model.h"
#include "platform/base/str.h"

extern const struct upm_platform upm_platform_snbep;
extern const struct upm_platform upm_platform_skl;
extern const struct upm_platform upm_platform_ivbep;
extern const struct upm_platform upm_platform_nhmex;
extern const struct upm_platform upm_platform_wsmex;
extern const struct upm_platform upm_platform_spr;
extern const struct upm_platform upm_platform_emr;
extern const struct upm_platform upm_platform_gnr;
extern const struct upm_platform upm_platform_srf;

/* The one registry: every list of platform names (help, errors, info, suggestions) is
 * made from it, oldest generation first. */
const struct upm_platform *const upm_platforms[] = {
	&upm_platform_nhmex,
	&upm_platform_wsmex,
	&upm_platform_snbep,
	&upm_platform_ivbep,
	&upm_platform_skl,
	&upm_platform_spr,
	&upm_platform_emr,
	&upm_platform_gnr,
	&upm_platform_srf,
};
const unsigned upm_n_platforms = UPM_ARRAY_LEN(upm_platforms);

void upm_platform_names(char *out, unsigned long cap, const char *last_join)
{
	unsigned long len = 0;
	if (!cap)
		return;
	out[0] = 0;
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const char *join = i == 0 ? "" : i + 1 == upm_n_platforms ? last_join : ", ";
		const char *parts[] = { join, upm_platforms[i]->name };
		for (unsigned k = 0; k < 2; k++)
			for (const char *c = parts[k]; *c && len + 1 < cap; c++)
				out[len++] = *c;
	}
	out[len] = 0;
}

const struct upm_platform *upm_platform_by_name(const char *name)
{
	for (unsigned i = 0; i < upm_n_platforms; i++)
		if (upm_strcasecmp(upm_platforms[i]->name, name) == 0)
			return upm_platforms[i];
	for (unsigned i = 0; i < upm_n_platforms; i++)
		for (unsigned k = 0; k < UPM_ARRAY_LEN(upm_platforms[i]->aliases) && upm_platforms[i]->aliases[k]; k++)
			if (upm_strcasecmp(upm_platforms[i]->aliases[k], name) == 0)
				return upm_platforms[i];
	return NULL;
}

const struct upm_mock_model *upm_mock_model_find(const char *platform)
{
	for (unsigned i = 0; i < upm_n_platforms; i++)
		if (upm_strcasecmp(upm_platforms[i]->name, platform) == 0)
			return upm_platforms[i]->mock;
	return NULL;
}

struct upm_backend *upm_mock_create(const char *platform, unsigned n_sockets, const char *faults,
				    char *err, unsigned long err_size)
{
	const struct upm_mock_model *model = upm_mock_model_find(platform);
	if (!model) {
		upm_snprintf(err, err_size, "no mock model for platform '%s'", platform);
		return NULL;
	}
	return upm_mock_create_model(model, n_sockets, faults, err, err_size);
}

static int brand_has(const char *brand, const char *word)
{
	size_t n = upm_strlen(word);
	for (; *brand; brand++)
		if (upm_strncmp(brand, word, n) == 0)
			return 1;
	return 0;
}

const struct upm_platform *upm_platform_by_cpu(const struct upm_cpu_ident *id)
{
	if (upm_strcmp(id->vendor, "GenuineIntel") != 0)
		return NULL;
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		if (p->family != id->family || (p->brand_excludes && brand_has(id->brand, p->brand_excludes)))
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

int upm_platform_reads_pci(const struct upm_platform *p)
{
	if (p->bus_map)
		return 1;
	for (unsigned i = 0; i < p->n_boxes; i++)
		if (p->boxes[i]->space == UPM_SPACE_PCI || p->boxes[i]->mmio)
			return 1;
	return 0;
}

const struct upm_box_type *upm_platform_box_prefix(const struct upm_platform *p, const char *s, size_t len,
						   size_t *name_len)
{
	const struct upm_box_type *best = NULL;
	size_t best_len = 0;
	for (unsigned i = 0; i < p->n_boxes; i++) {
		size_t n = upm_strlen(p->boxes[i]->name);
		if (n <= len && n > best_len && upm_strncasecmp(s, p->boxes[i]->name, n) == 0) {
			best = p->boxes[i];
			best_len = n;
		}
	}
	*name_len = best_len;
	return best;
}

enum upm_forced_platform upm_platform_forced_check(const struct upm_platform *forced,
						   const struct upm_cpu_ident *id, int force,
						   char *msg, unsigned long msg_size)
{
	const struct upm_platform *cpu = upm_platform_by_cpu(id);
	msg[0] = 0;
	if (cpu == forced)
		return UPM_FORCED_OK;
	char what[96];
	upm_snprintf(what, sizeof what, "this processor (%s family 0x%x model 0x%x) is %s",
		     id->vendor[0] ? id->vendor : "unknown vendor", id->family, id->model,
		     cpu ? cpu->name : "no supported platform");
	if (!force) {
		upm_snprintf(msg, msg_size,
			     "--platform %s does not match CPUID: %s; writing %s's registers here could "
			     "change other registers: drop --platform%s%s, or add --force-platform to insist",
			     forced->name, what, forced->name, cpu ? " or use --platform " : "",
			     cpu ? cpu->name : "");
		return UPM_FORCED_REFUSE;
	}
	upm_snprintf(msg, msg_size,
		     "WARNING: --force-platform: driving %s's registers although %s; results and "
		     "register writes may be wrong for this processor",
		     forced->name, what);
	return UPM_FORCED_WARN;
}
