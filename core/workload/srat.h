/* The ACPI System Resource Affinity Table (SRAT): which proximity domain each processor
 * and each memory range belongs to, so a socket's buffers can be placed in its memory.
 * Parsed from the table's bytes (efi/numa.c finds the table), so it is tested on the
 * host. Layouts: ACPI specification 6.x, 5.2.16 "System Resource Affinity Table". */
#ifndef UPMON_CORE_SRAT_H
#define UPMON_CORE_SRAT_H

#include "platform/base/os.h"

#define UPM_SRAT_MAX_MEMS 64

struct upm_srat {
	unsigned n_cpus, n_mems;
	struct { uint32_t apic_id, domain; } cpus[UPM_MAX_CPUS];
	struct { uint32_t domain; uint64_t base, length; } mems[UPM_SRAT_MAX_MEMS];
};

/* Enabled processor (local APIC and x2APIC) and memory affinity entries; others are
 * skipped. UPM_OK, or UPM_EINVAL when it is not an SRAT or an entry runs past its end. */
int upm_srat_parse(const uint8_t *table, size_t len, struct upm_srat *out);
/* The domain of the socket's first processor (in topology order) the SRAT lists; -1
 * when none is listed. */
long upm_srat_socket_domain(const struct upm_srat *s, const struct upm_topology *t, unsigned socket);

#endif
