"""The words a page shows, read in the browser and checked with ``hauntkit.testing.wording``.

``page_texts`` collects what a player reads: every visible text node, each line of inline text
(a button's label, a table cell, a log line), every option of a visible list, the page's title
and the ``title``, ``aria-label``, ``placeholder`` and ``alt`` of visible elements; closed
``<details>`` are opened first, as a player would. ``page_problems`` checks them all, and
``prompt_repeats`` the labels of the prompt's buttons (one prompt never gives one label to two
choices); ``report`` lists what they found, each problem once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from hauntkit.testing.wording import problems, repeated

COLLECT = """() => {
  const found = [];
  const seen = new Set();
  const add = (kind, text) => {
    const words = (text || "").replace(/\\s+/g, " ").trim();
    if (words && !seen.has(kind + "\\u0000" + words)) { seen.add(kind + "\\u0000" + words); found.push([kind, words]); }
  };
  const shown = (e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  for (const d of document.querySelectorAll("details")) d.open = true;
  add("page title", document.title);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, template, option, select") || !shown(parent)) continue;
    add("text", node.nodeValue);
  }
  const inline = (e) => getComputedStyle(e).display.startsWith("inline");
  for (const e of document.body.querySelectorAll("*")) {
    if (e.tagName === "OPTION") {
      const list = e.closest("select");
      if (list && shown(list)) {
        add("option", e.textContent);
        // a choice named by its bare id: its words are its value
        if (e.value === e.textContent.trim() && /^[a-z][a-z0-9_-]*$/.test(e.value)) add("option by its id", e.value);
      }
      continue;
    }
    if (!shown(e)) continue;
    for (const name of ["title", "aria-label", "placeholder", "alt"]) {
      if (e.hasAttribute(name)) add(name, e.getAttribute(name));
    }
    if (e.closest("svg") || e.tagName === "SELECT") continue;
    if (e.tagName === "BUTTON" || (e.children.length && [...e.children].every(inline))) add("line", e.innerText);
  }
  return found;
}"""


def page_texts(page: Any) -> list[tuple[str, str]]:
    """(kind, text) of every piece of text ``page`` shows now, each once."""
    return [(kind, text) for kind, text in page.evaluate(COLLECT)]


def id_problems(kind: str, text: str, ids: Iterable[str] = ()) -> list[str]:
    """``problems(text)``, and "an id" when ``text`` names one of ``ids`` (whole words, case
    as given) or is a choice shown by its bare id."""
    found = problems(text)
    if kind == "option by its id":
        return ["a choice shown by its id"]
    for ident in ids:
        if re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text):
            found.append(f"an id: {ident}")
    return found


class Finding(NamedTuple):
    """One problem of a page's words: where (the page and the moment), the kind of text
    ("option", "title"...), what is wrong and the text."""

    where: str
    kind: str
    problem: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.kind}: {self.problem}: {self.text[:200]!r}"


def page_problems(page: Any, where: str, ids: Iterable[str] = ()) -> list[Finding]:
    """What is wrong with the words ``page`` shows now. ``ids``: ids the page must not show
    (a game's id)."""
    ids = list(ids)
    return [Finding(where, kind, problem, text)
            for kind, text in page_texts(page) for problem in id_problems(kind, text, ids)]


def report(findings: Iterable[Finding]) -> str:
    """One line a problem, where it was first seen: the same text found again later in a game
    is not repeated."""
    first: dict[tuple[str, str, str], Finding] = {}
    for found in findings:
        first.setdefault((found.kind, found.problem, found.text), found)
    return "\n".join(str(found) for found in first.values())


def prompt_choices(page: Any) -> list[tuple[str, str]]:
    """(label, action) of each button of the page's prompt, in order; a button that is no
    game action (data-action) stands for itself."""
    return [(" ".join(label.split()), action) for label, action in page.evaluate(
        """() => [...document.querySelectorAll("#prompt button")].map((b, i) =>
             [b.innerText, b.dataset.action || `button ${i}`])""")]


def prompt_repeats(page: Any, where: str) -> list[Finding]:
    """The labels the page's prompt gives to more than one choice (one choice may be shown
    twice, e.g. on its hunter's panel and in the plain list: that is one label)."""
    labels = [label for label, _ in dict.fromkeys(prompt_choices(page))]
    return [Finding(where, "prompt", "one label for two choices", f"{label} (among {labels})")
            for label in repeated(labels)]


def scan(page: Any, where: str, ids: Iterable[str] = ()) -> list[Finding]:
    """``page_problems`` and ``prompt_repeats`` together."""
    return page_problems(page, where, ids) + prompt_repeats(page, where)
