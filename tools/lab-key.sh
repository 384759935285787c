#!/bin/bash
# Makes a lab's Secure Boot signing key and certificate (never commit a key):
#
#   tools/lab-key.sh DIR [COMMON_NAME]     (default CN "upmon test lab")
#
# DIR/lab.key (PEM, unencrypted), DIR/lab.crt (PEM: sbsign's), DIR/lab.cer (DER: what
# MokManager's "Enroll key from disk", mokutil --import and firmware key menus take).
# RSA 2048 and SHA-256, which shim and every firmware accept; valid 10 years.
set -euo pipefail
command -v openssl >/dev/null 2>&1 || { echo "$0: openssl missing (apt-get install openssl)" >&2; exit 2; }
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 DIR [COMMON_NAME]" >&2
	exit 2
fi
dir=$1 cn=${2:-upmon test lab}
mkdir -p "$dir"
(umask 077 && openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -subj "/CN=$cn/" \
	-keyout "$dir/lab.key" -out "$dir/lab.crt" 2>/dev/null) ||
	{ echo "$0: openssl could not make the key" >&2; exit 1; }
openssl x509 -in "$dir/lab.crt" -outform DER -out "$dir/lab.cer"
