#!/bin/bash
# Rack mode from the host build (docs/rack.md): every file of a run put with one PUT each to
# OUT/<run folder>/<file> in a real S3 implementation on the loopback (s3rver, started
# here: tools/s3_server.js), byte for byte what the medium holds, the SMBIOS serial in the
# object's path and content; no medium (a network boot): the store alone, nothing lost; the
# store's refusals (a bad signature, a presigned query for another key, no such bucket)
# said in one line with its S3 code, not tried again; a store that is down, fails or stalls
# tried again within out_timeout, then the files on the console and the exit status 4. And
# the configuration of a network-booted machine (UPMON_HOST_BOOT_URI: the UEFI build reads
# the URI device path): upmon-<serial>.cfg beside the boot URI, else upmon.cfg, fetched
# from a loopback boot server, a serial with '/' reduced to one safe name, and what such a
# file may not ask refused.
source "$(dirname "$0")/lib.sh"
M=(--backend mock --platform snbep)

# The machine: serial "SN 4711/A" (lib.sh).
lab_dmi "$WORK/dmi"
export UPMON_HOST_DMI_DIR=$WORK/dmi

pids=()
trap 'kill "${pids[@]}" 2>/dev/null; validate_results; rm -rf "$WORK"' EXIT

# The store: s3rver with the bucket "lab".
node tools/s3_server.js "$WORK/store" 0 lab >"$WORK/s3.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q '^ready' "$WORK/s3.log" && break; sleep 0.1; done
S3=$(sed -n 's/^ready //p' "$WORK/s3.log")
if [ -z "$S3" ]; then
	fail host/upload_store_started "the S3 server did not start: $(head -c 300 "$WORK/s3.log") (tools/deps.sh installs it)"
	exit 0
fi
pass host/upload_store_started

# standin NAME MODE [DIR]: a loopback server (tests/host/http_standin.py); its port in $NAME.
standin() {
	mkdir -p "$WORK/${1}_dir"
	python3 tests/host/http_standin.py "$WORK/$1.port" "$WORK/$1.log" "$WORK/${1}_dir" "$2" &
	pids+=($!)
	for _ in $(seq 100); do [ -s "$WORK/$1.port" ] && break; sleep 0.05; done
	read -r "${1?}" <"$WORK/$1.port"
	touch "$WORK/$1.log"
}

# unwrap NAME: the console's wrapped lines (core/cli/console_wrap.h: continued 7 spaces in)
# joined to the line they continue, so a pattern matches the line as said.
unwrap() {
	awk '/^       [^ ]/ && n { prev = prev " " substr($0, 8); next } { if (n) print prev; prev = $0; n = 1 } END { if (n) print prev }' \
		"$WORK/$1.out" >"$WORK/$1.tmp" && mv "$WORK/$1.tmp" "$WORK/$1.out"
}

# object PREFIX RUN FILE: the stored object's path (s3rver's file layout).
object() { echo "$WORK/store/lab/$1/$2/$3._S3rver_object"; }

