"""Renders the web app's PNG icons and favicon from Sources/WebApp/Static/icon.svg.

icon-180.png (apple-touch-icon: square, as iOS rounds the corners itself), icon-192.png and icon-512.png (the manifest's), icon-maskable-512.png
(the figure inside the 80 % safe zone on a full-bleed background, for Android's masks) and
favicon.ico (16 and 32 px). Run through scripts/generate-icons.sh.
"""

import io
import re
from pathlib import Path

import cairosvg
from PIL import Image

STATIC = Path(__file__).resolve().parents[1] / "Sources" / "WebApp" / "Static"
OUT = STATIC / "icons"


def render(svg: str, size: int) -> Image.Image:
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=size, output_height=size)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def maskable(svg: str) -> str:
    """The same figure on a square background, scaled to 70 % around the centre."""
    fill = re.search(r'<rect[^>]*fill="([^"]+)"', svg).group(1)
    figure = re.sub(r"<rect[^>]*/>", "", re.search(r"<svg[^>]*>(.*)</svg>", svg, re.S).group(1))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            f'<rect width="64" height="64" fill="{fill}"/>'
            f'<g transform="translate(9.6 9.6) scale(.7)">{figure}</g></svg>')


def main() -> None:
    svg = (STATIC / "icon.svg").read_text()
    OUT.mkdir(exist_ok=True)
    render(re.sub(r' rx="[^"]*"', "", svg), 180).save(OUT / "icon-180.png", optimize=True)
    for size in (192, 512):
        render(svg, size).save(OUT / f"icon-{size}.png", optimize=True)
    render(maskable(svg), 512).save(OUT / "icon-maskable-512.png", optimize=True)
    render(svg, 32).save(OUT / "favicon.ico", sizes=[(16, 16), (32, 32)])


if __name__ == "__main__":
    main()
