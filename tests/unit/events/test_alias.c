/* Other programs' names (boxes/<platform>/names.c, core/events/alias.c): every perf
 * event alias, PMU name and perfmon prefix resolves to the encoding the cited source
 * gives, and to exactly what upmon's own spelling gives. */
#include "tests/unit/test.h"
#include "core/events/spec.h"

struct alias_case {
	const char *platform;
	const char *text;       /* the other program's spelling */
	const char *own;        /* upmon's spelling of the same */
	const char *box;
	int instance;
	enum upm_spec_kind kind;
	unsigned code, umask;   /* literal, from the cited source (general counters) */
};

/* Encodings: Linux arch/x86/events/intel/uncore_snbep.c snbep_uncore_imc_events
 * (cas_count_read event=0x04,umask=0x03; cas_count_write event=0x04,umask=0x0c;
 * clockticks event=0xff: the fixed counter), snbep_uncore_qpi_events (clockticks 0x14,
 * txl_flits_active 0x00/0x06, drs_data 0x102/0x08, ncb_data 0x103/0x04); uncore_nhmex.c
 * wbox clockticks event=0xff (fixed); uncore_snb.c cbox clockticks event=0xff (fixed).
 * perfmon: JKT/IVT UNC_C_CLOCKTICKS 0x00, UNC_M_CAS_COUNT.RD 0x04/0x03,
 * UNC_Q_TxL_FLITS_G0.DATA 0x00/0x02, UNC_H_CLOCKTICKS 0x00, UNC_P_CLOCKTICKS 0x00,
 * UNC_R2_CLOCKTICKS 0x01, UNC_R3_CLOCKTICKS 0x01, UNC_U_CLOCKTICKS 0x00,
 * UNC_I_CLOCKTICKS 0x00, UNC_M_CLOCKTICKS (JKT) / UNC_M_DCLOCKTICKS (IVT) 0x00;
 * SKL UNC_CBO_CACHE_LOOKUP.ANY_MESI 0x34/0x8F, UNC_ARB_TRK_REQUESTS.ALL 0x81/0x01,
 * UNC_CLOCK.SOCKET the fixed counter. */
