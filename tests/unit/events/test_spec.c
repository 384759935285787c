/* Event-spec parsing: every term and the malformed cases. Encodings are the guide's. */
#include "tests/unit/test.h"
#include "core/events/spec.h"

static const struct upm_platform *snbep(void)
{
	return upm_platform_by_name("snbep");
}

static int parse(const char *text, struct upm_spec *s, char *err)
{
	return upm_spec_parse(snbep(), text, s, err, 200);
}

TEST(spec_named_event_with_umask)
{
	struct upm_spec s;
	char err[200];
	CHECK_EQ(parse("imc/CAS_COUNT.RD/", &s, err), 0);
	CHECK_STR(s.box->name, "imc");
	CHECK_EQ(s.instance, -1);
	/* ev_sel 0x04, umask 0x03 (000:2375-2413), en bit 22. */
	CHECK_EQ(s.ctl, 0x400304);
	CHECK_STR(s.name, "CAS_COUNT.RD");
	CHECK_EQ(upm_spec_parse(snbep(), "IMC2/cas_count.wr/", &s, err, 200), 0);
	CHECK_EQ(s.instance, 2);
	CHECK_EQ(s.ctl, 0x400C04);
	/* A term that repeats what the name sets is harmless; the unit mask of an event named
	 * without one is the term's. */
	CHECK_EQ(parse("imc/CAS_COUNT.RD,umask=0x3/", &s, err), 0);
	CHECK_EQ(s.ctl, 0x400304);
	CHECK_EQ(parse("imc/CAS_COUNT,umask=0xc/", &s, err), 0);
	CHECK_EQ(s.ctl, 0x400C04);
}

TEST(spec_filters_and_modifiers)
{
	struct upm_spec s;
	char err[200];
	CHECK_EQ(parse("cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/", &s, err), 0);
	CHECK_EQ(s.ctl, 0x400135);
	CHECK_EQ(s.n_filters, 1);
	CHECK_STR(s.filters[0].field->term, "filter_opc");
	CHECK_EQ(s.filters[0].value, 0x182);
	CHECK_EQ(s.counters, 0x3);
	CHECK_EQ(parse("cbo3/LLC_LOOKUP.DATA_READ,filter_state=0x1f,thresh=1,edge,inv/", &s, err), 0);
	CHECK_EQ(s.ctl, 0x01C40334ull); /* thresh 1 at 31:24, inv 23, en 22, edge 18 */
	CHECK_EQ(parse("cbo/CLOCKTICKS,tid_en,filter_tid=0x1e/", &s, err), 0);
	CHECK_EQ(s.ctl, 0x480000);
	CHECK_EQ(parse("pcu/event=0x80,occ_sel=1,occ_inv,occ_edge,thresh=5/", &s, err), 0);
	CHECK_EQ(s.ctl, 0xC5404080ull);
	/* QPI extended event: event=0x102 sets ev_sel 0x02 and the bit-21 extra select. */
	CHECK_EQ(parse("qpi/event=0x102,umask=0x08/", &s, err), 0);
	CHECK_EQ(s.ctl, 0x600802);
	CHECK_STR(s.name, "event=0x102,umask=0x8");
	CHECK_EQ(parse("qpi/CTO_COUNT,match0=0x1c00,mask0=0x1f80/", &s, err), 0);
	CHECK_EQ(s.ctl & 0x2000FF, 0x200038);
	CHECK_EQ(parse("ha/ADDR_OPC_MATCH,filter_opc=0x1,filter_addr_lo=0x3ffff/", &s, err), 0);
	CHECK_EQ(s.n_filters, 2);
}

TEST(spec_fixed_and_free_counters)
{
	struct upm_spec s;
	char err[200];
	CHECK_EQ(parse("imc0/DCLK/", &s, err), 0);
	CHECK_EQ(s.kind, UPM_SPEC_FIXED);
	CHECK_EQ(parse("ubox/uclk/", &s, err), 0);
	CHECK_EQ(s.kind, UPM_SPEC_FIXED);
	CHECK_EQ(parse("pcu/CORE_C6_CTR/", &s, err), 0);
	CHECK_EQ(s.kind, UPM_SPEC_FREE);
	CHECK_EQ(s.free_ctr->addr, 0x3FD);
	CHECK_EQ(parse("imc0/DCLK,thresh=1/", &s, err), -1);
	CHECK_CONTAINS(err, "DCLK takes no terms");
}

