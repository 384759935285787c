#!/usr/bin/env bash
# `info`'s results.json on every mock platform: it validates against the schema
# (docs/results.schema.json) and carries info's findings as data, the same the console
# shows: every PCI uncore function with its address, expected IDs and presence (Sandy
# Bridge-EP HA 8086:3c46 at 0e.1, Ivy Bridge-EP HA0 8086:0e30 at 0e.1 and UBox 8086:0e1e
# at 0b.0: boxes/PUBLIC_FACTS.md), the box types, and Skylake's CBo count register
# MSR_UNC_CBO_CONFIG 0x396 read minus one.
cd "$(dirname "$0")/../.." || exit 1
. tests/host/lib.sh

# info_json PLATFORM EXPR: EXPR over results.json's d (python) of PLATFORM's info run.
info_json() {
	python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print($2)" \
		"$WORK/$(last_run "info-$1")/results.json" 2>&1
}

for p in snbep ivbep nhmex wsmex skl; do
	run "info-$p" --backend mock --platform "$p" --out "info-$p" info
	f=$WORK/$(last_run "info-$p")/results.json
	if [ "$(rc "info-$p")" = 0 ] && out=$(python3 tools/validate_results.py "$f" 2>&1); then
		pass "host/info_results_json_valid_$p"
	else
		fail "host/info_results_json_valid_$p" "status $(rc "info-$p"): $out"
	fi
	# What the console says found is what results.json says found, function by function.
	console=$(grep -E '^uncore: socket [0-9]+ [a-z0-9-]+ +[0-9a-f:.]+ 8086:[0-9a-f]{4} found$' "$WORK/info-$p.out" |
		awk '{print $3 "/" $4 "/" $5 "/" $6}' | sort | tr '\n' ' ')
	json=$(info_json "$p" "' '.join(sorted('%d/%s/%s/%s' % (x['socket'], x['name'], x['address'], x['expected']) for x in d['uncore_devices'] if x['presence'] == 'found'))")
	# Sandy and Ivy Bridge-EP have PCI uncore functions to find; the others (MSR and MMIO
	# boxes) none, and neither file may claim one.
	case $p in
	snbep | ivbep) same=$([ -n "$console" ] && [ "$console" = "$json " ] && echo 1) ;;
	*) same=$([ -z "$console" ] && [ -z "$json" ] && echo 1) ;;
	esac
	[ -n "$same" ] &&
		pass "host/info_results_json_functions_as_console_$p" ||
		fail "host/info_results_json_functions_as_console_$p" "console [$console] json [$json]"
done

got=$(info_json snbep "(d['command'], d['platform'], [b['box'] for b in d['uncore_boxes']], d['uncore_ubox'], [(x['socket'], x['found'], x['bus'], x['node']) for x in d['uncore_buses']], [x for x in d['uncore_devices'] if x['socket'] == 0 and x['name'] == 'ha'][0])")
want="('info', 'snbep', ['ubox', 'cbo', 'pcu', 'ha', 'imc', 'qpi', 'r2pcie', 'r3qpi'], {'expected': '8086:3ce0', 'device': 11, 'function': 0}, [(0, True, 127, 0), (1, True, 255, 1)], {'socket': 0, 'box': 'ha', 'instance': 0, 'filter': False, 'name': 'ha', 'address': '7f:0e.1', 'segment': 0, 'bus': 127, 'device': 14, 'function': 1, 'expected': '8086:3c46', 'read': '8086:3c46', 'presence': 'found'})"
[ "$got" = "$want" ] && pass host/info_results_json_snbep_boxes || fail host/info_results_json_snbep_boxes "$got"

got=$(info_json ivbep "(d['uncore_ubox']['expected'], [(x['address'], x['expected'], x['presence']) for x in d['uncore_devices'] if x['socket'] == 1 and x['name'] == 'ha0'], len(d['uncore_devices']))")
[ "$got" = "('8086:0e1e', [('ff:0e.1', '8086:0e30', 'found')], 42)" ] &&
	pass host/info_results_json_ivbep_boxes || fail host/info_results_json_ivbep_boxes "$got"

got=$(info_json skl "([(b['box'], b['space'], b['instance_count']) for b in d['uncore_boxes'] if b['box'] == 'cbo'], d['uncore_pci_boxes'], d['uncore_devices'])")
[ "$got" = "([('cbo', 'msr', {'register': 'MSR_UNC_CBO_CONFIG.NO_CBO_BANKS', 'msr': '0x396', 'minus': 1, 'sockets': [{'socket': 0, 'instances': 4, 'raw': 5, 'reason': None}]})], False, [])" ] &&
	pass host/info_results_json_skl_cbo_count || fail host/info_results_json_skl_cbo_count "$got"

got=$(info_json nhmex "([(b['box'], b['space'], b['instances_max']) for b in d['uncore_boxes']], d['uncore_ubox'], d['pci_path']['mechanism'])")
[ "$got" = "([('ubox', 'msr', 1), ('cbo', 'msr', 8), ('bbox', 'msr', 2), ('sbox', 'msr', 2), ('mbox', 'msr', 2), ('rbox', 'msr', 2), ('wbox', 'msr', 1)], None, 'cf8')" ] &&
	pass host/info_results_json_nhmex_boxes || fail host/info_results_json_nhmex_boxes "$got"

# A hidden function and a refused ECAM window (the host bridge is then read through
# CF8/CFC only: match null): presence and path as data.
run info-faults --backend mock:absent=ff:10.4,badecam --platform snbep --out info-faults info
got=$(info_json faults "([(x['name'], x['read'], x['presence']) for x in d['uncore_devices'] if x['presence'] != 'found'], d['pci_path']['mechanism'], d['pci_path']['ecam_refused'], d['pci_path']['host_bridge']['match'])")
[ "$got" = "([('imc2', 'ffff:ffff', 'missing')], 'cf8', True, None)" ] &&
	pass host/info_results_json_missing_and_refused || fail host/info_results_json_missing_and_refused "$got"
