#include "core/config.h"
#include "core/os.h"
#include "core/str.h"

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

int upm_config_parse(struct upm_config *cfg, char *text, const char *name, char *err,
		     unsigned long err_size)
{
	upm_memset(cfg, 0, sizeof *cfg);
	cfg->text = text;
	unsigned line_no = 0;
	char *line = text;
	/* Skip a UTF-8 byte-order mark some editors write. */
	if ((unsigned char)line[0] == 0xEF && (unsigned char)line[1] == 0xBB &&
	    (unsigned char)line[2] == 0xBF)
		line += 3;
	while (line && *line) {
		char *next = upm_strchr(line, '\n');
		if (next)
			*next++ = 0;
		line_no++;
		char *hash = upm_strchr(line, '#');
		if (hash)
			*hash = 0;
		char *l = trim(line);
		line = next;
		if (!*l)
			continue;
		char *eq = upm_strchr(l, '=');
		if (!eq) {
			upm_snprintf(err, err_size, "%s line %u: expected 'key = value'", name, line_no);
			return -1;
		}
		*eq = 0;
		char *key = trim(l), *value = trim(eq + 1);
		if (upm_strcmp(key, "args") == 0) {
			cfg->argv[0] = "upmon";
			int n = upm_split_words(value, cfg->argv + 1, UPM_CFG_MAX_ARGS - 1);
			if (n < 0) {
				upm_snprintf(err, err_size,
					     "%s line %u: args has an open quote or too many words",
					     name, line_no);
				return -1;
			}
			cfg->argc = n + 1;
			cfg->has_args = 1;
		} else if (upm_strcmp(key, "end") == 0) {
			if (upm_cli_end_action(value, &cfg->end) < 0) {
				upm_snprintf(err, err_size,
					     "%s line %u: end must be return, shutdown, reboot, key or qemu-exit",
					     name, line_no);
				return -1;
			}
			cfg->has_end = 1;
		} else {
			upm_snprintf(err, err_size, "%s line %u: unknown key '%.40s' (known: args, end)",
				     name, line_no, key);
			return -1;
		}
	}
	return 0;
}

void upm_config_free(struct upm_config *cfg)
{
	upm_os_free(cfg->text);
	cfg->text = NULL;
}