# --- every file put, identical to the medium's, the serial in path and content ---
run put "${M[@]}" --out "http://127.0.0.1:$S3/lab/upmon" check --quick
unwrap put
expect put host/upload_check_puts_every_file 0 "^upmon: 6 files put to http://127\.0\.0\.1:$S3/lab/upmon/[0-9]{8}-[0-9]{6}-SN_4711_A-check/ and saved in upmon-results/"
folder=$(ls "$WORK/upmon-results" | grep -- '-check$' | head -1)
same=0 files=0
for f in "$WORK/upmon-results/$folder"/*; do
	files=$((files + 1))
	cmp -s "$f" "$(object upmon "$folder" "$(basename "$f")")" && same=$((same + 1))
done
if [ "$files" = 6 ] && [ "$same" = 6 ]; then
	pass host/upload_objects_identical_to_the_medium
else
	fail host/upload_objects_identical_to_the_medium "$same of $files files identical in the store ($folder)"
fi
case "$folder" in *-SN_4711_A-check) pass host/upload_serial_in_object_path ;; *) fail host/upload_serial_in_object_path "folder $folder" ;; esac
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["machine"]["system"]["serial"] == "SN 4711/A", d["machine"]' \
	"$(object upmon "$folder" results.json)" && pass host/upload_serial_in_object_content ||
	fail host/upload_serial_in_object_content "results.json in the store lacks the serial"
python3 tools/validate_results.py "$(object upmon "$folder" results.json)" >/dev/null 2>&1 &&
	pass host/upload_results_json_valid || fail host/upload_results_json_valid "the stored results.json fails the schema"
tail -4 "$(object upmon "$folder" upmon.log)" | grep -q "^upmon: 6 files put to" &&
	pass host/upload_log_put_last || fail host/upload_log_put_last "the stored upmon.log does not end with the files line"
[ "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["content-type"])' "$WORK/store/lab/upmon/$folder/results.json._S3rver_metadata.json")" = application/json ] &&
	pass host/upload_content_type || fail host/upload_content_type "$(cat "$WORK/store/lab/upmon/$folder/results.json._S3rver_metadata.json")"

# --- no medium (a network boot without a stick): the store alone, nothing lost, exit 0 ---
UPMON_HOST_NO_MEDIUM=1 run nomedium "${M[@]}" --out "http://127.0.0.1:$S3/lab/net" check --quick
unwrap nomedium
expect nomedium host/upload_without_medium 0 \
	"^upmon: note: no results folder on the medium here \(EIO: /?.*\): the files go to http://127\.0\.0\.1:$S3/lab/net only" \
	"^upmon: 6 files put to http://127\.0\.0\.1:$S3/lab/net/[0-9]{8}-[0-9]{6}-SN_4711_A-check/, took"
grep -q "^----- " "$WORK/nomedium.out" && fail host/upload_without_medium_nothing_dumped "files shown on the console though put" ||
	pass host/upload_without_medium_nothing_dumped
[ "$(ls "$WORK/store/lab/net"/*/ 2>/dev/null | grep -c '_S3rver_object$')" = 6 ] && pass host/upload_without_medium_six_objects ||
	fail host/upload_without_medium_six_objects "$(ls -R "$WORK/store/lab/net" | head)"

# --- the store refuses: a bad signature, one line with S3's code, tried once, files on the console ---
now=$(date -u +%Y%m%dT%H%M%SZ)
q="X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F${now:0:8}%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=$now&X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=$(printf '0%.0s' $(seq 64))"
UPMON_HOST_NO_MEDIUM=1 run badsig "${M[@]}" --out "http://127.0.0.1:$S3/lab/upmon?$q" check --quick
unwrap badsig
expect badsig host/upload_bad_signature_refused 4 \
	"^upmon: error: cannot put results\.json to http://127\.0\.0\.1:$S3/lab/upmon/[^ ]*-check/results\.json: 403 SignatureDoesNotMatch \(The request signature we calculated does not match the signature you provided\. Check your key and signing method\.\) \(1 try\); the store refused the authorisation" \
	"^----- [^ ]*-check/junit\.xml \(not saved\) -----$" "^upmon: 0 of 5 files put to"
[ "$(grep -c 'upmon: error:' "$WORK/badsig.out")" = 1 ] && pass host/upload_bad_signature_one_error ||
	fail host/upload_bad_signature_one_error "$(grep 'upmon: error:' "$WORK/badsig.out" | head -3)"
grep -q "X-Amz-Signature" "$WORK/badsig.out" && fail host/upload_query_never_shown "the query string is on the console" ||
	pass host/upload_query_never_shown

