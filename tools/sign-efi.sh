#!/bin/bash
# Signs upmon for Secure Boot with a lab's key: adds the SBAT section that shim requires of
# every image it starts (shim's SBAT.md: "sbat" and the component's generation, CSV), then
# signs the result with sbsign (sbsigntool) and checks it with sbverify.
#
#   tools/sign-efi.sh IN.efi OUT.efi KEY.pem CERT.pem
#
# KEY and CERT: PEM (tools/lab-key.sh makes a throwaway pair for tests). The SBAT section
# goes past the image's last section, page-aligned, as objcopy adds sections to PE files.
set -euo pipefail
for need in sbsign:sbsigntool sbverify:sbsigntool objcopy:binutils objdump:binutils; do
	command -v "${need%%:*}" >/dev/null 2>&1 ||
		{ echo "$0: ${need%%:*} missing (apt-get install ${need#*:})" >&2; exit 2; }
done
if [ $# -ne 4 ]; then
	echo "usage: $0 IN.efi OUT.efi KEY.pem CERT.pem" >&2
	exit 2
fi
in=$1 out=$2 key=$3 cert=$4
for f in "$in" "$key" "$cert"; do
	[ -r "$f" ] || { echo "$0: $f: cannot read (SIGN_KEY and SIGN_CERT name the lab's PEM key and certificate)" >&2; exit 2; }
done
version=$(sed -n 's/^#define UPM_VERSION "\(.*\)"$/\1/p' platform/base/revision.h)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Generation 1: raise it when a release must be revoked through SBAT.
printf 'sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md\nupmon,1,upmon,upmon,%s,https://upmon.invalid\n' \
	"${version:-unknown}" >"$tmp/sbat.csv"
if objdump -h "$in" | grep -q ' \.sbat '; then
	cp "$in" "$tmp/sbat.efi"
else
	# The first page past every section (VMA + size), as hex.
	end=0
	while read -r size vma; do
		((0x$vma + 0x$size > end)) && end=$((0x$vma + 0x$size))
	done < <(objdump -h "$in" | awk '$1 ~ /^[0-9]+$/ { print $3, $4 }')
	end=$(printf '0x%x' $(((end + 4095) / 4096 * 4096)))
	objcopy --add-section .sbat="$tmp/sbat.csv" --set-section-flags .sbat=contents,alloc,load,readonly,data \
		--change-section-vma .sbat="$end" "$in" "$tmp/sbat.efi"
fi
sbsign --key "$key" --cert "$cert" --output "$tmp/signed.efi" "$tmp/sbat.efi" 2>"$tmp/sbsign.log" ||
	{ cat "$tmp/sbsign.log" >&2; exit 1; }
sbverify --cert "$cert" "$tmp/signed.efi" >/dev/null 2>&1 ||
	{ echo "$0: $out does not verify against $cert after signing" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
mv "$tmp/signed.efi" "$out"
