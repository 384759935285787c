#!/usr/bin/env bash
# `check`'s own options are refused before anything runs when impossible (exit status 4,
# one line, nothing saved).
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

M=(--backend mock --platform snbep)

# The host simulates 2 sockets x 2 processors (core/host/os_host.c). --threads above the
# processors a kernel's sockets have runs it on all of them, said once up front (as
# stress-ng and memtest86+ fit their load): `check --quick --threads 4` means the same on
# every machine, and the remote kernels (one socket's) run on that socket's 2.
run many "${M[@]}" check --quick --threads 5
expect many host/check_threads_beyond_processors_fitted 0 \
	'^check: --threads 5: the 2 sockets measured have 4 processors: the kernels run on 4 \(read-remote and read-remote-back, on one socket, on 2\)$' \
	'^check: kernel read: 4 threads, ' '^check: kernel read-remote: 2 threads, ' '^upmon: PASS$'
run four "${M[@]}" check --quick --threads 4
expect four host/check_threads_beyond_one_socket_fitted 0 \
	'^check: --threads 4: read-remote and read-remote-back run on one socket, which has 2 processors: they run on 2$' \
	'^check: kernel read: 4 threads, ' '^check: kernel read-remote-back: 2 threads, ' '^upmon: PASS$'
run one_socket "${M[@]}" --sockets 1 check --quick --threads 3
expect one_socket host/check_threads_beyond_one_socket_measured 0 \
	'^check: --threads 3: the socket measured has 2 processors: the kernels run on 2$' '^check: kernel read: 2 threads, '
run zero "${M[@]}" --out z check --quick --threads 0
expect zero host/check_threads_zero_refused 4 \
	"^upmon: error: check: --threads takes a number of processors from 1 \(4 here: more run on as many\) or all, not '0'$"
