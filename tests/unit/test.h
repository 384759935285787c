/* A small test harness: tests register themselves; each prints PASS or FAIL. */
#ifndef UPMON_TESTS_UNIT_TEST_H
#define UPMON_TESTS_UNIT_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct upm_test {
	const char *name;
	void (*fn)(void);
};

void upm_test_register(const char *name, void (*fn)(void));
void upm_test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
extern int upm_test_failed_now;

#define TEST(name)                                                            \
	static void test_##name(void);                                        \
	__attribute__((constructor)) static void register_##name(void)       \
	{                                                                     \
		upm_test_register(#name, test_##name);                        \
	}                                                                     \
	static void test_##name(void)

#define CHECK(cond)                                                                   \
	do {                                                                          \
		if (!(cond))                                                          \
			upm_test_fail(__FILE__, __LINE__, "CHECK(%s)", #cond);         \
	} while (0)

#define CHECK_EQ(a, b)                                                                  \
	do {                                                                            \
		unsigned long long va_ = (unsigned long long)(a), vb_ = (unsigned long long)(b); \
		if (va_ != vb_)                                                         \
			upm_test_fail(__FILE__, __LINE__, "%s == 0x%llx, expected %s == 0x%llx", \
				      #a, va_, #b, vb_);                               \
	} while (0)

#define CHECK_STR(a, b)                                                                  \
	do {                                                                             \
		const char *sa_ = (a), *sb_ = (b);                                       \
		if (!sa_ || !sb_ || strcmp(sa_, sb_) != 0)                                \
			upm_test_fail(__FILE__, __LINE__, "%s == \"%s\", expected \"%s\"", #a, \
				      sa_ ? sa_ : "(null)", sb_ ? sb_ : "(null)");       \
	} while (0)

/* Whether this processor runs AVX, by the compiler's own test (libgcc reads CPUID and
 * XCR0 too): the expectation the kernels' own probe (kernels/isa.c) is held to. */
static inline int upm_test_avx_here(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx") != 0;
}

#define CHECK_CONTAINS(hay, needle)                                                     \
	do {                                                                            \
		const char *h_ = (hay), *n_ = (needle);                                 \
		if (!h_ || !strstr(h_, n_))                                             \
			upm_test_fail(__FILE__, __LINE__, "%s does not contain \"%s\"", #hay, n_); \
	} while (0)

#endif
