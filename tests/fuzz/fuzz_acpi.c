/* libFuzzer target: ACPI tables the firmware hands over (bytes a real machine's firmware
 * may get wrong): MCFG (platform/mcfg.c) and SRAT (core/workload/srat.c), each parsed
 * from the same input, then the SRAT's answer for a small topology. */
#include "core/workload/srat.h"
#include "platform/mcfg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct upm_ecam_window w[4];
	unsigned total = 0;
	upm_mcfg_parse(data, (uint32_t)(size > UINT32_MAX ? UINT32_MAX : size), w, 4, &total);
	static struct upm_srat srat; /* large: kept off the stack */
	static struct upm_topology topo;
	if (upm_srat_parse(data, size, &srat) == UPM_OK) {
		memset(&topo, 0, sizeof topo);
		topo.n_cpus = 4;
		for (unsigned i = 0; i < 4; i++) {
			topo.cpus[i].apic_id = i * 2;
			topo.cpus[i].package = i / 2;
		}
		upm_srat_socket_domain(&srat, &topo, 0);
		upm_srat_socket_domain(&srat, &topo, 1);
	}
	return 0;
}
