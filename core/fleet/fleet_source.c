/* The folder tree source of `fleet` (fleet.h): every results.json under DIR, found once,
 * in name order, then read one at a time. */
#include "core/fleet/fleet.h"
#include "platform/backend.h"

#define PATH_MAX_LEN 256

struct entry {
	char *name;
	int is_dir;
};

struct listing {
	struct entry *e;
	unsigned n, cap;
	int failed;
};

struct tree {
	char dir[PATH_MAX_LEN];
	struct upm_fleet_names paths; /* relative to dir */
	unsigned entries;      /* names looked at */
	unsigned too_long;     /* paths past PATH_MAX_LEN */
	unsigned too_deep;     /* folders past UPM_FLEET_MAX_DEPTH */
	unsigned unreadable;   /* folders that could not be listed */
	int stopped;           /* a bound of names or files reached */
	char full[2 * PATH_MAX_LEN + 2];
};

static int add_entry(void *ctx, const char *name, int is_dir)
{
	struct listing *l = ctx;
	if (l->n == l->cap) {
		unsigned cap = l->cap ? l->cap * 2 : 32;
		struct entry *bigger = upm_os_alloc(cap * sizeof *bigger);
		if (!bigger) {
			l->failed = 1;
			return UPM_ENOMEM;
		}
		if (l->e) {
			upm_memcpy(bigger, l->e, l->n * sizeof *bigger);
			upm_os_free(l->e);
		}
		l->e = bigger;
		l->cap = cap;
	}
	char *copy = upm_strdup(name);
	if (!copy) {
		l->failed = 1;
		return UPM_ENOMEM;
	}
	l->e[l->n].name = copy;
	l->e[l->n].is_dir = is_dir;
	l->n++;
	return UPM_OK;
}

static void listing_free(struct listing *l)
{
	for (unsigned i = 0; i < l->n; i++)
		upm_os_free(l->e[i].name);
	upm_os_free(l->e);
}

/* Shell sort by name: the tree is read in the same order every time. */
static void sort_entries(struct entry *e, unsigned n)
{
	for (unsigned gap = n / 2; gap > 0; gap /= 2)
		for (unsigned i = gap; i < n; i++) {
			struct entry t = e[i];
			unsigned k = i;
			for (; k >= gap && upm_strcmp(e[k - gap].name, t.name) > 0; k -= gap)
				e[k] = e[k - gap];
			e[k] = t;
		}
}

/* Walks the folder rel ("" for dir itself) at depth. 0, or -1 out of memory. */
static int walk(struct tree *t, const char *rel, unsigned depth)
{
	struct listing l;
	upm_memset(&l, 0, sizeof l);
	upm_snprintf(t->full, sizeof t->full, "%s%s%s", t->dir, rel[0] ? "/" : "", rel);
	int rc = upm_os_list_dir(t->full, add_entry, &l);
	if (l.failed) {
		listing_free(&l);
		return -1;
	}
	if (rc != UPM_OK)
		t->unreadable++;
	sort_entries(l.e, l.n);
	int result = 0;
	for (unsigned i = 0; i < l.n && !t->stopped && result == 0; i++) {
		if (++t->entries > UPM_FLEET_MAX_ENTRIES || t->paths.n >= UPM_FLEET_MAX_RUNS) {
			t->stopped = 1;
			break;
		}
		char sub[PATH_MAX_LEN];
		int n = upm_snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", l.e[i].name);
		if (n < 0 || (size_t)n >= sizeof sub) {
			t->too_long++;
			continue;
		}
		if (l.e[i].is_dir) {
			if (depth + 1 > UPM_FLEET_MAX_DEPTH)
				t->too_deep++;
			else
				result = walk(t, sub, depth + 1);
		} else if (upm_strcmp(l.e[i].name, "results.json") == 0) {
			result = upm_fleet_names_add(&t->paths, sub);
		}
	}
	listing_free(&l);
	return result;
}

