/* Closest valid choices for a word the user got wrong: "unknown box 'imcc' (closest:
 * imc)". Candidates are offered one by one; the best few by edit distance (a prefix
 * either way counts as one edit) are kept, else those the word abbreviates (its
 * letters in order, from the first: "secs", "intvl"). Case-insensitive. */
#ifndef UPMON_CORE_BASE_SUGGEST_H
#define UPMON_CORE_BASE_SUGGEST_H

#include <stddef.h>

#define UPM_SUGGEST_MAX 3
#define UPM_SUGGEST_WORD 64

struct upm_suggest {
	char word[UPM_SUGGEST_WORD];
	const char *best[UPM_SUGGEST_MAX];
	unsigned dist[UPM_SUGGEST_MAX];
	unsigned n;
	/* Candidates the word abbreviates ("--secs" for --seconds: its letters in order),
	 * offered only when no candidate is close by edit distance. */
	const char *abbrev[UPM_SUGGEST_MAX];
	unsigned n_abbrev;
};

void upm_suggest_init(struct upm_suggest *s, const char *word);
/* Offers one valid choice; it must outlive s (table strings do). */
void upm_suggest_add(struct upm_suggest *s, const char *candidate);
/* "closest: a, b" (or "" when nothing is close), into buf. */
void upm_suggest_text(const struct upm_suggest *s, char *buf, size_t size);
/* Edit distance (insert, delete, substitute, swap of neighbours), case-insensitive,
 * on at most UPM_SUGGEST_WORD - 1 characters of each. */
unsigned upm_edit_distance(const char *a, const char *b);

#endif
