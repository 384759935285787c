/* Hand-built discovery tables for the unit tests (disc_tables.h). */
#include "tests/unit/test.h"
#include "tests/unit/disc_tables.h"
#include <stdlib.h>

static void note(void *ctx, const char *line)
{
	struct notes *n = ctx;
	size_t len = strlen(n->text);
	snprintf(n->text + len, sizeof n->text - len, "%s\n", line);
	n->n++;
}

struct upm_disc_table *disc_table(unsigned socket)
{
	struct upm_disc_table *t = calloc(1, sizeof *t);
	t->socket = socket;
	t->global.access = UPM_DISC_ACCESS_MSR;
	t->global.ctl_addr = 0x2FF0;
	return t;
}

struct upm_disc_unit *disc_add(struct upm_disc_table *t, uint16_t type, uint16_t id, uint8_t access,
				 uint64_t ctl, uint8_t n, uint8_t ctl_off, uint8_t ctr_off)
{
	struct upm_disc_unit *u = &t->units[t->n_units];
	memset(u, 0, sizeof *u);
	u->record = t->n_units++;
	u->box_type = type;
	u->box_id = id;
	u->access = access;
	u->ctl_addr = ctl;
	u->n_ctrs = n;
	u->ctr_width = 48;
	u->ctl_offset = ctl_off;
	u->ctr_offset = ctr_off;
	if (access == UPM_DISC_ACCESS_PCI) { /* segment 30:28, bus 27:20, devfn 19:12, offset 11:0 */
		u->pci.seg = (uint16_t)((ctl >> 28) & 7);
		u->pci.bus = (uint8_t)(ctl >> 20);
		u->pci.dev = (uint8_t)((ctl >> 15) & 0x1F);
		u->pci.fn = (uint8_t)((ctl >> 12) & 7);
		u->pci.off = (uint16_t)(ctl & 0xFFF);
	}
	return u;
}

uint64_t disc_pci_enc(unsigned bus, unsigned dev, unsigned fn, unsigned off)
{
	return (uint64_t)bus << 20 | (uint64_t)(dev << 3 | fn) << 12 | off;
}

const struct upm_box_type *disc_box(const struct upm_platform *p, const char *name)
{
	for (unsigned i = 0; i < p->n_boxes; i++)
		if (strcmp(p->boxes[i]->name, name) == 0)
			return p->boxes[i];
	upm_test_fail(__FILE__, __LINE__, "no box type %s built", name);
	return NULL;
}

const struct upm_unit_place *disc_place(const struct upm_box_type *t, unsigned socket, unsigned inst)
{
	const struct upm_unit_place *p = &t->places[socket * t->max_instances + inst];
	return p->present ? p : NULL;
}

struct upm_platform *disc_build(const struct upm_platform *reg, struct upm_disc_set *set, unsigned sockets,
				  struct notes *n)
{
	char err[200] = "";
	memset(n, 0, sizeof *n);
	struct upm_platform *p = reg->discovered(reg, set, sockets, note, n, err, sizeof err);
	if (!p)
		upm_test_fail(__FILE__, __LINE__, "build: %s", err);
	return p;
}

void disc_free_set(struct upm_disc_set *set)
{
	for (unsigned i = 0; i < set->n_tables; i++)
		free(set->tables[i]);
}

