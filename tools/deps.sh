#!/usr/bin/env bash
# Installs the Debian packages upmon's build, image and tests need, when missing.
set -euo pipefail
# clang and libclang-rt-14-dev (libFuzzer, Debian 12): the fuzz targets of tests/fuzz/;
# python3-jsonschema: every results.json of the tests is validated (docs/results.schema.json);
# python3-junitparser: tests/host/junit.sh reads junit.xml as CI's JUnit readers do;
# chromium: tests/host/report_html.sh renders report.html headless to a PNG;
# sbsigntool, openssl, shim-signed (Microsoft-signed shim) and shim-helpers-amd64-signed
# (MokManager): make image SIGN_KEY=... SHIM=1 and the Secure Boot tests.
need=(gcc make python3 python3-jsonschema python3-junitparser gnu-efi ovmf qemu-system-x86 mtools dosfstools fdisk clang libclang-rt-14-dev chromium
	sbsigntool openssl shim-signed shim-helpers-amd64-signed)
missing=()
for p in "${need[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "upmon: installing missing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