static const struct alias_case cases[] = {
	{ "snbep", "uncore_imc_2/cas_count_read/", "imc2/CAS_COUNT.RD/", "imc", 2, UPM_SPEC_GENERAL, 0x04, 0x03 },
	{ "snbep", "imc/cas_count_write/", "imc/CAS_COUNT.WR/", "imc", -1, UPM_SPEC_GENERAL, 0x04, 0x0c },
	{ "snbep", "uncore_imc/clockticks/", "imc/DCLK/", "imc", -1, UPM_SPEC_FIXED, 0, 0 },
	{ "snbep", "uncore_qpi_0/clockticks/", "qpi0/CLOCKTICKS/", "qpi", 0, UPM_SPEC_GENERAL, 0x14, 0 },
	{ "snbep", "qpi/txl_flits_active/", "qpi/TxL_FLITS_G0,umask=0x06/", "qpi", -1, UPM_SPEC_GENERAL, 0x00, 0x06 },
	{ "snbep", "qpi_1/drs_data/", "qpi1/RxL_FLITS_G1.DRS_DATA/", "qpi", 1, UPM_SPEC_GENERAL, 0x102, 0x08 },
	{ "snbep", "uncore_qpi/ncb_data/", "qpi/RxL_FLITS_G2.NCB_DATA/", "qpi", -1, UPM_SPEC_GENERAL, 0x103, 0x04 },
	{ "snbep", "uncore_cbox_3/CLOCKTICKS/", "cbo3/CLOCKTICKS/", "cbo", 3, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "snbep", "UNC_C_CLOCKTICKS", "cbo/CLOCKTICKS/", "cbo", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "snbep", "UNC_M_CAS_COUNT.RD", "imc/CAS_COUNT.RD/", "imc", -1, UPM_SPEC_GENERAL, 0x04, 0x03 },
	{ "snbep", "imc2/UNC_M_CAS_COUNT.RD/", "imc2/CAS_COUNT.RD/", "imc", 2, UPM_SPEC_GENERAL, 0x04, 0x03 },
	{ "snbep", "UNC_Q_TxL_FLITS_G0.DATA", "qpi/TxL_FLITS_G0.DATA/", "qpi", -1, UPM_SPEC_GENERAL, 0x00, 0x02 },
	{ "snbep", "uncore_ha/UNC_H_CLOCKTICKS/", "ha/CLOCKTICKS/", "ha", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "snbep", "uncore_pcu/UNC_P_CLOCKTICKS/", "pcu/CLOCKTICKS/", "pcu", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "snbep", "uncore_ubox/UNC_U_CLOCKTICKS/", "ubox/CLOCKTICKS/", "ubox", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "snbep", "uncore_r2pcie/UNC_R2_CLOCKTICKS/", "r2pcie/CLOCKTICKS/", "r2pcie", -1, UPM_SPEC_GENERAL, 0x01, 0 },
	{ "snbep", "uncore_r3qpi_1/UNC_R3_CLOCKTICKS/", "r3qpi1/CLOCKTICKS/", "r3qpi", 1, UPM_SPEC_GENERAL, 0x01, 0 },
	{ "snbep", "UNC_M_CLOCKTICKS", "imc/DCLOCKTICKS/", "imc", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "snbep", "uncore_pcu/CLOCKTICKS,occ_sel=1,occ_invert/", "pcu/CLOCKTICKS,occ_sel=1,occ_inv/", "pcu", -1,
	  UPM_SPEC_GENERAL, 0x00, 0 },
	{ "ivbep", "uncore_imc_7/cas_count_read/", "imc7/CAS_COUNT.RD/", "imc", 7, UPM_SPEC_GENERAL, 0x04, 0x03 },
	{ "ivbep", "imc/cas_count_write/", "imc/CAS_COUNT.WR/", "imc", -1, UPM_SPEC_GENERAL, 0x04, 0x0c },
	{ "ivbep", "imc_0/clockticks/", "imc0/DCLK/", "imc", 0, UPM_SPEC_FIXED, 0, 0 },
	{ "ivbep", "uncore_ha_1/UNC_H_CLOCKTICKS/", "ha1/CLOCKTICKS/", "ha", 1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "ivbep", "uncore_irp/UNC_I_CLOCKTICKS/", "irp/CLOCKTICKS/", "irp", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "ivbep", "UNC_I_CLOCKTICKS", "irp/CLOCKTICKS/", "irp", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "ivbep", "uncore_cbox_14/UNC_C_CLOCKTICKS/", "cbo14/CLOCKTICKS/", "cbo", 14, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "ivbep", "UNC_M_DCLOCKTICKS", "imc/DCLOCKTICKS/", "imc", -1, UPM_SPEC_GENERAL, 0x00, 0 },
	{ "ivbep", "uncore_qpi_2/UNC_Q_TxL_FLITS_G0.DATA/", "qpi2/TxL_FLITS_G0.DATA/", "qpi", 2, UPM_SPEC_GENERAL,
	  0x00, 0x02 },
	{ "ivbep", "uncore_r3qpi_2/UNC_R3_CLOCKTICKS/", "r3qpi2/CLOCKTICKS/", "r3qpi", 2, UPM_SPEC_GENERAL, 0x01, 0 },
	{ "ivbep", "r2pcie/UNC_R2_CLOCKTICKS/", "r2pcie/CLOCKTICKS/", "r2pcie", -1, UPM_SPEC_GENERAL, 0x01, 0 },
	/* perf's alias alone is every instance of the one box type that defines it, as perf
	 * counts it on every PMU with that alias. */
	{ "snbep", "cas_count_read", "imc/CAS_COUNT.RD/", "imc", -1, UPM_SPEC_GENERAL, 0x04, 0x03 },
	{ "snbep", "cas_count_write", "imc/CAS_COUNT.WR/", "imc", -1, UPM_SPEC_GENERAL, 0x04, 0x0c },
	{ "snbep", "txl_flits_active", "qpi/TxL_FLITS_G0,umask=0x06/", "qpi", -1, UPM_SPEC_GENERAL, 0x00, 0x06 },
	{ "snbep", "drs_data", "qpi/RxL_FLITS_G1.DRS_DATA/", "qpi", -1, UPM_SPEC_GENERAL, 0x102, 0x08 },
	{ "snbep", "ncb_data", "qpi/RxL_FLITS_G2.NCB_DATA/", "qpi", -1, UPM_SPEC_GENERAL, 0x103, 0x04 },
	{ "ivbep", "cas_count_read", "imc/CAS_COUNT.RD/", "imc", -1, UPM_SPEC_GENERAL, 0x04, 0x03 },
	{ "ivbep", "cas_count_write", "imc/CAS_COUNT.WR/", "imc", -1, UPM_SPEC_GENERAL, 0x04, 0x0c },
	{ "ivbep", "clockticks", "imc/DCLK/", "imc", -1, UPM_SPEC_FIXED, 0, 0 },
	{ "skl", "clockticks", "ncu/UCLK/", "ncu", -1, UPM_SPEC_FIXED, 0, 0 },
	{ "nhmex", "clockticks", "wbox/UCLK/", "wbox", -1, UPM_SPEC_FIXED, 0, 0 },
	{ "skl", "uncore_cbox_0/clockticks/", "ncu/UCLK/", "ncu", -1, UPM_SPEC_FIXED, 0, 0 },
	{ "skl", "UNC_CLOCK.SOCKET", "ncu/UCLK/", "ncu", -1, UPM_SPEC_FIXED, 0, 0 },
	{ "skl", "UNC_CBO_CACHE_LOOKUP.ANY_MESI", "cbo/CACHE_LOOKUP.ANY_MESI/", "cbo", -1, UPM_SPEC_GENERAL, 0x34, 0x8F },
	{ "skl", "uncore_cbox_1/UNC_CBO_CACHE_LOOKUP.ANY_MESI/", "cbo1/CACHE_LOOKUP.ANY_MESI/", "cbo", 1,
	  UPM_SPEC_GENERAL, 0x34, 0x8F },
	{ "skl", "UNC_ARB_TRK_REQUESTS.ALL", "arb/TRK_REQUESTS.ALL/", "arb", -1, UPM_SPEC_GENERAL, 0x81, 0x01 },
	{ "skl", "uncore_arb/UNC_ARB_TRK_REQUESTS.ALL/", "arb/TRK_REQUESTS.ALL/", "arb", -1, UPM_SPEC_GENERAL, 0x81, 0x01 },
	{ "skl", "uncore_arb/TRK_OCCUPANCY.ALL,cmask=1/", "arb/TRK_OCCUPANCY.ALL,thresh=1/", "arb", -1,
	  UPM_SPEC_GENERAL, 0x80, 0x01 },
	{ "nhmex", "uncore_wbox/clockticks/", "wbox/UCLK/", "wbox", -1, UPM_SPEC_FIXED, 0, 0 },
	{ "wsmex", "uncore_cbox_9/event=0x01,umask=0x02/", "cbo9/event=0x01,umask=0x02/", "cbo", 9, UPM_SPEC_GENERAL,
	  0x01, 0x02 },
	{ "wsmex", "wbox/clockticks/", "wbox/UCLK/", "wbox", -1, UPM_SPEC_FIXED, 0, 0 },
};

