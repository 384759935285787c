#!/usr/bin/env python3
"""Intel perfmon's uncore event files as upmon event tables, per processor generation.

Reads, from a git checkout or mirror of github.com/intel/perfmon (BSD-3-Clause) at one
commit, each generation's two platforms' uncore files (GENERATIONS):

  spr: sapphirerapids_uncore.json, sapphirerapids_uncore_experimental.json,
       emeraldrapids_uncore.json, emeraldrapids_uncore_experimental.json -> boxes/spr
  gnr: graniterapids_uncore.json, graniterapids_uncore_experimental.json,
       sierraforest_uncore.json, sierraforest_uncore_experimental.json -> boxes/gnr

and writes, in the generation's folder (boxes/spr or boxes/gnr):

  events_<unit>.c   one table per unit (struct upm_event_def, boxes/event.h)
  events_units.c    each platform's list of units (events.h)
  events.h          the declarations and each unit's control-field layout
  tests/data/perfmon/<file>.csv  the facts of each file, for the coverage test

Grouping: "UNC_CHA_TOR_INSERTS.IA_MISS_DRD" is event TOR_INSERTS of unit cha with
unit mask IA_MISS_DRD; a name without a dot is an event without a unit mask (named_alone
when the event also has unit masks). Free-running entries (CounterType FREERUN) go to a
table of their own, never programmed. An entry whose encoding does not fit its unit's
control fields (the widths cited in each generation's units) is left out and listed on
stderr, as are the entries of a perfmon unit the generation leaves out on purpose (its
"omit", with the reason).

The second platform of a generation (EMR, SRF) shares the first's (SPR, GNR) table of a
unit where the two files give the same entries after the fit check (the converter compares
them); a unit where they differ gets its own tables (upm_emr_, upm_srf_).

Usage: tools/perfmon_events.py --git-dir DIR [--commit REV] [--out ROOT] [--generation spr|gnr|all] [--check]
  --generation: which generation's files to write (default all).
  --check: write nothing; exit 1 when a generated file differs from the one in ROOT.
"""
import argparse
import collections
import csv
import io
import json
import os
import subprocess
import sys
import textwrap

FILES_SPR = collections.OrderedDict([
    ("spr", ["SPR/events/sapphirerapids_uncore.json", "SPR/events/sapphirerapids_uncore_experimental.json"]),
    ("emr", ["EMR/events/emeraldrapids_uncore.json", "EMR/events/emeraldrapids_uncore_experimental.json"]),
])

# The control fields above the unit mask, (lo, width), and where each width comes from.
PCM_DECL = ("intel/pcm@0fae0de1 src/PMURegisterDeclarations/GenuineIntel-6-8F-6.json (and -6-CF-1.json,"
            " identical)")
F_CHA_EXT = (32, 30, PCM_DECL + ' "cha" UMaskExt Position 32 Width 26, widened to 30 bits: perfmon\'s own'
             " experimental CHA entries (the TOR's CXL accesses, UMaskExt up to 0x33EDFFFF on EMR) set UMaskExt"
             " bits 28-29, config bits 60-61 (Linux umask_ext4 says config:32-55)")
F_UPI_EXT = (32, 24, PCM_DECL + ' "xpi" UMaskExt Position 32 Width 24 (perfmon Filter CtrCtrl[55:32])')
F_M2M_EXT = (32, 24, "Linux uncore_snbep.c SPR_UNCORE_COMMON_FORMAT, which spr_uncore_m2m takes: umask_ext4"
             " config:32-55, SPR_RAW_EVENT_MASK_EXT 0xffffff (PCM's declaration says 8 bits, but perfmon's M2M"
             " entries set UMaskExt bit 23, 0x800000)")
F_M2HBM_EXT = (32, 24, F_M2M_EXT[2] + ": M2HBM is the mesh-to-HBM M2M, and perfmon gives its events the M2M's"
               " UMaskExt values")
F_IIO_PORT = (36, 12, PCM_DECL + ' "iio" PortMask Position 36 Width 12 (Linux ch_mask2 config:36-47)')
F_IIO_FC = (48, 3, PCM_DECL + ' "iio" FCMask Position 48 Width 3 (Linux fc_mask2 config:48-50)')

