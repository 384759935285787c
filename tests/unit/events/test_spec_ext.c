/* The counter-control fields above the unit mask (Sapphire Rapids on): umask_ext=, ch_mask=
 * and fc_mask= put in their layout fields, the values perfmon's names carry, the refusal on
 * a box without the field or with 32-bit controls, and perf's and perfmon's names for the
 * SPR events. Encodings are perfmon's (intel/perfmon SPR/events/sapphirerapids_uncore*.json
 * at the commit boxes/spr/events.h names); field positions boxes/spr/events.h's. */
#include "tests/unit/test.h"
#include "tests/unit/spr_platform.h"
#include "core/events/spec.h"

static uint64_t ctl_of(const struct upm_platform *p, const char *text, unsigned *counters)
{
	struct upm_spec s;
	char err[300];
	if (upm_spec_parse(p, text, &s, err, sizeof err) < 0) {
		upm_test_fail(__FILE__, __LINE__, "%s: %s", text, err);
		return ~0ull;
	}
	if (counters)
		*counters = s.counters;
	return s.ctl;
}

/* The one-line error of a spec that must not parse. */
static const char *refusal(const struct upm_platform *p, const char *text)
{
	static char err[300];
	struct upm_spec s;
	err[0] = 0;
	if (upm_spec_parse(p, text, &s, err, sizeof err) == 0)
		upm_test_fail(__FILE__, __LINE__, "%s parsed (ctl 0x%llx)", text, (unsigned long long)s.ctl);
	if (strchr(err, '\n'))
		upm_test_fail(__FILE__, __LINE__, "%s: error has more than one line", text);
	return err;
}

TEST(spec_umask_ext_in_config_bits_32_up)
{
	const struct upm_platform *p = upm_test_spr_platform(0);
	/* UNC_CHA_TOR_INSERTS.IA_MISS_DRD: 0x35 / 0x01 / UMaskExt 0x00C817FE. */
	uint64_t want = 0x35 | 0x01 << 8 | 0xC817FEull << 32;
	CHECK_EQ(ctl_of(p, "cha/TOR_INSERTS.IA_MISS_DRD/", 0), want);
	CHECK_EQ(ctl_of(p, "cha/event=0x35,umask=0x01,umask_ext=0xC817FE/", 0), want);
	CHECK_EQ(ctl_of(p, "UNC_CHA_TOR_INSERTS.IA_MISS_DRD", 0), want);
	/* The field is 30 bits (PCM's 26, widened to perfmon's CXL entries): its top bit is
	 * config bit 61. UNC_CHA_TOR_INSERTS.IA_MISS_DRD_CXL_ACC: 0x35 / 0x01 / UMaskExt
	 * 0x10C81782 (sapphirerapids_uncore_experimental.json). */
	CHECK_EQ(ctl_of(p, "cha/event=0x35,umask=0x01,umask_ext=0x20000000/", 0), 0x35 | 0x100 | 1ull << 61);
	CHECK_CONTAINS(refusal(p, "cha/event=0x35,umask=0x01,umask_ext=0x40000000/"), "out of range");
	CHECK_EQ(ctl_of(p, "cha/TOR_INSERTS.IA_MISS_DRD_CXL_ACC/", 0), 0x35 | 0x100 | 0x10C81782ull << 32);
	/* A name fixes its extension: a different one is refused, the same one is harmless. */
	CHECK_CONTAINS(refusal(p, "cha/TOR_INSERTS.IA_MISS_DRD,umask_ext=0x1/"), "contradicts");
	CHECK_EQ(ctl_of(p, "cha/TOR_INSERTS.IA_MISS_DRD,umask_ext=0xC817FE/", 0), want);
	/* UPI and M2M (24 bits each). UNC_UPI_TxL_BASIC_HDR_MATCH.NCB_OPC: 0x04/0x0E/0x1. */
	CHECK_EQ(ctl_of(p, "UNC_UPI_TxL_BASIC_HDR_MATCH.NCB_OPC", 0), 0x04 | 0x0E << 8 | 1ull << 32);
	CHECK_EQ(ctl_of(p, "upi/event=0x4,umask=0xe,umask_ext=0xFFFFFF/", 0), 0x04 | 0x0E << 8 | 0xFFFFFFull << 32);
	CHECK_CONTAINS(refusal(p, "upi/event=0x4,umask=0xe,umask_ext=0x1000000/"), "out of range");
	CHECK_EQ(ctl_of(p, "m2m/event=0x1,umask_ext=0xffffff/", 0), 0x01 | 0xFFFFFFull << 32);
	CHECK_CONTAINS(refusal(p, "m2m/event=0x1,umask_ext=0x1000000/"), "out of range");
}