static void check_same(const struct upm_spec *a, const struct upm_spec *b, const char *text)
{
	if (a->box != b->box || a->instance != b->instance || a->kind != b->kind || a->ctl != b->ctl ||
	    a->event != b->event || a->umask != b->umask || a->free_ctr != b->free_ctr ||
	    a->n_filters != b->n_filters)
		upm_test_fail(__FILE__, __LINE__, "%s does not resolve to what upmon's spelling gives", text);
	for (unsigned i = 0; i < a->n_filters && i < b->n_filters; i++)
		if (a->filters[i].field != b->filters[i].field || a->filters[i].value != b->filters[i].value)
			upm_test_fail(__FILE__, __LINE__, "%s: filter %u differs", text, i);
}

TEST(alias_every_name_resolves_to_its_literal_encoding)
{
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct alias_case *c = &cases[i];
		const struct upm_platform *p = upm_platform_by_name(c->platform);
		struct upm_spec s, own;
		char err[200] = "";
		if (!p || upm_spec_parse(p, c->text, &s, err, sizeof err) < 0) {
			upm_test_fail(__FILE__, __LINE__, "%s on %s: %s", c->text, c->platform, err);
			continue;
		}
		if (upm_spec_parse(p, c->own, &own, err, sizeof err) < 0) {
			upm_test_fail(__FILE__, __LINE__, "%s on %s: %s", c->own, c->platform, err);
			continue;
		}
		CHECK_STR(s.box->name, c->box);
		CHECK_EQ(s.instance, c->instance);
		CHECK_EQ(s.kind, c->kind);
		CHECK_STR(s.text, c->text);
		if (c->kind == UPM_SPEC_GENERAL) {
			if (upm_ctl_code(s.box, s.ctl) != c->code ||
			    upm_field_get(s.box->ctl_layout.umask, s.ctl) != c->umask)
				upm_test_fail(__FILE__, __LINE__, "%s: code 0x%llx umask 0x%llx, want 0x%x 0x%x", c->text,
					      (unsigned long long)upm_ctl_code(s.box, s.ctl),
					      (unsigned long long)upm_field_get(s.box->ctl_layout.umask, s.ctl),
					      c->code, c->umask);
		}
		check_same(&s, &own, c->text);
	}
}

