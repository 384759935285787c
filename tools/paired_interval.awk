# The paired ratios of tools/bench_kernels.sh (one a round: upmon's run over its
# counterpart's, above 1 is upmon ahead), one number a line, as one line:
#   MEDIAN MIN MAX LOW HIGH COVERAGE VERDICT
# MIN and MAX are the rounds' range, from the same sort.
# LOW-HIGH is the distribution-free interval for the median of the rounds' ratios (the
# sign test's: order statistics k and n+1-k of the sorted ratios, which hold the true
# median with probability 1 - 2 P(Binomial(n, 1/2) <= k-1)); k is the largest that
# keeps that probability at or above 95%, and 1 where even the whole range falls
# short (n <= 5: five rounds give 93.8%). COVERAGE is that probability in percent.
# It assumes only that rounds are independent and a round's ratio is as likely above
# the median as below, nothing about the machine's drift, which on a shared host is
# anything but normal.
# VERDICT against TARGET (-v target=, default 1): "ahead" when LOW > TARGET, "behind"
# when HIGH < TARGET, else "parity" (the rounds cannot tell the two apart).
# No input: no line.
{ v[++n] = $1 + 0 }
END {
	if (n == 0)
		exit
	if (target == "")
		target = 1
	# Insertion sort: a bench has tens of rounds at most.
	for (i = 2; i <= n; i++) {
		x = v[i]
		for (j = i - 1; j >= 1 && v[j] > x; j--)
			v[j + 1] = v[j]
		v[j + 1] = x
	}
	med = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	# cdf[j] = P(Binomial(n, 1/2) <= j), from the binomial coefficients.
	c = 1
	sum = 0
	for (j = 0; j <= n; j++) {
		if (j > 0)
			c = c * (n - j + 1) / j
		sum += c
		cdf[j] = sum / 2 ^ n
	}
	k = 1
	while (k + 1 <= (n + 1) / 2 && 1 - 2 * cdf[k] >= 0.95)
		k++
	lo = v[k]
	hi = v[n + 1 - k]
	coverage = 100 * (1 - 2 * cdf[k - 1])
	verdict = lo > target ? "ahead" : hi < target ? "behind" : "parity"
	printf "%.3f %.3f %.3f %.3f %.3f %.1f %s\n", med, v[1], v[n], lo, hi, coverage, verdict
}