TEST(spec_iio_port_and_fc_masks)
{
	const struct upm_platform *p = upm_test_spr_platform(0);
	/* UNC_IIO_DATA_REQ_OF_CPU.MEM_WRITE.PART0: 0x83 / 0x01, PortMask 0x001, FCMask 0x7;
	 * PortMask at config 36-47, FCMask at 48-50. */
	uint64_t want = 0x83 | 0x01 << 8 | 1ull << 36 | 7ull << 48;
	CHECK_EQ(ctl_of(p, "iio/DATA_REQ_OF_CPU.MEM_WRITE.PART0/", 0), want);
	CHECK_EQ(ctl_of(p, "UNC_IIO_DATA_REQ_OF_CPU.MEM_WRITE.PART0", 0), want);
	CHECK_EQ(ctl_of(p, "iio/event=0x83,umask=0x1,ch_mask=0x1,fc_mask=0x7/", 0), want);
	CHECK_EQ(ctl_of(p, "iio/event=0x83,umask=0x1,ch_mask=0xfff/", 0), 0x83 | 0x100 | 0xFFFull << 36);
	CHECK_CONTAINS(refusal(p, "iio/event=0x83,umask=0x1,ch_mask=0x1000/"), "out of range");
	CHECK_CONTAINS(refusal(p, "iio/event=0x83,umask=0x1,fc_mask=0x8/"), "out of range");
	/* UNC_IIO_NUM_TGT_MATCHED_REQ_OF_CPU: no unit mask, UMaskExt 0x70000 = FCMask 7. */
	CHECK_EQ(ctl_of(p, "UNC_IIO_NUM_TGT_MATCHED_REQ_OF_CPU", 0), 0x8F | 7ull << 48);
	/* The IIO has no unit-mask extension, the CHA no port or FC mask. */
	CHECK_CONTAINS(refusal(p, "iio/event=0x83,umask=0x1,umask_ext=0x1/"), "umask_ext: box iio has no such field");
	CHECK_CONTAINS(refusal(p, "cha/event=0x35,umask=0x1,ch_mask=0x1/"), "ch_mask: box cha has no such field");
	CHECK_CONTAINS(refusal(p, "cha/event=0x35,umask=0x1,fc_mask=0x1/"), "fc_mask: box cha has no such field");
}

TEST(spec_ext_fields_refused_on_older_boxes)
{
	/* Every older platform's layouts have width 0 for the new fields (those the discovery
	 * tables place have them: boxes/spr/boxes.c). */
	const struct upm_platform *p = upm_platform_by_name("snbep");
	CHECK_CONTAINS(refusal(p, "cbo/event=0x34,umask=0x3,umask_ext=0x1/"), "umask_ext: box cbo has no such field");
	CHECK_CONTAINS(refusal(p, "cbo/event=0x34,umask=0x3,ch_mask=0x1/"), "ch_mask: box cbo has no such field");
	CHECK_CONTAINS(refusal(p, "cbo/event=0x34,umask=0x3,fc_mask=0x1/"), "fc_mask: box cbo has no such field");
	for (unsigned i = 0; i < upm_n_platforms; i++)
		for (unsigned b = 0; !upm_platforms[i]->discovered && b < upm_platforms[i]->n_boxes; b++) {
			const struct upm_ctl_layout *l = &upm_platforms[i]->boxes[b]->ctl_layout;
			if (l->umask_ext.width || l->port_mask.width || l->fc_mask.width)
				upm_test_fail(__FILE__, __LINE__, "%s/%s has an extension field", upm_platforms[i]->name,
					      upm_platforms[i]->boxes[b]->name);
		}
}