/* uncore_snb.c snb_uncore_imc_events: data_reads 0x01 (MCHBAR+0x5050), data_writes 0x02
 * (+0x5054), gt_requests 0x03 (+0x5040), ia_requests 0x04 (+0x5044), io_requests 0x05
 * (+0x5048): upmon's free-running counters at those offsets. */
TEST(alias_skl_imc_perf_events_are_the_free_running_counters)
{
	static const struct {
		const char *text;
		unsigned addr;
	} c[] = {
		{ "uncore_imc/data_reads/", 0x5050 }, { "imc/data_writes/", 0x5054 }, { "imc/gt_requests/", 0x5040 },
		{ "imc/ia_requests/", 0x5044 },       { "imc/io_requests/", 0x5048 },
		/* Alone, as perf takes them. */
		{ "data_reads", 0x5050 },	      { "data_writes", 0x5054 },       { "io_requests", 0x5048 },
	};
	const struct upm_platform *p = upm_platform_by_name("skl");
	for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct upm_spec s;
		char err[200] = "";
		CHECK_EQ(upm_spec_parse(p, c[i].text, &s, err, sizeof err), 0);
		CHECK_EQ(s.kind, UPM_SPEC_FREE);
		if (s.kind == UPM_SPEC_FREE)
			CHECK_EQ(s.free_ctr->addr, c[i].addr);
	}
}

/* uncore_nhmex.c: bbox_cmds_read inc_sel=0xd,fvc=0x2800 and bbox_cmds_write fvc=0x2820
 * (Xeon 7500); wsmex 0x5000 and 0x5040 (Xeon E7). The FVC value is rebuilt from the
 * spec's FVC settings and compared whole. */
TEST(alias_nhmex_mbox_bbox_cmds_match_perf_fvc)
{
	static const struct {
		const char *platform, *text;
		uint64_t fvc;
	} c[] = {
		{ "nhmex", "uncore_mbox_0/bbox_cmds_read/", 0x2800 },
		{ "nhmex", "mbox/bbox_cmds_write/", 0x2820 },
		{ "wsmex", "mbox_1/bbox_cmds_read/", 0x5000 },
		{ "wsmex", "uncore_mbox/bbox_cmds_write/", 0x5040 },
		{ "nhmex", "bbox_cmds_read", 0x2800 },
		{ "wsmex", "bbox_cmds_write", 0x5040 },
	};
	for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct upm_spec s;
		char err[200] = "";
		const struct upm_platform *p = upm_platform_by_name(c[i].platform);
		if (upm_spec_parse(p, c[i].text, &s, err, sizeof err) < 0) {
			upm_test_fail(__FILE__, __LINE__, "%s: %s", c[i].text, err);
			continue;
		}
		CHECK_EQ(upm_ctl_code(s.box, s.ctl), 0x0d); /* inc_sel 0xd */
		uint64_t fvc = 0;
		for (unsigned k = 0; k < s.n_filters; k++)
			if (!strncmp(s.filters[k].field->term, "fvc_", 4))
				fvc |= upm_field_put(s.filters[k].field->field, s.filters[k].value);
		if (fvc != c[i].fvc)
			upm_test_fail(__FILE__, __LINE__, "%s: fvc 0x%llx, want 0x%llx", c[i].text,
				      (unsigned long long)fvc, (unsigned long long)c[i].fvc);
	}
}