static int tree_next(struct upm_fleet_source *s, const char **name, void **data, size_t *len, char *why,
		     size_t why_size)
{
	struct tree *t = s->state;
	const char *rel = upm_fleet_names_next(&t->paths);
	if (!rel)
		return 0;
	*name = rel;
	*data = NULL;
	*len = 0;
	why[0] = 0;
	upm_snprintf(t->full, sizeof t->full, "%s/%s", t->dir, rel);
	void *bytes = NULL;
	size_t n = 0;
	int rc = upm_os_read_file(t->full, &bytes, &n);
	if (rc != UPM_OK) {
		upm_snprintf(why, why_size, "could not be read (%s)", upm_status_name(rc));
		return 1;
	}
	if (n > UPM_FLEET_MAX_FILE) {
		upm_os_free(bytes);
		upm_snprintf(why, why_size, "%lu bytes, more than fleet reads (32 MiB)", (unsigned long)n);
		return 1;
	}
	*data = bytes;
	*len = n;
	return 1;
}

static void tree_close(struct upm_fleet_source *s)
{
	struct tree *t = s->state;
	if (!t)
		return;
	upm_fleet_names_free(&t->paths);
	upm_os_free(t);
	s->state = NULL;
}

int upm_fleet_source_dir(const char *dir, struct upm_fleet_source *s, char *why, size_t why_size)
{
	upm_memset(s, 0, sizeof s[0]);
	why[0] = 0;
	struct tree *t = upm_os_alloc(sizeof *t);
	if (!t) {
		upm_snprintf(why, why_size, "out of memory");
		return UPM_ENOMEM;
	}
	upm_memset(t, 0, sizeof *t);
	size_t n = upm_strlcpy(t->dir, dir, sizeof t->dir);
	if (n >= sizeof t->dir || n == 0) {
		upm_os_free(t);
		upm_snprintf(why, why_size, "the path is %s (1 to %u characters)", n ? "too long" : "empty",
			     (unsigned)sizeof t->dir - 1);
		return UPM_EINVAL;
	}
	while (n > 1 && t->dir[n - 1] == '/') /* "runs/" is "runs" */
		t->dir[--n] = 0;
	/* The top folder first: missing, no folder, or no listing here at all. */
	struct listing probe;
	upm_memset(&probe, 0, sizeof probe);
	int rc = upm_os_list_dir(t->dir, add_entry, &probe);
	listing_free(&probe);
	if (rc != UPM_OK) {
		upm_snprintf(why, why_size, "%s",
			     rc == UPM_ENOTFOUND	  ? "no such folder"
			     : rc == UPM_EINVAL	  ? "not a folder"
			     : rc == UPM_EUNSUPPORTED ? "this environment lists no folders"
						      : "the folder could not be read");
		upm_os_free(t);
		return rc;
	}
	if (walk(t, "", 0) < 0) {
		s->state = t;
		tree_close(s);
		upm_snprintf(why, why_size, "out of memory listing the tree");
		return UPM_ENOMEM;
	}
	s->state = t;
	s->next = tree_next;
	s->close = tree_close;
	s->found = t->paths.n;
	size_t k = 0;
	if (t->stopped)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k,
					  "the walk stopped at %u results.json or %u names; ", UPM_FLEET_MAX_RUNS,
					  UPM_FLEET_MAX_ENTRIES);
	if (t->too_deep && k < sizeof s->left_out)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k,
					  "%u folder%s more than %u deep not entered; ", t->too_deep,
					  t->too_deep == 1 ? "" : "s", UPM_FLEET_MAX_DEPTH);
	if (t->too_long && k < sizeof s->left_out)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k, "%u path%s longer than %u characters; ",
					  t->too_long, t->too_long == 1 ? "" : "s", PATH_MAX_LEN - 1);
	if (t->unreadable && k < sizeof s->left_out)
		k += (size_t)upm_snprintf(s->left_out + k, sizeof s->left_out - k, "%u folder%s could not be listed; ",
					  t->unreadable, t->unreadable == 1 ? "" : "s");
	if (k >= 2 && k < sizeof s->left_out)
		s->left_out[k - 2] = 0; /* the last "; " */
	return UPM_OK;
}
