#!/bin/bash
# Rack mode under QEMU (docs/rack.md): the firmware HTTP-boots upmon.efi from a loopback
# server (tests/e2e/http_log_server.py, which logs every request) through QEMU's user
# network, where DHCP's bootfile is the URL; OVMF's own network stack boots it (romfile=
# keeps iPXE out; fw_cfg turns OVMF's PXE options off, which would wait for a TFTP and a
# DHCPv6 answer first). upmon then fetches upmon-<serial>.cfg and upmon.cfg beside the boot
# URI (the server has the second: `info` on the mock, out = the store, end = qemu-exit),
# and puts every file into a real S3 implementation on the loopback (tools/s3_server.js),
# and, its own image on no volume, writes them to the first writable FAT volume too (a
# stick): the objects are the stick's files byte for byte, the SMBIOS serial QEMU was given
# in their path and content. A second boot without a stick, its store down: the puts tried
# again within out_timeout, the files on the console, exit status 4.
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
printf '# the stick: network-booted, the boot server'"'"'s configuration wins\nargs = --backend mock --platform snbep info\nend = qemu-exit\n' \
	>"$W/stick.cfg"
STICK=$W/stick.img
{ mkfs.fat -C "$STICK" 16384 && mmd -i "$STICK" ::/upmon && mcopy -i "$STICK" "$W/stick.cfg" ::/upmon/upmon.cfg; } \
	>/dev/null || { fail $T "stick image"; exit 1; }

pids=()
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
python3 tests/e2e/http_log_server.py "$W/serve" "$W/store" "$W/server.log" "$W/port" 2>"$W/server.err" &
pids+=($!)
node tools/s3_server.js "$W/s3" 0 lab >"$W/s3.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -s "$W/port" ] && grep -q '^ready' "$W/s3.log" && break; sleep 0.1; done
PORT=$(cat "$W/port" 2>/dev/null)
S3=$(sed -n 's/^ready //p' "$W/s3.log")
[ -n "$PORT" ] || { fail $T "the HTTP server did not start: $(cat "$W/server.err")"; exit 1; }
[ -n "$S3" ] || { fail $T "the S3 server did not start: $(head -c 300 "$W/s3.log") (tools/deps.sh installs it)"; exit 1; }
touch "$W/server.log"

BOOT_EXTRA=()
# boot NAME [STICK]: boots the machine over HTTP (a fresh variable store: Ip4Config2's
# policy as shipped), the stick attached when given; the console in $W/NAME.log, QEMU's
# status in RC. -no-reboot: a reset ends QEMU; isa-debug-exit: upmon's `end = qemu-exit`
# (status s -> QEMU exits with (s << 1) | 1).
boot() {
	local name=$1 stick=()
	[ -n "${2:-}" ] && stick=(-drive "file=$2,format=raw,if=none,id=stick" -device ide-hd,drive=stick,bus=ide.0)
	cp "$OVMF_VARS" "$W/vars.fd"
	timeout --kill-after=5 "$LIMIT" qemu-system-x86_64 \
		-machine q35,accel=tcg -cpu qemu64,vendor=GenuineIntel,family=6,model=58,stepping=9 \
		-m 512M -smp 1 -nographic -no-reboot \
		-drive "if=pflash,format=raw,readonly=on,file=$OVMF_CODE" -drive "if=pflash,format=raw,file=$W/vars.fd" \
		-fw_cfg name=opt/org.tianocore/IPv4PXESupport,string=no \
		-fw_cfg name=opt/org.tianocore/IPv6PXESupport,string=no \
		-netdev "user,id=n0,bootfile=http://10.0.2.2:$PORT/upmon.efi" \
		-device virtio-net-pci,netdev=n0,romfile=,bootindex=0 "${stick[@]}" \
		-smbios "type=1,serial=$SERIAL" -device isa-debug-exit,iobase=0xf4,iosize=0x04 "${BOOT_EXTRA[@]}" \
		</dev/null >"$W/$name.raw" 2>"$W/$name.qemu.err"
	RC=$?
	E2E_LOG=$W/$name.log
	sed -e 's/\x1b\[[0-9;?=]*[A-Za-z]//g' -e 's/\x1b[()][0-9A-Za-z]//g' -e 's/\r//g' "$W/$name.raw" >"$E2E_LOG"
	[ "${E2E_VERBOSE:-0}" = 1 ] && cat "$E2E_LOG" "$W/server.log"
}

# server_logged METHOD PATH: the server's log has that request (PATH an extended regex).
server_logged() { grep -Eq "^$1 $2 [0-9]+\$" "$W/server.log"; }
stick_cat() { mtype -i "$STICK" "::$1"; }
# The run's folder as runs.csv on the stick names it.
stick_run() { echo "/upmon/results/$(stick_cat /upmon/results/runs.csv 2>/dev/null | tr -d '\r' | runs_csv_last_folder)"; }