# perfmon Unit -> (upmon unit, perfmon name prefix, umask_ext, port_mask, fc_mask)
UNITS_SPR = collections.OrderedDict([
    ("CHA", ("cha", "UNC_CHA_", F_CHA_EXT, None, None)),
    ("IIO", ("iio", "UNC_IIO_", None, F_IIO_PORT, F_IIO_FC)),
    ("IRP", ("irp", "UNC_I_", None, None, None)),
    ("M2PCIe", ("m2pcie", "UNC_M2P_", None, None, None)),
    ("PCU", ("pcu", "UNC_P_", None, None, None)),
    ("iMC", ("imc", "UNC_M_", None, None, None)),
    ("M2M", ("m2m", "UNC_M2M_", F_M2M_EXT, None, None)),
    ("UPI LL", ("upi", "UNC_UPI_", F_UPI_EXT, None, None)),
    ("M3UPI", ("m3upi", "UNC_M3UPI_", None, None, None)),
    ("MDF", ("mdf", "UNC_MDF_", None, None, None)),
    ("CXLCM", ("cxlcm", "UNC_CXLCM_", None, None, None)),
    ("CXLDP", ("cxldp", "UNC_CXLDP_", None, None, None)),
    ("M2HBM", ("m2hbm", "UNC_M2HBM_", F_M2HBM_EXT, None, None)),
    ("MCHBM", ("mchbm", "UNC_MCHBM_", None, None, None)),
    ("UBOX", ("ubox", "UNC_U_", None, None, None)),
])

# Granite Rapids and Sierra Forest (one uncore, Linux's gnr_uncores serves both). The fields
# as on SPR, cited from PCM's GNR declaration; units named after gnr_uncores' types.
PCM_DECL_GNR = ("intel/pcm@0fae0de1 src/PMURegisterDeclarations/GenuineIntel-6-AD-0.json (and -6-AF-0.json,"
                " whose uncore fields are the same)")
F_GNR_CHA_EXT = (32, 31, PCM_DECL_GNR + ' "cha" UMaskExt Position 32 Width 26, widened to 31 bits: perfmon\'s'
                 " own experimental CHA entries on GNR and SRF (the TOR's CXL accesses, UMaskExt up to 0x78CC6FFE,"
                 " 0x78CDFFFF all together) set UMaskExt bits 27-30, config bits 59-62 (Linux umask_ext4 of"
                 " spr_uncore_chabox, which gnr_uncores takes, says config:32-55)")
F_GNR_IIO_PORT = (36, 12, PCM_DECL_GNR + ' "iio" PortMask Position 36 Width 12 (Linux ch_mask2 config:36-47)')
F_GNR_IIO_FC = (48, 3, PCM_DECL_GNR + ' "iio" FCMask Position 48 Width 3 (Linux fc_mask2 config:48-50)')
F_GNR_UPI_EXT = (32, 24, PCM_DECL_GNR + ' "xpi" UMaskExt Position 32 Width 24')
F_GNR_B2CMI_EXT = (32, 24, "Linux uncore_snbep.c SPR_UNCORE_COMMON_FORMAT, which gnr_uncore_b2cmi takes through"
                   " SPR_UNCORE_PCI_COMMON_FORMAT: umask_ext4 config:32-55, SPR_RAW_EVENT_MASK_EXT 0xffffff (PCM"
                   " declares no B2CMI; perfmon's B2CMI entries set UMaskExt bits 0-2)")

UNITS_GNR = collections.OrderedDict([
    ("CHA", ("cha", "UNC_CHA_", F_GNR_CHA_EXT, None, None)),
    ("IIO", ("iio", "UNC_IIO_", None, F_GNR_IIO_PORT, F_GNR_IIO_FC)),
    ("IRP", ("irp", "UNC_I_", None, None, None)),
    ("PCU", ("pcu", "UNC_P_", None, None, None)),
    ("IMC", ("imc", "UNC_M_", None, None, None)),
    ("B2CMI", ("b2cmi", "UNC_B2CMI_", F_GNR_B2CMI_EXT, None, None)),
    ("UPI LL", ("upi", "UNC_UPI_", F_GNR_UPI_EXT, None, None)),
    ("B2UPI", ("b2upi", "UNC_B2UPI_", None, None, None)),
    ("B2HOT", ("b2hot", "UNC_B2HOT_", None, None, None)),
    ("B2CXL", ("b2cxl", "UNC_B2CXL_", None, None, None)),
    ("CXLCM", ("cxlcm", "UNC_CXLCM_", None, None, None)),
    ("CXLDP", ("cxldp", "UNC_CXLDP_", None, None, None)),
    ("UBOX", ("ubox", "UNC_U_", None, None, None)),
    ("MDF", ("mdf_sbo", "UNC_MDF_", None, None, None)),  # Linux's type 20, "mdf_sbo"
])

