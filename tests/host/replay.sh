#!/usr/bin/env bash
# Record and replay: a run's trace (--trace) replayed with --backend replay:FILE gives the
# same counts; a trace changed by hand, or a run that asks for something else, stops at
# the first divergence with one line naming the access.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

EV='cbo0/CLOCKTICKS/,cbo1/LLC_LOOKUP.DATA_READ,filter_state=0x1f/,imc/CAS_COUNT.RD/,ubox/UCLK/'
run rec --backend mock --platform snbep --trace rec.tsv --out a run --events "$EV" --seconds 0.05 --per-box
expect rec host/replay_record 0 '^ +1 cbo0 +0 ctr0 +CLOCKTICKS '
run play --backend replay:rec.tsv --out b run --events "$EV" --seconds 0.05 --per-box
expect play host/replay_runs 0 '^ +1 cbo0 +0 ctr0 +CLOCKTICKS '
# Every box instance's count row but the clocks' (rates over the replay's own timing).
rows() { grep -E '^ +[0-9]+ [a-z]+[0-9]+ ' "$WORK/$1.out" | grep -v ' MHz$'; }
if diff <(rows rec) <(rows play) >/dev/null && [ "$(rows play | wc -l)" -gt 8 ]; then
	pass host/replay_same_counts
else
	fail host/replay_same_counts "$(diff <(rows rec) <(rows play) | head -5)"
fi
python3 - "$(last_run "$WORK/a")/results.json" "$(last_run "$WORK/b")/results.json" <<'PY' && pass host/replay_same_results || fail host/replay_same_results "results.json counts differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def counts(d):
    return [(c["socket"], c["box"], c["instance"], c["event"], c["raw"], c["delta"], c["status"])
            for p in d["passes"] for c in p["counters"]]
ca, cb = counts(a), counts(b)
sys.exit(0 if ca and ca == cb else 1)
PY

# A recording of fewer sockets than this machine has replays on those sockets alone, and
# --sockets above them is refused up front (each access there diverged before).
run rec1 --backend mock --platform snbep --sockets 1 --trace rec1.tsv --out a1 run --events cbo0/CLOCKTICKS/ --seconds 0.05
run play1 --backend replay:rec1.tsv --out b1 run --events cbo0/CLOCKTICKS/ --seconds 0.05
expect play1 host/replay_on_the_recorded_sockets 0 '^run: 1 event spec, 1 pass of 50 ms on 1 socket$' '^ +0 +1 cbo +CLOCKTICKS '
expect_not play1 host/replay_on_the_recorded_sockets_no_divergence 0 'diverged'
run play2 --backend replay:rec1.tsv --sockets 2 --out b2 run --events cbo0/CLOCKTICKS/ --seconds 0.05
expect play2 host/replay_sockets_above_recording_refused 4 \
	'^upmon: error: --sockets 2: the recording rec1\.tsv ran on 1 socket; a replay answers only what was recorded: give --sockets 1 or fewer, or leave --sockets out$'

# A replay says so wherever the run says what it is: no measurement of this machine.
b=$(last_run "$WORK/b")
if joined "$WORK/play.out" | grep -qx 'identity: REPLAY of rec.tsv (recorded from the mock backend): registers and CPUID answered from that recording, these are not measurements of this machine' &&
	joined "$WORK/play.out" | grep -qx 'identity: platform snbep, backend replay' &&
	joined "$b/upmon.log" | grep -qx 'identity: REPLAY of rec.tsv (recorded from the mock backend): registers and CPUID answered from that recording, these are not measurements of this machine' &&
	[ "$(tail -n +2 "$b/counters.csv" | grep -c '^[^,]*,replay,no,')" -gt 0 ] && [ "$(tail -n +2 "$b/counters.csv" | grep -vc '^[^,]*,replay,no,')" = 0 ] &&
	grep -qF '<b>REPLAY</b> of rec.tsv' "$b/report.html" &&
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (d["backend"] == "replay" and d["replay_of"] == "rec.tsv"))' "$b/results.json"; then
	pass host/replay_says_it_is_a_replay
