/* The pmon state's box table, read: the box a socket, name and instance name, and the
 * registers of a box. Below both the model (pmon.c) and the box faults (pmon_faults.c). */
#include "platform/mock/pmon.h"
#include "platform/base/str.h"

struct mock_box *mock_pmon_box(struct mock_pmon *p, unsigned socket, const char *name,
			       unsigned instance)
{
	for (unsigned i = 0; i < p->n_boxes; i++) {
		struct mock_box *b = &p->boxes[i];
		if (b->socket == socket && b->instance == instance && upm_strcmp(b->name, name) == 0)
			return b;
	}
	return NULL;
}

unsigned mock_box_regs(const struct mock_box *b, struct upm_mock_reg **out, unsigned cap)
{
	unsigned n = 0;
#define PUT(r)                            \
	do {                              \
		if ((r) && n < cap)       \
			out[n++] = (r);   \
	} while (0)
	PUT(b->box_ctl);
	for (unsigned i = 0; i < b->n_ctrs; i++) {
		PUT(b->ctrs[i].ctl);
		PUT(b->ctrs[i].lo);
		PUT(b->ctrs[i].hi);
	}
	PUT(b->fixed.ctl);
	PUT(b->fixed.lo);
	PUT(b->fixed.hi);
	for (unsigned i = 0; i < MOCK_MAX_FILTERS; i++)
		PUT(b->filters[i]);
	for (unsigned i = 0; i < b->n_extra; i++)
		PUT(b->extra[i]);
#undef PUT
	return n;
}