TEST(spec_bits_above_31_need_64_bit_controls)
{
	/* The CHA's layout on a box whose counter controls are 32 bits: the extension would be
	 * cut off by the write, so the spec is refused; without it the spec stands. */
	const struct upm_box_type *cha = upm_platform_box(upm_test_spr_platform(0), "cha");
	static struct upm_box_type narrow;
	static const struct upm_box_type *boxes[1];
	static struct upm_platform p;
	narrow = *cha;
	narrow.name = "narrow";
	narrow.ctl_width = 32;
	boxes[0] = &narrow;
	p.name = "narrow-test";
	p.boxes = boxes;
	p.n_boxes = 1;
	CHECK_CONTAINS(refusal(&p, "narrow/TOR_INSERTS.IA_MISS_DRD/"), "32-bit counter control");
	CHECK_CONTAINS(refusal(&p, "narrow/event=0x35,umask_ext=0x1/"), "above 31");
	CHECK_EQ(ctl_of(&p, "narrow/event=0x35,umask=0x1/", 0), 0x135);
}

TEST(spec_spr_names_alone_and_per_umask_counters)
{
	const struct upm_platform *p = upm_test_spr_platform(0);
	unsigned c = 0;
	/* perfmon names the event alone (0x18/0x03) and with unit masks (PMM_HIT 0x01). */
	CHECK_EQ(ctl_of(p, "UNC_M2M_DIRECT2CORE_TXN_OVERRIDE", 0), 0x18 | 0x03 << 8);
	CHECK_EQ(ctl_of(p, "m2m/DIRECT2CORE_TXN_OVERRIDE/", 0), 0x18 | 0x03 << 8);
	CHECK_EQ(ctl_of(p, "UNC_M2M_DIRECT2CORE_TXN_OVERRIDE.PMM_HIT", 0), 0x18 | 0x01 << 8);
	/* An event with unit masks that perfmon never names alone still needs one. */
	CHECK_CONTAINS(refusal(p, "cha/TOR_INSERTS/"), "needs a unit mask");
	/* UNC_IIO_IOMMU1.NUM_MEM_ACCESSES counts on counter 0 only, its siblings on 0-3. */
	CHECK_EQ(ctl_of(p, "iio/IOMMU1.NUM_MEM_ACCESSES/", &c), 0x41 | 0xC0 << 8);
	CHECK_EQ(c, 0x1);
	/* CXLCM's RxC events count on counters 4-7 only. */
	ctl_of(p, "UNC_CXLCM_RxC_FLITS.VALID", &c);
	CHECK_EQ(c, 0xF0);
}