# perfmon Units left out on purpose, with the reason (stderr): their entries are not in
# the tables, so the coverage counts them as not present. GNR's and SRF's CHACMS, the CHA's
# mesh stop, has no discovery unit type of its own (at perfmon 6dadedf3, three entries in
# each platform: UNC_CHACMS_CLOCKTICKS event 0x01 and UNC_CHACMS_DISTRESS_ASSERTED 0x35 in the
# main file, UNC_CHACMS_RING_SRC_THRTL 0x34 in the experimental one).
OMIT_GNR = {"CHACMS": "no discovery unit type: the CMS events of the CHA under their own prefix"}

FILES_GNR = collections.OrderedDict([
    ("gnr", ["GNR/events/graniterapids_uncore.json", "GNR/events/graniterapids_uncore_experimental.json"]),
    ("srf", ["SRF/events/sierraforest_uncore.json", "SRF/events/sierraforest_uncore_experimental.json"]),
])

# Each generation: its folder, its two platforms (the base first: the second shares the
# base's table of a unit where their entries are equal), files, units and the header's texts.
GENERATIONS = collections.OrderedDict([
    ("spr", {
        "dir": "boxes/spr",
        "files": FILES_SPR,
        "units": UNITS_SPR,
        "omit": {},
        "room": ["/* Room boxes/spr: Sapphire Rapids' and Emerald Rapids' uncore, found through Intel's uncore",
                 " * discovery table: event tables from Intel's perfmon files, the fields they fill, and the",
                 " * platforms' names. Includes boxes."],
        "tables": [" * One table per unit, named after Linux's SPR uncore types (uncore_snbep.c spr_uncores) and,",
                   " * for perfmon's M2HBM, MCHBM and UBOX units, after those. Emerald Rapids uses the Sapphire",
                   " * Rapids tables of every unit whose entries the converter found equal in both files (the",
                   " * upm_emr_units list says which symbols each unit uses). */"],
        "freerun": ["/* A free-running counter perfmon names (never programmed): counter is perfmon's",
                    " * counter number (IIO: 0 the IO clock, 1-8 bandwidth in, 9-16 bandwidth out). */"],
    }),
    ("gnr", {
        "dir": "boxes/gnr",
        "files": FILES_GNR,
        "units": UNITS_GNR,
        "omit": OMIT_GNR,
        "room": ["/* Room boxes/gnr: Granite Rapids' and Sierra Forest's uncore, found through Intel's uncore",
                 " * discovery table: event tables from Intel's perfmon files, the fields they fill, and the",
                 " * platforms' names. Includes boxes."],
        # A paragraph, wrapped with the entries of the omitted units appended.
        "tables": ("One table per unit, named after Linux's GNR uncore types (uncore_snbep.c gnr_uncores, which"
                   " calls perfmon's MDF mdf_sbo). Sierra Forest uses the Granite Rapids tables of every unit whose"
                   " entries the converter found equal in both files (the upm_srf_units list says which symbols each"
                   " unit uses)."),
        "freerun": ["/* A free-running counter perfmon names (never programmed): counter is perfmon's",
                    " * counter number. */"],
        "freerun_none": ["/* A free-running counter perfmon names (never programmed): counter is perfmon's",
                         " * counter number. Perfmon's files at this commit name none (each unit's freerun",
                         " * and n_freerun are 0); the type keeps the unit list's shape the same as SPR's. */"],
    }),
])

