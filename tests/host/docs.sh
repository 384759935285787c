#!/usr/bin/env bash
# The documentation's shape (tools/docs_check.py): the README is a guide of at most 400
# lines that opens with `make run` and `make test`, which install what they need; every
# docs/*.md page has a table of contents whose links are its headings; every relative link
# in README.md and docs/*.md reaches a file and a heading (GitHub's anchors); every
# "(docs/PAGE.md, Section)" in the sources names a page and section that exist; every
# citation of Intel's guides (PPP:LINE) has its prefix in docs/architecture.md's citation key and a line inside
# that document, and the key's line counts are the extractions' where they are. Then each
# kind of break is caught.
cd "$(dirname "$0")/../.." || exit 1

out=$(python3 tools/docs_check.py . 2>&1)
rc=$?
for check in readme toc link source cite; do
	found=$(grep "^$check: " <<<"$out")
	if [ -n "$found" ]; then
		echo "FAIL docs/$check: $(head -3 <<<"$found" | tr '\n' ' ')"
	else
		echo "PASS docs/$check"
	fi
done
if [ $rc -ne 0 ] && ! grep -qE '^(readme|toc|link|source): ' <<<"$out"; then
	echo "FAIL docs/checker_runs: exit status $rc: $(head -3 <<<"$out" | tr '\n' ' ')"
fi

# A copy of the documentation with one break each; the checker must fail naming it.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fresh() {
	rm -rf "$tmp/root"
	mkdir -p "$tmp/root/core"
	cp README.md "$tmp/root/"
	cp -r docs "$tmp/root/"
	cp core/README.md "$tmp/root/core/"
}
# caught NAME PATTERN: the checker on the broken copy exits 1 with a line matching PATTERN.
caught() {
	local name=$1 pat=$2 got status
	got=$(python3 tools/docs_check.py "$tmp/root" 2>&1)
	status=$?
	if [ $status -ne 1 ]; then
		echo "FAIL docs/$name: exit status $status, expected 1: $(head -3 <<<"$got" | tr '\n' ' ')"
	elif ! grep -qE -- "$pat" <<<"$got"; then
		echo "FAIL docs/$name: no line matches /$pat/: $(head -3 <<<"$got" | tr '\n' ' ')"
	else
		echo "PASS docs/$name"
	fi
}

fresh
if out=$(python3 tools/docs_check.py "$tmp/root" 2>&1); then
	echo "PASS docs/copy_is_clean"
else
	echo "FAIL docs/copy_is_clean: the unbroken copy fails: $(head -3 <<<"$out" | tr '\n' ' ')"
fi

fresh
printf '\nSee [the missing page](docs/missing.md).\n' >>"$tmp/root/README.md"
caught broken_link_caught "^link: README.md:[0-9]+: 'docs/missing.md': docs/missing.md does not exist"

fresh
printf '\nSee [a section](health-check.md#no-such-section).\n' >>"$tmp/root/docs/mock.md"
caught broken_anchor_caught "^link: docs/mock.md:[0-9]+: 'health-check.md#no-such-section': no heading of docs/health-check.md"

fresh
printf '\nSee [report.html](results.md#report.html).\n' >>"$tmp/root/docs/mock.md"
caught anchor_github_rules "^link: docs/mock.md:[0-9]+: 'results.md#report.html'"

fresh
printf '\n## A section the contents lack\n\nText.\n' >>"$tmp/root/docs/safety.md"
caught toc_missing_section_caught "^toc: docs/safety.md:[0-9]+: section 'A section the contents lack'"

fresh
sed -i '0,/](#[a-z-]*)/s//](#nowhere)/' "$tmp/root/docs/results.md"
caught toc_dead_link_caught "^toc: docs/results.md:[0-9]+: '#nowhere' is no heading of the page"

fresh
for i in $(seq 1 400); do echo "line $i"; done >>"$tmp/root/README.md"
caught readme_too_long_caught "^readme: README.md: [0-9]+ lines, more than 400"

fresh
sed -i '0,/^make run /s//make image /' "$tmp/root/README.md"
caught readme_opening_caught "^readme: README.md:1: does not open with .make run. and .make test."

fresh
sed -i 's/install the Debian packages they need/need Debian packages/' "$tmp/root/README.md"
caught readme_install_caught "^readme: README.md:1: its opening does not say that the commands install"

fresh
mkdir -p "$tmp/root/core/cli"
printf '%s\n' 'static const char *m = "bad value (docs/command-line.md, No such "' \
	'                        "section)";' >"$tmp/root/core/cli/x.c"
caught source_section_caught "^source: core/cli/x.c:1: docs/command-line.md has no section 'No such section'"

fresh
mkdir -p "$tmp/root/tests/host"
printf '# as the manual says (docs/manual.md, Options)\n' >"$tmp/root/tests/host/x.sh"
caught source_page_caught "^source: tests/host/x.sh:1: docs/manual.md does not exist"

fresh
mkdir -p "$tmp/root/platform"
printf '/* the keys (README, Configuration file) */\n' >"$tmp/root/platform/y.h"
caught source_stale_readme_caught "^source: platform/y.h:1: cites a README section"

fresh
mkdir -p "$tmp/root/boxes"
printf '/* the box control (007:120) */\n' >"$tmp/root/boxes/z.c"
caught cite_prefix_caught "^cite: boxes/z.c:1: '007:120': prefix 007 is not in the citation key of docs/architecture.md"

fresh
mkdir -p "$tmp/root/boxes"
printf '/* the QPI excerpt (003:50-59) */\n' >"$tmp/root/boxes/z.c"
caught cite_past_end_caught "^cite: boxes/z.c:1: '003:50-59': document 003 has lines 1-58"

fresh
sed -i '/^| `00[0-9]` |/d' "$tmp/root/docs/architecture.md"
caught cite_key_missing_caught "^cite: docs/architecture.md: no citation key"

fresh
mkdir -p "$tmp/shared/seeds"
printf 'one\ntwo\nthree' >"$tmp/shared/seeds/001_test.txt"
caught cite_count_caught "^cite: docs/architecture.md:[0-9]+: 001 has 645 lines here, 3 in 001_test.txt"
rm -rf "$tmp/shared"
