"""Screenshots compared with committed baselines (tests/web/baselines/*.png) within a small
tolerance. ``HAUNTKIT_UPDATE_SCREENSHOTS=1`` writes the baselines instead (then look at them)."""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

BASELINES = Path(__file__).resolve().parent / "baselines"
CHANNEL_TOLERANCE = 48  # a pixel differs when one of its channels moves more than this
# The share of differing pixels a match allows. The pages render pixel for pixel the same from
# run to run (measured: 0 differing pixels), while a lost round counter is 0.19% of the desktop
# picture, a lost legend entry 0.016% and "Round 2" for "Round 1" 0.002% (27 pixels): the
# tolerance (0.4% before) is below all of these (test_page_screens_compare.py).
PIXEL_TOLERANCE = 0.00001


def differing_share(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels of ``a`` and ``b`` (same size) that differ beyond the tolerance."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    hist = worst.histogram()
    return sum(hist[CHANNEL_TOLERANCE + 1:]) / (a.width * a.height)


def assert_matches(png: bytes, name: str, artifacts: Path) -> None:
    """``png`` looks like the baseline ``name``; on a mismatch the actual image and a diff are
    written to ``artifacts``."""
    actual_path = artifacts / f"actual-{name}.png"
    actual_path.write_bytes(png)
    actual = Image.open(actual_path)
    baseline = BASELINES / f"{name}.png"
    if os.environ.get("HAUNTKIT_UPDATE_SCREENSHOTS") == "1":
        BASELINES.mkdir(exist_ok=True)
        baseline.write_bytes(png)
    assert baseline.exists(), (
        f"no baseline {baseline}; run with HAUNTKIT_UPDATE_SCREENSHOTS=1, look at it, commit it")
    expected = Image.open(baseline)
    assert actual.size == expected.size, f"{name}: size {actual.size}, baseline {expected.size}"
    share = differing_share(actual, expected)
    if share > PIXEL_TOLERANCE:
        ImageChops.difference(actual.convert("RGB"), expected.convert("RGB")).save(
            artifacts / f"diff-{name}.png")
    assert share <= PIXEL_TOLERANCE, (
        f"{name}: {share:.2%} of the pixels differ from {baseline} (allowed "
        f"{PIXEL_TOLERANCE:.2%}); see {actual_path} and diff-{name}.png")
