#!/usr/bin/env bash
# Burn-in (`check --passes N`, `check --duration D`; docs/health-check.md, Burn-in): every
# verdict carries its pass, a fault that starts in pass 2 (the mock's @pass2) is caught
# there and named with its pass, the stop by duration, ESC in mid-burn-in keeping the
# finished passes, and the usage errors. No timing is asserted: the duration stop is forced
# by a stall longer than the duration.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)

# json_get FILE EXPR: a Python expression over the parsed file (d).
json_get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1" 2>&1; }
# pass_counts CSV: "PASS:N ..." count of verdicts per pass (the last column).
pass_counts() { tail -n +2 "$1" | awk -F, '{print $NF}' | sort -n | uniq -c | awk '{printf "%s:%s ", $2, $1}'; }

# --- two clean passes ---
run two "${M[@]}" check --quick --passes 2
expect two host/burnin_two_passes_pass 0 '^burn-in: 2 passes$' '^burn-in: ESC or Ctrl-C stops it, keeping every finished pass$' \
	'^burn-in: pass 1 of 2, 0:00:0[0-9] elapsed' '^burn-in: pass 2 of 2, ' '^pass 1/2 PASS ' '^pass 2/2 PASS ' \
	'^burn-in: 2 passes in [0-9:]+ \(2 passes done\); no pass failed$'
if [ "$(tail -1 "$WORK/two.out")" = "upmon: PASS" ]; then
	pass host/burnin_verdict_line_last
else
	fail host/burnin_verdict_line_last "$(tail -1 "$WORK/two.out")"
fi
# The burn-in's own lines (pass k of N, each pass's summary) fit the 80-column console.
if grep -cE '^(burn-in|pass [0-9])' "$WORK/two.out" | grep -qx 7 &&
	grep -E '^(burn-in|pass [0-9])' "$WORK/two.out" | awk 'length($0) > 79 { bad = 1 } END { exit bad }'; then
	pass host/burnin_console_fits_80_columns
else
	fail host/burnin_console_fits_80_columns "$(grep -E '^(burn-in|pass [0-9])' "$WORK/two.out" | awk 'length($0) > 79' | head -2)"
fi
d2=$WORK/$(last_run upmon-results)
# Both passes judge the same checks: the same number of verdicts each, pass in the last column.
counts=$(pass_counts "$d2/verdicts.csv")
n1=$(echo "$counts" | tr ' ' '\n' | awk -F: '$1 == 1 {print $2}')
n2=$(echo "$counts" | tr ' ' '\n' | awk -F: '$1 == 2 {print $2}')
if head -1 "$d2/verdicts.csv" | grep -q '^run,backend,dry_run,socket,.*,value,written,pass$' && [ -n "$n1" ] && [ "$n1" -gt 100 ] && [ "$n1" = "$n2" ] &&
	[ "$(echo "$counts" | wc -w)" = 2 ]; then
	pass host/burnin_verdicts_csv_pass_column
else
	fail host/burnin_verdicts_csv_pass_column "counts per pass: $counts"
fi
got=$(json_get "$d2/results.json" "(d['burnin']['passes_done'], d['burnin']['passes_asked'], [p['verdict'] for p in d['burnin']['passes']], sorted(set(v['pass'] for v in d['verdicts'])), d['burnin']['first_failing_pass'])")
if [ "$got" = "(2, 2, ['PASS', 'PASS'], [1, 2], None)" ]; then
	pass host/burnin_results_json_passes
else
	fail host/burnin_results_json_passes "$got"
fi
# junit.xml: one testcase per verdict, each name saying its pass.
tc=$(grep -c '<testcase ' "$d2/junit.xml")
tc2=$(grep -c '<testcase [^>]*name="[^"]* (pass 2)"' "$d2/junit.xml")
if [ "$tc" = $((n1 + n2)) ] && [ "$tc2" = "$n2" ]; then
	pass host/burnin_junit_names_pass
else
	fail host/burnin_junit_names_pass "$tc testcases ($tc2 of pass 2) for $n1+$n2 verdicts"
