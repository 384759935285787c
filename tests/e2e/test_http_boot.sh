#!/bin/bash
# Network boot (UEFI HTTP boot, for rack mode): the firmware fetches upmon.efi
# from a loopback HTTP server (tests/e2e/http_log_server.py, which logs every request)
# through QEMU's user network, where DHCP's bootfile is the URL; OVMF's own network stack
# boots it (romfile= keeps iPXE out; fw_cfg turns OVMF's PXE options off, which would wait
# for a TFTP and a DHCPv6 answer first). upmon's image then lives on no volume: its files
# go to the first writable FAT volume, a stick that holds \upmon\upmon.cfg (`info` on the
# mock, `end = qemu-exit`) and gets the run's folder, named after the SMBIOS serial.
#
# Once the core fetches its configuration and uploads (core/), two more
# checks join these, prepared below: the server logged `GET /upmon.cfg` (beside the boot
# URI, then `upmon-<serial>.cfg`) and `PUT /bucket/prefix/<run folder>/results.json`.
source "$(dirname "$0")/common.bash"
T=http_boot
e2e_need_efi $T
SERIAL=RACK-SN-0042
OVMF_CODE=${OVMF_CODE:-/usr/share/OVMF/OVMF_CODE_4M.fd}
OVMF_VARS=${OVMF_VARS:-/usr/share/OVMF/OVMF_VARS_4M.fd}
LIMIT=${E2E_HTTP_TIMEOUT:-50} # QEMU's seconds: boot, DHCP, download, the run
for f in "$OVMF_CODE" "$OVMF_VARS"; do
	[ -f "$f" ] || { fail $T "$f missing (apt-get install ovmf)"; exit 1; }
done

W=$E2E_OUT/$T
rm -rf "$W"
mkdir -p "$W/serve" "$W/store"
cp "$UPMON_EFI" "$W/serve/upmon.efi"
printf '# e2e: network boot, files on the stick\nargs = --backend mock --platform snbep info\nend = qemu-exit\n' \
	>"$W/stick.cfg"
STICK=$W/stick.img
{ mkfs.fat -C "$STICK" 16384 && mmd -i "$STICK" ::/upmon && mcopy -i "$STICK" "$W/stick.cfg" ::/upmon/upmon.cfg; } \
	>/dev/null || { fail $T "stick image"; exit 1; }
cp "$OVMF_VARS" "$W/vars.fd" # a fresh variable store: Ip4Config2's policy as shipped

python3 tests/e2e/http_log_server.py "$W/serve" "$W/store" "$W/server.log" "$W/port" 2>"$W/server.err" &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do [ -s "$W/port" ] && break; sleep 0.1; done
PORT=$(cat "$W/port" 2>/dev/null)
[ -n "$PORT" ] || { fail $T "the HTTP server did not start: $(cat "$W/server.err")"; exit 1; }
touch "$W/server.log"

# -no-reboot: a reset ends QEMU; isa-debug-exit: upmon's `end = qemu-exit` (status s
# -> QEMU exits with (s << 1) | 1).
timeout --kill-after=5 "$LIMIT" qemu-system-x86_64 \
	-machine q35,accel=tcg -cpu qemu64,vendor=GenuineIntel,family=6,model=58,stepping=9 \
	-m 512M -smp 1 -nographic -no-reboot \
	-drive "if=pflash,format=raw,readonly=on,file=$OVMF_CODE" -drive "if=pflash,format=raw,file=$W/vars.fd" \
	-fw_cfg name=opt/org.tianocore/IPv4PXESupport,string=no \
	-fw_cfg name=opt/org.tianocore/IPv6PXESupport,string=no \
	-netdev "user,id=n0,bootfile=http://10.0.2.2:$PORT/upmon.efi" \
	-device virtio-net-pci,netdev=n0,romfile=,bootindex=0 \
	-drive "file=$STICK,format=raw,if=none,id=stick" -device ide-hd,drive=stick,bus=ide.0 \
	-smbios "type=1,serial=$SERIAL" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	</dev/null >"$W/console.raw" 2>"$W/qemu.err"
E2E_RC=$?
E2E_LOG=$W/$T.log
sed -e 's/\x1b\[[0-9;?=]*[A-Za-z]//g' -e 's/\x1b[()][0-9A-Za-z]//g' -e 's/\r//g' "$W/console.raw" >"$E2E_LOG"
[ "${E2E_VERBOSE:-0}" = 1 ] && cat "$E2E_LOG" "$W/server.log"

# server_logged METHOD PATH: the server's log has that request (PATH an extended regex).
server_logged() { grep -Eq "^$1 $2 [0-9]+\$" "$W/server.log"; }
stick_cat() { mtype -i "$STICK" "::$1"; }
# The run's folder as runs.csv on the stick names it.
stick_run() { echo "/upmon/results/$(stick_cat /upmon/results/runs.csv 2>/dev/null | tr -d '\r' | runs_csv_last_folder)"; }

check $T.firmware_fetched_upmon "the server did not log GET /upmon.efi: $(tr '\n' ';' <"$W/server.log")" \
	server_logged GET /upmon.efi
check $T.firmware_http_boot "the firmware did not start its HTTPv4 boot option" \
	log_has '^BdsDxe: starting Boot[0-9A-F]+ "UEFI HTTPv4'
check $T.upmon_ran "no upmon banner on the console" \
	log_has '^identity: upmon [^ ]+ \(revision [^)]+\) on uefi, started'
check $T.serial "the identity does not name the SMBIOS serial $SERIAL" log_said_has "serial $SERIAL,"
check $T.qemu_exit_ok "QEMU exit $E2E_RC, not 1 (upmon's status 0 through isa-debug-exit; 124: timeout)" \
	[ "$E2E_RC" = 1 ]
check $T.stick_config "upmon did not read the stick's configuration" \
	log_has '^identity: configuration: /upmon/upmon.cfg$'
stick_results() {
	local run; run=$(stick_run)
	echo "${run##*/}" | grep -qE "^[0-9]{8}-[0-9]{6}-$SERIAL-info\$" &&
		stick_cat "$run/results.json" | tr -d '\r' >"$W/results.json" &&
		python3 tools/validate_results.py "$W/results.json"
}
check $T.stick_results "no valid results.json in a run folder named after $SERIAL on the stick" stick_results
check $T.no_exception "firmware exception dump on the console" no_exception

# Rack mode, once the core has it (then the served upmon.cfg names the upload prefix
# http://10.0.2.2:$PORT/bucket/prefix):
# check $T.fetched_config "the server did not log GET /upmon.cfg" server_logged GET /upmon.cfg
# uploaded() { server_logged PUT "/bucket/prefix/$(basename "$(stick_run)")/results.json" &&
#	python3 tools/validate_results.py "$W/store/bucket/prefix/$(basename "$(stick_run)")/results.json"; }
# check $T.uploaded "the server did not log PUT /bucket/prefix/<run folder>/results.json" uploaded
e2e_done
