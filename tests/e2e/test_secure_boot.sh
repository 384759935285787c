#!/bin/bash
# Secure Boot on with Microsoft's keys enrolled, as most lab machines ship (OVMF's MS-keys
# firmware; docs/safety.md, Secure Boot):
# - the unsigned upmon stick: the firmware refuses \EFI\BOOT\BOOTX64.EFI ("Access Denied"),
#   upmon never runs and nothing is written on the stick;
# - the shim stick (make image SIGN_KEY=... SIGN_CERT=... SHIM=1, here through the same
#   tools/sign-efi.sh and tools/mkimage.sh --shim): the firmware starts the Microsoft-signed
#   shim; the lab's key is not enrolled, so shim says "Verification failed: (0x1A) Security
#   Violation" for upmon and, once that is dismissed, starts MokManager, which offers to
#   enrol the key ("Press any key to perform MOK management"). upmon does not run before
#   the key is enrolled;
# - the lab's certificate in db (as a lab enrols it in the firmware's key menu; here written
#   into a copy of the variable store by tools/ovmf_vars_db.py): the signed upmon stick
#   (make image SIGN_KEY=... SIGN_CERT=...) runs, and its identity says Secure Boot is on.
source "$(dirname "$0")/common.bash"
T=secure_boot
E2E_TIMEOUT=${E2E_TIMEOUT_SECURE_BOOT:-300} # an upper bound: each boot stops at what it waits for
e2e_need_efi $T
for f in /usr/share/OVMF/OVMF_CODE_4M.ms.fd /usr/share/OVMF/OVMF_VARS_4M.ms.fd \
	/usr/lib/shim/shimx64.efi.signed /usr/lib/shim/mmx64.efi.signed; do
	[ -f "$f" ] || { fail $T "$f missing (tools/deps.sh)"; exit 1; }
done
# Should the firmware fall back to its shell, this script says so and powers off.
printf '@echo -off\necho "e2e: reached the UEFI shell"\nreset -s\n' >"$E2E_OUT/$T.nsh"
cfg=$E2E_OUT/$T.cfg
printf '# e2e: Secure Boot\nargs = --backend hw info\nend = qemu-exit\n' >"$cfg"

# The unsigned stick. The firmware then tries its other boot options (its shell is refused
# too) and waits in its boot manager: stopped there.
img=$(e2e_image $T-unsigned "$E2E_OUT/$T.nsh" "$cfg") || { fail $T "image"; exit 1; }
e2e_boot_secure "$img" "" 'No bootable option or device was found|e2e: reached the UEFI shell|^identity: '
check $T.unsigned_refused "the firmware did not refuse the unsigned BOOTX64.EFI with Access Denied" \
	log_has 'BdsDxe: failed to load Boot[0-9A-F]+ "UEFI QEMU HARDDISK.*: Access Denied'
check $T.unsigned_reached_boot_menu "qemu-run status $E2E_RC, not 123 (stopped at the boot manager)" \
	[ "$E2E_RC" = 123 ]
check $T.unsigned_upmon_not_run "upmon ran" not_in_log 'identity: '
check $T.unsigned_nothing_written "files under \\upmon\\results: $(img_ls "$img" /upmon/results 2>/dev/null | tr '\n' ' ')" \
	[ -z "$(img_ls "$img" /upmon/results 2>/dev/null)" ]

# The shim stick, with a throwaway lab key.
key=$E2E_OUT/$T-key
rm -rf "$key"
tools/lab-key.sh "$key" >/dev/null || { fail $T "tools/lab-key.sh"; exit 1; }
tools/sign-efi.sh "$UPMON_EFI" "$E2E_OUT/$T-signed.efi" "$key/lab.key" "$key/lab.crt" 2>/dev/null ||
	{ fail $T "tools/sign-efi.sh"; exit 1; }
UPMON_EFI=$E2E_OUT/$T-signed.efi
tools/mkimage.sh --cert "$key/lab.cer" --shim /usr/lib/shim/shimx64.efi.signed /usr/lib/shim/mmx64.efi.signed \
	"$E2E_OUT/$T-shim.img" "$UPMON_EFI" "$E2E_OUT/$T.nsh" "$cfg" || { fail $T "shim image"; exit 1; }
img=$E2E_OUT/$T-shim.img
e2e_boot_secure "$img" 'Verification failed' 'Press any key to perform MOK management|e2e: reached the UEFI shell|^identity: '
check $T.shim_started "the firmware did not start the shim (BOOTX64.EFI)" \
	log_has 'BdsDxe: starting Boot[0-9A-F]+ "UEFI QEMU HARDDISK'
check $T.shim_refused_unenrolled "shim did not refuse upmon signed with the unenrolled lab key" \
	log_has 'Verification failed: \(0x1A\) Security Violation'
check $T.mokmanager_started "MokManager did not offer to enrol a key" \
	log_has 'Shim UEFI key management'
check $T.mokmanager_prompt "qemu-run status $E2E_RC, not 123 (stopped at MokManager's prompt)" \
	eval '[ "$E2E_RC" = 123 ] && log_has "Press any key to perform MOK management"'
check $T.shim_upmon_not_run "upmon ran before its key was enrolled" not_in_log 'identity: '

vars=$E2E_OUT/$T-vars.fd
python3 tools/ovmf_vars_db.py /usr/share/OVMF/OVMF_VARS_4M.ms.fd "$key/lab.cer" "$vars" ||
	{ fail $T "tools/ovmf_vars_db.py"; exit 1; }
tools/mkimage.sh --cert "$key/lab.cer" "$E2E_OUT/$T-signed.img" "$UPMON_EFI" "$E2E_OUT/$T.nsh" "$cfg" ||
	{ fail $T "signed image"; exit 1; }
img=$E2E_OUT/$T-signed.img
OVMF_SB_VARS=$vars e2e_boot_secure "$img" "" 'e2e: reached the UEFI shell|Access Denied'
check $T.enrolled_signed_runs "qemu-run status $E2E_RC, not 0 (upmon's info through isa-debug-exit)" \
	[ "$E2E_RC" = 0 ]
check $T.enrolled_identity_on "no 'identity: secure boot: on (SecureBoot 1, SetupMode 0) ...' line" \
	log_said_has '^identity: secure boot: on \(SecureBoot 1, SetupMode 0\): the firmware starts signed images only$'
json_on() {
	img_cat "$img" "$(img_run "$img")/results.json" | python3 -c \
		'import json, sys; s = json.load(sys.stdin)["secure_boot"]; sys.exit(0 if (s["state"], s["secure_boot"], s["setup_mode"]) == ("on", 1, 0) else 1)'
}
check $T.enrolled_results_json "results.json on the stick lacks secure_boot on, 1, 0" json_on
check $T.no_exception "firmware exception dump on the console" no_exception
e2e_done
