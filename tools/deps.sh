#!/usr/bin/env bash
# Installs the Debian packages upmon's build, image and tests need, when missing.
set -euo pipefail
# clang and libclang-rt-14-dev (libFuzzer, Debian 12): the fuzz targets of tests/fuzz/;
# python3-jsonschema: every results.json of the tests is validated (docs/results.schema.json);
# python3-junitparser: tests/host/junit.sh reads junit.xml as CI's JUnit readers do;
# chromium: tests/host/report_html.sh renders report.html headless to a PNG;
# sbsigntool, openssl, shim-signed (Microsoft-signed shim) and shim-helpers-amd64-signed
# (MokManager): make image SIGN_KEY=... SHIM=1 and the Secure Boot tests;
# nodejs, npm and curl: the rack-mode tests' S3 store (below).
need=(gcc make python3 python3-jsonschema python3-junitparser gnu-efi ovmf qemu-system-x86 mtools dosfstools fdisk clang libclang-rt-14-dev chromium
	sbsigntool openssl shim-signed shim-helpers-amd64-signed curl)
missing=()
for p in "${need[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js with npm, from Debian when the machine has none (a Node.js of another origin that
# brings its own npm is used as it is).
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
	echo "upmon: installing missing Debian packages: ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq
	$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# The rack-mode tests' object store (tests/host/upload.sh, tools/s3_server.js): s3rver as
# @20minutes/s3rver 5.0.0, the one S3 implementation the npm registry offers that checks
# AWS Signature Version 4 (header and presigned query, with expiry) as S3 does; the
# original s3rver 3.7.1 accepts any V4 signature. Into build/npm, pinned.
cd "$(dirname "$0")/.."
if [ ! -f build/npm/node_modules/@20minutes/s3rver/package.json ]; then
	echo "upmon: installing the tests' S3 store (npm @20minutes/s3rver 5.0.0) into build/npm"
	mkdir -p build/npm
	npm install --prefix build/npm --no-audit --no-fund --no-save --loglevel=error @20minutes/s3rver@5.0.0 >/dev/null
fi
