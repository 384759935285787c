# Helpers for the QEMU end-to-end tests, sourced by tests/e2e/test_*.sh (not named
# *.sh: tests/run.sh runs every tests/e2e/*.sh).
#
# A test builds a disk image from build/efi/upmon.efi (make efi), boots it with
# tools/qemu-run.sh, and checks the console log and the files on the image (mtools).
# It prints "PASS <name>" or "FAIL <name>: reason" lines, one per check.
#
# Environment: UPMON_EFI (default build/efi/upmon.efi), E2E_OUT (default build/e2e),
# E2E_TIMEOUT (seconds per boot, default 90), E2E_VERBOSE=1 shows the console.

E2E_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$E2E_ROOT" || exit 1
UPMON_EFI=${UPMON_EFI:-build/efi/upmon.efi}
E2E_OUT=${E2E_OUT:-build/e2e}
E2E_TIMEOUT=${E2E_TIMEOUT:-90}
E2E_PART_OFFSET=1048576 # tools/mkimage.sh puts the partition at sector 2048
export MTOOLS_SKIP_CHECK=1
mkdir -p "$E2E_OUT"
. tests/runs_csv.bash         # runs_csv_last_folder
. tests/summary_rows.bash      # summary_rows_failing
. tools/shell_status.bash     # shell_exit_status

e2e_failures=0

pass() { echo "PASS $1"; }
fail() {
	echo "FAIL $1: $2"
	e2e_failures=$((e2e_failures + 1))
}

# check NAME CONDITION-COMMAND... : PASS when the command succeeds.
check() {
	local name=$1 why=$2
	shift 2
	if "$@"; then pass "$name"; else fail "$name" "$why"; fi
}

e2e_need_efi() {
	if [ ! -f "$UPMON_EFI" ]; then
		fail "$1" "$UPMON_EFI missing (run make efi)"
		exit 1
	fi
}

# e2e_shell_script OUT.nsh UPMON ARGS...: runs upmon from the shell, prints its status,
# powers off.
e2e_shell_script() {
	tools/nsh-script.sh "$@"
}

# e2e_image NAME [--shell-only] NSH [CFG] -> prints the image path
e2e_image() {
	local name=$1
	shift
	local opt=()
	if [ "$1" = --shell-only ]; then
		opt=(--shell-only)
		shift
	fi
	tools/mkimage.sh "${opt[@]}" "$E2E_OUT/$name.img" "$UPMON_EFI" "$@" >&2 || return 1
	echo "$E2E_OUT/$name.img"
}

# e2e_boot IMAGE: boots it; sets E2E_RC (tools/qemu-run.sh's status) and E2E_LOG.
e2e_boot() {
	E2E_LOG=${1%.img}.log
	E2E_IN_STEP= # a new boot: img_run answers its last run again, until e2e_step
	if [ "${E2E_VERBOSE:-0}" = 1 ]; then
		UPMON_LOG=$E2E_LOG tools/qemu-run.sh "$1" "$E2E_TIMEOUT"
	else
		UPMON_LOG=$E2E_LOG tools/qemu-run.sh "$1" "$E2E_TIMEOUT" >/dev/null 2>&1
	fi
	E2E_RC=$?
}

# e2e_boot_steps NAME STEP=NSH... : one boot for several upmon lines: an image whose
# script runs each step's line (NSH, written by e2e_shell_script) in turn, each behind a
# line "e2e: step STEP", then powers off. Booting OVMF costs seconds of emulated processor,
# so a test whose lines need the same machine takes them in one boot. Sets E2E_STEPS_IMG;
# e2e_step STEP then selects a step's part of the console.
e2e_boot_steps() {
	local name=$1 nsh=$E2E_OUT/$1.nsh step
	shift
	{
		echo '@echo -off'
		for step in "$@"; do
			echo "echo \"e2e: step ${step%%=*}\""
			grep -v -e '^@echo' -e '^reset' "${step#*=}"
		done
		echo 'reset -s'
	} >"$nsh"
	E2E_STEPS_IMG=$(e2e_image "$name" --shell-only "$nsh") || return 1
	e2e_boot "$E2E_STEPS_IMG"
	E2E_STEPS_LOG=$E2E_LOG
}

