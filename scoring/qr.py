"""QR codes of table links, as SVG: the one place the QR library is called."""

from __future__ import annotations

import qrcode
import qrcode.image.svg
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, *, box_size: int) -> SafeString:
    """The QR code of a URL we built, as inline SVG text (``box_size`` pixels a module)."""
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=box_size)
    # The library's own SVG of a URL we built: no user text in it.
    return mark_safe(image.to_string(encoding="unicode"))  # noqa: S308
