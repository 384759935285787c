#!/usr/bin/env bash
# Every example of every help page runs as printed: the overview, each command's page and
# each topic's (the list `help` gives for an unknown one), each line under "examples:"
# that starts with "upmon ", its trailing "(comment)" left out. Each runs on the mock
# (--backend mock --platform snbep before it, unless it names a platform or backend
# itself), in a folder of its own, and must end 0 or 1 without an error line; one that
# injects mock faults may end 2 (its finding), never 4 or 5. Files an example names are
# made first (--config FILE, a replay:TRACE recorded by the same command on the mock, fleet
# DIR's runs: a mock check's folder, fleet taking no backend).
# Time passes on the host's virtual clock (the kernels at 86400 times their real time: a
# second is a day), so `check --duration 8h` ends after its first pass and `--interval 1000
# --count 60` takes no time; the check's kernels fit a machine of 64 MiB free memory, as on
# any machine (docs/health-check.md, Health check).
cd "$(dirname "$0")/../.." || exit 1
UPMON_LEAK_CHECK=1 # lib.sh: the leak check at exit, on every run here
. tests/host/lib.sh

"$UPMON" help >"$WORK/overview.txt" 2>&1
"$UPMON" help no-such-page >"$WORK/pages.txt" 2>&1
# "help: no command or topic '...' (commands: info list ...; topics: mock)"
pages=$(sed -n "s/.*(commands: \([^;)]*\)\(; topics: \([^)]*\)\)\?).*/\1 \3/p" "$WORK/pages.txt")
if [ -z "$pages" ]; then
	fail host/help_examples_pages_listed "$(cat "$WORK/pages.txt")"
	exit 0
fi
for p in $pages; do
	"$UPMON" help "$p" >"$WORK/page-$p.txt" 2>&1
done

python3 - "$WORK" $pages >"$WORK/examples.tsv" <<'EOF'
import re, shlex, sys
work, pages = sys.argv[1], sys.argv[2:]
for page, name in [("overview", "overview")] + [("page-" + p, p) for p in pages]:
    lines = open(f"{work}/{page}.txt").read().splitlines()
    n, inside = 0, False
    for line in lines:
        if line == "examples:":
            inside = True
            continue
        if inside and not line.strip():
            inside = False
        m = re.match(r"^  upmon (.*?)(\s{2,}\(.*\))?$", line) if inside else None
        if m:
            n += 1
            # The words as a shell would split them, joined by the unit separator.
            words = "\x1f".join(shlex.split(m.group(1)))
            print(f"{name}\t{n}\t{m.group(1)}\t{words}")
    if n == 0:
        print(f"{name}\t0\t")
EOF

# run_example DIR WORDS...: makes what the example needs first, then runs it in DIR on
# the mock; sets st (its exit status) and faults (1: it injects mock faults).
run_example() {
	local dir=$1 w i k trace
	local -a words=("${@:2}") prefix rec env
	prefix=(--backend mock --platform snbep)
	faults=0
	for ((i = 0; i < ${#words[@]}; i++)); do
		w=${words[$i]}
		case $w in
		--platform | --platform=* | --backend | --backend=*) prefix=() ;;
		esac
		case $w in
		mock:* | --backend=mock:*) faults=1 ;;
		esac
		# fleet DIR reads other runs and takes no backend: DIR is made of a mock check's.
		if [ "$w" = fleet ] && [ $((i + 1)) -lt ${#words[@]} ]; then
			prefix=()
			(cd "$dir" && "$OLDPWD/$UPMON" --backend mock --platform snbep --out "${words[$((i + 1))]}" check --quick >/dev/null 2>&1)
		fi
		case $w in
		--config) printf '# made by the test\n' >"$dir/${words[$((i + 1))]}" ;;
		--config=*) printf '# made by the test\n' >"$dir/${w#--config=}" ;;
		esac
	done
	for ((i = 0; i < ${#words[@]}; i++)); do
		w=${words[$i]}
		[ "$w" = --backend ] && w="--backend=${words[$((i + 1))]}"
		case $w in
		--backend=replay:*)
			trace=${w#--backend=replay:}
			rec=()
			for ((k = 0; k < ${#words[@]}; k++)); do
				case ${words[$k]} in
				--backend) k=$((k + 1)) ;;
				--backend=*) ;;
				*) rec+=("${words[$k]}") ;;
				esac
			done
			(cd "$dir" && "$OLDPWD/$UPMON" --backend mock --platform snbep --trace "$trace" --out recording "${rec[@]}" >/dev/null 2>&1)
			;;
		esac
	done
	env=(UPMON_HOST_VIRTUAL_CLOCK=86400)
	for w in "${words[@]}"; do
		[ "$w" = check ] && env+=(UPMON_HOST_FREE_MIB=64)
	done
	(cd "$dir" && exec env "${env[@]}" timeout 300 "$OLDPWD/$UPMON" "${prefix[@]}" "${words[@]}" >out 2>&1)
	st=$?
}

total=0
# An example printed on two pages (the overview's and its command's) runs once: the same
# words, the same run; the second answers from the first's status and output.
declare -A ran_status ran_faults ran_dir
while IFS=$'\t' read -r page n example joined; do
	if [ "$n" = 0 ]; then
		fail "host/help_examples_${page}_has_examples" "'upmon help $page' shows no example"
		continue
	fi
	total=$((total + 1))
	name="help_example_${page//-/_}_$n"
	if [ -n "${ran_status[$example]:-}" ]; then
		st=${ran_status[$example]} faults=${ran_faults[$example]} dir=${ran_dir[$example]}
	else
		dir="$WORK/$name"
		mkdir -p "$dir"
		IFS=$'\x1f' read -ra words <<<"$joined"
		run_example "$dir" "${words[@]}"
		ran_status[$example]=$st ran_faults[$example]=$faults ran_dir[$example]=$dir
	fi
	if grep -q '^upmon: error:' "$dir/out"; then
		fail "host/$name" "'upmon $example' says: $(grep -m1 '^upmon: error:' "$dir/out")"
	elif [ "$st" = 0 ] || [ "$st" = 1 ] || { [ "$st" = 2 ] && [ "$faults" = 1 ]; }; then
		pass "host/$name"
	else
		fail "host/$name" "'upmon $example' ended $st: $(tail -2 "$dir/out" | tr '\n' ' ')"
	fi
done <"$WORK/examples.tsv"

# The pages hold examples at all (the overview, each command, mock): a parse that found
# none would pass every one above.
[ "$total" -ge 20 ] && pass host/help_examples_found || fail host/help_examples_found "only $total examples found"