# --- the rack: configuration from the boot server, every file into the store ---
printf 'args = --backend mock --platform snbep info\nout = http://10.0.2.2:%s/lab/rack\nend = qemu-exit\n' "$S3" \
	>"$W/serve/upmon.cfg"
boot rack "$STICK"
check $T.firmware_fetched_upmon "the server did not log GET /upmon.efi: $(tr '\n' ';' <"$W/server.log")" \
	server_logged GET /upmon.efi
check $T.firmware_http_boot "the firmware did not start its HTTPv4 boot option" \
	log_has '^BdsDxe: starting Boot[0-9A-F]+ "UEFI HTTPv4'
check $T.upmon_ran "no upmon banner on the console" \
	log_has '^identity: upmon [^ ]+ \(revision [^)]+\) on uefi, started'
check $T.serial "the identity does not name the SMBIOS serial $SERIAL" log_said_has "serial $SERIAL,"
check $T.qemu_exit_ok "QEMU exit $RC, not 1 (upmon's status 0 through isa-debug-exit; 124: timeout)" [ "$RC" = 1 ]
check $T.machine_config_asked_first "the server did not log GET /upmon-$SERIAL.cfg before GET /upmon.cfg: $(tr '\n' ';' <"$W/server.log")" \
	eval "server_logged GET /upmon-$SERIAL.cfg && server_logged GET /upmon.cfg && [ \"\$(grep -nE '^GET /upmon(-$SERIAL)?\.cfg ' \"$W/server.log\" | head -1 | grep -c -- '-$SERIAL')\" = 1 ]"
check $T.config_from_the_server "the identity does not name the boot server's upmon.cfg" \
	log_said_has "identity: configuration: http://10.0.2.2:$PORT/upmon.cfg"
