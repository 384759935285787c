/* Recursive descent over the formula text, emitting a postfix program. */
#include "core/metrics/formula.h"
#include "platform/base/str.h"

/* A term's index is kept in an unsigned char (struct upm_formula's code). */
_Static_assert(UPM_METRIC_FORMULA_TERMS <= 255, "term index must fit the program's byte");

struct parser {
	const char *p, *start;
	struct upm_formula *f;
	char *err;
	unsigned long err_size;
	int failed;
};

static void fail(struct parser *ps, const char *what)
{
	if (!ps->failed)
		upm_snprintf(ps->err, ps->err_size, "formula: %s at offset %u of '%s'", what,
			     (unsigned)(ps->p - ps->start), ps->start);
	ps->failed = 1;
}

static void emit(struct parser *ps, unsigned op, unsigned term, double k)
{
	struct upm_formula *f = ps->f;
	if (f->n_code >= UPM_FORMULA_MAX_CODE) {
		fail(ps, "too long");
		return;
	}
	f->code[f->n_code].op = (unsigned char)op;
	f->code[f->n_code].term = (unsigned char)term;
	f->code[f->n_code].k = k;
	f->n_code++;
}

static void skip_space(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n')
		ps->p++;
}

static int is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A decimal number: digits, an optional fraction and exponent (64, 0.5, 1e9, 1e-9). */
static double number(struct parser *ps)
{
	double v = 0, frac = 0.1;
	while (is_digit(*ps->p))
		v = v * 10 + (*ps->p++ - '0');
	if (*ps->p == '.') {
		ps->p++;
		while (is_digit(*ps->p)) {
			v += (*ps->p++ - '0') * frac;
			frac /= 10;
		}
	}
	if (*ps->p == 'e' || *ps->p == 'E') {
		ps->p++;
		int e = 0, neg = *ps->p == '-';
		if (neg || *ps->p == '+')
			ps->p++;
		if (!is_digit(*ps->p))
			fail(ps, "exponent without digits");
		while (is_digit(*ps->p) && e < 400)
			e = e * 10 + (*ps->p++ - '0');
		while (e-- > 0)
			v = neg ? v / 10 : v * 10;
	}
	if (is_word(*ps->p))
		fail(ps, "a number runs into a name");
	return v;
}

/* A spec ("box/EVENT[.UMASK][,terms]/"): the word and everything up to the closing '/'. */
static void spec(struct parser *ps, const char *word)
{
	const char *end = upm_strchr(ps->p + 1, '/');
	if (!end) {
		fail(ps, "event spec without its closing '/'");
		return;
	}
	size_t n = (size_t)(end + 1 - word);
	struct upm_formula *f = ps->f;
	if (n >= UPM_FORMULA_SPEC_LEN) {
		fail(ps, "event spec too long");
		return;
	}
	unsigned i;
	for (i = 0; i < f->n_specs; i++)
		if (upm_strlen(f->specs[i]) == n && upm_strncmp(f->specs[i], word, n) == 0)
			break;
	if (i == f->n_specs) {
		if (f->n_specs >= UPM_METRIC_FORMULA_TERMS) {
			char what[120];
			upm_snprintf(what, sizeof what,
				     "more than %u distinct event specs (a formula holds at most %u; "
				     "split it in two metrics)",
				     (unsigned)UPM_METRIC_FORMULA_TERMS, (unsigned)UPM_METRIC_FORMULA_TERMS);
			fail(ps, what);
			return;
		}
		upm_memcpy(f->specs[i], word, n);
		f->specs[i][n] = 0;
		f->n_specs++;
	}
	emit(ps, UPM_F_TERM, i, 0);
	ps->p = end + 1;
}

static void expr(struct parser *ps);

static void primary(struct parser *ps)
{
	skip_space(ps);
	const char *word = ps->p;
	if (*ps->p == '(') {
		ps->p++;
		expr(ps);
		skip_space(ps);
		if (*ps->p != ')')
			fail(ps, "missing ')'");
		else
			ps->p++;
	} else if (is_digit(*ps->p) || *ps->p == '.') {
		emit(ps, UPM_F_CONST, 0, number(ps));
	} else if (is_word(*ps->p)) {
		while (is_word(*ps->p))
			ps->p++;
		size_t n = (size_t)(ps->p - word);
		if (*ps->p == '/') {
			spec(ps, word);
		} else if (n == 7 && upm_strncmp(word, "SECONDS", 7) == 0) {
			emit(ps, UPM_F_SECONDS, 0, 0);
			ps->f->uses_time = 1;
		} else if (n == 15 && upm_strncmp(word, "SAMPLE_INTERVAL", 15) == 0) {
			emit(ps, UPM_F_SAMPLE_INTERVAL, 0, 0);
			ps->f->uses_time = 1;
		} else {
			fail(ps, "unknown name (SECONDS, SAMPLE_INTERVAL or an event spec BOX/EVENT/)");
		}
	} else {
		fail(ps, *ps->p ? "unexpected character" : "unexpected end");
	}
}

