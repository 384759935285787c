# shell_exit_status LOG: upmon's exit status as the UEFI shell printed it in a console
# log (tools/nsh-script.sh's "upmon exit status 0x..." line: %lasterror% in hex with the
# error bit stripped), in decimal; the last such line counts; nothing when there is none.
# Sourced by tools/qemu-run.sh and tests/e2e/common.bash.
shell_exit_status() {
	local hex
	hex=$(sed -n 's/^upmon exit status 0x\([0-9A-Fa-f]\{1,8\}\)$/\1/p' "$1" | tail -n 1)
	[ -z "$hex" ] || echo $((16#$hex))
}
