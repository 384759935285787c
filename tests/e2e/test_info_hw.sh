#!/bin/bash
# `info` on the hw backend, from the UEFI shell: the emulated CPU (an Intel family 6
# model no platform map claims) is reported unsupported, the q35 host bridge 8086:29c0
# is found, and its first dword reads the same through CF8/CFC and through ECAM. The
# run's log is then read back from the image's \upmon\results with mtools.
source "$(dirname "$0")/common.bash"
T=info_hw
e2e_need_efi $T
e2e_shell_script "$E2E_OUT/$T.nsh" -- --backend hw info
img=$(e2e_image $T --shell-only "$E2E_OUT/$T.nsh") || { fail $T "image"; exit 1; }
e2e_boot "$img"

check $T.finished "no exit status reported (qemu-run status $E2E_RC)" \
	log_has '^upmon exit status '
check $T.platform_unsupported "no 'platform: unsupported: family 6 model 0x..' line" \
	log_has '^platform: unsupported: family 6 model 0x[0-9a-fA-F]+'
check $T.ecam_window "no 'pci: ecam base 0x... segment 0 buses 0-255' line" \
	log_has '^pci: ecam base 0x[0-9a-fA-F]+ segment 0 buses 0-255'
check $T.host_bridge "no 'pci 00:00.0 8086:29c0 cf8=0x29c08086 ecam=0x29c08086 match' line" \
	log_has '^pci 00:00\.0 8086:29c0 cf8=0x29c08086 ecam=0x29c08086 match'
# QEMU's default processor has no AVX: every processor is asked, the first is named.
check $T.kernels_avx "no 'kernels: AVX usable on 0 of N processors' line naming CPUID bit 28" \
	log_has '^kernels: AVX usable on 0 of [1-9][0-9]* processors they run on; processor [0-9]+ \(socket [0-9]+, APIC ID 0x[0-9a-f]+\): the processor has no AVX \(CPUID\.01H:ECX bit 28 clear\); the _avx kernels are refused, their SSE2 twins run'
# The backends line as said, its continuations (ten spaces) joined.
backends_said() {
	tr -d '\r' <"$E2E_LOG" | awk '/^          [^ ]/ && n { prev = prev " " substr($0, 11); next }
	{ if (n) print prev; prev = $0; n = 1 } END { if (n) print prev }' | grep -Eq -- "$1"
}
check $T.backends_here "no 'backends: hw: yes ...' line (the #GP guard is installed under OVMF)" \
	backends_said "^backends: hw: yes \\(this machine's registers\\); mock, replay: yes; linux, perf: no \\(the Linux build's, on an installed machine\\)$"
check $T.no_exception "firmware exception dump on the console" no_exception
check $T.status_ok "upmon exit status is not 0x0" log_has '^upmon exit status 0x0$'
log_copy=$E2E_OUT/$T.upmon.log
img_cat "$img" "$(img_run "$img")/upmon.log" >"$log_copy" 2>/dev/null
check $T.results_log "\\upmon\\results\\upmon.log missing or without the host bridge line" \
	grep -q '^pci 00:00\.0 8086:29c0 cf8=0x29c08086 ecam=0x29c08086 match' "$log_copy"
json_copy=$E2E_OUT/$T.results.json
img_cat "$img" "$(img_run "$img")/results.json" >"$json_copy" 2>/dev/null
info_json_ok() {
	python3 tools/validate_results.py "$json_copy" >/dev/null &&
		python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
h = d["pci_path"]["host_bridge"]
assert d["command"] == "info" and d["platform_detail"] is None and d["uncore_devices"] == []
assert d["pci_path"]["mechanism"] == "ecam" and h["cf8"] == h["ecam"] == "0x29c08086" and h["match"] is True
a = d["kernels_avx"]
assert a["asked"] is True and a["usable"] == 0 and a["processors"] >= 1 and "bit 28" in a["first_refused"]["why"]' "$json_copy"
}
check $T.results_json "\\upmon\\results results.json invalid or without the host bridge read both ways (8086:29c0), or without kernels_avx refused" info_json_ok
no_tmp_left() { ! img_ls "$img" /upmon/results | grep -qi '\.tmp$'; }
check $T.no_tmp_left "a .tmp file was left in \\upmon\\results" no_tmp_left
e2e_done