CSV_FIELDS = ["unit", "name", "event", "umask", "umask_ext", "port_mask", "fc_mask", "counters", "counter_type",
              "deprecated"]


def git(args, git_dir):
    return subprocess.run(["git", "--git-dir", git_dir] + args, check=True, capture_output=True).stdout


def hexint(s):
    s = (s or "0").split(",")[0].strip()
    return int(s, 16) if s.lower().startswith("0x") else int(s or "0")


class Entry:
    """One perfmon event, with its encoding as perfmon's converter builds it."""

    def __init__(self, e, path):
        self.raw = e
        self.path = path
        self.unit = e["Unit"]
        self.name = e["EventName"]
        self.code = hexint(e["EventCode"])
        self.umask = hexint(e["UMask"])
        self.ext = hexint(e.get("UMaskExt"))
        self.port = hexint(e.get("PortMask"))
        self.fc = hexint(e.get("FCMask"))
        self.counter = e.get("Counter", "").strip()
        self.ctype = e.get("CounterType", "PGMABLE")
        self.deprecated = e.get("Deprecated", "0") == "1"
        self.desc = e.get("BriefDescription", "").strip()

    def config(self):
        """The control value perfmon means: intel/perfmon@scripts/create_perf_json.py drops
        UMaskExt where PortMask or FCMask are set and puts UMaskExt above bit 32."""
        ext = 0 if (self.port or self.fc) else self.ext
        return self.code | self.umask << 8 | ext << 32 | self.port << 36 | self.fc << 48


def field_fits(field, v):
    return v == 0 or (field is not None and v < (1 << field[1]))


def encode(entry, units):
    """(umask_ext, port_mask, fc_mask) in the unit's fields (units: the generation's), or (None, why)."""
    unit, prefix, f_ext, f_port, f_fc = units[entry.unit]
    if entry.code > 0xFF or entry.umask > 0xFF:
        return None, "event code or unit mask wider than 8 bits"
    ext, port, fc = entry.ext, entry.port, entry.fc
    if port or fc:
        ext = 0
    if ext and f_ext is None and f_port is not None:
        # IIO: UMaskExt is config bits 32 up, where the port (36) and FC (48) masks sit.
        if ext & ~((0xFFF << 4) | (0x7 << 16)):
            return None, "UMaskExt 0x%x has bits outside the port and FC masks" % ext
        port, fc, ext = (ext >> 4) & 0xFFF, (ext >> 16) & 0x7, 0
    if not field_fits(f_ext, ext):
        return None, "UMaskExt 0x%x does not fit %s's %s-bit extension" % (ext, unit, f_ext[1] if f_ext else 0)
    if not field_fits(f_port, port):
        return None, "PortMask 0x%x does not fit %s" % (port, unit)
    if not field_fits(f_fc, fc):
        return None, "FCMask 0x%x does not fit %s" % (fc, unit)
    # What the fields give back must be what perfmon means.
    lo = lambda f: f[0] if f else 0
    got = entry.code | entry.umask << 8 | ext << lo(f_ext) | port << lo(f_port) | fc << lo(f_fc)
    if got != entry.config():
        return None, "encoding 0x%x differs from perfmon's 0x%x" % (got, entry.config())
    return (ext, port, fc), None


def is_clock_event(name, umask_array):
    """perfmon's clock events: CLOCKTICKS and the CMS's and IMC's HCLK ones (CMS_CLOCKTICKS,
    HCLOCKTICKS), each "Clockticks" of its unit's clock in perfmon's descriptions, taken
    alone (no unit masks that would count something else). upm_event_def.clock: a rate
    over the window, never net of an idle baseline."""
    return name.endswith("CLOCKTICKS") and not umask_array


def counters_mask(text):
    m = 0
    for c in text.split(","):
        c = c.strip()
        if c:
            m |= 1 << int(c)
    return m


def load(git_dir, commit, path):
    data = json.loads(git(["show", "%s:%s" % (commit, path)], git_dir))
    return data["Header"], [Entry(e, path) for e in data["Events"]]


def cstr(s):
    if s is None:
        return "0"
    out = s.encode("ascii", "replace").decode("ascii")
    return '"' + out.replace("\\", "\\\\").replace('"', '\\"') + '"'


