/* How a box instance meets the self-test (its presence): the classes and their names, which
 * the self-test gives and the safety facts (check_safety.c) read. */
#ifndef UPMON_CORE_CHECK_BOX_CLASS_H
#define UPMON_CORE_CHECK_BOX_CLASS_H

/* Box classes as the field meets them. */
enum upm_box_class {
	UPM_CLASS_WORKING = 0,
	UPM_CLASS_ABSENT,     /* not on this part: its device or registers do not exist */
	UPM_CLASS_HIDDEN,     /* its PCI function is hidden while its siblings answer */
	UPM_CLASS_ALL_ONES,   /* answers, but its registers read all ones */
	UPM_CLASS_FAULTING,   /* some of its registers fault or fail */
	UPM_CLASS_LOCKED,     /* writes do not stick */
	UPM_CLASS_DEAD,       /* programmed and enabled, it does not count */
	UPM_CLASS_MISMATCH,   /* another device sits where it should: never written */
	UPM_CLASS_UNPOPULATED, /* a memory channel whose DRAM clock does not tick: no DIMMs */
	UPM_CLASS_NOT_ON_PART, /* the die has it, this part (fewer cores) does not: N/A */
};

/* "present and working", "absent", ...: as the verdicts' reasons say it. */
const char *upm_box_class_name(enum upm_box_class c);

#endif
