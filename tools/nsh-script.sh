#!/bin/bash
# Writes a UEFI shell script that runs upmon once and powers the machine off:
#
#   tools/nsh-script.sh OUT.nsh -- [UPMON ARGS...]
#
# It prints "upmon exit status N" (N = %lasterror%, hex, as the shell shows it) before
# `reset -s`, which tools/qemu-run.sh reads back. Used by `make run` and tests/e2e.
set -euo pipefail
if [ $# -lt 2 ] || [ "$2" != "--" ]; then
	echo "usage: $0 OUT.nsh -- [UPMON ARGS...]" >&2
	exit 2
fi
out=$1
shift 2
line='fs0:\upmon.efi'
for a in "$@"; do
	case $a in
	*[[:space:]]* | '') line="$line \"$a\"" ;; # the shell groups words with double quotes
	*) line="$line $a" ;;
	esac
done
mkdir -p "$(dirname "$out")"
{
	echo '@echo -off'
	echo "$line"
	echo 'echo "upmon exit status %lasterror%"'
	echo 'reset -s'
} >"$out"