def hx(v):
    return "0x%x" % v


class Unit:
    def __init__(self, perfmon_unit, units):
        self.perfmon = perfmon_unit
        self.name, self.prefix = units[perfmon_unit][:2]
        self.events = collections.OrderedDict()  # event name -> {"alone": Entry|None, "umasks": [(name, Entry, enc)]}
        self.freerun = []

    def add(self, entry, enc):
        short = entry.name[len(self.prefix):]
        if entry.ctype == "FREERUN":
            self.freerun.append((short, entry))
            return
        ev, dot, um = short.partition(".")
        slot = self.events.setdefault(ev, {"alone": None, "umasks": []})
        if dot:
            slot["umasks"].append((um, entry, enc))
        else:
            slot["alone"] = (entry, enc)

    def key(self):
        """What the generated table holds, to compare two platforms."""
        out = []
        for ev, s in sorted(self.events.items()):
            a = s["alone"]
            out.append((ev, (a[0].config(), a[0].counter, a[0].desc) if a else None,
                        tuple(sorted((u, e.config(), e.counter, e.desc) for u, e, _ in s["umasks"]))))
        fr = tuple(sorted((n, e.counter, e.desc) for n, e in self.freerun))
        return tuple(out), fr


def build(gen, entries):
    UNITS = gen["units"]
    units = collections.OrderedDict((u, Unit(u, UNITS)) for u in UNITS)
    left = []
    seen = {}
    for e in entries:
        if e.deprecated:
            continue
        if e.unit in gen["omit"]:
            left.append((e, "unit %s: %s" % (e.unit, gen["omit"][e.unit])))
            continue
        if e.unit not in UNITS:
            left.append((e, "unit %s has no upmon table" % e.unit))
            continue
        if not e.name.startswith(UNITS[e.unit][1]):
            left.append((e, "name lacks the unit's prefix %s" % UNITS[e.unit][1]))
            continue
        if e.name.upper() in seen:
            left.append((e, "name given twice (also in %s)" % seen[e.name.upper()]))
            continue
        seen[e.name.upper()] = e.path
        if e.ctype not in ("PGMABLE", "FREERUN"):
            left.append((e, "counter type %s" % e.ctype))
            continue
        enc = None
        if e.ctype == "PGMABLE":
            enc, why = encode(e, UNITS)
            if enc is None:
                left.append((e, why))
                continue
        units[e.unit].add(e, enc)
    return units, left


def source_name(path, commit):
    return "intel/perfmon@%s %s" % (commit[:12], path)


def umask_desc(event_desc, desc):
    return None if desc == event_desc else desc


def event_desc(s):
    if s["alone"]:
        return s["alone"][0].desc
    first = s["umasks"][0][1].desc
    head = first.split(" : ")[0].strip()
    return head if " : " in first and len(head) > 3 else first.lstrip(": ")


