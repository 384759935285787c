/* Free text for people: the decimal counts in a sentence get thousands separators, as
 * the console shows every other count ("moved +5,176,600 while frozen"). Files keep the
 * text as it was made. */
#ifndef UPM_CORE_HUMAN_TEXT_H
#define UPM_CORE_HUMAN_TEXT_H

#include "platform/base/str.h"

/* Copies text into buf with separators in every decimal number of four digits or more
 * that stands on its own: not hexadecimal (0x..., or digits after a letter such as
 * ctr0 or 0xd76), not after '.', ':', '/' or '_', nor before '-' or ':' (dates, times,
 * PCI addresses, folder names keep their digits). */
void upm_human_text(char *buf, size_t size, const char *text);

#endif