TEST(alias_refusals_and_mistakes_say_what_to_write)
{
	static const struct {
		const char *platform, *text, *msg;
	} c[] = {
		{ "snbep", "qpi/CLOCKTICKS,match_opc=1/", "term 'match_opc' (perf's) is not taken on box qpi: upmon sets the QPI match and mask registers whole" },
		{ "nhmex", "bbox/IMT_INSERTS_ALL,counter=1/", "term 'counter' (perf's) is not taken on box bbox" },
		{ "snbep", "imc2/UNC_C_CLOCKTICKS/", "UNC_C_CLOCKTICKS is an event of box cbo, not imc: write cbo/CLOCKTICKS/" },
		{ "snbep", "imc", "'imc' names a box but no event: write imc/EVENT/" },
		/* perf's alias alone on two box types (uncore_snbep.c: imc and qpi clockticks). */
		{ "snbep", "clockticks", "'clockticks' is perf's event alias on 2 box types of snbep: say which, "
					 "imc/clockticks/ or qpi/clockticks/" },
		{ "snbep", "CAS_COUNT.RD", "'CAS_COUNT.RD' lacks its box: write imc/CAS_COUNT.RD/" },
		{ "snbep", "imc/CAS_COUNT.RD", "'imc/CAS_COUNT.RD' lacks its closing '/'" },
		{ "snbep", "uncore_imc_9/cas_count_read/", "box imc has instances 0-3 on snbep, not 9" },
		{ "snbep", "uncore_ha_0/CLOCKTICKS/", "no box 'uncore_ha_0' on snbep" },
		{ "snbep", "imcc/CLOCKTICKS/", "no box 'imcc' on snbep (closest: imc;" },
		{ "snbep", "imc/CAS_CONT.RD/", "unknown event 'CAS_CONT' for box imc (closest: CAS_COUNT;" },
		{ "snbep", "imc/CAS_COUNT.RDD/", "event CAS_COUNT has no unit mask 'RDD' (closest: RD;" },
		/* Nothing close: every unit mask where they are few (002: imc CAS_COUNT), how
		 * many where they are not, and none where the event takes none. */
		{ "snbep", "imc/CAS_COUNT.X/", "event CAS_COUNT has no unit mask 'X' (CAS_COUNT takes RD_REG, "
					       "RD_UNDERFILL, RD, WR_WMM, WR_RMM, WR, ALL; see 'upmon list events --box imc')" },
		{ "ivbep", "cbo0/TOR_OCCUPANCY.X/", "event TOR_OCCUPANCY has no unit mask 'X' (TOR_OCCUPANCY takes 20 unit "
						    "masks; see 'upmon list events --box cbo')" },
		{ "snbep", "cbo0/CLOCKTICKS.X/", "event CLOCKTICKS has no unit mask 'X' (CLOCKTICKS takes none: write it "
						 "without one;" },
		/* An event with nothing close: the box's events where they are few (Skylake's
		 * ARB, 004; the fixed counter's UCLK on the ncu), nothing more where they are
		 * many. */
		{ "skl", "arb/NOPE/", "unknown event 'NOPE' for box arb (arb counts TRK_OCCUPANCY, TRK_REQUESTS, "
				      "COH_TRK_REQUESTS; see 'upmon list events --box arb')" },
		{ "skl", "ncu/NOPE/", "unknown event 'NOPE' for box ncu (ncu counts UCLK; see" },
		{ "snbep", "cbo0/NOPE/", "unknown event 'NOPE' for box cbo (see 'upmon list events --box cbo')" },
		{ "snbep", "cbo/CLOCKTICKS,thres=3/", "unknown term 'thres' for box cbo (closest: thresh;" },
		/* Nothing close: the box's terms, every one. */
		{ "snbep", "imc/CAS_COUNT.RD,foo=1/", "unknown term 'foo' for box imc (imc takes event, umask, "
						      "thresh, edge, inv; see 'upmon list events --box imc')" },
		{ "snbep", "imc/CAS_COUNT.RD,thresh=/", "thresh= in 'imc/CAS_COUNT.RD,thresh=/' has an empty value: "
							"write thresh=N" },
		{ "snbep", "UNC_M_CAS_CONT.RD", "unknown event 'CAS_CONT' for box imc (closest:" },
		/* A perfmon name alone has no slashes to add its filter between: the
		 * spelling that has them, with the name as written. */
		{ "snbep", "UNC_C_LLC_LOOKUP.DATA_READ", "UNC_C_LLC_LOOKUP.DATA_READ counts only through its filter: "
							 "write cbo/UNC_C_LLC_LOOKUP.DATA_READ,filter_state=0x1f/ (every state)" },
		{ "ivbep", "UNC_C_LLC_LOOKUP.DATA_READ", "write cbo/UNC_C_LLC_LOOKUP.DATA_READ,filter_state=0x3f/" },
		/* perf's raw control value: its fields (snbep CBo ev_sel 7:0, umask 15:8, tid_en
		 * 19, inv 23, thresh 31:24); its raw filter value: the filters by name. */
		{ "snbep", "uncore_imc_0/config=0x304/", "term 'config' (perf's raw control value) is not taken: write its "
							 "fields, event=0x4,umask=0x3" },
		{ "snbep", "cbo0/config=0x01880334/", "write its fields, event=0x34,umask=0x3,inv,tid_en,thresh=1" },
		{ "snbep", "uncore_cbox_0/event=0x34,umask=0x3,config1=0x7c0000/",
		  "term 'config1' (perf's raw filter value) is not taken: give the filter by name (cbo takes" },
	};
	for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct upm_spec s;
		char err[200] = "";
		const struct upm_platform *p = upm_platform_by_name(c[i].platform);
		if (upm_spec_parse(p, c[i].text, &s, err, sizeof err) != -1 || !strstr(err, c[i].msg))
			upm_test_fail(__FILE__, __LINE__, "%s: got '%s', want '%s'", c[i].text, err, c[i].msg);
		if (strchr(err, '\n'))
			upm_test_fail(__FILE__, __LINE__, "%s: message is more than one line", c[i].text);
		/* Advice to write a whole spec is a spec that parses. */
		const char *w = strstr(err, "write cbo/");
		char advised[128];
		if (w && sscanf(w + 6, "%127s", advised) == 1 && upm_spec_parse(p, advised, &s, err, sizeof err) != 0)
			upm_test_fail(__FILE__, __LINE__, "%s: the advised %s: %s", c[i].text, advised, err);
	}
}

