/* The pmon state's box table, read: the box a socket, name and instance name (through an
 * index of the table), and the registers of a box. Below both the model (pmon.c) and the box faults (pmon_faults.c). */
#include "platform/mock/pmon.h"
#include "platform/base/os.h"
#include "platform/base/str.h"

static unsigned key_hash(unsigned socket, const char *name, unsigned instance)
{
	uint32_t h = 2166136261u; /* FNV-1a over the name, then the numbers mixed in */
	for (const char *c = name ? name : ""; *c; c++)
		h = (h ^ (uint8_t)*c) * 16777619u;
	h ^= socket * 0x9E3779B1u;
	h ^= instance * 0x85EBCA77u;
	return h ^ (h >> 15);
}

static int box_is(const struct mock_box *b, unsigned socket, const char *name, unsigned instance)
{
	return b->socket == socket && b->instance == instance && upm_strcmp(b->name, name) == 0;
}

/* The box a linear search would find: the first in table order with the key. */
static struct mock_box *first_box(struct mock_pmon *p, unsigned socket, const char *name, unsigned instance)
{
	for (unsigned i = 0; i < p->n_boxes; i++)
		if (box_is(&p->boxes[i], socket, name, instance))
			return &p->boxes[i];
	return NULL;
}

/* Builds the index over every box, the first of equal keys kept; 0 when it cannot (no
 * memory: lookups then search the table). */
static int index_build(struct mock_pmon *p)
{
	unsigned size = 16;
	while (size < 2 * p->cap)
		size *= 2;
	if (p->index_size != size) {
		upm_os_free(p->index);
		p->index = upm_os_alloc(size * sizeof *p->index);
		p->index_size = p->index ? size : 0;
		if (!p->index)
			return 0;
	}
	upm_memset(p->index, 0, size * sizeof *p->index);
	for (unsigned i = 0; i < p->n_boxes; i++) {
		const struct mock_box *b = &p->boxes[i];
		for (unsigned k = key_hash(b->socket, b->name, b->instance) & (size - 1);; k = (k + 1) & (size - 1)) {
			if (!p->index[k]) {
				p->index[k] = (uint16_t)(i + 1);
				break;
			}
			if (box_is(&p->boxes[p->index[k] - 1], b->socket, b->name, b->instance))
				break; /* an earlier box has this key */
		}
	}
	p->indexed = p->n_boxes;
	p->index_stale = 0;
	return 1;
}

struct mock_box *mock_pmon_box(struct mock_pmon *p, unsigned socket, const char *name,
			       unsigned instance)
{
	if ((p->indexed != p->n_boxes || p->index_stale || !p->index) && !index_build(p))
		return first_box(p, socket, name, instance);
	unsigned mask = p->index_size - 1;
	for (unsigned k = key_hash(socket, name, instance) & mask; p->index[k]; k = (k + 1) & mask) {
		struct mock_box *b = &p->boxes[p->index[k] - 1];
		if (box_is(b, socket, name, instance))
			return b;
	}
	return NULL;
}

void mock_box_renumber(struct mock_pmon *p, struct mock_box *b, unsigned instance)
{
	b->instance = instance;
	p->index_stale = 1;
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