run=$(stick_run)
folder=${run##*/}
check $T.run_folder_named_by_serial "the stick's run folder '$folder' is not named after $SERIAL" \
	eval "echo '$folder' | grep -qE '^[0-9]{8}-[0-9]{6}-$SERIAL-info\$'"
# same_as_stick: every file of the stick's run folder is an object of the store, byte for byte.
same_as_stick() {
	local n=0 f
	for f in $(mdir -b -i "$STICK" "::$run" 2>/dev/null | tr -d '\r'); do
		f=${f##*/}
		mcopy -n -i "$STICK" "::$run/$f" "$W/stick_$f" 2>/dev/null || return 1
		cmp -s "$W/stick_$f" "$W/s3/lab/rack/$folder/$f._S3rver_object" || { echo "differs: $f" >&2; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 2 ]
}
check $T.objects_identical_to_the_stick "the store's objects differ from the stick's files ($folder)" same_as_stick
check $T.serial_in_object_content "results.json in the store does not name $SERIAL" \
	python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["machine"]["system"]["serial"] == sys.argv[2]' \
	"$W/s3/lab/rack/$folder/results.json._S3rver_object" "$SERIAL"
check $T.stored_results_valid "the stored results.json fails the schema" \
	python3 tools/validate_results.py "$W/s3/lab/rack/$folder/results.json._S3rver_object"
check $T.files_line "the last line does not say the files went to the store and the stick" \
	log_said_has "upmon: [0-9]+ files put to http://10.0.2.2:$S3/lab/rack/$folder/ and saved in /upmon/results/$folder"
check $T.no_exception "firmware exception dump on the console" no_exception

# --- https: the firmware's TLS checks the store's certificate against the CA list the lab
# enrolled (OVMF reads it from fw_cfg etc/edk2/https/cacerts, an EFI_SIGNATURE_LIST of
# X.509 certificates, OvmfPkg/RUNTIME_CONFIG.md); without one, the plain-http fallback the
# configuration allows ---
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=upmon test CA" -keyout "$W/ca.key" -out "$W/ca.pem" \
	>/dev/null 2>&1 &&
	openssl req -newkey rsa:2048 -nodes -subj "/CN=10.0.2.2" -keyout "$W/tls.key" -out "$W/tls.csr" >/dev/null 2>&1 &&
	printf 'subjectAltName=IP:10.0.2.2,DNS:store.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >"$W/tls.ext" &&
	openssl x509 -req -in "$W/tls.csr" -CA "$W/ca.pem" -CAkey "$W/ca.key" -CAcreateserial -days 2 \
		-extfile "$W/tls.ext" -out "$W/tls.pem" >/dev/null 2>&1 &&
	openssl x509 -in "$W/ca.pem" -outform DER -out "$W/ca.der" ||
	{ fail $T.tls "the test certificates could not be made"; e2e_done; exit; }
python3 - "$W/ca.der" "$W/cacerts.esl" <<'PY'
import struct, sys, uuid
# UEFI specification 32.4.1: EFI_SIGNATURE_LIST (type EFI_CERT_X509_GUID, sizes) and one
# EFI_SIGNATURE_DATA (owner GUID, the DER certificate).
der = open(sys.argv[1], "rb").read()
entry = uuid.uuid4().bytes_le + der
x509 = uuid.UUID("a5c059a1-94e4-4aa7-87b5-ab155c2bf072")
open(sys.argv[2], "wb").write(x509.bytes_le + struct.pack("<III", 28 + len(entry), 0, len(entry)) + entry)
PY
UPMON_S3_TLS="$W/tls.pem:$W/tls.key" node tools/s3_server.js "$W/s3tls" 0 lab >"$W/s3tls.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q '^ready' "$W/s3tls.log" && break; sleep 0.1; done
TLS=$(sed -n 's/^ready //p' "$W/s3tls.log")
printf 'args = --backend mock --platform snbep info\nout = https://10.0.2.2:%s/lab/tls\nout_http_fallback = http://10.0.2.2:%s/lab/plain\nout_timeout = 20\nend = qemu-exit\n' \
	"$TLS" "$S3" >"$W/serve/upmon.cfg"
BOOT_EXTRA=(-fw_cfg "name=etc/edk2/https/cacerts,file=$W/cacerts.esl")
boot tls
check $T.tls_exit_ok "QEMU exit $RC, not 1 (upmon's status 0; 124: timeout)" [ "$RC" = 1 ]
check $T.tls_put "the files were not put over https" \
	log_said_has "upmon: [0-9]+ files put to https://10\.0\.2\.2:$TLS/lab/tls/[^ ]*-$SERIAL-info/, took"
tls_objects() { [ "$(ls "$W/s3tls/lab/tls"/*/ 2>/dev/null | grep -c '_S3rver_object$')" -ge 2 ] && [ ! -d "$W/s3/lab/plain" ]; }
check $T.tls_objects "no objects in the https store, or some went over plain http" tls_objects

# A CA list that does not vouch for the store's certificate: the TLS session fails and is
# not taken for a missing TLS: no plain-http fallback, the files on the console, status 4.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=another CA" -keyout "$W/other.key" \
	-out "$W/other.pem" >/dev/null 2>&1 && openssl x509 -in "$W/other.pem" -outform DER -out "$W/other.der" &&
	python3 - "$W/other.der" "$W/other.esl" <<'PY'
import struct, sys, uuid
der = open(sys.argv[1], "rb").read()
entry = uuid.uuid4().bytes_le + der
x509 = uuid.UUID("a5c059a1-94e4-4aa7-87b5-ab155c2bf072")
open(sys.argv[2], "wb").write(x509.bytes_le + struct.pack("<III", 28 + len(entry), 0, len(entry)) + entry)
PY
BOOT_EXTRA=(-fw_cfg "name=etc/edk2/https/cacerts,file=$W/other.esl")
boot badca
BOOT_EXTRA=()
check $T.badca_exit_4 "QEMU exit $RC, not 9 (upmon's status 4; 124: timeout)" [ "$RC" = 9 ]
check $T.badca_refused "no line saying the TLS session failed" \
	log_said_has "upmon: error: cannot put results\.json to https://10\.0\.2\.2:$TLS/lab/tls/[^ ]*: .*the TLS session with 10\.0\.2\.2:$TLS failed"
check $T.badca_no_fallback "the files went over plain http although the certificate was not vouched for" \
	eval "[ ! -d '$W/s3/lab/plain' ] && ! log_has 'out_http_fallback allows'"
check $T.badca_files_on_console "results.json is not shown on the console" \
	log_has "^----- [^ ]*-$SERIAL-info/results\.json \(not saved\) -----$"

# No TLS here (no CA list): the fallback the configuration allows is taken, said first; its
# store down: tried again within out_timeout, the files on the console, status 4.
down=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
printf 'args = --backend mock --platform snbep info\nout = https://10.0.2.2:%s/lab/tls\nout_http_fallback = http://10.0.2.2:%s/lab/rack\nout_timeout = 3\nend = qemu-exit\n' \
	"$TLS" "$down" >"$W/serve/upmon.cfg"
boot down
check $T.down_exit_4 "QEMU exit $RC, not 9 (upmon's status 4 through isa-debug-exit; 124: timeout)" [ "$RC" = 9 ]
check $T.down_fallback_said "no warning that the files go over plain http as out_http_fallback allows" \
	log_said_has "upmon: warning: https needs the firmware's TLS and a CA certificate \(TlsCaCertificate\): the files go over plain http to http://10\.0\.2\.2:$down/lab/rack instead, as out_http_fallback allows"
check $T.down_said "no line saying the store refused the connection, tried again" \
	log_said_has "upmon: error: cannot put results\.json to http://10\.0\.2\.2:$down/lab/rack/[^ ]*-$SERIAL-info/results\.json: .* \([2-9] tries within out_timeout\)"
check $T.down_files_on_console "results.json is not shown on the console" \
	log_has "^----- [^ ]*-$SERIAL-info/results\.json \(not saved\) -----$"
check $T.no_exception_any "firmware exception dump on a console" \
	eval "! grep -q '!!!! X64 Exception' '$W'/*.log"
e2e_done
