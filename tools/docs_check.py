#!/usr/bin/env python3
"""Checks the documentation's shape and links (tests/host/docs.sh runs it):

  readme  README.md is a guide of at most 400 lines that opens with `make run` and
          `make test` (the first code block, before any section) and says that they
          install the Debian packages they need
  toc     every docs/*.md page (and the README) has a table of contents before its first
          section: links to headings of the page, every ## and ### heading among them
  link    every relative link in README.md and docs/*.md names a file that exists, and its
          #anchor a heading of that file (GitHub's anchors)
  source  every "(docs/PAGE.md, Section)" or 'docs/PAGE.md "Section"' in the sources names
          a page and a heading of it that exist, and no source still cites a README section
  cite    every citation of Intel's guides in the sources, PPP:LINE or PPP:LINE-LINE, names
          a prefix of docs/architecture.md's citation key and a line inside that document; where the
          extractions are present (ROOT/../shared/seeds), the table's line counts are theirs

  python3 tools/docs_check.py [ROOT]

Prints one line per problem, "CHECK: FILE:LINE: what", and exits 1 when there is one.
"""
import bisect
import os
import re
import sys

README_MAX_LINES = 400
SOURCE_DIRS = ("core", "platform", "efi", "boxes", "kernels", "tools", "tests")
SOURCE_EXTS = (".c", ".h", ".S", ".sh", ".py", ".awk", ".mk", ".nsh", ".json")
SOURCE_FILES = ("Makefile", "startup.nsh", "docs/results.schema.json")
# This checker and its test write wrong references on purpose.
SKIP = ("tools/docs_check.py", "tests/host/docs.sh")

problems = []


def problem(check, where, what):
    problems.append(f"{check}: {where}: {what}")


def strip_inline(text):
    """A heading's text as GitHub renders it: no code marks, links as their text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return text.replace("`", "").replace("*", "").strip()


def slug(text):
    """GitHub's anchor for a heading: lower case, punctuation but - and _ dropped,
    spaces as -."""
    s = strip_inline(text).lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


_parsed = {}


def parse_md(path):
    """(headings [(level, text, slug, line)], prose lines [(line, text)]) outside fenced
    code blocks. Read once a path: a page's anchors are asked for every link into it."""
    if path not in _parsed:
        _parsed[path] = parse_md_file(path)
    return _parsed[path]


def parse_md_file(path):
    headings, prose, seen = [], [], {}
    fence = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.match(r"^(\s*)(```+|~~~+)", line)
            if m:
                if fence is None:
                    fence = m.group(2)[0] * 3
                elif m.group(2).startswith(fence):
                    fence = None
                continue
            if fence is not None:
                continue
            h = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if h:
                base = slug(h.group(2))
                k = seen.get(base, 0)
                seen[base] = k + 1
                headings.append((len(h.group(1)), h.group(2), base if k == 0 else f"{base}-{k}", n))
            prose.append((n, line))
    return headings, prose