# A presigned query the store accepts for its own key refuses every other key: the prefix
# upmon puts below is not the key it was signed for (S3 signs the whole path).
presign() { # presign PATH: a SigV4 presigned PUT query for that path (s3rver's key S3RVER)
	python3 - "$1" "127.0.0.1:$S3" <<'PY'
import datetime, hashlib, hmac, sys, urllib.parse
path, host = sys.argv[1:3]
t = datetime.datetime.utcnow().strftime("%Y%m%dT%H%M%SZ")
scope = t[:8] + "/us-east-1/s3/aws4_request"
q = {"X-Amz-Algorithm": "AWS4-HMAC-SHA256", "X-Amz-Credential": "S3RVER/" + scope, "X-Amz-Date": t,
     "X-Amz-Expires": "600", "X-Amz-SignedHeaders": "host"}
cq = "&".join("%s=%s" % (urllib.parse.quote(k, safe="-_.~"), urllib.parse.quote(v, safe="-_.~")) for k, v in sorted(q.items()))
creq = "\n".join(["PUT", path, cq, "host:" + host + "\n", "host", "UNSIGNED-PAYLOAD"])
sts = "\n".join(["AWS4-HMAC-SHA256", t, scope, hashlib.sha256(creq.encode()).hexdigest()])
k = ("AWS4" + "S3RVER").encode()
for part in (t[:8], "us-east-1", "s3", "aws4_request"):
    k = hmac.new(k, part.encode(), hashlib.sha256).digest()
print(cq + "&X-Amz-Signature=" + hmac.new(k, sts.encode(), hashlib.sha256).hexdigest())
PY
}
pq=$(presign /lab/allowed)
code=$(curl -s -o /dev/null -w '%{http_code}' -X PUT --data-binary ok "http://127.0.0.1:$S3/lab/allowed?$pq")
run prefix "${M[@]}" --out "http://127.0.0.1:$S3/lab/allowed?$pq" info
unwrap prefix
if [ "$code" = 200 ]; then
	expect prefix host/upload_outside_the_signed_key_refused 4 \
		"^upmon: error: cannot put results\.json to http://127\.0\.0\.1:$S3/lab/allowed/[^ ]*-info/results\.json: 403 SignatureDoesNotMatch" \
		"every file is in upmon-results/"
else
	fail host/upload_outside_the_signed_key_refused "the presigned PUT to its own key answered $code, not 200"
fi

run nobucket "${M[@]}" --out "http://127.0.0.1:$S3/nobucket/upmon" info
unwrap nobucket
expect nobucket host/upload_no_such_bucket 4 \
	"^upmon: error: cannot put results\.json to http://127\.0\.0\.1:$S3/nobucket/upmon/[^ ]*/results\.json: 404 NoSuchBucket \(The specified bucket does not exist\) \(1 try\); check the bucket's name in out"

# --- temporary credentials: every PUT signed (AWS Signature Version 4), the store checks it ---
# s3rver's account: access key S3RVER, secret S3RVER; the session token is signed along.
printf 'out = http://127.0.0.1:%s/lab/signed\nout_access_key = S3RVER\nout_secret_key = S3RVER\nout_session_token = FwoGZXIvYXdzEXAMPLETOKEN\n' "$S3" >"$WORK/sts.cfg"
run sts --config sts.cfg "${M[@]}" check --quick
unwrap sts
expect sts host/upload_signed_with_temporary_credentials 0 "^upmon: 6 files put to http://127\.0\.0\.1:$S3/lab/signed/[^ ]*-check/"
[ "$(ls "$WORK/store/lab/signed"/*/ 2>/dev/null | grep -c '_S3rver_object$')" = 6 ] && pass host/upload_signed_six_objects ||
	fail host/upload_signed_six_objects "$(ls -R "$WORK/store/lab/signed" | head)"
grep -rq "FwoGZXIvYXdzEXAMPLETOKEN\|out_secret_key = S3RVER" "$WORK/upmon-results" &&
	fail host/upload_credentials_kept_in_files "the session token or secret is in a results file" ||
	pass host/upload_credentials_kept_in_files