fi
# Each pass's kernels: their bandwidth, and the report's bar chart of it.
got=$(json_get "$d2/results.json" "[[k['kernel'] for k in p['kernels']] for p in d['burnin']['passes']]")
if [ "$got" = "[['read', 'ntwrite', 'llc', 'thrash', 'read-remote', 'read-remote-back'], ['read', 'ntwrite', 'llc', 'thrash', 'read-remote', 'read-remote-back']]" ] &&
	grep -q '<h2 id="bandwidth">Kernel bandwidth, pass 2 (GB/s)</h2>' "$d2/report.html" &&
	[ "$(grep -o '<title>read-remote-back: [0-9.]* GB/s</title>' "$d2/report.html" | wc -l)" = 1 ]; then
	pass host/burnin_kernel_bandwidth_per_pass
else
	fail host/burnin_kernel_bandwidth_per_pass "$got"
fi

# --- a fault from pass 2 on: caught in pass 2, named with its pass ---
run late "${M[@]}" check --quick --passes 3 --backend mock:stuck=cbo3.ctr0@pass2
expect late host/burnin_pass2_fault_fails 2 '^pass 1/3 PASS ' '^pass 2/3 FAIL [0-9:]+: [0-9]+ ok, 0 warn, 1 fail, 0 inc; s0 cbo3 selftest\.count$' \
	'^pass 3/3 FAIL ' '^FAIL pass 2 socket 0 cbo3 +selftest\.count +ctr0 0xd76 did not move.*\(and in later passes\)$' \
	'^burn-in: 3 passes in [0-9:]+ \(3 passes done\); first failing pass 2$'
[ "$(tail -1 "$WORK/late.out")" = "upmon: FAIL" ] && pass host/burnin_fail_line_last ||
	fail host/burnin_fail_line_last "$(tail -1 "$WORK/late.out")"
dl=$WORK/$(last_run upmon-results)
if csv_rows "$dl/verdicts.csv" | grep -qE '^0,cbo,3,selftest\.count,PASS,.*,1$' &&
	csv_rows "$dl/verdicts.csv" | grep -qE '^0,cbo,3,selftest\.count,FAIL,.*,2$' &&
	csv_rows "$dl/verdicts.csv" | grep -qE '^0,cbo,3,selftest\.count,FAIL,.*,3$' &&
	! csv_rows "$dl/verdicts.csv" | grep -qE ',FAIL,.*,1$'; then
	pass host/burnin_pass2_fault_only_from_pass2
else
	fail host/burnin_pass2_fault_only_from_pass2 "$(csv_rows "$dl/verdicts.csv" | grep -E '^0,cbo,3,selftest\.count' | head -3)"
fi
got=$(json_get "$dl/results.json" "(d['verdict'], d['burnin']['first_failing_pass'], [p['verdict'] for p in d['burnin']['passes']], [(x['box'], x['instance'], x['first_failing_pass']) for x in d['burnin']['instances'] if x['first_failing_pass']])")
if [ "$got" = "('FAIL', 2, ['PASS', 'FAIL', 'FAIL'], [('cbo', 3, 2)])" ]; then
	pass host/burnin_first_failing_pass_json
else
	fail host/burnin_first_failing_pass_json "$got"
fi
# The trend of a measured check: one point per pass (cbo3's share of the lookups).
# The self-test's count has its numbers too (the count against 1 .. 2^width-1): the
# stuck counter's trend turns FAIL in pass 2.
got=$(json_get "$dl/results.json" "[(t['check'], t['passes'], t['results']) for x in d['burnin']['instances'] if x['box'] == 'cbo' and x['instance'] == 3 and x['socket'] == 0 for t in x['trend'] if t['check'] in ('llc.balance', 'selftest.count')]")
if [ "$got" = "[('selftest.count', [1, 2, 3], ['PASS', 'FAIL', 'FAIL']), ('llc.balance', [1, 2, 3], ['PASS', 'N/A', 'N/A'])]" ]; then
	pass host/burnin_trend_per_pass
else
	fail host/burnin_trend_per_pass "$got"