# e2e_step STEP: E2E_LOG becomes the console of that step alone (from its "e2e: step" line
# to the next), E2E_RC its upmon's exit status as the shell printed it (as tools/qemu-run.sh
# reads it: above 63 is 63; 124 when the step never ended), and img_run the folder its
# "files in" line names.
e2e_step() {
	E2E_LOG=${E2E_STEPS_LOG%.log}-$1.log
	awk -v s="e2e: step $1" '$0 == s { on = 1; next } on && /^e2e: step / { exit } on' \
		"$E2E_STEPS_LOG" >"$E2E_LOG"
	E2E_RC=$(shell_exit_status "$E2E_LOG")
	if [ -z "$E2E_RC" ]; then
		E2E_RC=124
	elif [ "$E2E_RC" -gt 63 ]; then
		E2E_RC=63
	fi
	E2E_IN_STEP=1 # img_run answers the step's run, or nothing: never another step's
	E2E_STEP_RUN=$(sed -n 's/^upmon: [0-9]* files\? in \(\/[^,]*\), took .*/\1/p' "$E2E_LOG" | tail -n 1)
}

# e2e_boot_secure IMAGE [ENTER] [UNTIL]: e2e_boot with Secure Boot on and Microsoft's keys
# enrolled (OVMF_CODE_4M.ms.fd, a fresh OVMF_VARS_4M.ms.fd: tools/qemu-run.sh,
# UPMON_QEMU_SECURE_BOOT); Enter is pressed at each ';'-separated prompt of ENTER and the
# machine stopped once the console shows UNTIL (E2E_RC 123).
e2e_boot_secure() {
	UPMON_QEMU_SECURE_BOOT=1 UPMON_QEMU_ENTER=${2:-} UPMON_QEMU_UNTIL=${3:-} e2e_boot "$1"
}

# log_has REGEX: the console log has a line matching the extended regex.
log_has() { grep -Eq -- "$1" "$E2E_LOG"; }
# log_said_has PATTERN: as log_has, on the lines as upmon said them before they were
# wrapped within 80 columns (core/cli/console_wrap.h): an identity line's continuations
# ("identity:   ..."), a verdict's (five spaces) and an "upmon: " line's (seven) joined to the
# line they continue.
log_said_has() {
	tr -d '\r' <"$E2E_LOG" | awk '/^identity:   / && n { prev = prev " " substr($0, 13); next }
	/^     [^ ]/ && verdict { prev = prev " " substr($0, 6); next }
	/^       [^ ]/ && said { prev = prev " " substr($0, 8); next }
	{ if (n) print prev; prev = $0; n = 1; verdict = ($0 ~ /^(FAIL|WARN|INCOMPLETE) /); said = ($0 ~ /^upmon: /) }
	END { if (n) print prev }' | grep -Eq -- "$1"
}
not_in_log() { ! grep -Fq -- "$1" "$E2E_LOG"; }

# No firmware exception dump on the console.
no_exception() { ! grep -q '!!!! X64 Exception' "$E2E_LOG"; }

# img_cat IMAGE PATH: a file from the image's partition on stdout.
img_cat() { mtype -i "$1@@$E2E_PART_OFFSET" "::$2"; }
# img_ls IMAGE DIR: the entries of a directory on the image, one path per line.
img_ls() { mdir -b -i "$1@@$E2E_PART_OFFSET" "::$2"; }

# img_run IMAGE [PARENT]: the folder of the last run recorded in PARENT/runs.csv (default
# /upmon/results), as a path on the image: every run writes into its own folder; after
# e2e_step, the step's own run.
img_run() {
	local parent=${2:-/upmon/results}
	if [ -n "${E2E_IN_STEP:-}" ] && [ $# = 1 ]; then
		echo "$E2E_STEP_RUN"
		return
	fi
	echo "$parent/$(img_cat "$1" "$parent/runs.csv" 2>/dev/null | tr -d '\r' | runs_csv_last_folder)"
}
# img_runs IMAGE: the run folders under /upmon/results, one name per line.
img_runs() { img_ls "$1" /upmon/results | tr -d '\r' | sed -e 's#/$##' -e 's#.*/##' | grep -E '^[0-9]{8}-[0-9]{6}-' ; }

# E2E_RC (tools/qemu-run.sh's status) is within LO..HI.
rc_between() { [ "$E2E_RC" -ge "$1" ] && [ "$E2E_RC" -le "$2" ]; }

e2e_done() {
	[ "$e2e_failures" = 0 ]
	exit $?
}

# findings_above_last_screen / findings_on_last_screen: the FAIL and WARN rows of the verdict
# table (before the first `result: ` line), and those the last screen repeats with their
# reasons (after it; core/cli/last_screen.h). One cause gives one of each.
findings_above_last_screen() {
	tr -d '\r' <"$E2E_LOG" | awk '/^result: /{exit} /^(FAIL|WARN) socket/{n++} END{print n+0}'
}
findings_on_last_screen() {
	tr -d '\r' <"$E2E_LOG" | awk '/^result: /{on=1} on && /^(FAIL|WARN) socket/{n++} END{print n+0}'
}
