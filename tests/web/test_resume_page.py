"""Save and go on later (docs/playing.md, "Saves"): the host downloads the save mid-game, the
lobby's "Continue a saved game" takes it, and the new game's seat opens at the same position;
a file that is no save is refused in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from harness import ServerProcess


def test_download_mid_game_and_continue_from_the_lobby(browser: Any, web_server: ServerProcess,
                                                       tmp_path: Path) -> None:
    made = web_server.create(ruleset="beast", seed=6, seats=[{"kind": "human"}])
    gid, token = made["id"], made["seats"][0]["token"]
    for _ in range(3):
        legal = web_server.state(gid, token)["legal_actions"]
        r = httpx.post(f"{web_server.url}/api/games/{gid}/act", json={"action": legal[0]},
                       headers={"Authorization": f"Bearer {token}"}, timeout=60)
        assert r.status_code == 200, r.text
    ctx = browser.new_context(accept_downloads=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["host_url"])
    page.wait_for_selector("#download-save")
    with page.expect_download() as info:
        page.click("#download-save")
    save_file = tmp_path / "save.json"
    info.value.save_as(save_file)

    lobby = ctx.new_page()
    lobby.goto(web_server.url + "/")
    bad = tmp_path / "not-a-save.json"
    bad.write_text("this is not json")
    lobby.set_input_files("#resume-file", str(bad))
    lobby.click("#resume-btn")
    lobby.wait_for_selector("#resume-error:has-text('not a hauntkit save')")
    lobby.set_input_files("#resume-file", str(save_file))
    lobby.click("#resume-btn")
    lobby.wait_for_selector("#links-panel:not([hidden]) .seat-link")
    url = lobby.locator(".seat-link").first.get_attribute("href")
    assert gid not in url
    seat = ctx.new_page()
    seat.goto(url)
    seat.wait_for_function("() => document.body.dataset.version === '3'", timeout=15_000)
    seat.wait_for_selector("#prompt button.action")
    assert not errors
    ctx.close()
