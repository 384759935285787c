/* The box classes' names (box_class.h). */
#include "core/check/box_class.h"

const char *upm_box_class_name(enum upm_box_class c)
{
	switch (c) {
	case UPM_CLASS_WORKING: return "present and working";
	case UPM_CLASS_ABSENT: return "absent";
	case UPM_CLASS_HIDDEN: return "hidden by the firmware";
	case UPM_CLASS_ALL_ONES: return "reading all ones";
	case UPM_CLASS_FAULTING: return "faulting";
	case UPM_CLASS_LOCKED: return "locked";
	case UPM_CLASS_DEAD: return "dead";
	case UPM_CLASS_MISMATCH: return "another device";
	case UPM_CLASS_UNPOPULATED: return "unpopulated";
	case UPM_CLASS_NOT_ON_PART: return "beyond this part's cores";
	}
	return "?";
}
