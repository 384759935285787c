#!/usr/bin/env bash
# suite: image (reads the UEFI build: make test runs it, make check builds none)
# Signing upmon for Secure Boot (tools/sign-efi.sh, as `make image SIGN_KEY=... SIGN_CERT=...`
# runs it) and the shim stick (tools/mkimage.sh --cert --shim, as `make image ... SHIM=1`):
# the signed upmon verifies against the lab's certificate (sbverify) and carries the SBAT
# section shim requires; the unsigned one and one signed with another key do not verify;
# the stick holds shim as BOOTX64.EFI, the signed upmon as grubx64.efi, MokManager as
# mmx64.efi and the certificate in DER. Needs build/efi/upmon.efi (make efi) and
# tools/deps.sh's sbsigntool and shim-signed.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

efi=build/efi/upmon.efi
shim=/usr/lib/shim/shimx64.efi.signed
mm=/usr/lib/shim/mmx64.efi.signed
for f in "$efi" "$shim" "$mm"; do
	[ -f "$f" ] || { fail host/secure_boot_image "$f missing (make efi; tools/deps.sh)"; exit 0; }
done
for c in sbverify sbsign openssl mcopy; do
	command -v $c >/dev/null || { fail host/secure_boot_image "$c missing (tools/deps.sh)"; exit 0; }
done

# Throwaway keys, gone with $WORK.
tools/lab-key.sh "$WORK/lab" >/dev/null && tools/lab-key.sh "$WORK/other" "another lab" >/dev/null ||
	{ fail host/secure_boot_lab_key "tools/lab-key.sh failed"; exit 0; }
[ "$(openssl x509 -in "$WORK/lab/lab.crt" -noout -subject 2>/dev/null)" = "subject=CN = upmon test lab" ] &&
	[ "$(openssl x509 -inform DER -in "$WORK/lab/lab.cer" -noout -fingerprint -sha256)" = \
		"$(openssl x509 -in "$WORK/lab/lab.crt" -noout -fingerprint -sha256)" ] &&
	pass host/secure_boot_lab_key || fail host/secure_boot_lab_key "subject or DER copy wrong"

tools/sign-efi.sh "$efi" "$WORK/signed.efi" "$WORK/lab/lab.key" "$WORK/lab/lab.crt" 2>"$WORK/sign.err" ||
	fail host/secure_boot_sign "$(head -3 "$WORK/sign.err")"
verifies() { sbverify --cert "$2" "$1" >/dev/null 2>&1; }
verifies "$WORK/signed.efi" "$WORK/lab/lab.crt" &&
	pass host/secure_boot_signed_verifies || fail host/secure_boot_signed_verifies "sbverify refused $WORK/signed.efi"
! verifies "$efi" "$WORK/lab/lab.crt" &&
	pass host/secure_boot_unsigned_refused || fail host/secure_boot_unsigned_refused "sbverify accepted the unsigned $efi"
! verifies "$WORK/signed.efi" "$WORK/other/lab.crt" &&
	pass host/secure_boot_other_key_refused || fail host/secure_boot_other_key_refused "sbverify accepted another lab's certificate"

# SBAT: shim refuses an image without it; the first record is the SBAT version's.
objcopy -O binary -j .sbat "$WORK/signed.efi" "$WORK/sbat.csv" 2>/dev/null
head -1 "$WORK/sbat.csv" 2>/dev/null | grep -q '^sbat,1,' && grep -q '^upmon,1,upmon,upmon,' "$WORK/sbat.csv" &&
	pass host/secure_boot_sbat || fail host/secure_boot_sbat "no SBAT section: $(head -c 200 "$WORK/sbat.csv" 2>/dev/null)"

# A wrong key is refused in one line, naming the variables.
tools/sign-efi.sh "$efi" "$WORK/x.efi" "$WORK/none.key" "$WORK/lab/lab.crt" >"$WORK/nokey.out" 2>&1
st=$?
[ $st = 2 ] && [ "$(wc -l <"$WORK/nokey.out")" = 1 ] && grep -q 'SIGN_KEY and SIGN_CERT' "$WORK/nokey.out" &&
	pass host/secure_boot_sign_missing_key || fail host/secure_boot_sign_missing_key "status $st: $(cat "$WORK/nokey.out")"

# The shim stick.
printf 'echo upmon\r\n' >"$WORK/startup.nsh"
if tools/mkimage.sh --cert "$WORK/lab/lab.cer" --shim "$shim" "$mm" "$WORK/shim.img" "$WORK/signed.efi" "$WORK/startup.nsh" \
	2>"$WORK/mkimage.err"; then
	m=$WORK/shim.img@@1048576
	get() { MTOOLS_SKIP_CHECK=1 mcopy -n -i "$m" "::$1" "$2" 2>/dev/null; }
	ok=1 why=
	get /EFI/BOOT/BOOTX64.EFI "$WORK/boot.efi" && cmp -s "$WORK/boot.efi" "$shim" || { ok=0 why="$why BOOTX64.EFI is not shim;"; }
	get /EFI/BOOT/grubx64.efi "$WORK/grub.efi" && verifies "$WORK/grub.efi" "$WORK/lab/lab.crt" || { ok=0 why="$why grubx64.efi is not the signed upmon;"; }
	get /EFI/BOOT/mmx64.efi "$WORK/mm.efi" && cmp -s "$WORK/mm.efi" "$mm" || { ok=0 why="$why mmx64.efi is not MokManager;"; }
	get /upmon-lab.cer "$WORK/cer" && cmp -s "$WORK/cer" "$WORK/lab/lab.cer" || { ok=0 why="$why no certificate;"; }
	get /EFI/BOOT/fbx64.efi "$WORK/fb.efi" && { ok=0 why="$why a fallback fbx64.efi;"; }
	[ $ok = 1 ] && pass host/secure_boot_shim_stick || fail host/secure_boot_shim_stick "$why"
else
	fail host/secure_boot_shim_stick "$(head -3 "$WORK/mkimage.err")"
fi
