#!/usr/bin/env bash
# suite: image (reads the UEFI build: make test runs it, make check builds none)
# The host program and the UEFI application run the same kernel instructions: every
# function of kernels/loops_sse2.S, kernels/loops_avx.S and kernels/writeback.S, disassembled from the host
# build's object and program and from the UEFI build's object and shared object, must
# be the same instruction sequence once addresses are taken out (jump targets are
# compared as function+offset). Needs `make build/host/upmon efi`.
cd "$(dirname "$0")/../.."
host_bin=build/host/upmon
efi_bin=build/efi/upmon.so

# The instructions of function $2 in $1, one per line, without addresses, raw bytes or
# comments; a jump's target as <function+offset>.
code() {
	objdump -d --no-show-raw-insn --disassemble="$2" "$1" |
		awk -v f="$2" '$0 ~ "<" f ">:$" { on = 1; next } on && /^$/ { exit } on && /:\t/ { print }' |
		sed -E 's/^ *[0-9a-f]+:\t//; s/ *#.*$//; s/[0-9a-f]+ (<[^>]+>)/\1/; s/[[:space:]]+/ /g; s/ $//'
}

# Each assembly file with the number of functions it defines (kernels/sse2.h, avx.h,
# writeback.h).
for file in loops_sse2:10 loops_avx:6 writeback:2; do
	base=${file%%:*} want=${file#*:}
	host_obj=build/host/obj/kernels/$base.o
	efi_obj=build/efi/obj/kernels/$base.o
	missing=""
	for f in "$host_obj" "$efi_obj" "$host_bin" "$efi_bin"; do
		[ -f "$f" ] || missing=$f
	done
	if [ -n "$missing" ]; then
		echo "FAIL kernel_code/${base}_built: $missing missing (make build/host/upmon efi)"
		continue
	fi
	funcs=$(nm "$host_obj" | awk '$2 == "T" && $3 ~ /^upm_kl_/ { print $3 }' | sort)
	n=$(echo "$funcs" | grep -c .)
	if [ "$n" -eq "$want" ]; then echo "PASS kernel_code/${base}_has_${want}_functions"; else echo "FAIL kernel_code/${base}_has_${want}_functions: $n upm_kl_* functions in $host_obj"; fi
	for f in $funcs; do
		a=$(code "$host_obj" "$f")
		if [ "$(echo "$a" | grep -c .)" -lt 5 ]; then
			echo "FAIL kernel_code/$f: fewer than 5 instructions disassembled from $host_obj"
			continue
		fi
		for pair in efi_object:"$efi_obj" host_program:"$host_bin" efi_program:"$efi_bin"; do
			label=${pair%%:*} other=${pair#*:}
			b=$(code "$other" "$f")
			if [ "$a" = "$b" ]; then
				echo "PASS kernel_code/${f}_same_in_$label"
			else
				echo "FAIL kernel_code/${f}_same_in_$label: first difference: $(diff <(echo "$a") <(echo "$b") | grep '^[<>]' | head -2 | tr '\n' ' ')"
			fi
		done
	done
done

# What the loops are made of (kernels/kernel.h): aligned MOVAPS, MOVNTDQ, SFENCE, PADDQ;
# the AVX loops' 32-byte VEX forms, each ending with VZEROUPPER, and the probe's XGETBV
# behind its CPUID.
obj_of() {
	case $1 in
	*_avx | upm_kl_avx_state) echo build/host/obj/kernels/loops_avx.o ;;
	upm_kl_clflushopt | upm_kl_leaf7_ebx) echo build/host/obj/kernels/writeback.o ;;
	*) echo build/host/obj/kernels/loops_sse2.o ;;
	esac
}
has() { if code "$(obj_of "$1")" "$1" | grep -qE "^$2"; then echo "PASS kernel_code/$1_uses_${3:-$2}"; else echo "FAIL kernel_code/$1_uses_${3:-$2}: not in its disassembly"; fi; }
has upm_kl_ntwrite movntdq
has upm_kl_ntwrite sfence
has upm_kl_copy movaps
has upm_kl_triad mulpd
has upm_kl_read paddq
has upm_kl_clflush 'clflush \(' clflush
has upm_kl_clflush mfence
has upm_kl_clflushopt 'clflushopt \(' clflushopt
has upm_kl_clflushopt mfence
has upm_kl_leaf7_ebx cpuid
has upm_kl_read_avx 'vmovaps \(%rdi\),%ymm' vmovaps_ymm
has upm_kl_write_avx 'vmovaps %ymm0,' vmovaps_ymm
has upm_kl_ntwrite_avx 'vmovntdq %ymm0,' vmovntdq_ymm
has upm_kl_ntwrite_avx sfence
has upm_kl_copy_avx 'vmovaps %ymm' vmovaps_ymm
has upm_kl_triad_avx 'vmulpd %ymm' vmulpd_ymm
has upm_kl_triad_avx 'vaddpd (0x[0-9a-f]+)?\(%rdi,%rax(,1)?\),%ymm' vaddpd_ymm_memory
for f in upm_kl_read_avx upm_kl_write_avx upm_kl_ntwrite_avx upm_kl_copy_avx upm_kl_triad_avx; do
	last=$(code "$(obj_of "$f")" "$f" | tail -2 | head -1)
	if [ "$last" = vzeroupper ]; then echo "PASS kernel_code/${f}_ends_with_vzeroupper"; else echo "FAIL kernel_code/${f}_ends_with_vzeroupper: '$last' before ret"; fi
done
has upm_kl_avx_state cpuid
has upm_kl_avx_state xgetbv
# Only AVX in the AVX loops: no AVX2 form (an integer VP* instruction on ymm, a
# broadcast from a register) and no AVX-512 register.
avx2=""
for f in upm_kl_read_avx upm_kl_write_avx upm_kl_ntwrite_avx upm_kl_copy_avx upm_kl_triad_avx; do
	hit=$(code build/host/obj/kernels/loops_avx.o "$f" | grep -E '^vp[a-z0-9]+ .*%ymm|^vbroadcasts[sd] %xmm|%zmm' | head -1)
	[ -n "$hit" ] && avx2="$avx2 $f: $hit;"
done
if [ -z "$avx2" ]; then echo "PASS kernel_code/avx_loops_need_no_avx2"; else echo "FAIL kernel_code/avx_loops_need_no_avx2:$avx2"; fi

# The comparison can fail: two different loops do not compare equal.
sse=build/host/obj/kernels/loops_sse2.o
if [ "$(code "$sse" upm_kl_write)" != "$(code "$sse" upm_kl_ntwrite)" ]; then
	echo "PASS kernel_code/different_loops_differ"
else
	echo "FAIL kernel_code/different_loops_differ: write and ntwrite disassemble the same"
fi
