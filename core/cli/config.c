#include "core/cli/config.h"
#include <stddef.h>
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/base/suggest.h"

/* The check.NAME keys: exactly those core/check/check.c reads (upm_config_tolerance), so a key
 * nothing reads is an error, not a silent no-op. Fractions accept "0.05" or "5%". */
const struct upm_cfg_tolerance_key upm_cfg_tolerance_keys[] = {
	{ "check.memory_tolerance", 0, 1, "memory traffic counted vs. moved by the kernel (fraction)" },
	{ "check.llc_tolerance", 0, 1, "LLC lookups counted vs. made by the kernel (fraction)" },
	{ "check.balance_tolerance", 0, 1, "an instance's share vs. an even share (fraction)" },
	{ "check.link_tolerance", 0, 1, "link data flits counted vs. the lines that crossed (fraction)" },
	{ "check.uclk_min_mhz", 1, 100000, "lowest acceptable uncore clock (MHz)" },
	{ "check.uclk_max_mhz", 1, 100000, "highest acceptable uncore clock (MHz)" },
	{ "check.link_rate_min_gts", 0.1, 100, "lowest acceptable link transfer rate (GT/s)" },
	{ "check.link_rate_max_gts", 0.1, 100, "highest acceptable link transfer rate (GT/s)" },
};
const unsigned upm_cfg_n_tolerance_keys = UPM_ARRAY_LEN(upm_cfg_tolerance_keys);

int upm_split_words(char *line, char **words, int max)
{
	int n = 0;
	char *p = line;
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if (n >= max)
			return -1;
		char *w = p, *dst = p;
		int quoted = 0;
		for (; *p && (quoted || (*p != ' ' && *p != '\t')); p++) {
			if (*p == '"')
				quoted = !quoted;
			else
				*dst++ = *p;
		}
		if (quoted)
			return -1;
		if (*p)
			p++;
		*dst = 0;
		words[n++] = w;
	}
	return n;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = upm_strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = 0;
	return s;
}

/* A non-negative decimal number ("800", "0.05", ".5") with an optional '%' (divides by
 * 100). 0, or -1 when malformed. At most 9 integer digits and 9 fraction digits. */
static int parse_number(const char *s, double *out)
{
	double v = 0, scale = 1;
	int digits = 0, frac_digits = 0;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (++digits > 9)
			return -1;
		v = v * 10 + (*s - '0');
	}
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9'; s++) {
			if (++frac_digits > 9)
				return -1;
			scale /= 10;
			v += (*s - '0') * scale;
		}
		if (!frac_digits)
			return -1;
	}
	if (!digits && !frac_digits)
		return -1;
	if (*s == '%') {
		v /= 100;
		s++;
	}
	if (*s)
		return -1;
	*out = v;
	return 0;
}

static int valid_set_name(const char *s)
{
	size_t n = 0;
	for (; s[n]; n++) {
		char c = s[n];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-'))
			return 0;
	}
	return n > 0 && n <= 31;
}

struct cfg_parser {
	struct upm_config *cfg;
	const char *name;
	unsigned line;
	char *err;
	unsigned long err_size;
};

