#!/usr/bin/env python3
"""A PNG (Chromium's screenshot) is not blank: more than 8 colours; with --red, some red
(a FAIL's colour) too. Exits non-zero with the reason.

    python3 tests/host/png_check.py SHOT.png [--red]"""
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, hdr = 8, b"", None
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        hdr = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
w, h, depth, color = hdr[:4]
assert depth == 8 and color in (2, 6), "PNG kind %d/%d" % (depth, color)
bpp = 3 if color == 2 else 4
raw, stride, prev, colours = zlib.decompress(idat), w * bpp, bytearray(w * bpp), set()
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 8 == 0:
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 4))
    prev = line
red = {c for c in colours if c[0] > 150 and c[1] < 90 and c[2] < 90}
assert len(colours) > 8, "blank: %d colours" % len(colours)
assert "--red" not in sys.argv[2:] or red, "no red (FAIL) pixels"
