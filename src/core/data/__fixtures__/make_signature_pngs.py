"""Writes the signature test PNGs with Python's standard library (zlib), not Quire's code.

Run: /usr/bin/python3 make_signature_pngs.py (in this folder). It writes the PNG files and
signaturePngs.ts, the same bytes as base64 for tests under src/core, which read no files.
"""
import base64
import os
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, colour_type, pixel):
    channels = {2: 3, 6: 4}[colour_type]
    rows = b""
    for y in range(height):
        rows += b"\x00" + b"".join(pixel(x, y) for x in range(width))
    assert all(len(pixel(0, 0)) == channels for _ in [0])
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def stroke(x, y):
    # A dark blue diagonal stroke on a transparent ground.
    return abs(y * 3 - x) <= 2


with open("signature-rgba.png", "wb") as f:
    f.write(png(120, 40, 6, lambda x, y: b"\x10\x20\x4a\xff" if stroke(x, y) else b"\x00\x00\x00\x00"))
with open("signature-opaque.png", "wb") as f:
    f.write(png(120, 40, 2, lambda x, y: b"\x10\x20\x4a" if stroke(x, y) else b"\xff\xff\xff"))


with open("signaturePngs.ts", "w") as f:
    f.write("// Written by make_signature_pngs.py (Python's zlib), not by Quire: do not edit.\n")
    for name, const in (("signature-rgba.png", "RGBA_PNG_BASE64"), ("signature-opaque.png", "OPAQUE_PNG_BASE64")):
        with open(name, "rb") as png_file:
            f.write(f"export const {const} =\n  '{base64.b64encode(png_file.read()).decode()}';\n")
        os.remove(name)