fi
if grep -q '<h2 id="burnin">Burn-in: 3 passes</h2>' "$dl/report.html" &&
	grep -q 'first failing pass 2' "$dl/report.html" &&
	grep -q '<a href="#s0-cbo3">cbo3</a></td><td class="fail">FAIL</td><td><b>2</b></td>' "$dl/report.html" &&
	[ "$(grep -o '<svg [^>]*class="trend"' "$dl/report.html" | wc -l)" -gt 40 ] &&
	grep -q '<title>pass 2: 0</title>' "$dl/report.html"; then
	pass host/burnin_report_first_failing_pass_and_trends
else
	fail host/burnin_report_first_failing_pass_and_trends "$(grep -o 'Burn-in[^<]*' "$dl/report.html" | head -2)"
fi

# --- the duration: a pass that has begun is finished; none starts after the time ---
# sN.stall=1500@pass1 holds pass 1 for 1.5 s (socket 1's first MSR access once pass 1
# has begun spins), longer than the 1 s asked: exactly one pass, however fast the machine.
run dur "${M[@]}" check --quick --duration 1s --passes 3 --backend mock:s1.stall=1500@pass1
expect dur host/burnin_duration_stops_after_pass 0 '^burn-in: 3 passes or 0:00:01, whichever ends first$' \
	'^burn-in: pass 1 of 3, ' '^burn-in: 1 pass in [0-9:]+ \(the duration ran out after pass 1\); no pass failed$'
expect_not dur host/burnin_duration_no_second_pass 0 '^burn-in: pass 2 '
run donly "${M[@]}" check --quick --duration 1s --backend mock:s0.stall=1500@pass1
expect donly host/burnin_duration_alone 0 '^burn-in: passes for 0:00:01$' \
	'^burn-in: pass 1, 0:00:00 elapsed, 0:00:01 left$' '^pass 1 PASS 0:00:0[1-9]: [0-9]+ ok, 0 warn, 0 fail, 0 inc$' \
	'\(the duration ran out after pass 1\)'
run long "${M[@]}" check --quick --duration 1h --passes 2
expect long host/burnin_passes_end_before_duration 0 '^burn-in: pass 2 of 2, ' '\(2 passes done\)'
got=$(json_get "$WORK/$(last_run upmon-results)/results.json" "(d['burnin']['duration_s'], d['burnin']['passes_asked'], d['burnin']['passes_done'])")
[ "$got" = "(3600, 2, 2)" ] && pass host/burnin_duration_in_results || fail host/burnin_duration_in_results "$got"

# --- ESC in pass 2: pass 1 kept whole, pass 2 marked, nothing after, registers restored ---
run esc "${M[@]}" check --quick --passes 3 --backend mock:esc@pass2
expect esc host/burnin_abort_keeps_passes 5 '^pass 1/3 PASS ' '^pass 2/3 ABORTED ' \
	'aborted \(ESC or Ctrl-C\) .*: registers restored' '\(ESC or Ctrl-C in pass 2\)' '^upmon: INCOMPLETE$'
expect_not esc host/burnin_abort_no_pass_3 5 '^burn-in: pass 3 '
de=$WORK/$(last_run upmon-results)
counts=$(pass_counts "$de/verdicts.csv")
n1e=$(echo "$counts" | tr ' ' '\n' | awk -F: '$1 == 1 {print $2}')
got=$(json_get "$de/results.json" "(d['aborted'], d['burnin']['aborted'], d['burnin']['passes_done'], [(p['pass'], p['aborted']) for p in d['burnin']['passes']])")
if [ "$got" = "(True, True, 1, [(1, False), (2, True)])" ] && [ "$n1e" = "$n1" ] && ! echo "$counts" | grep -q '3:'; then
	pass host/burnin_abort_results_saved
else
	fail host/burnin_abort_results_saved "$got; verdicts per pass: $counts (a clean pass: $n1)"