printf 'out = http://127.0.0.1:%s/lab/signed\nout_access_key = S3RVER\nout_secret_key = WRONG\nout_session_token = T\n' "$S3" >"$WORK/badkey.cfg"
run badkey --config badkey.cfg "${M[@]}" info
unwrap badkey
expect badkey host/upload_signed_with_a_wrong_secret_refused 4 \
	"cannot put results\.json to http://127\.0\.0\.1:$S3/lab/signed/[^ ]*/results\.json: 403 SignatureDoesNotMatch .* \(1 try\)"
printf 'out = http://127.0.0.1:%s/lab/signed\nout_access_key = S3RVER\nout_secret_key = S3RVER\n' "$S3" >"$WORK/longlived.cfg"
run longlived --config longlived.cfg "${M[@]}" info
expect longlived host/upload_long_lived_key_refused 4 \
	"^upmon: error: longlived\.cfg: out_secret_key without out_session_token is a long-lived key, which upmon does not hold"
[ "$(grep -c . "$WORK/longlived.out")" = 1 ] && pass host/upload_long_lived_key_one_line ||
	fail host/upload_long_lived_key_one_line "$(head -3 "$WORK/longlived.out")"

# --- a store that is down, fails or stalls: tried again within out_timeout, then said ---
printf 'out_timeout = 3\n' >"$WORK/short.cfg"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
(cd "$WORK" && timeout 60 "$OLDPWD/$UPMON" --config short.cfg "${M[@]}" --out "http://127.0.0.1:$port/lab/x" info \
	>down.out 2>&1)
echo $? >"$WORK/down.rc"
unwrap down
expect down host/upload_store_down_bounded 4 \
	"^upmon: error: cannot put results\.json to http://127\.0\.0\.1:$port/lab/x/[^ ]*/results\.json: connection refused by 127\.0\.0\.1:$port \([2-9] tries within out_timeout\); check that the store is up" \
	"^upmon: 0 of 1 files put to http://127\.0\.0\.1:$port/lab/x/[^ ]*/; every file is in upmon-results/"

standin f500 fail500
(cd "$WORK" && timeout 60 "$OLDPWD/$UPMON" --config short.cfg "${M[@]}" --out "http://127.0.0.1:$f500/lab/x" info >f500.out 2>&1)
echo $? >"$WORK/f500.rc"
unwrap f500
expect f500 host/upload_store_failing_tried_again 4 "500 InternalError \(We encountered an internal error\. Please try again\.\) \([2-9] tries within out_timeout\)"
n=$(wc -l <"$WORK/f500.log")
[ "$n" -ge 2 ] && [ "$n" -le 9 ] && pass host/upload_store_failing_tries_counted || fail host/upload_store_failing_tries_counted "$n PUTs reached the server"

standin stall stall
(cd "$WORK" && timeout 60 "$OLDPWD/$UPMON" --config short.cfg "${M[@]}" --out "http://127.0.0.1:$stall/lab/x" info >stall.out 2>&1)
echo $? >"$WORK/stall.rc"
unwrap stall
expect stall host/upload_store_stalling_bounded 4 "cannot put results\.json to .*: no answer within the timeout \([1-9] tr(y|ies) within out_timeout\)"

# --- URLs refused before anything runs ---
run userinfo "${M[@]}" --out "http://lab:secret@127.0.0.1:$S3/lab/x" info
unwrap userinfo
expect userinfo host/upload_credentials_in_url_refused 4 "^upmon: error: --out: the URL '.*' holds a user name or password: leave it out"
[ ! -e "$WORK/userinfo.rc" ] || [ "$(grep -c . "$WORK/userinfo.out")" = 1 ] && pass host/upload_url_error_one_line ||
	fail host/upload_url_error_one_line "$(head -5 "$WORK/userinfo.out")"

