# Sourced by the bench scripts (`make bench`): each results file says what it is and
# never replaces an earlier one.
#
# bench_csv_start FILE WHAT COMMAND [TREE]: an existing FILE is kept, renamed after the
# time it was last written (kernels.csv -> kernels-20261125-101500.csv, then -2, -3 if
# taken); the new FILE opens with "# " lines saying what it holds, the source revision
# (of TREE, default this tree), when it started, the machine and processor, and the
# command with the settings it ran under. The column names follow on the next line.
bench_csv_start() {
	local file=$1 what=$2 command=$3 tree=${4:-.} stem name n=1 cpu
	if [ -e "$file" ]; then
		stem=${file%.csv}-$(date -u -r "$file" +%Y%m%d-%H%M%S)
		name=$stem.csv
		while [ -e "$name" ]; do
			n=$((n + 1))
			name=$stem-$n.csv
		done
		mv "$file" "$name" && echo "bench: the previous $(basename "$file") is kept as $(basename "$name")"
	fi
	cpu=$(awk -F': *' '/^vendor_id/ && !v { v = $2 } /^cpu family/ && !f { f = $2 }
		/^model[ \t]*:/ && m == "" { m = $2 } /^model name/ && !n { n = $2 }
		END { printf "%s family %s model %s (%s)", v, f, m, n }' /proc/cpuinfo 2>/dev/null)
	{
		echo "# upmon bench: $what"
		echo "# revision $(git -C "$tree" describe --always --dirty 2>/dev/null || echo unknown), started $(date -u +%Y-%m-%dT%H:%M:%SZ), host $(hostname 2>/dev/null || echo unknown)"
		echo "# processor: ${cpu:-unknown}, $(nproc) processors online; $(uname -sr)"
		echo "# command: $command"
	} >"$file"
}