fi
# The aborted pass counts every verdict stamped with it, the command's "aborted" one too
# (added when the command ends), in its console line and in results.json alike.
got=$(json_get "$de/results.json" "[(p['pass'], p['incomplete'], p['pass_count']) for p in d['burnin']['passes']] == [(k, sum(1 for v in d['verdicts'] if v['pass'] == k and v['result'] == 'INCOMPLETE'), sum(1 for v in d['verdicts'] if v['pass'] == k and v['result'] == 'PASS')) for k in (1, 2)]")
inc2=$(json_get "$de/results.json" "sum(1 for v in d['verdicts'] if v['pass'] == 2 and v['result'] == 'INCOMPLETE')")
if [ "$got" = "True" ] && grep -Eq "^pass 2/3 ABORTED [0-9:]+: [0-9,]+ ok, 0 warn, 0 fail, $inc2 inc" "$WORK/esc.out" &&
	json_get "$de/results.json" "[v['check'] for v in d['verdicts'] if v['pass'] == 2]" | grep -q "'aborted'"; then
	pass host/burnin_abort_pass_counts_its_verdicts
else
	fail host/burnin_abort_pass_counts_its_verdicts "$got; $inc2 INCOMPLETE verdicts in pass 2; $(grep '^pass 2/3' "$WORK/esc.out")"
fi

# --- usage errors: one line, the closest choices, exit 4, nothing run ---
run p0 "${M[@]}" check --passes 0
expect p0 host/burnin_passes_zero_refused 4 "^upmon: error: check: --passes takes a count of passes from 1 to 100000 \(--passes 3\), not '0'$"
run px "${M[@]}" check --passes many
expect px host/burnin_passes_word_refused 4 "--passes takes a count of passes from 1 to 100000 \(--passes 3\), not 'many'$"
run pn "${M[@]}" check --passes
expect pn host/burnin_passes_needs_value 4 "--passes takes a count .*, not ''$"
run dx "${M[@]}" check --duration 8x
expect dx host/burnin_duration_unit_refused 4 "^upmon: error: check: --duration takes a time from 1s to 30d, in seconds or with a unit s, m, h or d \(90s, 30m, 8h\), not '8x'$"
run d0 "${M[@]}" check --duration 0s
expect d0 host/burnin_duration_zero_refused 4 "--duration takes a time from 1s to 30d.*, not '0s'$"
run d31 "${M[@]}" check --duration 31d
expect d31 host/burnin_duration_too_long_refused 4 "not '31d'$"
run typo "${M[@]}" check --pases 3
expect typo host/burnin_option_typo_suggests 4 "^upmon: error: check: unknown argument '--pases' \(closest: --passes; see 'upmon help check'\)$"
run badpass "${M[@]}" check --passes 2 --backend mock:stuck=cbo3.ctr0@pass0
expect badpass host/burnin_fault_pass_zero_refused 4 "mock fault: 'stuck=cbo3\.ctr0@pass0': give a fault before @passN and a pass from 1 to 100000"
# A fault for a pass the command never reaches would leave a PASS that never met it.
run unreached "${M[@]}" check --quick --passes 2 --backend mock:stuck=cbo3.ctr0@pass3
expect unreached host/burnin_fault_pass_beyond_the_run_refused 4 \
	'^upmon: error: mock fault stuck=cbo3\.ctr0@pass3 acts at pass 3 of a burn-in, which this check never reaches: give check --passes 3 \(or more\), or leave @pass3 out; nothing was touched$'
run unreached_run "${M[@]}" --backend mock:esc@pass2 run --events ubox/UCLK/ --seconds 0.01
expect unreached_run host/burnin_fault_pass_outside_a_burnin_refused 4 \
	'^upmon: error: mock fault esc@pass2 acts at pass 2 of a burn-in, which this run never reaches \(it is pass 1\): leave @pass2 out, or give it to check --passes 2; nothing was touched$'
run unreached_info "${M[@]}" --backend mock:dead=imc1@pass1 info
expect unreached_info host/burnin_fault_pass_info_refused 4 \
	'^upmon: error: mock fault dead=imc1@pass1 acts at pass 1 of a burn-in, which this info never reaches \(it runs no pass\): '