else
	fail host/replay_says_it_is_a_replay "$(grep -i 'replay\|backend' "$WORK/play.out" | head -3 | tr '\n' '|')"
fi
# A measured (mock) run names no recording.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (d["backend"] == "mock" and d["replay_of"] is None))' \
	"$(last_run "$WORK/a")/results.json" && pass host/mock_run_names_no_replay || fail host/mock_run_names_no_replay "results.json"

# The first write of the box control of cbo0 on socket 0 made different: the replay
# stops there, naming it.
awk -F'\t' 'BEGIN{OFS="\t"} !done && $4=="W" && $5=="msr" && $6=="0xd04" {$7="0x12345"; done=1} {print}' \
	"$WORK/rec.tsv" >"$WORK/bad.tsv"
run bad --backend replay:bad.tsv --out c run --events "$EV" --seconds 0.05
expect bad host/replay_divergent_write 2 \
	'^upmon: error: replay diverged: write of 0x[0-9a-f]+ to msr 0xd04 on cpu 0 \(socket 0\); the recording wrote 0x12345 there \(seq [0-9]+\)$'
# Said once as it happened, and once more on the last screen (core/cli/last_screen.h).
[ "$(sed '/^result: run /,$d' "$WORK/bad.out" | grep -c 'replay diverged')" = 1 ] &&
	[ "$(sed -n '/^result: run /,$p' "$WORK/bad.out" | grep -c 'replay diverged')" = 1 ] && pass host/replay_divergence_said_once ||
	fail host/replay_divergence_said_once "$(grep 'replay diverged' "$WORK/bad.out")"

# The same divergence in a trace another upmon recorded: the line says the difference
# may be upmon's own.
sed '1s/(revision [^)]*)/(revision 0000000)/' "$WORK/bad.tsv" >"$WORK/bad_other.tsv"
run badother --backend replay:bad_other.tsv --out c2 run --events "$EV" --seconds 0.05
expect badother host/replay_divergence_names_the_recording_revision 2 \
	"^upmon: error: replay diverged: write of 0x[0-9a-f]+ to msr 0xd04 on cpu 0 \\(socket 0\\); the recording wrote 0x12345 there \\(seq [0-9]+\\); the trace was recorded by upmon revision 0000000 and this is $(sed 's/[.]/\\./g' build/revision): the difference may be upmon's, not the machine's \\(replay it with the recording's revision\\)$"

# A run that reads something the recording never read.
run other --backend replay:rec.tsv --out d run --events 'cbo2/CLOCKTICKS/' --seconds 0.05
expect other host/replay_divergent_access 2 \
	'^upmon: error: replay diverged: (read|write) of msr 0xd[0-9a-f]+ on cpu 0 \(socket 0\) is not in the recording \(it has 0 such accesses, all replayed\)$'

printf 'not a trace\n' >"$WORK/junk.tsv"
run junk --backend replay:junk.tsv info
expect junk host/replay_not_a_trace 4 "^upmon: error: junk.tsv: replay: line 1: not a trace record"
run none --backend replay:missing.tsv info
expect none host/replay_missing_file 4 '^upmon: error: --backend replay:missing.tsv: cannot read it \(ENOTFOUND\)'

# The trace says what it is, as every results file does: which upmon (the revision it
# was built from), when, the run's folder, the command line, the processor.
rev=$(sed 's/[.]/\\./g' build/revision)
folder=$(basename "$(last_run "$WORK/a")")
if head -1 "$WORK/rec.tsv" | grep -qE "^# upmon trace: upmon 0\.1\.0 \(revision $rev\), host, backend mock$" &&
	sed -n 2p "$WORK/rec.tsv" | grep -qE "^# upmon 0\.1\.0 \(revision $rev\) on host, started 20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z, folder $folder$" &&
	grep -qE '^# command line: .*upmon-san --backend mock --platform snbep --trace rec\.tsv --out a run ' "$WORK/rec.tsv" &&
	grep -qE '^# processor: GenuineIntel 06_2DH stepping 7, .*; platform snbep; backend mock$' "$WORK/rec.tsv"; then
	pass host/trace_says_what_it_is