def links(prose):
    """(line, target) of every markdown link outside code spans."""
    starts, pos = [], 0
    for _, t in prose:
        starts.append(pos)
        pos += len(t)
    text = "".join(t for _, t in prose)
    # Code spans may run over a line end; blank them out keeping the offsets.
    text = re.sub(r"`[^`]*`", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return [(prose[bisect.bisect_right(starts, m.start()) - 1][0], m.group(1))
            for m in re.finditer(r"\[[^\]]*\]\(([^)\s]+)\)", text)]


def md_pages(root):
    pages = [os.path.join(root, "README.md")]
    docs = os.path.join(root, "docs")
    if os.path.isdir(docs):
        pages += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    return [p for p in pages if os.path.isfile(p)]


def rel(root, path):
    return os.path.relpath(path, root)


def check_readme(root):
    path = os.path.join(root, "README.md")
    if not os.path.isfile(path):
        problem("readme", "README.md", "missing")
        return
    lines = open(path, encoding="utf-8").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > README_MAX_LINES:
        problem("readme", "README.md", f"{len(lines)} lines, more than {README_MAX_LINES}: move reference text to docs/")
    # The first code block, before any section, opens with make run, then make test.
    block, inside = [], False
    for line in lines:
        if line.startswith("## "):
            break
        if line.startswith("```"):
            if inside:
                break
            inside = True
            continue
        if inside and line.strip():
            block.append(line.split("#")[0].strip())
    if block[:2] != ["make run", "make test"]:
        problem("readme", "README.md:1", f"does not open with `make run` and `make test` (first commands: {block[:2]})")
    opening = "\n".join(lines[:next((i for i, l in enumerate(lines) if l.startswith("## ")), len(lines))])
    if not re.search(r"\binstall the Debian packages they need\b", opening):
        problem("readme", "README.md:1", "its opening does not say that the commands install the Debian packages they need")


def check_toc(root, path):
    headings, prose = parse_md(path)
    first = next((n for lvl, _, _, n in headings if lvl == 2), None)
    anchors = {s for _, _, s, _ in headings}
    toc = [(n, t) for n, t in links([(n, l) for n, l in prose if first is None or n < first]) if t.startswith("#")]
    name = rel(root, path)
    if not toc:
        problem("toc", name, "no table of contents (links to the page's sections) before its first section")
        return
    listed = set()
    for n, t in toc:
        if t[1:] not in anchors:
            problem("toc", f"{name}:{n}", f"'{t}' is no heading of the page")
        listed.add(t[1:])
    for lvl, text, s, n in headings:
        if lvl in (2, 3) and s not in listed:
            problem("toc", f"{name}:{n}", f"section '{strip_inline(text)}' (#{s}) is not in the table of contents")


def check_links(root, path):
    _, prose = parse_md(path)
    name = rel(root, path)
    for n, target in links(prose):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        if not os.path.exists(dest):
            problem("link", f"{name}:{n}", f"'{target}': {file_part} does not exist")
            continue
        if anchor:
            if not dest.endswith(".md"):
                problem("link", f"{name}:{n}", f"'{target}': an anchor into a file that is not markdown")
                continue
            if anchor not in {s for _, _, s, _ in parse_md(dest)[0]}:
                problem("link", f"{name}:{n}", f"'{target}': no heading of {rel(root, dest)} has the anchor #{anchor}")


def source_files(root):
    for d in SOURCE_DIRS:
        for base, _, files in os.walk(os.path.join(root, d)):
            for f in sorted(files):
                if f.endswith(SOURCE_EXTS):
                    yield os.path.join(base, f)
    for f in SOURCE_FILES:
        if os.path.isfile(os.path.join(root, f)):
            yield os.path.join(root, f)


_sources = {}


def source_texts(root):
    """(path, text) of each source the checks read: UTF-8 ones, the checker's own left out.
    Read once a run: two checks read them all."""
    if root not in _sources:
        texts = []
        for path in source_files(root):
            if rel(root, path) in SKIP:
                continue
            try:
                texts.append((path, open(path, encoding="utf-8").read()))
            except (UnicodeDecodeError, OSError):
                continue
        _sources[root] = texts
    return _sources[root]


def joined(raw):
    """The text with C string literals that continue on the next line joined, and comment
    or script lines joined to the line they continue; and a function giving, for an offset
    in it, the offset in raw it came from."""
    out, seg_joined, seg_raw, pos, last = [], [], [], 0, 0
    for m in re.finditer(r'"[ \t]*\n[ \t]*"|[ \t]*\n[ \t]*(?:\*(?!/)|//|#)?[ \t]*', raw):
        seg_joined.append(pos)
        seg_raw.append(last)
        out.append(raw[last:m.start()])
        pos += m.start() - last
        if not m.group(0).startswith('"'):
            # the one space that stands for the line break: from the break's start
            seg_joined.append(pos)
            seg_raw.append(m.start())
            out.append(" ")
            pos += 1
        last = m.end()
    seg_joined.append(pos)
    seg_raw.append(last)
    out.append(raw[last:])

    def origin(offset):
        k = bisect.bisect_right(seg_joined, offset) - 1
        return seg_raw[k] + (offset - seg_joined[k])
    return "".join(out), origin


def check_sources(root):
    sections = {}
    for page in md_pages(root):
        sections[rel(root, page)] = {strip_inline(t).lower() for _, t, _, _ in parse_md(page)[0]}
    ref = re.compile(r'(docs/[\w.-]+\.md)(?:,\s*([^)"]+?)\s*\)|\s+"([^"]+)")?')
    stale = re.compile(r'(?<![/\w])README(?:\s*,\s*\S|:\s*"|\s+")')
    for path, raw in source_texts(root):
        if "docs/" not in raw and "README" not in raw:
            continue  # neither pattern can match
        text, origin = joined(raw)
        name = rel(root, path)
        for m in ref.finditer(text):
            line = raw.count("\n", 0, origin(m.start())) + 1
            page = m.group(1)
            # A regular expression in a test escapes the closing parenthesis.
            section = re.sub(r"\s+", " ", m.group(2) or m.group(3) or "").strip().rstrip("\\").strip('"')
            if page not in sections:
                problem("source", f"{name}:{line}", f"{page} does not exist")
            elif section and section.lower() not in sections[page]:
                problem("source", f"{name}:{line}", f"{page} has no section '{section}'")
        for m in stale.finditer(text):
            line = raw.count("\n", 0, origin(m.start())) + 1
            problem("source", f"{name}:{line}", "cites a README section: the reference is in docs/ now, cite (docs/PAGE.md, Section)")


KEY_PAGE = "docs/architecture.md"
CITATION = re.compile(r'(?<![0-9A-Za-z_.:x])([0-9]{3}):([0-9]{1,5})(?:-([0-9]{1,5}))?\b')


def citation_key(root):
    """docs/architecture.md's citation key: prefix -> (line count, table line)."""
    path = os.path.join(root, KEY_PAGE)
    key = {}
    if os.path.isfile(path):
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            m = re.match(r'\|\s*`([0-9]{3})`\s*\|.*\|\s*([0-9]+)\s*\|\s*$', line)
            if m:
                key[m.group(1)] = (int(m.group(2)), n)
    if not key:
        problem("cite", KEY_PAGE, "no citation key: a table of prefix, document, platform and lines")
    return key


def check_citations(root):
    key = citation_key(root)
    seeds = os.path.join(root, "..", "shared", "seeds")
    if os.path.isdir(seeds):
        for f in sorted(os.listdir(seeds)):
            m = re.match(r'([0-9]{3})_.*\.txt$', f)
            if not m:
                continue
            with open(os.path.join(seeds, f), "rb") as fh:
                count = len(fh.read().splitlines())
            if m.group(1) not in key:
                problem("cite", KEY_PAGE, f"no row for {f}")
            elif key[m.group(1)][0] != count:
                problem("cite", f"{KEY_PAGE}:{key[m.group(1)][1]}",
                        f"{m.group(1)} has {key[m.group(1)][0]} lines here, {count} in {f}")
    for path, raw in source_texts(root):
        for m in CITATION.finditer(raw):
            line = raw.count("\n", 0, m.start()) + 1
            where = f"{rel(root, path)}:{line}"
            prefix, first, last = m.group(1), int(m.group(2)), int(m.group(3) or m.group(2))
            if prefix not in key:
                problem("cite", where, f"'{m.group(0)}': prefix {prefix} is not in the citation key of {KEY_PAGE}")
            elif not 1 <= first <= last <= key[prefix][0]:
                problem("cite", where, f"'{m.group(0)}': document {prefix} has lines 1-{key[prefix][0]}")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    check_readme(root)
    for page in md_pages(root):
        check_toc(root, page)
        check_links(root, page)
    check_sources(root)
    check_citations(root)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