# --- a network-booted machine's configuration ---
standin boot serve
mkdir -p "$WORK/boot_dir/boot"
printf 'args = check --quick --backend mock --platform snbep\nout = http://127.0.0.1:%s/lab/fleet\n' "$S3" >"$WORK/boot_dir/boot/upmon.cfg"
boot_env=(UPMON_HOST_BOOT_URI="http://127.0.0.1:$boot/boot/upmon.efi" UPMON_HOST_NO_MEDIUM=1 UPMON_HOST_FROM_FIRMWARE=1)
env "${boot_env[@]}" "$UPMON" >"$WORK/netcfg.out" 2>&1
echo $? >"$WORK/netcfg.rc"
unwrap netcfg
expect netcfg host/upload_config_from_the_boot_server 0 "^upmon: 6 files put to http://127\.0\.0\.1:$S3/lab/fleet/[^ ]*-SN_4711_A-check/"
if grep -qx "GET /boot/upmon-SN_4711_A.cfg 0" "$WORK/boot.log" && grep -qx "GET /boot/upmon.cfg 0" "$WORK/boot.log"; then
	pass host/upload_config_serial_first_then_common
else
	fail host/upload_config_serial_first_then_common "boot server log: $(tr '\n' ';' <"$WORK/boot.log")"
fi
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["configuration"]["path"].endswith("/boot/upmon.cfg"), d["configuration"]' \
	"$(ls "$WORK"/store/lab/fleet/*/results.json._S3rver_object | head -1)" 2>/dev/null &&
	pass host/upload_config_url_in_results || fail host/upload_config_url_in_results "results.json does not name the fetched configuration"

printf 'args = info --backend mock --platform snbep\nout = http://127.0.0.1:%s/lab/own\n' "$S3" >"$WORK/boot_dir/boot/upmon-SN_4711_A.cfg"
env "${boot_env[@]}" "$UPMON" >"$WORK/own.out" 2>&1
echo $? >"$WORK/own.rc"
unwrap own
expect own host/upload_config_of_the_machine_wins 0 "^upmon: [0-9]+ files put to http://127\.0\.0\.1:$S3/lab/own/[^ ]*-SN_4711_A-info/"
rm "$WORK/boot_dir/boot/upmon-SN_4711_A.cfg"

printf 'args = check --quick --backend mock --platform snbep --trace /tmp/upmon-x.trace\n' >"$WORK/boot_dir/boot/upmon.cfg"
env "${boot_env[@]}" "$UPMON" >"$WORK/trace.out" 2>&1
echo $? >"$WORK/trace.rc"
unwrap trace
expect trace host/upload_config_may_not_write_the_disk 4 \
	"^upmon: error: http://127\.0\.0\.1:$boot/boot/upmon\.cfg:1: args: --trace writes a file on this machine's disk, which a configuration fetched over the network may not do: put it in the stick's own upmon\.cfg"
printf 'args = info --backend mock --platform snbep\nout = /tmp/elsewhere\n' >"$WORK/boot_dir/boot/upmon.cfg"
env "${boot_env[@]}" "$UPMON" >"$WORK/outdir.out" 2>&1
echo $? >"$WORK/outdir.rc"
unwrap outdir
expect outdir host/upload_config_may_not_name_a_folder 4 "^upmon: error: http://.*/boot/upmon\.cfg:2: out = /tmp/elsewhere: a folder on this machine's disk"
printf 'args = info --backend mock --platform snbep --unguarded\n' >"$WORK/boot_dir/boot/upmon.cfg"
env "${boot_env[@]}" "$UPMON" >"$WORK/unguarded.out" 2>&1
echo $? >"$WORK/unguarded.rc"
unwrap unguarded
expect unguarded host/upload_config_may_not_lift_a_safety_limit 4 "args: --unguarded lifts the #GP guard, a safety limit"

rm "$WORK/boot_dir/boot/upmon.cfg"
env "${boot_env[@]}" "$UPMON" --backend mock --platform snbep info >"$WORK/nocfg.out" 2>&1
echo $? >"$WORK/nocfg.rc"
unwrap nocfg
expect nocfg host/upload_no_config_on_the_server_defaults 4 "^----- [^ ]*-info/results\.json \(not saved\) -----$"
