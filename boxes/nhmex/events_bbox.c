/* Nehalem-EX / Westmere-EX B-Box (home agent) events: summary Table 2-24 (seed 002,
 * lines 1930-1991, two sheets) and the detailed list (002:1993-2364). The summary has
 * 49 events; the list adds COHQ_BYPASS (0x0E, counter 3, 002:2018-2023), kept here: 50.
 *
 * Each counter has its own event set (002:1750, 1834, 1847), so counters is that one
 * counter's bit; the same code means different events on different counters. The code
 * is the value for ev_sel, bits 5:1 of the control register (002:1847); the box's
 * control layout places it. Every B-Box event has max inc 1 (002:1750).
 *
 * Names: the summary and the list name some events differently. The summary's names
 * are used (Table 2-24 is the table the guide points to for the counter mapping,
 * 002:1834), the list's are in each desc: TF_OCCUPANCY_* (list TF_*),
 * MSGS_IN_NON_SNOOP / MSGS_S_TO_B / MSGS_B_TO_S (list MSG_IN_NON_SNP / MSG_S_TO_B /
 * MSG_B_TO_S). The summary's "SBOX_VNO_UNAVAIL" (002:1987) is a letter-O slip for
 * VN0, as the list (002:2289) and the Xeon 7500 guide's summary spell it.
 *
 * Match/mask: the *_MATCH events count what B_MSR_MATCH/MASK select (002:1862-1884),
 * so they need UPM_FILT_BBOX_MATCH: counter 0 codes 1-3, counter 1 codes 1-6,
 * counter 2 code 4. Linux uncore_nhmex.c (nhmex_bbox_hw_config) programs match/mask
 * for exactly these codes (boxes/PUBLIC_FACTS.md). */
#include "boxes/nhmex/nhmex_events.h"

#define BEV(name_, ctr_, code_, desc_, src_)                                         \
	{ .name = name_, .code = (code_), .counters = 1u << (ctr_), .max_inc = 1, \
	  .desc = desc_, .source = "002:" src_ }
#define BEV_MATCH(name_, ctr_, code_, desc_, src_)                                   \
	{ .name = name_, .code = (code_), .counters = 1u << (ctr_), .max_inc = 1, \
	  .filter = UPM_FILT_BBOX_MATCH, .desc = desc_, .source = "002:" src_ }