/* perf's event group braces are refused whole, not as a box named '{uncore_imc_0'. */
TEST(alias_list_refuses_perf_group_braces)
{
	struct upm_spec specs[4];
	char err[200] = "";
	const struct upm_platform *p = upm_platform_by_name("snbep");
	CHECK_EQ(upm_spec_parse_list(p, "{uncore_imc_0/cas_count_read/,uncore_imc_0/cas_count_write/}", specs, 4, err,
				     sizeof err),
		 -1);
	CHECK_STR(err, "perf's group braces '{...}' are not taken: upmon counts the events of a pass over one window "
		       "already; leave the braces out");
	CHECK_EQ(upm_spec_parse_list(p, "uncore_imc_0/cas_count_read/,uncore_imc_0/cas_count_write/", specs, 4, err,
				     sizeof err),
		 2);
}

/* perf's event modifiers (":u", "/k") are answered for what they are, not as a missing
 * comma, with the spec that works. */
TEST(alias_list_answers_perf_modifiers)
{
	struct upm_spec specs[4];
	char err[240] = "";
	const struct upm_platform *p = upm_platform_by_name("snbep");
	static const struct {
		const char *list, *said;
	} c[] = {
		{ "imc/CAS_COUNT.RD/u", "perf's event modifier 'u' after 'imc/CAS_COUNT.RD/' does not apply: an uncore "
					"counter counts the whole socket at every privilege level; leave it out "
					"(imc/CAS_COUNT.RD/)" },
		{ "uncore_imc_0/cas_count_read/:uk,imc/CAS_COUNT.WR/",
		  "perf's event modifier ':uk' after 'uncore_imc_0/cas_count_read/' does not apply: an uncore counter "
		  "counts the whole socket at every privilege level; leave it out (uncore_imc_0/cas_count_read/)" },
		{ "UNC_M_CAS_COUNT.RD:k", "perf's event modifier ':k' after 'UNC_M_CAS_COUNT.RD' does not apply: an "
					  "uncore counter counts the whole socket at every privilege level; leave it "
					  "out (UNC_M_CAS_COUNT.RD)" },
		{ "imc/CAS_COUNT.RD/x", "expected ',' after 'imc/CAS_COUNT.RD/'" },
	};
	for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
		err[0] = 0;
		CHECK_EQ(upm_spec_parse_list(p, c[i].list, specs, 4, err, sizeof err), -1);
		CHECK_STR(err, c[i].said);
	}
	/* The advice parses. */
	CHECK_EQ(upm_spec_parse_list(p, "UNC_M_CAS_COUNT.RD,uncore_imc_0/cas_count_read/", specs, 4, err, sizeof err), 2);
}