# A plain check, a selftest and a run are pass 1: a fault given @pass1 acts in them.
run pass1_check "${M[@]}" --backend mock:dead=imc1@pass1 check --quick
expect pass1_check host/burnin_fault_pass1_in_a_plain_check 2 '^FAIL socket 0 imc1 +presence '
run pass1_self "${M[@]}" --backend mock:dead=imc1@pass1 selftest
expect pass1_self host/burnin_fault_pass1_in_selftest 2 '^FAIL socket 0 imc1 +presence '
run pass1_run "${M[@]}" --backend mock:esc@pass1 run --events ubox/UCLK/ --seconds 0.01
expect pass1_run host/burnin_fault_pass1_in_run 5 '^upmon: error: run: aborted \(ESC or Ctrl-C\) in pass 0 \(of 1\)'
run badbox "${M[@]}" check --passes 2 --backend mock:stuck=cbo99.ctr0@pass2
expect badbox host/burnin_fault_checked_before_running 4 "cbo99.*\(in 'stuck=cbo99\.ctr0@pass2'\)"
bad=
for t in p0 px pn dx d0 d31 typo badpass badbox; do
	[ "$(lines "$t")" = 1 ] || bad="$bad $t"
done
[ -z "$bad" ] && pass host/burnin_usage_errors_one_line || fail host/burnin_usage_errors_one_line "more than one line:$bad"

# --- a plain check's report: kernel bandwidth per kernel as bars, the numbers of results.json ---
run plain "${M[@]}" check --quick
dp=$WORK/$(last_run upmon-results)
got=$(python3 - "$dp/results.json" "$dp/report.html" <<'PY' 2>&1
import json, re, sys
d = json.load(open(sys.argv[1]))
html = open(sys.argv[2]).read()
assert "burnin" not in d, "a plain check has no burnin key"
assert '<h2 id="bandwidth">Kernel bandwidth (GB/s)</h2>' in html
svg = re.search(r'<svg [^>]*class="bandwidth"[^>]*>(.*?)</svg>', html, re.S).group(1)
bars = re.findall(r'<title>([a-z-]+): ([0-9.]+) GB/s</title></rect>', svg)
want = [(k["kernel"], round(k["gbps"], 3)) for k in d["kernels"]]
assert [(n, round(float(g), 3)) for n, g in bars] == want, (bars, want)
print(len(bars))
PY
)
[ "$got" = 6 ] && pass host/check_report_kernel_bandwidth_bars || fail host/check_report_kernel_bandwidth_bars "$got"

# The stages' progress lines come once: a pass after the first says two lines (its start
# and its summary), so an 80x25 console shows many passes.
n_kernel=$(grep -c '^check: kernel read: ' "$WORK/two.out")
n_stage=$(grep -c '^check: \[1/2\] self-test of every box$' "$WORK/two.out")
[ "$n_kernel" = 1 ] && [ "$n_stage" = 1 ] && pass host/burnin_progress_lines_once ||
	fail host/burnin_progress_lines_once "kernel read lines: $n_kernel, stage lines: $n_stage"

# A socket that stops answering in pass 2: its FAILs become INCOMPLETE when the command
# ends; every pass's counts in results.json are those of the verdicts with its number.
UPMON_HOST_HANG=1@40 run lost2 "${M[@]}" check --quick --passes 2 --out lost2
if python3 - "$WORK/$(last_run lost2)/results.json" <<'PY'
import collections, json, sys
d = json.load(open(sys.argv[1]))
names = {"PASS": "pass_count", "WARN": "warn", "FAIL": "fail", "INCOMPLETE": "incomplete", "N/A": "na"}
got = collections.Counter((v["pass"], v["result"]) for v in d["verdicts"])
assert d["sockets_skipped"] == [1], d["sockets_skipped"]
for p in d["burnin"]["passes"]:
    for result, key in names.items():
        assert p[key] == got[(p["pass"], result)], (p["pass"], result, p[key], got[(p["pass"], result)])
PY
then
	pass host/burnin_lost_socket_counts_agree
else
	fail host/burnin_lost_socket_counts_agree "status $(rc lost2)"
fi