def gen_unit_c(gen, unit, tag, commit, header_files):
    L = []
    L.append("/* Generated by tools/perfmon_events.py: do not edit. The %s uncore events of unit %s"
             % (tag.upper(), unit.perfmon))
    L.append(" * (upmon unit %s) from Intel's perfmon event files, github.com/intel/perfmon at commit" % unit.name)
    L.append(" * %s, BSD-3-Clause (Copyright (c) 2021, Intel Corporation):" % commit)
    for f in header_files:
        L.append(" *   %s" % f)
    L.append(" * Names, codes, unit masks and their extensions, counters and each entry's BriefDescription")
    L.append(" * are perfmon's; the fields they fill are in %s/events.h. */" % gen["dir"])
    L.append('#include "%s/events.h"' % gen["dir"])
    L.append("")
    srcs = {}
    used = set()
    for s in unit.events.values():
        # The entry whose file the event's .source names (below): the alone one, else the
        # first unit mask by name.
        s["umasks"].sort(key=lambda t: t[0])
        used.add((s["alone"][0] if s["alone"] else s["umasks"][0][1]).path)
    for i, f in enumerate(header_files):
        srcs[f] = "src%d" % i
        if f in used:
            L.append("static const char src%d[] = %s;" % (i, cstr(source_name(f, commit))))
    L.append("")
    defs = []
    for ev, s in sorted(unit.events.items()):
        s["umasks"].sort(key=lambda t: t[0])
        alone = s["alone"]
        if alone:
            ev_ctrs = counters_mask(alone[0].counter)
        else:
            ev_ctrs = collections.Counter(counters_mask(e.counter) for _, e, _ in s["umasks"]).most_common(1)[0][0]
        edesc = event_desc(s)
        arr = None
        if s["umasks"]:
            arr = "um_%s" % ev.lower()
            L.append("static const struct upm_umask %s[] = {" % arr)
            for um, e, (ext, port, fc) in s["umasks"]:
                parts = [".name = " + cstr(um), ".value = " + hx(e.umask)]
                extra = []
                if ext:
                    extra.append(".umask_ext = %s" % hx(ext))
                if port:
                    extra.append(".port_mask = %s" % hx(port))
                if fc:
                    extra.append(".fc_mask = %s" % hx(fc))
                c = counters_mask(e.counter)
                if c != ev_ctrs:
                    extra.append(".counters = %s" % hx(c))
                d = umask_desc(edesc, e.desc)
                if d:
                    extra.append(".desc = %s" % cstr(d))
                L.append("\t{ %s%s }," % (", ".join(parts), "".join(", " + x for x in extra)))
            L.append("};")
        first = alone[0] if alone else s["umasks"][0][1]
        d = ["\t{ .name = %s, .code = %s, .counters = %s, .desc = %s, .source = %s"
             % (cstr(ev), hx(first.code), hx(ev_ctrs), cstr(edesc), srcs[first.path])]
        if arr:
            d.append(", UPM_UMASKS(%s)" % arr)
        if is_clock_event(ev, arr):
            d.append(", .clock = 1")
        if alone:
            e, (ext, port, fc) = alone
            d.append(", .named_alone = 1")
            for fld, v in (("umask", e.umask), ("umask_ext", ext), ("port_mask", port), ("fc_mask", fc)):
                if v:
                    d.append(", .%s = %s" % (fld, hx(v)))
        defs.append("".join(d) + " },")
    L.append("")
    L.append("const struct upm_event_def upm_%s_events_%s[] = {" % (tag, unit.name))
    L.extend(defs)
    L.append("};")
    L.append("const unsigned upm_%s_n_events_%s = UPM_ARRAY_LEN(upm_%s_events_%s);" % (tag, unit.name, tag, unit.name))
    if unit.freerun:
        L.append("")
        L.append("/* Free-running counters (CounterType FREERUN): counter is perfmon's counter number. */")
        L.append("const struct upm_%s_freerun upm_%s_freerun_%s[] = {" % (gen["name"], tag, unit.name))
        for n, e in sorted(unit.freerun, key=lambda t: int(t[1].counter)):
            L.append("\t{ %s, %s, %s }," % (cstr(n), e.counter, cstr(e.desc)))
        L.append("};")
        L.append("const unsigned upm_%s_n_freerun_%s = UPM_ARRAY_LEN(upm_%s_freerun_%s);"
                 % (tag, unit.name, tag, unit.name))
    return "\n".join(L) + "\n"


def field_macro(f):
    return "UPM_FIELD(%d, %d)" % (f[0], f[1]) if f else "UPM_FIELD(0, 0)"