TEST(alias_lists_mix_bare_perfmon_names_and_specs)
{
	struct upm_spec s[4];
	char err[200] = "";
	const struct upm_platform *p = upm_platform_by_name("snbep");
	CHECK_EQ(upm_spec_parse_list(p, "UNC_M_CAS_COUNT.RD,uncore_cbox_3/clockticks,edge/,UNC_C_CLOCKTICKS", s, 4,
				     err, sizeof err), 3);
	CHECK_STR(s[0].box->name, "imc");
	CHECK_STR(s[1].box->name, "cbo");
	CHECK_EQ(s[1].instance, 3);
	CHECK_STR(s[2].name, "CLOCKTICKS");
}

/* Every naming table entry names a box of its platform, and every alias and exception
 * parses (a typo in a table fails here even before its encoding test). */
TEST(alias_tables_are_consistent_on_every_platform)
{
	for (unsigned i = 0; i < upm_n_platforms; i++) {
		const struct upm_platform *p = upm_platforms[i];
		const struct upm_naming *nm = p->naming;
		if (!nm) {
			upm_test_fail(__FILE__, __LINE__, "%s has no naming table", p->name);
			continue;
		}
		for (unsigned k = 0; k < nm->n_boxes; k++)
			if (!upm_platform_box(p, nm->boxes[k].box))
				upm_test_fail(__FILE__, __LINE__, "%s: names for unknown box %s", p->name, nm->boxes[k].box);
		for (unsigned b = 0; b < p->n_boxes; b++) {
			int named = 0;
			for (unsigned k = 0; k < nm->n_boxes; k++)
				named |= strcmp(nm->boxes[k].box, p->boxes[b]->name) == 0;
			if (!named)
				upm_test_fail(__FILE__, __LINE__, "%s: box %s has no names entry", p->name, p->boxes[b]->name);
		}
		const struct upm_event_alias *tables[2] = { nm->perf_events, nm->perfmon_exceptions };
		unsigned counts[2] = { nm->n_perf_events, nm->n_perfmon_exceptions };
		for (unsigned t = 0; t < 2; t++) {
			for (unsigned k = 0; k < counts[t]; k++) {
				char text[128], err[200] = "";
				struct upm_spec s;
				if (t == 0)
					snprintf(text, sizeof text, "%s/%s/", tables[t][k].box, tables[t][k].name);
				else
					snprintf(text, sizeof text, "%s", tables[t][k].name);
				/* The M-Box's FVC fields differ between nhmex and wsmex: both parse.
				 * A second name of an event that counts only with its filter's
				 * value (ivbep UNC_Q_MATCH_MASK = CTO_COUNT) must say just that. */
				if (upm_spec_parse(p, text, &s, err, sizeof err) < 0 &&
				    (t == 0 || !strstr(err, "counts only through its filter")))
					upm_test_fail(__FILE__, __LINE__, "%s: %s: %s", p->name, text, err);
				else if (!tables[t][k].source || !tables[t][k].source[0])
					upm_test_fail(__FILE__, __LINE__, "%s: %s has no source", p->name, text);
			}
		}
	}
}

/* FREQ_BANDn_CYCLES counts against band n's byte of the PCU filter alone (Sandy Bridge-EP
 * guide, 000:3159-3224: PCUFilter[7:0], [15:8], [23:16], [31:24]): another band's value
 * would leave band n at 0, every frequency, so it is refused, naming the band's own term. */
TEST(pcu_band_event_needs_its_own_band)
{
	struct upm_spec specs[2];
	char err[200] = "";
	for (unsigned k = 0; k < 2; k++) {
		const struct upm_platform *p = upm_platform_by_name(k ? "ivbep" : "snbep");
		CHECK_EQ(upm_spec_parse_list(p, "pcu/FREQ_BAND0_CYCLES,filter_band1=20/", specs, 2, err, sizeof err), -1);
		CHECK_STR(err, "FREQ_BAND0_CYCLES counts only through its filter: add filter_band0=VALUE");
		CHECK_EQ(upm_spec_parse_list(p, "pcu/FREQ_BAND3_CYCLES/", specs, 2, err, sizeof err), -1);
		CHECK_STR(err, "FREQ_BAND3_CYCLES counts only through its filter: add filter_band3=VALUE");
		CHECK_EQ(upm_spec_parse_list(p, "pcu/FREQ_BAND2_CYCLES,filter_band2=20/", specs, 2, err, sizeof err), 1);
		CHECK_EQ(upm_spec_parse_list(p, "pcu/DEMOTIONS_CORE1,filter_band0=1/", specs, 2, err, sizeof err), 1);
	}
}
