"""Fixtures of the browser tests: a real server (SQLite) and Debian's chromium via Playwright."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from harness import ServerProcess  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if str(item.fspath).startswith(str(Path(__file__).parent)):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    exe = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not exe:
        pytest.fail("Debian's chromium is not installed: run make browser-deps, or deselect "
                    "the browser tests with -m 'not browser'")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run",
        ])
        yield b
        b.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One --dev server (SQLite) for the browser tests; each test plays its own games."""
    db = tmp_path_factory.mktemp("web") / "web.db"
    srv = ServerProcess(f"sqlite:///{db}", "", dev=True, bot_delay=0.0).start()
    yield srv
    srv.kill()


@pytest.fixture
def shots() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