else
	fail host/trace_says_what_it_is "$(head -5 "$WORK/rec.tsv" | tr '\t\n' ' |')"
fi

# An existing file is never overwritten: refused in one line before any register, the
# file as it was.
cp "$WORK/rec.tsv" "$WORK/rec.before"
run again --backend mock --platform snbep --trace rec.tsv --out e run --events "$EV" --seconds 0.05
expect again host/trace_existing_file_refused 4 \
	'^upmon: error: --trace rec\.tsv: that file exists and upmon overwrites nothing; name a new file, or move the old one away; nothing was touched$'
cmp -s "$WORK/rec.tsv" "$WORK/rec.before" && ! grep -q '^identity: processor' "$WORK/again.out" &&
	pass host/trace_existing_file_kept || fail host/trace_existing_file_kept "rec.tsv changed, or the run went on: $(head -c 200 "$WORK/again.out")"

# A trace in a folder that does not exist yet: made, as the results folder is; one that
# cannot be made is refused before any register, not found out after the run.
run newdir --backend mock --platform snbep --trace new/sub/t.tsv --out e2 info
[ "$(rc newdir)" = 0 ] && head -1 "$WORK/new/sub/t.tsv" | grep -q '^# upmon trace: ' &&
	pass host/trace_folder_made || fail host/trace_folder_made "status $(rc newdir): $(ls -R "$WORK/new" 2>&1 | head -3)"
# (A plain file where the folder would go: no one, root included, can make it.)
echo x >"$WORK/plain"
run nodir --backend mock --platform snbep --trace plain/sub/t.tsv --out e3 info
expect nodir host/trace_folder_refused_before_the_run 4 \
	'^upmon: error: --trace plain/sub/t\.tsv: cannot create the folder plain/sub \(EIO\): a file is in its way, or the medium is read-only or full; name another FILE; nothing was touched$'
grep -q '^identity: processor' "$WORK/nodir.out" && fail host/trace_folder_refused_no_run "the run went on" ||
	pass host/trace_folder_refused_no_run
# A file where the trace's folder is, and a path that names a folder: refused before the
# run too, each saying which; nothing made. A trace saved leaves no temporary file.
run infile --backend mock --platform snbep --trace plain/t.tsv --out e4 info
expect infile host/trace_in_a_file_refused_before_the_run 4 \
	'^upmon: error: --trace plain/t\.tsv: cannot write there \(EIO\): a file is in the folder.s place, the folder is read-only or full, or the path is too long; name another FILE; nothing was touched$'
expect_not infile host/trace_in_a_file_no_run 4 '^identity: processor'
run slash --backend mock --platform snbep --trace slashdir/ --out e5 info
expect slash host/trace_naming_a_folder_refused 4 \
	"^upmon: error: --trace 'slashdir/' names a folder, not a file: give a file name such as slashdir/trace\.tsv; nothing was touched$"
# A run refused after the trace's folder was tried (a bad mock fault) leaves no file.
run probegone --backend mock:bogus --platform snbep --trace gone.tsv --out e6 info
[ "$(rc probegone)" = 4 ] && [ ! -e "$WORK/gone.tsv.tmp" ] && [ ! -e "$WORK/gone.tsv" ] &&
	pass host/trace_refused_run_leaves_no_file || fail host/trace_refused_run_leaves_no_file "$(ls "$WORK"/gone.tsv* 2>&1)"
