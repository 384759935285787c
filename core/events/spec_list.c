/* A run's event specs, parsed once, with who asked for each (core/events/spec_list.h). */
#include "core/events/spec_list.h"
#include "core/events/alias.h"
#include "platform/base/str.h"
#include "platform/base/os.h"

void upm_spec_list_init(struct upm_spec_list *l)
{
	upm_memset(l, 0, sizeof *l);
}

void upm_spec_list_free(struct upm_spec_list *l)
{
	if (l->cap)
		upm_os_free(l->specs);
	upm_spec_list_init(l);
}

static int room(struct upm_spec_list *l, char *err, unsigned long err_size)
{
	if (!l->cap) {
		struct upm_spec *mine = upm_os_alloc(UPM_SPEC_LIST_MAX * sizeof *mine);
		if (!mine) {
			upm_strlcpy(err, "out of memory", err_size);
			return -1;
		}
		for (unsigned i = 0; i < l->n; i++)
			mine[i] = l->specs[i];
		l->specs = mine;
		l->cap = UPM_SPEC_LIST_MAX;
	}
	return 0;
}

int upm_spec_list_copy(struct upm_spec_list *dst, const struct upm_spec_list *src)
{
	char err[16];
	upm_spec_list_init(dst);
	if (room(dst, err, sizeof err) < 0)
		return -1;
	for (unsigned i = 0; i < src->n; i++)
		dst->specs[i] = src->specs[i];
	dst->n = src->n;
	return 0;
}

/* Places sp in the list: the user's and the groups' stay ahead of the metrics' (a
 * metric's terms come after what was asked for, core/events/once.h). */
static void place(struct upm_spec_list *l, const struct upm_spec *sp)
{
	unsigned at = l->n;
	if (sp->origin != UPM_SPEC_BY_METRIC)
		while (at > 0 && l->specs[at - 1].origin == UPM_SPEC_BY_METRIC)
			at--;
	for (unsigned i = l->n; i > at; i--)
		l->specs[i] = l->specs[i - 1];
	l->specs[at] = *sp;
	l->n++;
}

struct adding {
	struct upm_spec_list *l;
	const struct upm_spec_part *parts;
	unsigned n_parts;
};

static void add_one(void *ctx, const struct upm_spec *sp, unsigned long at)
{
	struct adding *a = ctx;
	struct upm_spec mine = *sp;
	unsigned k = 0;
	while (k + 1 < a->n_parts && a->parts[k + 1].from <= at)
		k++;
	mine.origin = (uint8_t)a->parts[k].origin;
	mine.origin_name = a->parts[k].who;
	place(a->l, &mine);
}

int upm_spec_list_add_parts(const struct upm_platform *p, struct upm_spec_list *l, const char *text,
			    const struct upm_spec_part *parts, unsigned n_parts, char *err, unsigned long err_size)
{
	struct adding a = { l, parts, n_parts };
	if (room(l, err, err_size) < 0)
		return -1;
	return upm_spec_parse_each(p, text, l->cap - l->n, add_one, &a, err, err_size) < 0 ? -1 : 0;
}

int upm_spec_list_add_text(const struct upm_platform *p, struct upm_spec_list *l, const char *text,
			   enum upm_spec_origin origin, const char *who, char *err, unsigned long err_size)
{
	struct upm_spec_part part = { 0, origin, who };
	return upm_spec_list_add_parts(p, l, text, &part, 1, err, err_size);
}

int upm_spec_list_add_parsed(struct upm_spec_list *l, const struct upm_spec *sp, enum upm_spec_origin origin,
			     const char *who, char *err, unsigned long err_size)
{
	if (room(l, err, err_size) < 0)
		return -1;
	for (unsigned i = 0; i < l->n; i++)
		if (l->specs[i].origin == origin && upm_strcasecmp(l->specs[i].text, sp->text) == 0)
			return 0;
	if (l->n >= l->cap) /* as a list parsed whole would say it */
		return upm_snprintf(err, err_size, "too many event specs (at most 64)"), -1;
	struct upm_spec mine = *sp;
	mine.origin = (uint8_t)origin;
	mine.origin_name = who;
	place(l, &mine);
	return 0;
}

unsigned upm_spec_list_count(const struct upm_spec_list *l, enum upm_spec_origin origin)
{
	unsigned n = 0;
	for (unsigned i = 0; i < l->n; i++)
		n += l->specs[i].origin == origin;
	return n;
}

unsigned upm_spec_list_n_asked(const struct upm_spec_list *l)
{
	return l->n - upm_spec_list_count(l, UPM_SPEC_BY_METRIC);
}

unsigned long upm_spec_list_item_len(const char *s)
{
	return upm_alias_spec_len(s);
}
