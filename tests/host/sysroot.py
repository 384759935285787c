#!/usr/bin/env python3
"""A sysroot of regular files for --backend linux (platform/linux/linux.h), in Linux's
layout, holding a machine's registers as a trace of the mock read them first:

  sysroot.py DIR --cpuid-1-eax 0x506E3 --cpus 0-1:0 [--cpus 2-3:1] --trace TRACE...

Each register a trace reads before writing it gets that value: an MSR at its index in
every listed processor's dev/cpu/N/msr (the MSRs of the socket the trace line names go
to that socket's processors), a PCI configuration register in
sys/bus/pci/devices/0000:BB:DD.F/config (256 bytes, 4096 when an offset needs it), an
MMIO register in dev/mem. CPUID: leaf 0 (GenuineIntel, leaves to 0xB), leaf 1 with the
given EAX (family, model, stepping) and ECX (--cpuid-1-ecx: bit 31 a hypervisor), the rest zero, each a 16-byte record at 16 x
(subleaf << 32 | leaf), as the backend reads a regular file. sys/devices/system/cpu gives
the processors and their packages, sys/module/msr/parameters/allow_writes "on" and
sys/kernel/security/lockdown "[none] integrity confidentiality"."""
import argparse
import os
import struct


def cpu_list(text):
    cpus, pkg = text.split(":")
    a, _, b = cpus.partition("-")
    return list(range(int(a), int(b or a) + 1)), int(pkg)


def write_at(path, offset, data, size=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = "r+b" if os.path.exists(path) else "w+b"
    with open(path, mode) as f:
        if size is not None and os.path.getsize(path) < size:
            f.truncate(size)
        f.seek(offset)
        f.write(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--trace", dest="traces", action="append", default=[])
    ap.add_argument("--cpuid-1-eax", type=lambda s: int(s, 0), required=True)
    ap.add_argument("--cpuid-1-ecx", type=lambda s: int(s, 0), default=0)
    ap.add_argument("--cpus", type=cpu_list, action="append", required=True)
    a = ap.parse_args()
    root = a.dir
    online = sorted(c for cpus, _ in a.cpus for c in cpus)
    sockets = sorted({pkg for _, pkg in a.cpus})
    cpus_of = {s: [c for cpus, pkg in a.cpus if pkg == s for c in cpus] for s in sockets}

    # The registers as first read.
    first = {}
    written = set()
    for trace in a.traces:
        for line in open(trace):
            if line.startswith("#"):
                continue
            f = line.rstrip("\n").split("\t")
            if len(f) < 7:
                continue
            socket, rw, space, addr, value = int(f[2]), f[3], f[4], f[5], f[6]
            key = (socket if space == "msr" else 0, space, addr)
            if rw == "W":
                written.add(key)
            elif key not in first and key not in written:
                first[key] = int(value, 16)

    msr_size = 0x4000
    for s in sockets:
        for c in cpus_of[s]:
            write_at(f"{root}/dev/cpu/{c}/msr", 0, b"", msr_size)
            cpuid = f"{root}/dev/cpu/{c}/cpuid"
            write_at(cpuid, 0, struct.pack("<4I", 0xB, 0x756E6547, 0x6C65746E, 0x49656E69))  # Genu ntel ineI
            write_at(cpuid, 16, struct.pack("<4I", a.cpuid_1_eax, (c << 24) | (len(cpus_of[s]) << 16), a.cpuid_1_ecx, 0))
    mem = 0
    for (socket, space, addr), value in sorted(first.items()):
        if space == "msr":
            for c in cpus_of.get(socket, []):
                write_at(f"{root}/dev/cpu/{c}/msr", int(addr, 16), struct.pack("<Q", value))
        elif space == "pci":
            bdf, off = addr.split("+")
            bus, devfn = bdf.split(":")
            off = int(off, 16)
            path = f"{root}/sys/bus/pci/devices/0000:{bus}:{devfn}/config"
            write_at(path, off, struct.pack("<I", value & 0xFFFFFFFF), 4096 if off >= 0x100 else 256)
        elif space == "mmio":
            at = int(addr, 16)
            mem = max(mem, (at | 0xFFF) + 1)
            width = 8 if value > 0xFFFFFFFF else 4
            write_at(f"{root}/dev/mem", at, struct.pack("<Q" if width == 8 else "<I", value))
    if mem:
        write_at(f"{root}/dev/mem", 0, b"", mem)

    cpu = f"{root}/sys/devices/system/cpu"
    os.makedirs(cpu, exist_ok=True)
    open(f"{cpu}/online", "w").write(",".join(str(c) for c in online) + "\n")
    for s in sockets:
        for c in cpus_of[s]:
            os.makedirs(f"{cpu}/cpu{c}/topology", exist_ok=True)
            open(f"{cpu}/cpu{c}/topology/physical_package_id", "w").write(f"{s}\n")
    os.makedirs(f"{root}/sys/module/msr/parameters", exist_ok=True)
    open(f"{root}/sys/module/msr/parameters/allow_writes", "w").write("on\n")
    os.makedirs(f"{root}/sys/kernel/security", exist_ok=True)
    open(f"{root}/sys/kernel/security/lockdown", "w").write("[none] integrity confidentiality\n")


if __name__ == "__main__":
    main()
