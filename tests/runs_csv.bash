# Reading a runs.csv (docs/results.md, A folder per run) in the shell, without an
# interpreter's start for each of the tests' hundreds of calls. Sourced by
# tests/host/lib.sh and tests/e2e/common.bash.

# runs_csv_last_folder < runs.csv: the last row's folder, by its column's name.
runs_csv_last_folder() {
	local header row line i
	local -a names
	IFS= read -r header || { echo; return 0; }
	while IFS= read -r line || [ -n "$line" ]; do row=$line; done # a last row without its newline too
	IFS=, read -ra names <<<"$header"
	csv_fields "${row:-}"
	for i in "${!names[@]}"; do
		if [ "${names[$i]}" = folder ]; then
			echo "${CSV_FIELDS[$i]:-}"
			return 0
		fi
	done
	echo
}

# csv_fields LINE: the fields of one CSV row (RFC 4180: a field in double quotes may hold
# commas, and "" for a quote) in the array CSV_FIELDS; none for an empty line.
csv_fields() {
	local s=$1 quoted='^"(([^"]|"")*)"(,|$)' plain='^([^,"]*)(,|$)' field sep
	CSV_FIELDS=()
	[ -n "$s" ] || return 0
	while :; do
		if [[ $s =~ $quoted ]]; then
			field=${BASH_REMATCH[1]}
			field=${field//\"\"/\"}
			sep=${BASH_REMATCH[3]}
		elif [[ $s =~ $plain ]]; then
			field=${BASH_REMATCH[1]}
			sep=${BASH_REMATCH[2]}
		else
			return 1
		fi
		s=${s:${#BASH_REMATCH[0]}}
		CSV_FIELDS+=("$field")
		[ -n "$sep" ] || return 0
	done
}
