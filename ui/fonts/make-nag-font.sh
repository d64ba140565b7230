#!/bin/sh
# Builds NAGSymbols.ttf, the glyphs of the NAG symbols (ui/nag.go) and of
# the other symbols the window writes that Noto Sans, Fyne's text font,
# lacks: a subset of Noto Sans Math (with ← ↓ ≤ ≥ too), of Noto Sans
# Symbols 2 for □, the list's ▲ ▼ and the chess figurines ♔–♟ (before the
# players' names, and the figurine notation), and of Noto Sans Symbols for
# the fallen flag ⚑ (on Windows no font of the system's is looked in for
# them: they showed as "�"; TestWindowTextHasGlyphs checks the list)
# (Debian: fonts-noto-core, python3-fonttools), with the
# spaces (a space after a symbol is drawn from the symbol's font: the same
# advance as Noto Sans's, 260 units, not an empty box), and with
# Noto Sans's line metrics so that a line keeps its height and baseline.
set -e
noto=/usr/share/fonts/truetype/noto
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=/usr/bin/python3
$py -m fontTools.subset $noto/NotoSansMath-Regular.ttf --output-file="$tmp/math.ttf" \
	--unicodes=U+0020,U+00A0,U+2190,U+2193,U+2264,U+2265,U+221E,U+2A72,U+2A71,U+2213,U+2212,U+2A00,U+27F3,U+2191,U+2192,U+21C6,U+2A01,U+2206 \
	--layout-features= --no-hinting --drop-tables+=MATH,GDEF,GSUB,GPOS
$py -m fontTools.subset $noto/NotoSansSymbols2-Regular.ttf --output-file="$tmp/sym2.ttf" \
	--unicodes=U+25A1,U+25B2,U+25BC,U+2654-265F --layout-features= --no-hinting
$py -m fontTools.subset $noto/NotoSansSymbols-Regular.ttf --output-file="$tmp/sym1.ttf" \
	--unicodes=U+2691 --layout-features= --no-hinting
$py -m fontTools.merge "$tmp/math.ttf" "$tmp/sym2.ttf" "$tmp/sym1.ttf" --output-file="$tmp/merged.ttf"
$py - "$tmp/merged.ttf" "$(dirname "$0")/NAGSymbols.ttf" <<'PY'
import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1])
f['hhea'].ascent, f['hhea'].descent, f['hhea'].lineGap = 1069, -293, 0
os2 = f['OS/2']
os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = 1069, -293, 0
os2.usWinAscent, os2.usWinDescent = 1069, 293
for rec in f['name'].names:
    if rec.nameID in (1, 4, 16):
        rec.string = 'Touchmove NAG Symbols'
    elif rec.nameID == 6:
        rec.string = 'TouchmoveNAGSymbols-Regular'
f.save(sys.argv[2])
PY