const struct upm_event_def upm_nhmex_bbox_events[] = {
	/* Counter 0 (002:1934-1948). The summary's descriptions of codes 0x02 and 0x03
	 * are swapped (002:1936-1937); the list's titles (002:2226, 2261) are used. */
	BEV_MATCH("MSG_ADDR_IN_MATCH", 0, 0x01, "Incoming packets matching message class and address",
		  "1935, 2198-2203"),
	BEV_MATCH("OPCODE_ADDR_IN_MATCH", 0, 0x02, "Incoming packets matching opcode and address",
		  "1936, 2261-2266"),
	BEV_MATCH("MSG_OPCODE_ADDR_IN_MATCH", 0, 0x03,
		  "Incoming packets matching message class, opcode and address", "1937, 2226-2231"),
	/* TF_*: overflows of a sub-counter; multiply by 256 (002:2316). */
	BEV("TF_OCCUPANCY_ALL", 0, 0x04, "Tracker file occupancy, all requests, /256 (list: TF_ALL)",
	    "1938, 2310-2316"),
	BEV("TF_OCCUPANCY_WR", 0, 0x05, "Tracker file occupancy, writes, /256 (list: TF_WR)",
	    "1939, 2358-2364"),
	BEV("TF_OCCUPANCY_INVITOE", 0, 0x06, "Tracker file occupancy, InvItoE, /256 (list: TF_INVITOE)",
	    "1940, 2318-2324"),
	/* Overflows of a sub-counter; multiply by 32 (002:2196). */
	BEV("IMT_VALID_OCCUPANCY", 0, 0x07, "In-flight memory table valid entries, /32",
	    "1941, 2190-2196"),
	BEV("DRSQ_OCCUPANCY", 0, 0x09, "DRS queue occupancy (4 entries)", "1942, 2060-2065"),
	BEV("TF_OCCUPANCY_IOH", 0, 0x0B, "Tracker file occupancy, IOH requests, /256 (list: TF_IOH)",
	    "1943, 2326-2332"),
	BEV("TF_OCCUPANCY_IOH_WR", 0, 0x0D, "Tracker file occupancy, IOH writes, /256 (list: TF_IOH_WR)",
	    "1944, 2350-2356"),
	BEV("TF_OCCUPANCY_IOH_INVITOE", 0, 0x0F,
	    "Tracker file occupancy, IOH InvItoE, /256 (list: TF_IOH_INVITOE)", "1945, 2334-2340"),
	BEV("SNPOQ_OCCUPANCY", 0, 0x12, "Snoop output queue occupancy (256 entries)",
	    "1946, 2303-2308"),
	BEV("DIRQ_OCCUPANCY", 0, 0x17, "Directory queue occupancy (256 entries)", "1947, 2039-2044"),
	BEV("TF_OCCUPANCY_IOH_NON_INVITOE_RD", 0, 0x1C,
	    "Tracker file occupancy, IOH non-InvItoE reads, /256 (list: TF_IOH_NON_INVITOE_RD)",
	    "1948, 2342-2348"),

	/* Counter 1 (002:1949-1974). IMT inserts include conflicts and AckConflicts;
	 * above ~5% conflicts (CONFLICTS / IMT_INSERTS_ALL) they do not give latency
	 * (002:2094). */
	BEV_MATCH("MSG_IN_MATCH", 1, 0x01, "Incoming packets matching message class", "1950, 2212-2217"),
	BEV_MATCH("MSG_OUT_MATCH", 1, 0x02, "Outgoing packets matching message class", "1951, 2247-2252"),
	BEV_MATCH("OPCODE_IN_MATCH", 1, 0x03, "Incoming packets matching opcode", "1952, 2268-2273"),
	BEV_MATCH("OPCODE_OUT_MATCH", 1, 0x04, "Outgoing packets matching opcode", "1953, 2275-2280"),
	BEV_MATCH("MSG_OPCODE_IN_MATCH", 1, 0x05, "Incoming packets matching message class and opcode",
		  "1954, 2233-2238"),
	BEV_MATCH("MSG_OPCODE_OUT_MATCH", 1, 0x06, "Outgoing packets matching message class and opcode",
		  "1955, 2240-2245"),
	BEV("IMT_INSERTS_ALL", 1, 0x07, "In-flight memory table inserts, all memory transactions",
	    "1956, 2088-2094"),
	BEV("DRSQ_INSERTS", 1, 0x09, "DRS queue inserts", "1957, 2053-2058"),
	BEV("IMT_INSERTS_IOH", 1, 0x0A, "IMT inserts of IOH requests", "1958, 2104-2110"),
	BEV("IMT_INSERTS_NON_IOH", 1, 0x0B, "IMT inserts of non-IOH requests", "1959, 2128-2134"),
	BEV("IMT_INSERTS_WR", 1, 0x0C, "IMT inserts of memory writes", "1960, 2168-2174"),
	BEV("IMT_INSERTS_IOH_WR", 1, 0x0D, "IMT inserts of IOH writes", "1961, 2120-2126"),
	BEV("IMT_INSERTS_NON_IOH_WR", 1, 0x0E, "IMT inserts of non-IOH writes", "1962, 2152-2158"),
	BEV("IMT_INSERTS_INVITOE", 1, 0x0F, "IMT inserts of InvItoE requests", "1968, 2096-2102"),
	BEV("IMT_INSERTS_IOH_INVITOE", 1, 0x10, "IMT inserts of IOH InvItoE requests", "1969, 2112-2118"),
	BEV("SNPOQ_INSERTS", 1, 0x12, "Snoop output queue inserts", "1970, 2296-2301"),
	BEV("DIRQ_INSERTS", 1, 0x17, "Directory queue inserts", "1971, 2032-2037"),
	BEV("IMT_INSERTS_NON_IOH_INVITOE", 1, 0x1C, "IMT inserts of non-IOH InvItoE requests",
	    "1972, 2136-2142"),
	BEV("IMT_INSERTS_RD", 1, 0x1D, "IMT inserts of memory reads", "1973, 2160-2166"),
	BEV("IMT_INSERTS_NON_IOH_RD", 1, 0x1F, "IMT inserts of non-IOH reads", "1974, 2144-2150"),

	/* Counter 2 (002:1975-1980). */
	BEV("MSGS_IN_NON_SNOOP", 2, 0x01, "Incoming non-snoop messages (list: MSG_IN_NON_SNP)",
	    "1976, 2219-2224"),
	BEV("MSGS_S_TO_B", 2, 0x02, "S-Box to B-Box link messages (list: MSG_S_TO_B)",
	    "1977, 2254-2259"),
	BEV("MSGS_B_TO_S", 2, 0x03, "B-Box to S-Box link messages, x9 = flits (list: MSG_B_TO_S)",
	    "1978, 2205-2210"),
	BEV_MATCH("ADDR_IN_MATCH", 2, 0x04, "Incoming packets matching address", "1979, 2004-2009"),
	BEV("IMT_NE_CYCLES", 2, 0x07, "Cycles the in-flight memory table is not empty",
	    "1980, 2176-2181"),

	/* Counter 3 (002:1981-1991). */
	BEV("EARLY_ACK", 3, 0x02, "M-Box early acknowledgements", "1982, 2067-2072"),
	BEV("IMT_PREALLOC", 3, 0x06, "Cycles the IMT is in 1-DRS preallocation mode", "1983, 2183-2188"),
	/* Not in the summary; only the list gives it (002:2018-2023). */
	BEV("COHQ_BYPASS", 3, 0x0E, "Coherence queue bypasses", "2018-2023"),
	BEV("DEMAND_FETCH", 3, 0x0F, "Memory accesses issued after CohQ pop (IMT prefetch unused)",
	    "1984, 2046-2051"),
	BEV("IMPLICIT_WBS", 3, 0x12, "Implicit writebacks", "1985, 2074-2079"),
	BEV("COHQ_IMT_ALLOC_WAIT", 3, 0x13, "Cycles the coherence queue waits for an IMT entry",
	    "1986, 2025-2030"),
	BEV("SBOX_VN0_UNAVAIL", 3, 0x14, "Times no S-Box VN0 credit was available when needed",
	    "1987, 2289-2294"),
	BEV("RBOX_VNA_UNAVAIL", 3, 0x15, "Times no R-Box VNA credit was available when needed",
	    "1988, 2282-2287"),
	BEV("IMT_FULL", 3, 0x16, "Times the IMT was full when an incoming transaction needed an entry",
	    "1989, 2081-2086"),
	BEV("CONFLICTS", 3, 0x17, "Conflicts", "1990, 2011-2016"),
	BEV("ACK_BEFORE_LAST_SNP", 3, 0x19, "M-Box acks arriving before the last snoop response",
	    "1991, 1997-2002"),
};

const unsigned upm_nhmex_bbox_n_events = UPM_ARRAY_LEN(upm_nhmex_bbox_events);
