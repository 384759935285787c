# Helpers for command-level tests of the host program (sanitizer build).
UPMON=${UPMON:-./build/test/upmon-san}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# run NAME ARGS...: runs upmon in $WORK, output in $WORK/NAME.out, status in $WORK/NAME.rc
run() {
	local name=$1
	shift
	(cd "$WORK" && "$OLDPWD/$UPMON" "$@" >"$name.out" 2>&1; echo $? >"$name.rc")
}
rc() { cat "$WORK/$1.rc"; }
out() { cat "$WORK/$1.out"; }

# expect NAME TESTNAME STATUS [grep -E patterns that must all match the output...]
expect() {
	local name=$1 test=$2 status=$3
	shift 3
	if [ "$(rc "$name")" != "$status" ]; then
		fail "$test" "exit status $(rc "$name"), expected $status; output: $(head -c 300 "$WORK/$name.out")"
		return
	fi
	for pat in "$@"; do
		if ! grep -qE -- "$pat" "$WORK/$name.out"; then
			fail "$test" "output lacks /$pat/: $(head -c 300 "$WORK/$name.out")"
			return
		fi
	done
	pass "$test"
}

# expect_not NAME TESTNAME STATUS PATTERN: the status matches and the output lacks PATTERN.
expect_not() {
	local name=$1 test=$2 status=$3 pat=$4
	if [ "$(rc "$name")" != "$status" ]; then
		fail "$test" "exit status $(rc "$name"), expected $status"
	elif grep -qE -- "$pat" "$WORK/$name.out"; then
		fail "$test" "output has /$pat/"
	else
		pass "$test"
	fi
}
