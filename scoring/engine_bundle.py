"""The Python the tablet's own engine runs (Pyodide in a Web Worker), as one zip: the rules
engine, the cores' error shape, the board's geometry and game_script, exactly the files the
server imports. Served by views.tablet_engine and replayed against the server's results by
tests/scoring/test_engine_in_pyodide.py."""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scoring/engine", "coded")
MODULES = ("scoring/board_svg.py", "scoring/game_script.py")


def bundle_files() -> list[str]:
    """The bundled files, as paths from the project's root."""
    files = [str(path.relative_to(ROOT)) for package in PACKAGES
             for path in sorted((ROOT / package).glob("*.py"))]
    return [*files, *MODULES]


@cache
def bundle_zip() -> tuple[bytes, str]:
    """(zip bytes, a short digest for the ETag and the address). The scoring package itself is
    an empty one in the zip: its __init__ is not needed, and nothing of Django comes along."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr(zipfile.ZipInfo("scoring/__init__.py", (2020, 1, 1, 0, 0, 0)), "")
        for name in bundle_files():
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))  # the same bytes on every start
            bundle.writestr(info, (ROOT / name).read_bytes(), zipfile.ZIP_DEFLATED)
    data = out.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:16]
