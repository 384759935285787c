#include "platform/cpu.h"
#include "platform/base/str.h"

void upm_cpu_decode_signature(uint32_t eax, unsigned *family, unsigned *model, unsigned *stepping)
{
	unsigned base_family = (eax >> 8) & 0xF;
	unsigned base_model = (eax >> 4) & 0xF;
	*stepping = eax & 0xF;
	*family = base_family == 0xF ? base_family + ((eax >> 20) & 0xFF) : base_family;
	*model = (base_family == 0x6 || base_family == 0xF) ? (((eax >> 16) & 0xF) << 4) + base_model
							      : base_model;
}

static void put_reg(char *dst, uint32_t r)
{
	for (int i = 0; i < 4; i++)
		dst[i] = (char)(r >> (8 * i));
}

/* The brand string is right-padded or left-padded with spaces depending on the part. */
static void trim_spaces(char *s)
{
	size_t start = 0, n = upm_strlen(s);
	while (s[start] == ' ')
		start++;
	while (n > start && s[n - 1] == ' ')
		n--;
	upm_memcpy(s, s + start, n - start);
	s[n - start] = 0;
}

/* Linux, arch/x86/kernel/cpu/topology.c (detect_extended_topology): leaf 0xB subleaf
 * ECX[15:8] is the level type (1 SMT, 2 core, 0 invalid), EBX[15:0] the logical
 * processors at that level; x86_max_cores = core-level count / SMT-level count.
 * Without leaf 0xB, arch/x86/kernel/cpu/intel.c (intel_num_cpu_cores): leaf 4
 * subleaf 0, EAX[31:26] + 1 when EAX[4:0] (cache type) is not 0. */
unsigned upm_cpu_cores_per_package(struct upm_backend *b, unsigned max_leaf)
{
	struct upm_cpuid_regs r;
	if (max_leaf >= 0xB) {
		unsigned smt = 0, core = 0;
		for (uint32_t sub = 0; sub < 8; sub++) {
			if (upm_cpuid(b, 0xB, sub, &r) != UPM_OK)
				break;
			unsigned type = (r.ecx >> 8) & 0xFF, count = r.ebx & 0xFFFF;
			if (type == 0 || (sub == 0 && r.ebx == 0))
				break;
			if (type == 1)
				smt = count;
			else if (type == 2)
				core = count;
		}
		if (smt && core >= smt)
			return core / smt;
	}
	if (max_leaf >= 4 && upm_cpuid(b, 4, 0, &r) == UPM_OK && (r.eax & 0x1F))
		return (r.eax >> 26) + 1;
	return 0;
}

int upm_cpu_identify(struct upm_backend *b, struct upm_cpu_ident *out)
{
	struct upm_cpuid_regs r;
	int rc;

	upm_memset(out, 0, sizeof *out);
	if ((rc = upm_cpuid(b, 0, 0, &r)) != UPM_OK)
		return rc;
	out->max_leaf = r.eax;
	put_reg(out->vendor, r.ebx);
	put_reg(out->vendor + 4, r.edx);
	put_reg(out->vendor + 8, r.ecx);
	out->vendor[12] = 0;

	if (out->max_leaf >= 1) {
		if ((rc = upm_cpuid(b, 1, 0, &r)) != UPM_OK)
			return rc;
		upm_cpu_decode_signature(r.eax, &out->family, &out->model, &out->stepping);
		out->hypervisor = (r.ecx >> 31) & 1;
	}
	out->cores_per_package = upm_cpu_cores_per_package(b, out->max_leaf);

	if (upm_cpuid(b, 0x80000000u, 0, &r) == UPM_OK && r.eax >= 0x80000004u) {
		for (uint32_t i = 0; i < 3; i++) {
			if (upm_cpuid(b, 0x80000002u + i, 0, &r) != UPM_OK)
				break;
			put_reg(out->brand + 16 * i, r.eax);
			put_reg(out->brand + 16 * i + 4, r.ebx);
			put_reg(out->brand + 16 * i + 8, r.ecx);
			put_reg(out->brand + 16 * i + 12, r.edx);
		}
		out->brand[48] = 0;
		trim_spaces(out->brand);
	}

	/* SDM vol. 3A 9.11.7.1: write 0 to IA32_BIOS_SIGN_ID, run CPUID(1), read bits 63:32.
	 * Only on Intel, where the register is architectural. */
	out->microcode_status = UPM_EUNSUPPORTED;
	if (upm_strcmp(out->vendor, "GenuineIntel") == 0 && out->family == 6) {
		uint64_t sig = 0;
		rc = upm_msr_write(b, UPM_MSR_IA32_BIOS_SIGN_ID, 0);
		if (rc == UPM_OK)
			rc = upm_cpuid(b, 1, 0, &r);
		if (rc == UPM_OK)
			rc = upm_msr_read(b, UPM_MSR_IA32_BIOS_SIGN_ID, &sig);
		out->microcode_status = rc;
		out->microcode = (uint32_t)(sig >> 32);
	}
	return UPM_OK;
}

int upm_cpu_hypervisor_is_qemu(uint32_t ebx, uint32_t ecx, uint32_t edx)
{
	char sig[13];
	put_reg(sig, ebx);
	put_reg(sig + 4, ecx);
	put_reg(sig + 8, edx);
	sig[12] = 0;
	if (upm_memcmp(sig, "TCGTCGTCGTCG", 12) == 0)
		return 1;
	return upm_memcmp(sig, "KVMKVMKVM\0\0\0", 12) == 0;
}