[ ! -e "$WORK/slashdir" ] && [ ! -e "$WORK/new/sub/t.tsv.tmp" ] && pass host/trace_refusal_and_save_leave_nothing ||
	fail host/trace_refusal_and_save_leave_nothing "$(ls -d "$WORK/slashdir" "$WORK"/new/sub/* 2>&1)"

# list with --platform alone reads no register: a trace asked of it is refused in one
# line, not silently left unwritten.
run listtrace --platform snbep --trace list.tsv list boxes
expect listtrace host/trace_refused_where_nothing_is_read 4 \
	'^upmon: error: list --platform snbep reads no register, so --trace has nothing to record; leave it out, or give --backend too$'
[ ! -e "$WORK/list.tsv" ] && [ "$(wc -l <"$WORK/listtrace.out")" = 1 ] && pass host/trace_refused_where_nothing_is_read_one_line ||
	fail host/trace_refused_where_nothing_is_read_one_line "$(head -3 "$WORK/listtrace.out")"

# The header quotes the command line: a word in it that reads like the full buffer's
# last line does not stop its replay; that line itself does.
run quote --backend mock --platform snbep --trace quote.tsv --out '1 accesses not recorded' info
run quoted --backend replay:quote.tsv --out f info
expect quoted host/replay_header_quoting_its_end_line 0 '^uncore: socket 1 r3qpi1 '
{ cat "$WORK/rec.tsv"; printf '# 3 accesses not recorded: trace buffer full\n'; } >"$WORK/full.tsv"
run full --backend replay:full.tsv --out g info
expect full host/replay_refuses_a_full_buffer 4 'the trace buffer overflowed when it was recorded: it cannot be replayed'

# A dry run's trace replays as a dry run: no counter ran in the recording, so its counts
# are marked dry-run, not "ok" zeros, and check, which judges its writes, refuses it.
run drytrace --backend mock --platform snbep --dry-run --trace dry.tsv run --events imc/CAS_COUNT.RD/ --seconds 0.01
run dryreplay --backend replay:dry.tsv --out dr run --events imc/CAS_COUNT.RD/ --seconds 0.01
expect dryreplay host/replay_of_dry_run_is_a_dry_run 0 \
	'^identity: DRY RUN: no register is written' \
	'^identity: REPLAY of dry\.tsv \(recorded from the mock backend, a dry run\)' \
	'^   all  0/8 imc +CAS_COUNT\.RD +dry-run$'
grep -q '"dry_run": true' "$(last_run "$WORK/dr")/results.json" && pass host/replay_of_dry_run_json ||
	fail host/replay_of_dry_run_json "results.json does not say dry_run true"
run drycheck --backend replay:dry.tsv --out dc check --quick
expect drycheck host/replay_of_dry_run_refused_by_check 4 \
	'^upmon: error: check --backend replay:dry\.tsv: that trace was recorded as a dry run, whose writes were never made'

# A run with mock faults replays as it ran: its recording lacks the per-socket microcode
# reads such a run skips, and the replay skips them too.
run faulttrace --backend mock:absent=imc1 --platform snbep --trace faults.tsv run --events imc/CAS_COUNT.RD/ --seconds 0.01
run faultreplay --backend replay:faults.tsv --out fr run --events imc/CAS_COUNT.RD/ --seconds 0.01
# The recording warned (exit 1: the absent box's counts are untrusted); so does the replay.
[ "$(rc faulttrace)" = 1 ] && pass host/replay_of_mock_faults_recorded_a_warning ||
	fail host/replay_of_mock_faults_recorded_a_warning "the recording exited $(rc faulttrace)"