TEST(spec_spr_perf_aliases)
{
	const struct upm_platform *p = upm_test_spr_platform(0);
	/* uncore_snbep.c spr_uncore_imc_events. */
	CHECK_EQ(ctl_of(p, "uncore_imc/cas_count_read/", 0), 0x05 | 0xCF << 8);
	CHECK_EQ(ctl_of(p, "uncore_imc_3/cas_count_write/", 0), 0x05 | 0xF0 << 8);
	/* perf's clockticks is HCLK (0x01/0x00); upmon's CLOCKTICKS is perfmon's, DCLK (0x01/0x01):
	 * the box's spelling says whose name it is. */
	CHECK_EQ(ctl_of(p, "uncore_imc/clockticks/", 0), 0x01);
	CHECK_EQ(ctl_of(p, "imc/clockticks/", 0), 0x101);
	CHECK_EQ(ctl_of(p, "UNC_M_CLOCKTICKS", 0), 0x101);
	CHECK_EQ(ctl_of(p, "UNC_M_CAS_COUNT.RD", 0), 0x05 | 0xCF << 8);
	CHECK_EQ(ctl_of(p, "UNC_M_CAS_COUNT.WR", 0), 0x05 | 0xF0 << 8);
	CHECK_EQ(ctl_of(p, "uncore_cha_2/TOR_INSERTS.IA_MISS_DRD/", 0), 0x135 | 0xC817FEull << 32);
	/* perf's CHA umask spans config 8-15 and 32-55 (umask_ext4): split into both fields. */
	CHECK_EQ(ctl_of(p, "uncore_cha/event=0x35,umask=0xc817fe01/", 0), 0x135 | 0xC817FEull << 32);
	CHECK_EQ(ctl_of(p, "cha/event=0x35,umask=0xc817fe01/", 0), 0x135 | 0xC817FEull << 32);
	/* Where the box has no extension, a wide umask stays out of range. */
	CHECK_CONTAINS(refusal(p, "uncore_iio/event=0x83,umask=0x101/"), "out of range");
	/* The Emerald Rapids tables give the same encodings. */
	CHECK_EQ(ctl_of(upm_test_spr_platform(1), "uncore_imc/cas_count_read/", 0), 0x05 | 0xCF << 8);
}

/* The registered platforms: Emerald Rapids' CHA takes its own file's entries (an EMR-only
 * unit mask, UNC_CHA_TOR_INSERTS.IA_MISS_DRD_CXL_EXP_LOCAL of
 * emeraldrapids_uncore_experimental.json) and Sapphire Rapids' refuses it. */
TEST(spec_emr_cha_has_its_own_entries)
{
	const struct upm_platform *emr = upm_platform_by_name("emr"), *spr = upm_platform_by_name("spr");
	CHECK(emr && spr);
	if (!emr || !spr)
		return;
	/* 0x35 / 0x01 / UMaskExt 0x20C81682: bit 29 of the extension, config bit 61. */
	CHECK_EQ(ctl_of(emr, "cha/TOR_INSERTS.IA_MISS_DRD_CXL_EXP_LOCAL/", 0), 0x0135 | 0x20C81682ull << 32);
	CHECK_CONTAINS(refusal(spr, "cha/TOR_INSERTS.IA_MISS_DRD_CXL_EXP_LOCAL/"), "IA_MISS_DRD_CXL_EXP_LOCAL");
	/* Entries both files hold encode the same on both. */
	CHECK_EQ(ctl_of(emr, "cha/TOR_INSERTS.IA_MISS_DRD/", 0), ctl_of(spr, "cha/TOR_INSERTS.IA_MISS_DRD/", 0));
}

/* perfmon's longest names parse: 49 characters after the unit prefix (they were refused as
 * "malformed" at 48). UNC_CHA_TOR_OCCUPANCY.RRQ_MISS_RDINVOWN_OPT_CXL_EXP_LOCAL, EMR's
 * experimental file: 0x36 / 0x40, UMaskExt 0x20E82682. */
TEST(spec_longest_perfmon_names_parse)
{
	const struct upm_platform *emr = upm_platform_by_name("emr");
	struct upm_spec s;
	char err[300] = "";
	CHECK_EQ(upm_spec_parse(emr, "UNC_CHA_TOR_OCCUPANCY.RRQ_MISS_RDINVOWN_OPT_CXL_EXP_LOCAL", &s, err, sizeof err), 0);
	CHECK_STR(err, "");
	CHECK_EQ(s.ctl, 0x4036 | 0x20E82682ull << 32);
	CHECK_EQ(upm_spec_parse(emr, "cha/TOR_OCCUPANCY.IA_MISS_DRD_OPT_PREF_CXL_ACC_LOCAL/", &s, err, sizeof err), 0);
}
