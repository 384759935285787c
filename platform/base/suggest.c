#include "platform/base/suggest.h"
#include "platform/base/str.h"

unsigned upm_edit_distance(const char *a, const char *b)
{
	enum { W = UPM_SUGGEST_WORD };
	unsigned d[3][W]; /* rows i-2, i-1, i (rolling) */
	size_t la = upm_strlen(a), lb = upm_strlen(b);
	if (la > W - 1)
		la = W - 1;
	if (lb > W - 1)
		lb = W - 1;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned *cur = d[i % 3], *prev = d[(i + 2) % 3], *pp = d[(i + 1) % 3];
		cur[0] = (unsigned)i;
		for (size_t j = 1; j <= lb; j++) {
			char ca = upm_tolower(a[i - 1]), cb = upm_tolower(b[j - 1]);
			unsigned v = prev[j - 1] + (ca != cb);
			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ca == upm_tolower(b[j - 2]) && upm_tolower(a[i - 2]) == cb &&
			    pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1;
			cur[j] = v;
		}
	}
	return d[la % 3][lb];
}

void upm_suggest_init(struct upm_suggest *s, const char *word)
{
	upm_memset(s, 0, sizeof *s);
	upm_strlcpy(s->word, word ? word : "", sizeof s->word);
}

/* Whether w abbreviates c: past the same leading dashes, the same first letter and every
 * letter of w, at least 3, in order in the longer c ("--secs", "--seconds"). */
static int abbreviates(const char *w, const char *c)
{
	while (*w == '-' && *c == '-') {
		w++;
		c++;
	}
	size_t lw = upm_strlen(w), lc = upm_strlen(c);
	if (lw < 3 || lw >= lc || *w == '-' || upm_tolower(*w) != upm_tolower(*c))
		return 0;
	for (; *c && *w; c++)
		if (upm_tolower(*c) == upm_tolower(*w))
			w++;
	return !*w;
}

void upm_suggest_add(struct upm_suggest *s, const char *c)
{
	size_t lw = upm_strlen(s->word), lc = upm_strlen(c);
	if (!lw || !lc)
		return;
	unsigned d = upm_edit_distance(s->word, c);
	/* A prefix either way ("CAS" for "CAS_COUNT", "imc0x" for "imc") is one edit. */
	size_t shorter = lw < lc ? lw : lc;
	if (shorter >= 2 && upm_strncasecmp(s->word, c, shorter) == 0 && d > 1)
		d = 1;
	unsigned limit = lw <= 4 ? 1 : lw <= 8 ? 2 : 3;
	if (d > limit && s->n_abbrev < UPM_SUGGEST_MAX && abbreviates(s->word, c)) {
		for (unsigned i = 0; i < s->n_abbrev; i++)
			if (upm_strcasecmp(s->abbrev[i], c) == 0)
				return;
		s->abbrev[s->n_abbrev++] = c;
		return;
	}
	if (d == 0 || d > limit)
		return;
	for (unsigned i = 0; i < s->n; i++)
		if (upm_strcasecmp(s->best[i], c) == 0)
			return;
	unsigned at = s->n;
	while (at > 0 && s->dist[at - 1] > d)
		at--;
	if (at >= UPM_SUGGEST_MAX)
		return;
	unsigned last = s->n < UPM_SUGGEST_MAX ? s->n : UPM_SUGGEST_MAX - 1;
	for (unsigned i = last; i > at; i--) {
		s->best[i] = s->best[i - 1];
		s->dist[i] = s->dist[i - 1];
	}
	s->best[at] = c;
	s->dist[at] = d;
	if (s->n < UPM_SUGGEST_MAX)
		s->n++;
}

void upm_suggest_text(const struct upm_suggest *s, char *buf, size_t size)
{
	size_t k = 0;
	if (!size)
		return;
	buf[0] = 0;
	const char *const *best = s->n ? s->best : s->abbrev;
	unsigned n = s->n ? s->n : s->n_abbrev;
	for (unsigned i = 0; i < n && k < size; i++)
		k += (size_t)upm_snprintf(buf + k, size - k, "%s%s", i ? ", " : "closest: ", best[i]);
}