expect_not faultreplay host/replay_of_mock_faults_follows_the_recording 1 'replay diverged'
# Its findings are the recording's made-up faults: every file says which.
expect faultreplay host/replay_of_mock_faults_says_them 1 '^identity: REPLAY of faults\.tsv \(recorded from the mock backend with faults$'
# upmon.log keeps the whole identity (counters.csv's rows say backend replay).
joined "$WORK/$(last_run fr)/upmon.log" | grep -q '^identity: REPLAY of faults.tsv (recorded from the mock backend with faults absent=imc1): ' &&
	tail -n +2 "$WORK/$(last_run fr)/counters.csv" | grep -q '^[^,]*,replay,no,' &&
	pass host/replay_of_mock_faults_in_files || fail host/replay_of_mock_faults_in_files "$(grep REPLAY "$WORK/$(last_run fr)/upmon.log")"

# A replay that diverges is a failure in every file, not only on the console: the
# divergence in results.json, upmon.log and report.html, whose title says FAILED.
run divtrace --backend mock --platform snbep --trace div.tsv run --events imc/CAS_COUNT.RD/ --seconds 0.01
run divreplay --backend replay:div.tsv --out dv run --events imc/CAS_COUNT.WR/ --seconds 0.01
dv=$WORK/$(last_run dv)
# A replay restores no hardware: what failed after the divergence is the divergence, not
# registers to power-cycle for.
expect_not divreplay host/replay_divergence_lists_no_unrestored 2 'NOT RESTORED|power-cycle'
# Nor a warning per count it left unread, nor a summary of them, nor a fault line per box:
# the divergence is the one cause, said once; the counts it left unread say not-replayed.
expect_not divreplay host/replay_divergence_no_per_count_warnings 2 '^upmon: warning: ' '^socket [0-9]+ imc[0-9]+: fault: '
expect divreplay host/replay_divergence_counts_not_replayed 2 '^     0  0/4 imc   CAS_COUNT\.WR +not-replayed$' \
	'^upmon: error: replay diverged: '
# A divergence before a later session's presence check: its boxes, not found then, are
# not-replayed too, not box-absent, with no warning of their own.
run krrec --backend mock --platform snbep --trace kr.tsv run --kernel read --size 1M --iterations 1 --events imc/CAS_COUNT.RD/
run krrep --backend replay:kr.tsv run --kernel read,write --size 1M --iterations 1 --events imc/CAS_COUNT.RD/
expect krrep host/replay_divergence_later_session_not_replayed 2 '^   all  0/8 imc CAS_COUNT\.RD +not-replayed '
expect_not krrep host/replay_divergence_later_session_no_warning 2 '^upmon: warning: ' 'box-absent'
[ "$(grep -c '^upmon: error: ' "$WORK/divreplay.out")" = 1 ] && pass host/replay_divergence_one_error_line ||
	fail host/replay_divergence_one_error_line "$(grep '^upmon: error: ' "$WORK/divreplay.out")"
python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["unrestored"] != [])' "$dv/results.json" &&
	pass host/replay_divergence_unrestored_empty || fail host/replay_divergence_unrestored_empty "$dv/results.json"
if [ "$(rc divreplay)" = 2 ] &&
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (d["replay_divergence"] or "").startswith("replay diverged: write of "))' "$dv/results.json" &&
	grep -q '^upmon: error: replay diverged: write of ' "$dv/upmon.log" &&
	grep -qF '<h1>upmon run: <span class="v fail">FAILED</span></h1>' "$dv/report.html" &&
	grep -qF '<tr><th>replay</th><td class="fail"><b>DIVERGED</b>: replay diverged: write of ' "$dv/report.html"; then
	pass host/replay_divergence_in_every_file
else
	fail host/replay_divergence_in_every_file "status $(rc divreplay); $(grep -o '"replay_divergence": [^,]*' "$dv/results.json")"
fi
# A replay's clocks: the recording's ticks over this machine's windows. check does not
# judge the uncore clock on them, and run says what its rates are.
run ckrec --backend mock --platform snbep --trace ck.tsv check --quick
run ckrep --backend replay:ck.tsv --out ckr check --quick
expect ckrep host/replay_check_replays 0 '^upmon: PASS$'
if csv_rows "$WORK/$(last_run ckr)/verdicts.csv" |
	grep -qE '^0,ubox,,uclk,N/A,"not judged in a replay: the ticks are the recording.s \([0-9]+\), the window this machine.s'; then
	pass host/replay_check_uclk_not_judged