static int cfg_fail(struct cfg_parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int cfg_fail(struct cfg_parser *p, const char *fmt, ...)
{
	char what[512]; /* the longest, an unknown check.* key with the closest and every key */
	va_list ap;
	va_start(ap, fmt);
	upm_vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	upm_snprintf(p->err, p->err_size, "%s:%u: %s", p->name, p->line, what);
	return -1;
}

static int once(struct cfg_parser *p, const char *key, unsigned *line)
{
	if (*line)
		return cfg_fail(p, "%.40s is already set on line %u: keep one of the two", key, *line);
	*line = p->line;
	return 0;
}

static int set_tolerance(struct cfg_parser *p, const char *key, const char *value)
{
	struct upm_config *c = p->cfg;
	const struct upm_cfg_tolerance_key *k = NULL;
	for (unsigned i = 0; i < upm_cfg_n_tolerance_keys; i++)
		if (upm_strcmp(key, upm_cfg_tolerance_keys[i].key) == 0)
			k = &upm_cfg_tolerance_keys[i];
	if (!k) {
		struct upm_buf names;
		upm_buf_init(&names);
		for (unsigned i = 0; i < upm_cfg_n_tolerance_keys; i++)
			upm_buf_printf(&names, "%s%s", i ? ", " : "", upm_cfg_tolerance_keys[i].key + 6);
		struct upm_suggest s;
		char near[120];
		upm_suggest_init(&s, key);
		for (unsigned i = 0; i < upm_cfg_n_tolerance_keys; i++)
			upm_suggest_add(&s, upm_cfg_tolerance_keys[i].key);
		upm_suggest_text(&s, near, sizeof near);
		int rc = cfg_fail(p, "unknown tolerance '%.40s' (%s%scheck reads %s)", key, near,
				  near[0] ? "; " : "", names.data ? names.data : "none");
		upm_buf_free(&names);
		return rc;
	}
	for (unsigned i = 0; i < c->n_tolerances; i++)
		if (upm_strcmp(c->tolerances[i].name, k->key) == 0)
			return cfg_fail(p, "%s is already set on line %u: keep one of the two", k->key,
					c->tolerances[i].line);
	double v;
	int fraction = k->max <= 1;
	if (parse_number(value, &v) < 0 || v < k->min || v > k->max) {
		if (fraction)
			return cfg_fail(p, "%s must be a fraction from 0 to 1 (0.05) or a percentage (5%%), not '%.40s'",
					k->key, value);
		/* One decimal where a bound has one: 0.1 GT/s must not read as 0. */
		char lo[32], hi[32];
		int dec = k->min != (double)(uint64_t)k->min;
		upm_format_double(lo, sizeof lo, k->min, dec);
		upm_format_double(hi, sizeof hi, k->max, dec);
		return cfg_fail(p, "%s must be a number from %s to %s, not '%.40s'", k->key, lo, hi, value);
	}
	if (c->n_tolerances >= UPM_CFG_MAX_TOLERANCES)
		return cfg_fail(p, "too many check.* keys: keep at most %u", UPM_CFG_MAX_TOLERANCES);
	struct upm_cfg_tolerance *t = &c->tolerances[c->n_tolerances++];
	t->name = k->key;
	t->value = v;
	t->line = p->line;
	return 0;
}

static const struct upm_cfg_tolerance *find_tolerance(const struct upm_config *c, const char *key)
{
	for (unsigned i = 0; i < c->n_tolerances; i++)
		if (upm_strcmp(c->tolerances[i].name, key) == 0)
			return &c->tolerances[i];
	return NULL;
}

/* A minimum above its maximum is an error on the later of the two lines. */
static int check_ranges(struct cfg_parser *p)
{
	static const char *const pairs[][2] = { { "check.uclk_min_mhz", "check.uclk_max_mhz" },
						{ "check.link_rate_min_gts", "check.link_rate_max_gts" } };
	for (unsigned i = 0; i < UPM_ARRAY_LEN(pairs); i++) {
		const struct upm_cfg_tolerance *lo = find_tolerance(p->cfg, pairs[i][0]);
		const struct upm_cfg_tolerance *hi = find_tolerance(p->cfg, pairs[i][1]);
		if (lo && hi && lo->value > hi->value) {
			p->line = lo->line > hi->line ? lo->line : hi->line;
			return cfg_fail(p, "%s is above %s (line %u): swap them", pairs[i][0], pairs[i][1],
					lo->line > hi->line ? hi->line : lo->line);
		}
	}
	return 0;
}

static int set_event_set(struct cfg_parser *p, const char *key, char *value)
{
	struct upm_config *c = p->cfg;
	const char *name = key + 7;
	if (!valid_set_name(name))
		return cfg_fail(p, "'%.40s': an event set's name is 1 to 31 letters, digits, '_' or '-'", key);
	for (unsigned i = 0; i < c->n_sets; i++)
		if (upm_strcmp(c->sets[i].name, name) == 0)
			return cfg_fail(p, "%.40s is already set on line %u: keep one of the two", key,
					c->sets[i].line);
	if (upm_strchr(value, '@'))
		return cfg_fail(p, "%.40s names another set ('@'): list its specs instead", key);
	if (c->n_sets >= UPM_CFG_MAX_SETS)
		return cfg_fail(p, "too many event sets: keep at most %u", UPM_CFG_MAX_SETS);
	struct upm_cfg_event_set *s = &c->sets[c->n_sets++];
	s->name = name;
	s->specs = value;
	s->line = p->line;
	return 0;
}

static int set_key(struct cfg_parser *p, char *key, char *value)
{
	struct upm_config *c = p->cfg;
	if (!*key)
		return cfg_fail(p, "a line starts with '=': write 'key = value'");
	if (!*value)
		return cfg_fail(p, "%.40s has no value: give one or delete the line", key);
	if (upm_strcmp(key, "args") == 0) {
		if (once(p, key, &c->args_line) < 0)
			return -1;
		c->argv[0] = "upmon";
		int n = upm_split_words(value, c->argv + 1, UPM_CFG_MAX_ARGS - 1);
		if (n < 0)
			return cfg_fail(p, "args has an open quote or more than %d words: close the quote or shorten it",
					UPM_CFG_MAX_ARGS - 1);
		c->argv[n + 1] = NULL;
		c->argc = n + 1;
		c->has_args = 1;
		return 0;
	}
	if (upm_strcmp(key, "end") == 0) {
		if (once(p, key, &c->end_line) < 0)
			return -1;
		if (upm_cli_end_action(value, &c->end) < 0) {
			char near[120];
			upm_cli_end_action_suggest(value, near, sizeof near);
			return cfg_fail(p, "end must be return, shutdown, reboot, key or qemu-exit, not '%.40s'%s%s%s", value,
					near[0] ? " (" : "", near, near[0] ? ")" : "");
		}
		c->has_end = 1;
		return 0;
	}
	if (upm_strcmp(key, "end_timeout") == 0) {
		uint64_t n;
		if (once(p, key, &c->end_timeout_line) < 0)
			return -1;
		if (upm_parse_u64(value, &n) < 0 || n > UPM_CFG_MAX_END_TIMEOUT_S)
			return cfg_fail(p, "end_timeout is a number of seconds from 0 to %u (0: no limit), not '%.40s'",
					UPM_CFG_MAX_END_TIMEOUT_S, value);
		c->end_timeout = (unsigned long)n;
		return 0;
	}
	if (upm_strcmp(key, "end_action") == 0) {
		if (once(p, key, &c->end_after_line) < 0)
			return -1;
		if (upm_cli_end_action(value, &c->end_after) < 0 ||
		    (c->end_after != UPM_END_RETURN && c->end_after != UPM_END_SHUTDOWN &&
		     c->end_after != UPM_END_REBOOT))
			return cfg_fail(p, "end_action must be return, shutdown or reboot, not '%.40s'", value);
		c->has_end_after = 1;
		return 0;
	}
	if (upm_strcmp(key, "out") == 0) {
		if (once(p, key, &c->out_line) < 0)
			return -1;
		if (upm_strchr(value, '"'))
			return cfg_fail(p, "out is a folder path or an http[s]:// URL, without quotes, not '%.40s'", value);
		c->out = value;
		return 0;
	}
	if (upm_strcmp(key, "out_timeout") == 0) {
		uint64_t n;
		if (once(p, key, &c->out_timeout_line) < 0)
			return -1;
		if (upm_parse_u64(value, &n) < 0 || n < 1 || n > UPM_CFG_MAX_OUT_TIMEOUT_S)
			return cfg_fail(p, "out_timeout is a number of seconds from 1 to %u, not '%.40s'",
					UPM_CFG_MAX_OUT_TIMEOUT_S, value);
		c->out_timeout = (unsigned)n;
		return 0;
	}
	static const struct {
		const char *key;
		size_t value_at, line_at;
	} creds[] = {
		{ "out_access_key", offsetof(struct upm_config, out_access_key), offsetof(struct upm_config, out_access_key_line) },
		{ "out_secret_key", offsetof(struct upm_config, out_secret_key), offsetof(struct upm_config, out_secret_key_line) },
		{ "out_session_token", offsetof(struct upm_config, out_session_token),
		  offsetof(struct upm_config, out_session_token_line) },
		{ "out_region", offsetof(struct upm_config, out_region), offsetof(struct upm_config, out_region_line) },
		{ "out_http_fallback", offsetof(struct upm_config, out_http_fallback),
		  offsetof(struct upm_config, out_http_fallback_line) },
	};
	for (unsigned i = 0; i < UPM_ARRAY_LEN(creds); i++) {
		if (upm_strcmp(key, creds[i].key) != 0)
			continue;
		if (once(p, key, (unsigned *)((char *)c + creds[i].line_at)) < 0)
			return -1;
		for (const char *v = value; *v; v++)
			if (*v == ' ' || *v == '"' || *v == '\t')
				return cfg_fail(p, "%s is one word without spaces or quotes", key);
		*(const char **)((char *)c + creds[i].value_at) = value;
		return 0;
	}
	if (upm_starts_with(key, "events."))
		return set_event_set(p, key, value);
	if (upm_starts_with(key, "check."))
		return set_tolerance(p, key, value);
	struct upm_suggest s;
	char near[80];
	upm_suggest_init(&s, key);
	upm_suggest_add(&s, "args");
	upm_suggest_add(&s, "end");
	upm_suggest_add(&s, "end_timeout");
	upm_suggest_add(&s, "end_action");
	upm_suggest_add(&s, "out");
	upm_suggest_add(&s, "out_timeout");
	for (unsigned i = 0; i < UPM_ARRAY_LEN(creds); i++)
		upm_suggest_add(&s, creds[i].key);
	upm_suggest_text(&s, near, sizeof near);
	return cfg_fail(p, "unknown key '%.40s' (%s%sthe keys are args, end, end_timeout, end_action, out with its out_* keys, events.NAME and check.NAME; "
			   "docs/command-line.md, Configuration file)", key, near, near[0] ? "; " : "");
}

int upm_config_parse(struct upm_config *cfg, char *text, const char *name, char *err,
		     unsigned long err_size)
{
	struct cfg_parser p = { cfg, name, 0, err, err_size };
	upm_memset(cfg, 0, sizeof *cfg);
	cfg->text = text;
	cfg->file = name;
	char *line = text;
	/* Skip a UTF-8 byte-order mark some editors write. */
	if ((unsigned char)line[0] == 0xEF && (unsigned char)line[1] == 0xBB &&
	    (unsigned char)line[2] == 0xBF)
		line += 3;
	while (line && *line) {
		char *next = upm_strchr(line, '\n');
		if (next)
			*next++ = 0;
		p.line++;
		char *hash = upm_strchr(line, '#');
		if (hash)
			*hash = 0;
		char *l = trim(line);
		line = next;
		if (!*l)
			continue;
		char *eq = upm_strchr(l, '=');
		if (!eq)
			return cfg_fail(&p, "expected 'key = value': write one setting per line ('#' starts a comment)");
		*eq = 0;
		if (set_key(&p, trim(l), trim(eq + 1)) < 0)
			return -1;
	}
	return check_ranges(&p);
}

void upm_config_free(struct upm_config *cfg)
{
	upm_os_free(cfg->text);
	cfg->text = NULL;
}