def gen_header(gen, commit, tables, omitted):
    """tables: {platform: {unit name: tag whose symbols it uses}}; omitted: the entries of the
    units the generation leaves out on purpose."""
    g, d = gen["name"], gen["dir"]
    G = g.upper()
    base, other = gen["files"]
    guard = "UPMON_%s_EVENTS_H" % d.upper().replace("/", "_")
    L = list(gen["room"])
    L += [" *",
          " * Generated by tools/perfmon_events.py from github.com/intel/perfmon at commit",
          " * %s (BSD-3-Clause): do not edit." % commit,
          " *"]
    if isinstance(gen["tables"], str):
        text = gen["tables"]
        if omitted:
            names = collections.OrderedDict()
            for e in omitted:
                names.setdefault(e.name, e)
            units = sorted(set(e.unit for e in names.values()))
            text += (" Perfmon's %s entries have no table (%s): %s." % (
                " and ".join(units), "; ".join(gen["omit"][u] for u in units),
                ", ".join("%s (event 0x%02x)" % (n, e.code) for n, e in names.items())))
        lines = textwrap.wrap(text + " */", 93)
        L += [" * " + x for x in lines]
    else:
        L += gen["tables"]
    L += ["#ifndef %s" % guard,
          "#define %s" % guard,
          "",
          '#include "boxes/box.h"',
          "",
          "/* The counter-control fields above the unit mask, per unit (struct upm_ctl_layout's",
          " * umask_ext, port_mask and fc_mask; width 0: the unit has none). */"]
    for pu, (name, prefix, f_ext, f_port, f_fc) in gen["units"].items():
        for what, f in (("UMASK_EXT", f_ext), ("PORT_MASK", f_port), ("FC_MASK", f_fc)):
            if f:
                lines = textwrap.wrap(f[2], 92)
                L.append("/* " + "\n * ".join(lines) + " */")
            L.append("#define UPM_%s_%s_%s %s" % (G, name.upper(), what, field_macro(f)))
    any_free = any(has_free for plat in tables.values() for _tag, has_free in plat.values())
    L += [""]
    L += gen["freerun"] if any_free or "freerun_none" not in gen else gen["freerun_none"]
    L += ["struct upm_%s_freerun {" % g,
          "\tconst char *name; /* \"BANDWIDTH_IN.PART0_FREERUN\" */",
          "\tunsigned counter;",
          "\tconst char *desc;",
          "};",
          "",
          "/* One unit's tables and fields, for the platform's box types and the tests. */",
          "struct upm_%s_unit_events {" % g,
          "\tconst char *unit;         /* upmon's: \"cha\" */",
          "\tconst char *perfmon_unit; /* perfmon's Unit: \"CHA\" */",
          "\tconst char *prefix;       /* perfmon's name prefix: \"UNC_CHA_\" */",
          "\tconst struct upm_event_def *events;",
          "\tconst unsigned *n_events;",
          "\tconst struct upm_%s_freerun *freerun;" % g,
          "\tconst unsigned *n_freerun;",
          "\tstruct upm_bitfield umask_ext, port_mask, fc_mask;",
          "};",
          "",
          "extern const struct upm_%s_unit_events upm_%s_units[], upm_%s_units[];" % (g, base, other),
          "extern const unsigned upm_%s_n_units, upm_%s_n_units;" % (base, other),
          ""]
    decl = []
    for plat in (base, other):
        for pu, (name, *_rest) in gen["units"].items():
            tag, has_free = tables[plat][name]
            if tag != plat:
                continue
            decl.append("extern const struct upm_event_def upm_%s_events_%s[];" % (plat, name))
            decl.append("extern const unsigned upm_%s_n_events_%s;" % (plat, name))
            if has_free:
                decl.append("extern const struct upm_%s_freerun upm_%s_freerun_%s[];" % (g, plat, name))
                decl.append("extern const unsigned upm_%s_n_freerun_%s;" % (plat, name))
    L += decl
    L += ["",
          "/* Linux perf's and perfmon's names for these units (%s/names.c). */" % d,
          "struct upm_naming;",
          "extern const struct upm_naming upm_%s_naming;" % g,
          "",
          "#endif"]
    return "\n".join(L) + "\n"


def gen_units_c(gen, commit, tables):
    g, G = gen["name"], gen["name"].upper()
    L = ["/* Generated by tools/perfmon_events.py from github.com/intel/perfmon at commit",
         " * %s (BSD-3-Clause): do not edit. Each platform's units and the tables they use" % commit,
         " * (%s/events.h). */" % gen["dir"],
         '#include "%s/events.h"' % gen["dir"],
         ""]
    for plat in gen["files"]:
        L.append("const struct upm_%s_unit_events upm_%s_units[] = {" % (g, plat))
        for pu, (name, prefix, f_ext, f_port, f_fc) in gen["units"].items():
            tag, has_free = tables[plat][name]
            fr = ("upm_%s_freerun_%s, &upm_%s_n_freerun_%s" % (tag, name, tag, name)) if has_free else "0, 0"
            L.append("\t{ %s, %s, %s, upm_%s_events_%s, &upm_%s_n_events_%s, %s, UPM_%s_%s_UMASK_EXT,"
                     % (cstr(name), cstr(pu), cstr(prefix), tag, name, tag, name, fr, G, name.upper()))
            L.append("\t  UPM_%s_%s_PORT_MASK, UPM_%s_%s_FC_MASK }," % (G, name.upper(), G, name.upper()))
        L.append("};")
        L.append("const unsigned upm_%s_n_units = UPM_ARRAY_LEN(upm_%s_units);" % (plat, plat))
        L.append("")
    return "\n".join(L)


