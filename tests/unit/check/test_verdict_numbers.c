/* Verdicts carry their numbers and evidence into verdicts.csv and results.json
 * (core/check/verdict.c). */
#include "tests/unit/test.h"
#include "core/check/verdict.h"
#include "core/results/check_parts.h"

#include <string.h>

TEST(verdict_numbers_in_csv_and_json)
{
	struct upm_verdicts vs;
	struct upm_buf csv, json;
	static struct upm_run r; /* the identity columns: folder, backend, dry run */
	memset(&r, 0, sizeof r);
	r.opts.backend = UPM_BACKEND_MOCK;
	strcpy(r.run_name, "20261128-104819-vm-check");
	CHECK_EQ(upm_verdicts_init(&vs, 3), 0);
	struct upm_verdict *v = upm_verdict_add(&vs, 1, "qpi", 0, "link.rate", UPM_RESULT_PASS, "8.0 GT/s");
	upm_verdict_range(v, 8.0, 5.6, 9.6, "GT/s");
	upm_verdict_evidence(v, "link rate status", "7f:08.0+0xd4", 0x5);
	v = upm_verdict_add(&vs, 0, "imc", -1, "memory.read", UPM_RESULT_FAIL, "off by \"20%%\"");
	upm_verdict_numbers(v, 1200.0, 1000.0, 0.1, "bytes");
	upm_verdict_add(&vs, 0, "cbo", 3, "presence", UPM_RESULT_PASS, "present and working");
	CHECK(upm_verdict_add(&vs, 0, "cbo", 4, "presence", UPM_RESULT_PASS, "x") == NULL); /* full */
	upm_verdict_numbers(NULL, 1, 1, 0, "x"); /* a dropped verdict's numbers go nowhere */
	upm_buf_init(&csv);
	upm_buf_init(&json);
	upm_verdicts_csv(&vs, &r, &csv);
	upm_verdicts_json(&vs, &json);
	/* The header row first (RFC 4180); a field quoted only when it holds a comma, a quote
	 * or a line break, as in every results CSV. */
	CHECK_STR(csv.data,
		  "run,backend,dry_run,socket,box,instance,check,result,reason,measured,expected,low,high,tolerance,unit,"
		  "register,address,value,written,pass\n"
		  "20261128-104819-vm-check,mock,no,1,qpi,0,link.rate,PASS,8.0 GT/s,8.000000,,5.600000,9.600000,,GT/s,"
		  "link rate status,7f:08.0+0xd4,0x5,,1\n"
		  "20261128-104819-vm-check,mock,no,0,imc,,memory.read,FAIL,\"off by \"\"20%\"\"\",1200.000000,1000.000000,"
		  "900.000000,1100.000000,0.100000,bytes,,,,,1\n"
		  "20261128-104819-vm-check,mock,no,0,cbo,3,presence,PASS,present and working,,,,,,,,,,,1\n");
	CHECK_CONTAINS(json.data, "\"measured\": 8.000000, \"expected\": null, \"low\": 5.600000, \"high\": 9.600000, "
				  "\"tolerance\": null, \"unit\": \"GT/s\", \"evidence\": {\"register\": \"link rate status\", "
				  "\"address\": \"7f:08.0+0xd4\", \"value\": \"0x5\", \"written\": null}, \"pass\": 1}");
	CHECK_CONTAINS(json.data, "\"measured\": 1200.000000, \"expected\": 1000.000000, \"low\": 900.000000, "
				  "\"high\": 1100.000000, \"tolerance\": 0.100000, \"unit\": \"bytes\", \"evidence\": null, \"pass\": 1}");
	CHECK_CONTAINS(json.data, "\"reason\": \"present and working\", \"measured\": null, \"expected\": null, "
				  "\"low\": null, \"high\": null, \"tolerance\": null, \"unit\": null, \"evidence\": null, \"pass\": 1}");
	CHECK_EQ(vs.dropped, 1);
	/* A write and read-back, and a read that faulted. */
	vs.n = 0;
	v = upm_verdict_add(&vs, 0, "cbo", 0, "selftest.ctl", UPM_RESULT_FAIL, "bit 8 does not set");
	upm_verdict_evidence(v, "ctl0", "0xd10", 0xAA88AAAAu);
	upm_verdict_written(v, 0xAA88ABAAu);
	v = upm_verdict_add(&vs, 1, "ubox", 0, "presence", UPM_RESULT_WARN, "absent");
	upm_verdict_evidence_fault(v, "ctl0", "0xc10");
	upm_buf_free(&csv);
	upm_buf_free(&json);
	upm_buf_init(&csv);
	upm_buf_init(&json);
	upm_verdict_add(&vs, 0, "cbo", 1, "presence", UPM_RESULT_FAIL, "reading 0xd10: EFAULT, 0xd16: EFAULT");
	r.opts.dry_run = 1;
	upm_verdicts_csv(&vs, &r, &csv);
	upm_verdicts_json(&vs, &json);
	CHECK_CONTAINS(csv.data, ",mock,yes,0,cbo,0,selftest.ctl,FAIL,bit 8 does not set,,,,,,,ctl0,0xd10,0xaa88aaaa,0xaa88abaa,1\n");
	CHECK_CONTAINS(csv.data, ",absent,,,,,,,ctl0,0xc10,,,1\n");
	CHECK_CONTAINS(csv.data, ",presence,FAIL,\"reading 0xd10: EFAULT, 0xd16: EFAULT\",");
	CHECK_CONTAINS(json.data, "\"evidence\": {\"register\": \"ctl0\", \"address\": \"0xd10\", "
				  "\"value\": \"0xaa88aaaa\", \"written\": \"0xaa88abaa\"}, \"pass\": 1}");
	CHECK_CONTAINS(json.data, "\"evidence\": {\"register\": \"ctl0\", \"address\": \"0xc10\", "
				  "\"value\": null, \"written\": null}, \"pass\": 1}");
	upm_buf_free(&csv);
	upm_buf_free(&json);
	upm_verdicts_free(&vs);
}
