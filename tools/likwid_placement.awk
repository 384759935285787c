# The processors likwid-bench ran its threads on, from its output: one "Group: ... Global
# Thread G running on hwthread N ..." line a thread, printed in the order the threads
# start; prints N for G = 0, 1, ..., threads-1, comma-separated (the kbench's CPUS), and
# nothing unless every thread 0 to threads-1 appears exactly once on a processor of its
# own. The "Allocate: Process running on hwthread N" line (the process that sets the
# arrays up) is not a thread's.
#   awk -v threads=T -f tools/likwid_placement.awk
/^Group: / && / Global Thread [0-9]+ running on hwthread [0-9]+ / {
	for (i = 1; i < NF; i++) {
		if ($i == "Global" && $(i + 1) == "Thread")
			g = $(i + 2)
		if ($i == "hwthread")
			h = $(i + 1)
	}
	if (g in cpu || h in used)
		bad = 1
	cpu[g] = h
	used[h] = 1
	n++
}
END {
	if (bad || n != threads || threads < 1)
		exit
	for (g = 0; g < threads; g++)
		if (!(g in cpu))
			exit
	for (g = 0; g < threads; g++)
		printf "%s%s", g ? "," : "", cpu[g]
	print ""
}