else
	fail host/replay_check_uclk_not_judged "$(grep ',uclk,' "$WORK/$(last_run ckr)/verdicts.csv")"
fi
run rrec --backend mock --platform snbep --trace rr.tsv run --events ubox/UCLK/ --seconds 0.05
run rrep --backend replay:rr.tsv run --events ubox/UCLK/ --seconds 0.05
expect rrep host/replay_run_says_its_rates 0 "^run: a replay's rates \(clocks in MHz, metrics per second\) are the recording's$"
expect_not rrec host/replay_rates_note_only_in_a_replay 0 "^run: a replay's rates"

# A check's replay that diverges: one FAIL, the divergence's; what did not pass after it
# is not judged (it read no recording); the verdict line and junit.xml agree with exit 2.
run chktrace --backend mock --platform snbep --trace chk.tsv selftest
run chkreplay --backend replay:chk.tsv --out cr check --quick
expect chkreplay host/replay_divergent_check_one_fail 2 '^FAIL socket 0 replay   divergence         replay diverged: ' '^upmon: FAIL$'
cr=$WORK/$(last_run cr)
check_replay_files() {
	python3 - "$cr" <<'EOF'
import csv, sys, xml.etree.ElementTree as ET
folder = sys.argv[1]
rows = list(csv.DictReader(open(folder + "/verdicts.csv", newline="")))
bad = [r for r in rows if r["result"] in ("FAIL", "WARN")]
assert len(bad) == 1 and (bad[0]["box"], bad[0]["check"]) == ("replay", "divergence"), bad
assert bad[0]["reason"].startswith("replay diverged: read of "), bad[0]
assert not [r for r in rows if r["result"] == "N/A" and "fault" in r["reason"]], "an N/A blames a fault"
left = [r for r in rows if r["result"] == "INCOMPLETE"]
assert left and all(r["reason"].startswith("not judged: the replay diverged from its recording (") for r in left), left
root = ET.parse(folder + "/junit.xml").getroot()
fails = [tc for tc in root.iter("testcase") if tc.find("failure") is not None]
assert len(fails) == 1 and fails[0].get("name").endswith("divergence"), [tc.get("name") for tc in fails]
props = {p.get("name"): p.get("value") for p in root.find("testsuite").find("properties")}
assert props["replay_of"] == "chk.tsv (recorded from the mock backend)", props
assert props["replay_divergence"].startswith("replay diverged: read of "), props
EOF
}
check_replay_files && pass host/replay_divergent_check_files || fail host/replay_divergent_check_files "$cr"
# A check whose replay diverges at a write inside the self-test: the registers the self-test
# then could not put back were never hardware's, so no NOT RESTORED line and no advice
# to power-cycle repeat the one cause.
run ckrec2 --backend mock --platform snbep --trace ck2.tsv check --quick
awk -F'\t' 'BEGIN { OFS = "\t" } !/^#/ && $4 == "W" && $5 == "msr" && $6 == "0xc10" && !done { $7 = "0x1234"; done = 1 } { print }' \
	"$WORK/ck2.tsv" >"$WORK/ck2w.tsv"