def gen_csv(commit, path, entries):
    buf = io.StringIO()
    buf.write("# Facts of intel/perfmon@%s %s (BSD-3-Clause), by tools/perfmon_events.py\n" % (commit, path))
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for e in entries:
        w.writerow([e.unit, e.name, hx(e.code), hx(e.umask), hx(e.ext), hx(e.port), hx(e.fc), e.counter, e.ctype,
                    "1" if e.deprecated else "0"])
    return buf.getvalue()


def generate(gen, git_dir, commit, out):
    """Adds the generation's files to out (relative path -> text)."""
    d = gen["dir"]
    base, other = gen["files"]
    built = collections.OrderedDict()
    omitted = []
    for plat, paths in gen["files"].items():
        entries = []
        for p in paths:
            try:
                hdr, es = load(git_dir, commit, p)
            except subprocess.CalledProcessError:
                sys.exit("%s: %s is not in %s at %s" % (plat, p, git_dir, commit))
            entries += es
            out["tests/data/perfmon/%s.csv" % os.path.basename(p)[:-5]] = gen_csv(commit, p, es)
        units, left = build(gen, entries)
        built[plat] = units
        for e, why in left:
            print("%s: left out %s (%s): %s" % (plat, e.name, os.path.basename(e.path), why), file=sys.stderr)
            if e.unit in gen["omit"]:
                omitted.append(e)

    tables = {base: {}, other: {}}
    for pu, u in built[base].items():
        tables[base][u.name] = (base, bool(u.freerun))
        out["%s/events_%s.c" % (d, u.name)] = gen_unit_c(gen, u, base, commit, gen["files"][base])
    for pu, u in built[other].items():
        if u.key() == built[base][pu].key():
            tables[other][u.name] = (base, bool(built[base][pu].freerun))
        else:
            tables[other][u.name] = (other, bool(u.freerun))
            out["%s/events_%s_%s.c" % (d, other, u.name)] = gen_unit_c(gen, u, other, commit, gen["files"][other])
            print("%s: unit %s differs from %s: own tables" % (other, u.name, base), file=sys.stderr)
    out["%s/events.h" % d] = gen_header(gen, commit, tables, omitted)
    out["%s/events_units.c" % d] = gen_units_c(gen, commit, tables)

    for plat, units in built.items():
        for pu, u in units.items():
            n = sum((1 if s["alone"] else 0) + len(s["umasks"]) for s in u.events.values())
            print("%s %-6s %4d events in %3d tables, %2d free-running" % (plat, u.name, n, len(u.events), len(u.freerun)),
                  file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--git-dir", required=True, help="git directory of an intel/perfmon clone or mirror")
    ap.add_argument("--commit", default="HEAD")
    ap.add_argument("--out", default=".", help="the upmon tree to write into")
    ap.add_argument("--generation", default="all", choices=list(GENERATIONS) + ["all"],
                    help="which generation's files to write (default all)")
    ap.add_argument("--check", action="store_true", help="compare with the files in --out; write nothing")
    a = ap.parse_args()
    commit = git(["rev-parse", a.commit], a.git_dir).decode().strip()

    out = {}
    for name, gen in GENERATIONS.items():
        if a.generation in (name, "all"):
            generate(dict(gen, name=name), a.git_dir, commit, out)

    differ = 0
    for rel, text in sorted(out.items()):
        path = os.path.join(a.out, rel)
        if a.check:
            old = open(path).read() if os.path.exists(path) else None
            if old != text:
                print("differs: %s" % rel, file=sys.stderr)
                differ = 1
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return differ


if __name__ == "__main__":
    sys.exit(main())