TEST(spec_errors_name_the_problem)
{
	struct upm_spec s;
	char err[200];
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ "imc/NO_SUCH/", "unknown event 'NO_SUCH' for box imc" },
		{ "imc/CAS_COUNT.NOPE/", "event CAS_COUNT has no unit mask 'NOPE'" },
		{ "imc/CAS_COUNT/", "event CAS_COUNT needs a unit mask" },
		{ "gpu/CLOCKTICKS/", "no box 'gpu' on snbep" },
		{ "cbo8/CLOCKTICKS/", "box cbo has instances 0-7 on snbep, not 8" },
		{ "imc/CAS_COUNT.RD", "'imc/CAS_COUNT.RD' lacks its closing '/'" },
		{ "/CAS_COUNT.RD/", "names no box before its first '/'" },
		{ "imc//", "names no event between its slashes" },
		{ "imc/CAS_COUNT.RD,,edge/", "empty term" },
		{ "imc/CAS_COUNT.RD,wibble=1/", "unknown term 'wibble' for box imc" },
		{ "imc/CAS_COUNT.RD,thresh=0x100/", "thresh=0x100 is out of range: thresh takes 0-255" },
		{ "imc/CAS_COUNT.RD,thresh/", "thresh needs a value" },
		{ "imc/CAS_COUNT.RD,tid_en/", "tid_en: box imc has no such field" },
		{ "imc/CAS_COUNT.RD,event=4/", "names an event and gives event= too" },
		{ "imc/umask=3/", "names no event" },
		{ "cbo/TOR_INSERTS.OPCODE/", "TOR_INSERTS.OPCODE counts only through its filter: add filter_opc=VALUE" },
		{ "cbo/LLC_LOOKUP.DATA_READ/", "add filter_state=0x1f (every state)" },
		{ "cbo/LLC_LOOKUP.DATA_READ,filter_state=0/",
		  "LLC_LOOKUP.DATA_READ with filter_state=0 selects no state and counts nothing: give the states to "
		  "count, filter_state=0x1f (every state)" },
		{ "cbo/LLC_LOOKUP.NID,filter_state=1/", "add filter_nid=VALUE" },
		{ "cbo/CLOCKTICKS,filter_opc=0x200/", "filter_opc=0x200 is out of range: filter_opc takes 0-0x1ff" },
		{ "cbo/CLOCKTICKS,filter_opc=1,filter_opc=2/", "filter_opc given twice" },
		{ "cbo/CLOCKTICKS,tid_en/", "tid_en needs filter_tid=N" },
		{ "pcu/CLOCKTICKS,umask=1/", "umask: box pcu has no such field" },
		{ "imc/CAS_COUNT.RD,edge=x/", "edge: 'x' is not a number" },
		/* CAS_COUNT.RD is umask 0x03 and .WR 0x0C (Sandy Bridge-EP uncore guide, iMC
		 * events): the term would count WR under RD's name. */
		{ "imc/CAS_COUNT.RD,umask=0x0c/",
		  "umask=0x0c contradicts CAS_COUNT.RD, which sets umask to 0x3: leave umask out, or name the event "
		  "without its unit mask" },
		{ "imc/CAS_COUNT.RD,thresh=1,thresh=2/", "thresh given twice: give it once" },
		{ "imc/CAS_COUNT.RD,thresh=-1/", "thresh=-1 is out of range: thresh takes 0-255 (0xff) on box imc" },
		{ "imc/CAS_COUNT.RD,thresh=99999999999999999999999/",
		  "thresh=99999999999999999999999 is out of range: thresh takes 0-255 (0xff) on box imc" },
		{ "imc/CAS_COUNT.RD,thresh=1e2/", "thresh: '1e2' is not a number" },
		/* perf's names are choices too, and a bare name is matched over every box. */
		{ "imc/cas_count_reed/", "unknown event 'cas_count_reed' for box imc (closest: CAS_COUNT, cas_count_read;" },
		{ "cas_count_reed", "'cas_count_reed' is not an event spec on snbep (closest: imc/cas_count_read/)" },
		/* upmon's own name alone lacks its box (perf's alias alone is every iMC). */
		{ "CAS_COUNT.WR", "'CAS_COUNT.WR' lacks its box: write imc/CAS_COUNT.WR/" },
		{ "imc/CAS_COUNT.RD,edge,edge/", "edge given twice: give it once" },
		{ "imc/CAS_COUNT,umask=3,umask=3/", "umask given twice: give it once" },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = 0;
		if (parse(cases[i].text, &s, err) != -1 || !strstr(err, cases[i].msg))
			upm_test_fail(__FILE__, __LINE__, "%s: got '%s', want '%s'", cases[i].text, err,
				      cases[i].msg);
	}
}

TEST(spec_list_splits_on_slashes)
{
	struct upm_spec s[8];
	char err[200];
	CHECK_EQ(upm_spec_parse_list(snbep(), "cbo/TOR_INSERTS.OPCODE,filter_opc=0x182/,imc/CAS_COUNT.RD/",
				     s, 8, err, sizeof err), 2);
	CHECK_STR(s[1].name, "CAS_COUNT.RD");
	CHECK_EQ(upm_spec_parse_list(snbep(), "imc/CAS_COUNT.RD/;ha/CLOCKTICKS/", s, 8, err, sizeof err), -1);
	CHECK_CONTAINS(err, "expected ','");
	CHECK_EQ(upm_spec_parse_list(snbep(), "", s, 8, err, sizeof err), -1);
	CHECK_EQ(upm_spec_parse_list(snbep(), "imc/CAS_COUNT.RD/,imc/CAS_COUNT.WR/", s, 1, err, sizeof err), -1);
}