if [ "$(wc -l <"$WORK/zero.out")" = 1 ] && ! ls "$WORK"/z/*/results.json >/dev/null 2>&1; then
	pass host/check_threads_refused_before_running
else
	fail host/check_threads_refused_before_running "$(head -c 300 "$WORK/zero.out")"
fi

run noval "${M[@]}" check --threads
expect noval host/check_threads_needs_value 4 '^upmon: error: check: --threads needs a value: a number of processors \(1\.\.4 here\) or all$'

# One kernel thread on two sockets: the socket without threads has nothing to judge, so its
# traffic checks are N/A, not FAIL (nor WARN).
run one "${M[@]}" check --quick --threads 1
expect one host/check_one_thread_two_sockets_passes 0 '^upmon: PASS$'
csv="$(last_run "$WORK/upmon-results")/verdicts.csv"
if csv_rows "$csv" | grep -qE '^1,imc,0,memory\.channel,N/A,the read kernel read no memory of this socket,' &&
	csv_rows "$csv" | grep -qE '^1,cbo,0,llc\.balance,N/A,' && ! csv_rows "$csv" | grep -qE '^1,[a-z0-9]+,[0-9-]*,[a-z.0-9]+,(FAIL|WARN),'; then
	pass host/check_socket_without_threads_na
else
	fail host/check_socket_without_threads_na "$(csv_rows "$csv" | grep -E '^1,' | grep -vE ',PASS,' | head -5)"
fi

# --size sets the kernels' working sets; on a machine with little free memory they are
# fitted to it, and the console says so (before: INCOMPLETE, advising an option check refused).
UPMON_HOST_FREE_MIB=256 run small "${M[@]}" check --quick --size 300M
expect small host/check_fits_working_set_to_free_memory 0 \
	'^check: kernel read: 223 MiB, not 300 MiB: fitted to 256 MiB free memory$' \
	'^check: kernel read: 4 threads, 223 MiB, 2 iterations' '^upmon: PASS$'
run sized "${M[@]}" check --quick --size 2M
expect sized host/check_takes_size 0 '^check: kernel read: 4 threads, 2 MiB, 2 iterations' '^upmon: PASS$'
run badsize "${M[@]}" check --size 0
expect badsize host/check_size_usage_error 4 "^upmon: error: check: --size takes a working set in bytes with an optional K, M or G suffix \(4M\), not '0'$"
# Too small for a line a thread: refused before anything runs, in one line (not six
# kernels each INCOMPLETE). 4 threads on the mock: 256 bytes; 2 threads: 128.
run tiny "${M[@]}" check --size 255
expect tiny host/check_size_too_small_refused_up_front 4 \
	"^upmon: error: check: --size 255 is too small: kernel read on 4 threads needs at least 256 bytes; give --size 256 or more, or leave --size out$"
expect_not tiny host/check_size_too_small_runs_nothing 4 '^check: \[1/2\]'
# At the minimum it runs, but two lines a socket judge nothing: each judgement against a
# tolerance is N/A saying why (no channel FAILs for the line it did not get), and the
# console says so before the verdict.
run tiny2 "${M[@]}" check --threads 2 --size 128 --quick
expect tiny2 host/check_size_at_the_minimum_runs 0 '^check: kernel read: 2 threads, 128 bytes, 2 iterations' \
	'^check: 34 judgements N/A: too little traffic at this --size to judge against the$' '^upmon: PASS$'
expect_not tiny2 host/check_tiny_size_no_false_finding 0 '^(FAIL|WARN) '
tiny_csv() {
	python3 - "$(last_run "$WORK/upmon-results")/verdicts.csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
little = [r for r in rows if r["reason"].startswith("too little to judge")]
assert len(little) == 34 and all(r["result"] == "N/A" for r in little), len(little)
checks = {r["check"] for r in little}
assert checks == {"memory.read", "memory.write", "memory.channel", "llc.hits", "llc.misses", "llc.balance", "link.flits"}, checks
ch = [r for r in little if r["check"] == "memory.channel" and r["socket"] == "0" and r["instance"] == "0"][0]
assert ch["reason"] == "too little to judge: about 1 CAS reads expected on each from the read kernel, under the 512 a judgement needs (give a larger --size)", ch
EOF
}
tiny_csv && pass host/check_tiny_size_na_reasons || fail host/check_tiny_size_na_reasons "$(last_run "$WORK/upmon-results")/verdicts.csv"
# Node interleaving (no SRAT to place by, as on a real machine with it on): a socket's
# memory holds an even share of every socket's lines. One thread on socket 0 reading its
# "local" 4 MiB puts half of it on socket 1: judged per socket that was a FAIL (off by
# 50%); judged over every socket together it is a PASS, and links are not judged.
run ilv --backend mock:interleave --platform snbep check --quick --threads 1
expect ilv host/check_unplaced_memory_judged_together 0 \
	'^check: the kernels. buffers are not placed by socket \(the host build leaves$' '^upmon: PASS$'
ilv_csv() {
	python3 - "$(last_run "$WORK/upmon-results")/verdicts.csv" <<'EOF'
import csv, sys
v = {(r["socket"], r["box"], r["instance"], r["check"]): r for r in csv.DictReader(open(sys.argv[1], newline=""))}
rd = v[("0", "imc", "", "memory.read")]
assert rd["result"] == "PASS" and rd["reason"].startswith("every socket together (buffers not placed by socket): 8.00 MiB counted"), rd
assert v[("1", "imc", "", "memory.read")]["result"] == "N/A", v[("1", "imc", "", "memory.read")]
assert v[("1", "imc", "", "memory.read")]["reason"].startswith("judged over every socket together, on socket 0: the read kernel's buffers were not placed by socket ("), v[("1", "imc", "", "memory.read")]
assert v[("0", "qpi", "", "link.flits")]["result"] == "N/A", v[("0", "qpi", "", "link.flits")]
# Each socket's channels share what came to it: 4 MiB x 2 passes / 2 sockets / 4 channels.
assert all(v[(s, "imc", str(i), "memory.channel")]["reason"].startswith("16384 CAS reads, 100.0% of the median") for s in "01" for i in range(4))
EOF
}
ilv_csv && pass host/check_unplaced_memory_verdicts || fail host/check_unplaced_memory_verdicts "$(last_run "$WORK/upmon-results")/verdicts.csv"
# One cause, one finding there too: an absent channel's presence warns, and the total it is
# missing from is not judged.
run ilvabs --backend mock:interleave,absent=imc2 --platform snbep check --quick --threads 1
expect ilvabs host/check_unplaced_memory_absent_box_one_finding 1 '^WARN socket 0 imc2 +presence ' \
	'^upmon: WARN$'
expect_not ilvabs host/check_unplaced_memory_absent_box_total_not_judged 1 '^(WARN|FAIL) socket 0 imc +memory'