static void unary(struct parser *ps)
{
	skip_space(ps);
	if (*ps->p == '-') {
		ps->p++;
		unary(ps);
		emit(ps, UPM_F_NEG, 0, 0);
		return;
	}
	primary(ps);
}

static void product(struct parser *ps)
{
	unary(ps);
	for (;;) {
		skip_space(ps);
		char c = *ps->p;
		if (ps->failed || (c != '*' && c != '/'))
			return;
		ps->p++;
		unary(ps);
		emit(ps, c == '*' ? UPM_F_MUL : UPM_F_DIV, 0, 0);
	}
}

static void expr(struct parser *ps)
{
	product(ps);
	for (;;) {
		skip_space(ps);
		char c = *ps->p;
		if (ps->failed || (c != '+' && c != '-'))
			return;
		ps->p++;
		product(ps);
		emit(ps, c == '+' ? UPM_F_ADD : UPM_F_SUB, 0, 0);
	}
}

/* A rate when SECONDS divides at the top level: "... / SECONDS" or "x * 64 / SECONDS". */
static int divides_by_seconds(const struct upm_formula *f)
{
	unsigned n = f->n_code;
	return n >= 2 && f->code[n - 1].op == UPM_F_DIV && f->code[n - 2].op == UPM_F_SECONDS;
}

int upm_formula_parse(const char *text, struct upm_formula *f, char *err, unsigned long err_size)
{
	struct parser ps = { text ? text : "", text ? text : "", f, err, err_size, 0 };
	upm_memset(f, 0, sizeof *f);
	expr(&ps);
	skip_space(&ps);
	if (!ps.failed && *ps.p)
		fail(&ps, *ps.p == ')' ? "unbalanced ')'" : "operator expected");
	if (ps.failed)
		return -1;
	f->per_second = divides_by_seconds(f);
	return 0;
}

enum upm_formula_status upm_formula_eval(const struct upm_formula *f, const double *terms, double seconds,
					 double tsc_hz, double *out)
{
	double st[UPM_FORMULA_MAX_CODE];
	unsigned sp = 0;
	*out = 0;
	for (unsigned i = 0; i < f->n_code; i++) {
		double b = sp ? st[sp - 1] : 0, a = sp > 1 ? st[sp - 2] : 0;
		switch (f->code[i].op) {
		case UPM_F_TERM:
			st[sp++] = terms[f->code[i].term];
			continue;
		case UPM_F_CONST:
			st[sp++] = f->code[i].k;
			continue;
		case UPM_F_SECONDS:
			st[sp++] = seconds;
			continue;
		case UPM_F_SAMPLE_INTERVAL:
			if (tsc_hz <= 0)
				return UPM_FORMULA_NO_TSC;
			st[sp++] = seconds * tsc_hz;
			continue;
		case UPM_F_NEG:
			st[sp - 1] = -b;
			continue;
		case UPM_F_ADD:
			a += b;
			break;
		case UPM_F_SUB:
			a -= b;
			if (a < 0)
				return UPM_FORMULA_NEGATIVE;
			break;
		case UPM_F_MUL:
			a *= b;
			break;
		case UPM_F_DIV:
			if (b == 0)
				return UPM_FORMULA_DIV_ZERO;
			a /= b;
			break;
		}
		st[sp - 2] = a;
		sp--;
	}
	if (sp != 1)
		return UPM_FORMULA_DIV_ZERO; /* never for a parsed formula */
	if (st[0] < 0)
		return UPM_FORMULA_NEGATIVE;
	*out = st[0];
	return UPM_FORMULA_OK;
}

const char *upm_formula_status_text(enum upm_formula_status st)
{
	switch (st) {
	case UPM_FORMULA_OK:
		return "ok";
	case UPM_FORMULA_DIV_ZERO:
		return "division by zero";
	case UPM_FORMULA_NEGATIVE:
		return "negative: its counts disagree";
	case UPM_FORMULA_NO_TSC:
		return "TSC frequency unknown";
	}
	return "?";
}

int upm_formula_time_power(const struct upm_formula *f, const unsigned char *clock, int *exp)
{
	int st[UPM_FORMULA_MAX_CODE];
	unsigned n = 0;
	for (unsigned i = 0; i < f->n_code; i++) {
		int b;
		switch (f->code[i].op) {
		case UPM_F_TERM:
			st[n++] = clock[f->code[i].term] ? 1 : 0;
			break;
		case UPM_F_CONST:
			st[n++] = 0;
			break;
		case UPM_F_SECONDS:
		case UPM_F_SAMPLE_INTERVAL:
			st[n++] = 1;
			break;
		case UPM_F_NEG:
			if (n < 1)
				return -1;
			break;
		default:
			if (n < 2)
				return -1;
			b = st[--n];
			if (f->code[i].op == UPM_F_MUL)
				st[n - 1] += b;
			else if (f->code[i].op == UPM_F_DIV)
				st[n - 1] -= b;
			else if (st[n - 1] != b) /* a sum of a rate and a count: no one power */
				return -1;
			break;
		}
	}
	if (n != 1)
		return -1;
	*exp = st[0];
	return 0;
}
