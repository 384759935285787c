/* How often a text holds a string, for the tests of written files and console lines. */
#ifndef UPMON_TESTS_UNIT_OCCURRENCES_H
#define UPMON_TESTS_UNIT_OCCURRENCES_H

/* Occurrences of needle in hay, overlapping ones counted; 0 when hay is NULL. */
unsigned occurrences(const char *hay, const char *needle);

#endif
