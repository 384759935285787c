#!/usr/bin/env bash
# The firmware's Secure Boot state in the run's identity (core/machine/secure_boot.h): the
# console's and upmon.log's "identity: secure boot:" line and results.json's "secure_boot"
# object say the same, for the host (not firmware) and for modelled firmware whose
# SecureBoot and SetupMode variables (UPMON_HOST_EFIVARS_DIR, efivarfs layout) say on,
# off, setup mode, nothing (no Secure Boot) or a value the UEFI specification does not define.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)
GUID=8be4df61-93ca-11d2-aa0d-00e098032b8c

# efivars NAME SECUREBOOT SETUPMODE: a folder of those variables (a value "-": missing;
# the value is given as printf escapes), after efivarfs's 4 attribute bytes (NV+BS+RT).
efivars() {
	local d=$WORK/efivars-$1
	mkdir -p "$d"
	[ "$2" = - ] || printf '\x06\x00\x00\x00'"$2" >"$d/SecureBoot-$GUID"
	[ "$3" = - ] || printf '\x06\x00\x00\x00'"$3" >"$d/SetupMode-$GUID"
	echo "$d"
}

# secure_boot NAME: results.json's secure_boot of NAME's run, as (state, secure_boot,
# setup_mode, text).
secure_boot() {
	python3 -c "import json, sys; s = json.load(open(sys.argv[1]))['secure_boot']; print((s['state'], s['secure_boot'], s['setup_mode'], s['text']))" \
		"$WORK/$(last_run "$1")/results.json" 2>&1
}

# case NAME TEXT JSON [EFIVARS]: info with those variables (none: the host's own) says
# "identity: secure boot: TEXT" on the console and in upmon.log, and JSON in results.json.
case_() {
	local name=$1 text=$2 json=$3 dir=${4:-}
	if [ -n "$dir" ]; then
		UPMON_HOST_EFIVARS_DIR=$dir run "$name" "${M[@]}" --out "$name" info
	else
		run "$name" "${M[@]}" --out "$name" info
	fi
	if [ "$(rc "$name")" = 0 ] && joined "$WORK/$name.out" | grep -qxF "identity: secure boot: $text"; then
		pass "host/secure_boot_console_$name"
	else
		fail "host/secure_boot_console_$name" "status $(rc "$name"), console: $(joined "$WORK/$name.out" | grep -i 'secure' | head -2)"
	fi
	local log
	log=$WORK/$(last_run "$name")/upmon.log
	if joined "$log" | grep -qxF "identity: secure boot: $text"; then
		pass "host/secure_boot_log_$name"
	else
		fail "host/secure_boot_log_$name" "upmon.log lacks 'identity: secure boot: $text': $(grep -i 'secure' "$log" | head -2)"
	fi
	local got
	got=$(secure_boot "$name")
	[ "$got" = "$json" ] && pass "host/secure_boot_json_$name" || fail "host/secure_boot_json_$name" "$got"
}

case_ host "unknown (not firmware)" "('unknown', None, None, 'unknown (not firmware)')"
case_ on "on (SecureBoot 1, SetupMode 0): the firmware starts signed images only" \
	"('on', 1, 0, 'on (SecureBoot 1, SetupMode 0): the firmware starts signed images only')" \
	"$(efivars on '\x01' '\x00')"
case_ off "off (SecureBoot 0, SetupMode 0: keys enrolled, checking turned off)" \
	"('off', 0, 0, 'off (SecureBoot 0, SetupMode 0: keys enrolled, checking turned off)')" \
	"$(efivars off '\x00' '\x00')"
case_ setup "off (SecureBoot 0, SetupMode 1: setup mode, no platform key enrolled)" \
	"('setup_mode', 0, 1, 'off (SecureBoot 0, SetupMode 1: setup mode, no platform key enrolled)')" \
	"$(efivars setup '\x00' '\x01')"
case_ none "not supported by the firmware (no SecureBoot variable)" \
	"('not_supported', None, None, 'not supported by the firmware (no SecureBoot variable)')" \
	"$(efivars none - -)"
case_ odd "unknown (SecureBoot holds 1 byte (0x02), the UEFI specification defines one byte, 0 or 1)" \
	"('unknown', None, None, 'unknown (SecureBoot holds 1 byte (0x02), the UEFI specification defines one byte, 0 or 1)')" \
	"$(efivars odd '\x02' '\x00')"

# Every command's results carry it: a measurement's results.json and check's junit.xml.
UPMON_HOST_EFIVARS_DIR=$WORK/efivars-on run run-on "${M[@]}" --out run-on run --seconds 0.01 --events cbo0/CLOCKTICKS/
got=$(secure_boot run-on)
[ "$(rc run-on)" = 0 ] && [ "$got" = "('on', 1, 0, 'on (SecureBoot 1, SetupMode 0): the firmware starts signed images only')" ] &&
	pass host/secure_boot_run_results_json || fail host/secure_boot_run_results_json "status $(rc run-on): $got"
