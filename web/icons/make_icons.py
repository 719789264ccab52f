#!/usr/bin/env python3
"""Draw the dicehall icons (standard library only): two dice on a felt-green tile.

    python3 web/icons/make_icons.py      # writes icon-192.png, icon-512.png, icon-maskable-512.png

Shapes are signed-distance functions; each pixel averages 3x3 sub-samples whose coverage is itself
smoothed over one sub-sample, so edges are anti-aliased.  The PNGs are committed; favicon.svg is the
same drawing by hand.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FELT = (0x17, 0x3A, 0x32)
FELT_HI = (0x21, 0x50, 0x3F)
CREAM = (0xF3, 0xEC, 0xD8)
GOLD = (0xE9, 0xB9, 0x49)
PIP = (0x17, 0x3A, 0x32)


def rrect_sdf(x, y, hw, hh, r):
    qx, qy = abs(x) - hw + r, abs(y) - hh + r
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


class Die:
    def __init__(self, cx, cy, half, radius, angle_deg, color, pips, pip_r, pip_off):
        self.cx, self.cy, self.half, self.r = cx, cy, half, radius
        a = math.radians(angle_deg)
        self.c, self.s = math.cos(a), math.sin(a)
        self.color, self.pip_r = color, pip_r
        self.pips = [(px * pip_off, py * pip_off) for px, py in pips]

    def local(self, x, y):
        dx, dy = x - self.cx, y - self.cy
        return dx * self.c + dy * self.s, -dx * self.s + dy * self.c

    def body(self, x, y):
        lx, ly = self.local(x, y)
        return rrect_sdf(lx, ly, self.half, self.half, self.r)

    def pip(self, x, y):
        lx, ly = self.local(x, y)
        return min(math.hypot(lx - px, ly - py) for px, py in self.pips) - self.pip_r


FIVE = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]
THREE = [(-1, -1), (0, 0), (1, 1)]


def scene(maskable: bool):
    k = 0.78 if maskable else 1.0  # maskable: keep the dice inside the 80% safe circle

    def t(v):
        return 0.5 + (v - 0.5) * k

    back = Die(t(0.61), t(0.38), 0.20 * k, 0.055 * k, 17, GOLD, THREE, 0.04 * k, 0.115 * k)
    front = Die(t(0.42), t(0.58), 0.245 * k, 0.065 * k, -11, CREAM, FIVE, 0.045 * k, 0.13 * k)
    return back, front


def over(dst, color, alpha):
    a = alpha
    return (
        color[0] * a + dst[0] * (1 - a),
        color[1] * a + dst[1] * (1 - a),
        color[2] * a + dst[2] * (1 - a),
        a + dst[3] * (1 - a),
    )


def shade(x, y, size, maskable):
    """Premultiplied RGBA (0..255 colour, 0..1 alpha) at icon coordinates x, y in [0, 1]."""
    aa = 1.0 / (size * 3)

    def cov(d):
        return min(1.0, max(0.0, 0.5 - d / aa))

    px = (0.0, 0.0, 0.0, 0.0)
    tile = -1.0 if maskable else rrect_sdf(x - 0.5, y - 0.5, 0.5, 0.5, 0.22)
    c = cov(tile)
    if c <= 0:
        return px
    g = min(1.0, math.hypot(x - 0.45, y - 0.35) / 0.75)  # soft radial light on the felt
    felt = tuple(FELT_HI[i] * (1 - g) + FELT[i] * g for i in range(3))
    px = over(px, felt, c)
    back, front = scene(maskable)
    for die in (back, front):
        sh = die.body(x - 0.012, y - 0.028)  # soft drop shadow
        px = over(px, (0, 0, 0), 0.35 * c * min(1.0, max(0.0, 0.5 - sh / 0.035)))
        body = cov(die.body(x, y)) * c
        if body > 0:
            lx, ly = die.local(x, y)
            lit = 1.0 - 0.10 * (lx + ly) / (2 * die.half)  # gentle top-left highlight
            col = tuple(min(255.0, ch * lit) for ch in die.color)
            px = over(px, col, body)
            pip = cov(die.pip(x, y)) * body
            if pip > 0:
                px = over(px, PIP, pip)
    return px


def render(size: int, maskable: bool) -> bytes:
    rows = []
    offs = [(i + 0.5) / 3 for i in range(3)]
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            r = g = b = a = 0.0
            for oy in offs:
                for ox in offs:
                    p = shade((i + ox) / size, (j + oy) / size, size, maskable)
                    r += p[0]
                    g += p[1]
                    b += p[2]
                    a += p[3]
            r, g, b, a = r / 9, g / 9, b / 9, a / 9
            if a > 0:
                row += bytes((round(r / a), round(g / a), round(b / a), round(a * 255)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(w: int, h: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
    ]:
        (HERE / name).write_bytes(render(size, maskable))
        print("wrote", HERE / name)


if __name__ == "__main__":
    main()