run ckrepw --backend replay:ck2w.tsv --out ckw check --quick
expect ckrepw host/replay_divergent_selftest_write 2 '^upmon: error: replay diverged: write of 0x[0-9a-f]+ to msr 0xc10 on cpu 0 \(socket 0\); the recording wrote 0x1234 there'
expect_not ckrepw host/replay_divergent_selftest_lists_no_unrestored 2 'NOT RESTORED|power-cycle'
# Nothing after the divergence is answered: the kernels are not run, and say so.
expect ckrepw host/replay_divergent_selftest_kernels_not_run 2 '^check: \[2/2\] kernels not run: the replay diverged in the self-test$'
expect_not ckrepw host/replay_divergent_selftest_no_kernel_ran 2 '^check: kernel '
# A replay names its processor: another --platform is refused in one line, before any
# register (the recording's would all miss); the matching one is taken.
run replplat --platform ivbep --backend replay:ck.tsv --out rp run --events imc/CAS_COUNT.RD/ --seconds 0.01
expect replplat host/replay_other_platform_refused 4 \
	"^upmon: error: --platform ivbep does not match the recording's processor \(family 0x6 model 0x2d: snbep\); a replay answers only that processor's registers: leave --platform out or give --platform snbep \(add --force-platform for a recording made with it\)$"
expect_not replplat host/replay_other_platform_nothing_run 4 '^run: '
run replsame --platform snbep --backend replay:ck.tsv --out rs check --quick
expect replsame host/replay_matching_platform_taken 0 '^upmon: PASS$'
# A recording made with --force-platform (here: snbep's registers driven on a processor
# whose CPUID says Ivy Bridge-EP, 0x306E4) replays only with it, and then follows it.
sed 's/^# cpuid\t0x1\t0x0\t0x206d7\t/# cpuid\t0x1\t0x0\t0x306e4\t/' "$WORK/ck.tsv" >"$WORK/forced.tsv"
grep -q "$(printf '^# cpuid\t0x1\t0x0\t0x306e4\t')" "$WORK/forced.tsv" &&
	pass host/replay_forced_recording_made || fail host/replay_forced_recording_made "no CPUID leaf 1 line to change"
run replforced0 --platform snbep --backend replay:forced.tsv --out rf0 check --quick
expect replforced0 host/replay_forced_recording_needs_force 4 \
	"^upmon: error: --platform snbep does not match the recording's processor \(family 0x6 model 0x3e: ivbep\); .* \(add --force-platform for a recording made with it\)$"
run replforced --platform snbep --force-platform --backend replay:forced.tsv --out rf check --quick
expect replforced host/replay_forced_recording_replays 0 '^upmon: PASS$' '^check: snbep on 2 sockets' \
	'^identity: processor: GenuineIntel 06_3EH ' '^identity: platform snbep \(forced by --platform\), backend replay$'
expect_not replforced host/replay_forced_recording_no_divergence 0 'diverged'

# A burn-in whose replay diverges in pass 2: what the divergence left not judged is so in
# every pass's counts and every instance's record, as in the verdicts themselves.
run bitrace --backend mock:dead=imc1 --platform snbep --trace bi.tsv check --quick
run bireplay --backend replay:bi.tsv --out bir check --quick --passes 2
bir=$WORK/$(last_run bir)
if python3 - "$bir/results.json" <<'EOF'
import collections, json, sys
d = json.load(open(sys.argv[1]))
names = {"PASS": "pass_count", "WARN": "warn", "FAIL": "fail", "INCOMPLETE": "incomplete", "N/A": "na"}
got = collections.Counter((v["pass"], v["result"]) for v in d["verdicts"])
for p in d["burnin"]["passes"]:
    for result, key in names.items():
        assert p[key] == got[(p["pass"], result)], (p["pass"], result, p[key], got[(p["pass"], result)])
assert d["burnin"]["passes"][0]["verdict"] == "INCOMPLETE" and d["burnin"]["passes"][1]["verdict"] == "FAIL", d["burnin"]["passes"]
failing = [(x["box"], x["instance"]) for x in d["burnin"]["instances"] if x["first_failing_pass"]]
assert failing == [("replay", None)], failing
EOF
then
	pass host/replay_divergent_burnin_counts_agree
else
	fail host/replay_divergent_burnin_counts_agree "status $(rc bireplay)"
fi
