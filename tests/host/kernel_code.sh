#!/usr/bin/env bash
# The host program and the UEFI application run the same kernel instructions: every
# inner-loop function of kernels/loops_sse2.S, disassembled from the host build's
# object and program and from the UEFI build's object and shared object, must be the
# same instruction sequence once addresses are taken out (jump targets are compared as
# function+offset). Needs `make build/host/upmon efi`.
cd "$(dirname "$0")/../.."
host_obj=build/host/obj/kernels/loops_sse2.o
efi_obj=build/efi/obj/kernels/loops_sse2.o
host_bin=build/host/upmon
efi_bin=build/efi/upmon.so
for f in "$host_obj" "$efi_obj" "$host_bin" "$efi_bin"; do
	[ -f "$f" ] || { echo "FAIL kernel_code/built: $f missing (make build/host/upmon efi)"; exit 0; }
done

# The instructions of function $2 in $1, one per line, without addresses, raw bytes or
# comments; a jump's target as <function+offset>.
code() {
	objdump -d --no-show-raw-insn --disassemble="$2" "$1" |
		awk -v f="$2" '$0 ~ "<" f ">:$" { on = 1; next } on && /^$/ { exit } on && /:\t/ { print }' |
		sed -E 's/^ *[0-9a-f]+:\t//; s/ *#.*$//; s/[0-9a-f]+ (<[^>]+>)/\1/; s/[[:space:]]+/ /g; s/ $//'
}

funcs=$(nm "$host_obj" | awk '$2 == "T" && $3 ~ /^upm_kl_/ { print $3 }' | sort)
n=$(echo "$funcs" | grep -c .)
# Every loop of kernels/sse2.h is there.
if [ "$n" -eq 10 ]; then echo "PASS kernel_code/ten_loops"; else echo "FAIL kernel_code/ten_loops: $n upm_kl_* functions in $host_obj"; fi

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

# What the loops are made of (kernels/kernel.h): aligned MOVAPS, MOVNTDQ, SFENCE, PADDQ.
has() { if code "$host_obj" "$1" | grep -qE "^$2"; then echo "PASS kernel_code/$1_uses_$2"; else echo "FAIL kernel_code/$1_uses_$2: not in its disassembly"; fi; }
has upm_kl_ntwrite movntdq
has upm_kl_ntwrite sfence
has upm_kl_copy movaps
has upm_kl_triad mulpd
has upm_kl_read paddq
has upm_kl_clflush clflush

# The comparison can fail: two different loops do not compare equal.
if [ "$(code "$host_obj" upm_kl_write)" != "$(code "$host_obj" upm_kl_ntwrite)" ]; then
	echo "PASS kernel_code/different_loops_differ"
else
	echo "FAIL kernel_code/different_loops_differ: write and ntwrite disassemble the same"
fi
