"""Build docs/rules-coverage.md: every section and table of the rule documents, with the tests
that cite it.

Usage: python scripts/rules_coverage.py [RULES_DIR] [--check]
RULES_DIR defaults to ../shared/rules beside the repository. Without --check the doc is written;
with it, the script exits 1 when the committed doc differs from a fresh build.

A test cites a section when its text names the document (file name, or "rulebook digest",
"Legacy rulebook", or plain "rulebook" in a legacy test) followed by the section's heading in
quotes, e.g. betrayal-legacy-rulebook.md "Monsters" or riddle-of-the-beast-rules.md
"Gear Shop / Relics". In tests/rulesets/legacy and tests/rulesets/beast (and scenario files of
those rulesets) a docstring, comment or scenario rule field may leave the document out: the
folder names it. The quoted name must equal the heading (case and spacing aside); a name
that two headings share must be qualified by its parent ("Melee Weapons / Weapon Class Special
Ability") and otherwise counts for neither. A test also cites a section through a ruling: when
it names a ruling id (RULING B3, HB-2, HL-14 ...) whose text in RULINGS.md or docs/rulings.md
cites that section the same way. A table counts as cited when its own heading is.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_RULES = REPO.parent / "shared" / "rules"
DOC_PATH = REPO / "docs" / "rules-coverage.md"
TESTS = REPO / "tests"
SELF_TEST = "tests/rulesets/test_rules_coverage_doc.py"

BETRAYAL_DOCS = (
    "betrayal-turn-movement-cards.md",
    "betrayal-items-dice-attacks.md",
    "betrayal-rulebook-digest.md",
)
LEGACY_DOC = "betrayal-legacy-rulebook.md"
BEAST_DOC = "riddle-of-the-beast-rules.md"
DOCUMENTS = (*BETRAYAL_DOCS, LEGACY_DOC, BEAST_DOC)

# How a text names a document; "rulebook" alone means the Legacy rulebook in legacy tests only.
DOC_REFERENCE = re.compile(
    r"(?P<file>betrayal-[a-z-]+\.md|riddle-of-the-beast-rules\.md)"
    r"|(?P<digest>\b(?:rulebook )?digest\b)"
    r"|(?P<legacy>\blegacy rulebook\b)"
    r"|(?P<bare>\brulebook\b)",
    re.IGNORECASE,
)
QUOTED = re.compile(r"[\"“]([^\"“”]{1,80})[\"”]")
SCOPE_END = re.compile(r"\n\s*\n|\"\"\"|\n\s*-\s|\n\S")
SCOPE_CHARS = 400

# Lines of the plain-text documents that are left-overs of the PDF extraction, not headings.
ARTEFACTS = re.compile(r"\.pdf$|^Page \d|^Text preview$")
# Legacy rulebook capital lines that are not sections: cover, contents, stickers, colophon.
LEGACY_NOT_SECTIONS = re.compile(
    r"^(BETRAYAL LEGACY.*|RULEBOOK|AGE 12\+|TABLE OF CONTENTS|RULES STICKER.*|[A-Z]|U\.S\.A\.|"
    r"MADE IN CHINA|CREDITS|QUESTIONS|\d+\..*)$"
)
SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "if", "in", "of", "off", "on",
               "or", "the", "to", "vs", "with"}


@dataclass
class Row:
    """One section or table of a rule document."""

    document: str
    kind: str  # "section" or "table"
    title: str
    parents: tuple[str, ...]
    line: int
    after: str = ""  # the heading before it, in the documents without levels
    direct: set[str] = field(default_factory=set)
    via_ruling: dict[str, set[str]] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return " / ".join((*self.parents, self.title))

    @property
    def covered(self) -> bool:
        return bool(self.direct or self.via_ruling)


def normal(text: str) -> str:
    """Compare headings and citations without case, curly quotes, spacing or trailing marks."""
    text = text.replace("’", "'").replace("‘", "'").replace("…", "...")
    text = re.sub(r"\s*\n\s*#?\s*", " ", text)
    return re.sub(r"\s+", " ", text).strip(" *.:").lower()


def title_case(caps: str) -> str:
    """A capital-letter heading of the Legacy rulebook in title case."""
    words = []
    for n, word in enumerate(caps.split()):
        if any(ch.isdigit() for ch in word):
            words.append(word)
        elif n and word.lower() in SMALL_WORDS:
            words.append(word.lower())
        else:
            words.append("/".join(re.sub(r"[a-z]", lambda m: m.group().upper(), part.lower(), count=1)
                                  for part in word.split("/")))
    return " ".join(words)


# ---------------------------------------------------------------- reading the documents


def markdown_rows(name: str, text: str) -> list[Row]:
    """Headings (#, and lines that are only bold text) and tables of a markdown document."""
    rows: list[Row] = []
    stack: list[tuple[int, str]] = []
    in_table = False
    lines = text.splitlines()
    top = [line for line in lines if re.match(r"^#\s", line)]
    doc_title = top[0] if len(top) == 1 and re.search(r"^##\s", text, re.MULTILINE) else None
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if line == doc_title:
            continue  # the document's own title, not a section
        heading = re.match(r"^(#{1,6})\s+(.*\S)", line)
        bold = re.fullmatch(r"\*\*([^*]+)\*\*", stripped)
        if heading or bold:
            level = len(heading.group(1)) if heading else 7
            title = (heading.group(2) if heading else bold.group(1)).strip()
            while stack and stack[-1][0] >= level:
                stack.pop()
            rows.append(Row(name, "section", title, tuple(t for _, t in stack), n))
            stack.append((level, title))
        if stripped.startswith("|") and not in_table:
            header = [cell.strip() for cell in stripped.strip("|").split("|")]
            columns = ", ".join(cell for cell in header if cell)
            parents = tuple(t for _, t in stack)
            rows.append(Row(name, "table", f"table ({columns})", parents, n))
        in_table = stripped.startswith("|")
    return rows


def is_title_line(line: str) -> bool:
    """A heading line of the plain-text betrayal documents: short, in title case, no full stop."""
    words = line.split()
    if not 1 <= len(words) <= 16 or len(line) > 80 or line[-1] in ".,;:!)" or ARTEFACTS.search(line):
        return False
    return line[0].isupper() and all(w[0].isupper() or w.lower() in SMALL_WORDS for w in words)


def plain_rows(name: str, text: str) -> list[Row]:
    """Headings of a plain-text document (each its own line, followed by text)."""
    rows: list[Row] = []
    lines = text.splitlines()
    previous = ""
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped and is_title_line(stripped):
            rows.append(Row(name, "section", stripped, (), n, after=previous))
            previous = stripped
    return rows


def legacy_rows(name: str, text: str) -> list[Row]:
    """Headings of the Legacy rulebook: lines in capital letters, each in title case."""
    rows: list[Row] = []
    previous = ""
    in_table = False
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("|"):
            if not in_table:
                header = [cell.strip() for cell in stripped.strip("|").split("|")]
                columns = ", ".join(title_case(cell) for cell in header if cell)
                rows.append(Row(name, "table", f"table ({columns})", (previous,), n))
            in_table = True
            continue
        in_table = False
        letters = [ch for ch in stripped if ch.isalpha()]
        if (len(letters) < 2 or stripped != stripped.upper() or stripped.endswith(".")
                or stripped.startswith(("-", "*")) or LEGACY_NOT_SECTIONS.match(stripped)):
            continue
        title = title_case(stripped)
        rows.append(Row(name, "section", title, (), n, after=previous))
        previous = title
    return rows


def document_rows(rules: Path) -> list[Row]:
    rows: list[Row] = []
    for name in DOCUMENTS:
        text = (rules / name).read_text(encoding="utf-8")
        if name == LEGACY_DOC:
            rows += legacy_rows(name, text)
        elif re.search(r"^#\s", text, re.MULTILINE):
            rows += markdown_rows(name, text)
        else:
            rows += plain_rows(name, text)
    return rows


# ---------------------------------------------------------------- reading citations


def cited_rows(text: str, rows: list[Row], legacy_context: bool,
               implied: str | None = None) -> tuple[set[int], set[str], set[str]]:
    """Indexes of the rows a text cites; the names it used that two headings share; and the
    names quoted right after a document's name that are none of its headings. `implied` names
    the document that every quoted heading of the text refers to."""
    found: set[int] = set()
    ambiguous: set[str] = set()
    unknown: set[str] = set()
    refs = list(DOC_REFERENCE.finditer(text))
    scopes: list[tuple[str, str, bool]] = [(implied, text, False)] if implied else []
    for i, ref in enumerate(refs):
        if ref.group("file"):
            document = ref.group("file")
        elif ref.group("digest"):
            document = "betrayal-rulebook-digest.md"
        elif ref.group("legacy") or legacy_context:
            document = LEGACY_DOC
        else:
            continue
        end = refs[i + 1].start() if i + 1 < len(refs) else len(text)
        scope = text[ref.end():min(end, ref.end() + SCOPE_CHARS)]
        stop = SCOPE_END.search(scope)
        if stop:
            scope = scope[:stop.start()]
        scopes.append((document, scope, True))
    for document, scope, explicit in scopes:
        for quote in QUOTED.finditer(scope):
            parts = [normal(p) for p in quote.group(1).split(" / ")]
            *qualifiers, name = parts
            matches = [
                k for k, row in enumerate(rows)
                if row.document == document and normal(row.title) == name
                and all(q in {normal(p) for p in (*row.parents, row.after)} for q in qualifiers)
            ]
            sections = [k for k in matches if rows[k].kind == "section"]
            if len(sections) == 1:
                found.add(sections[0])
            elif len(sections) > 1:
                ambiguous.add(f"{document} \"{quote.group(1)}\"")
            elif (explicit and re.fullmatch(r"[\s,:(]*", scope[:quote.start()])
                  and quote.group(1)[:1].isupper()):
                unknown.add(f"{document} \"{' '.join(quote.group(1).split())}\"")
    return found, ambiguous, unknown


RULING_ID = re.compile(r"\b(H(?:B|C|K|L|LC|R|S)-\d+)\b")
B_RULINGS = re.compile(r"RULINGS?\b((?:[\s,/]*(?:and\s+)?B\d+(?:\s*[-–]\s*B\d+)?\b)+)")


def ruling_ids(text: str) -> set[str]:
    """Ruling ids a text names: HB-2 style anywhere; B3 style after the word RULING(S)."""
    ids = set(RULING_ID.findall(text))
    for group in B_RULINGS.finditer(text):
        for low, high in re.findall(r"B(\d+)(?:\s*[-–]\s*B(\d+))?", group.group(1)):
            ids.update(f"B{k}" for k in range(int(low), int(high or low) + 1))
    return ids


def implied_document(title: str) -> str | None:
    """The rule document a rulings heading is about, if it is one game's alone."""
    title = title.lower()
    if "legacy" in title:
        return LEGACY_DOC
    if "riddle of the beast" in title:
        return BEAST_DOC
    return None


def rulings(paths: list[Path]) -> dict[str, tuple[str, str | None]]:
    """Each ruling's id, its text, and the document its heading implies."""
    found: dict[str, tuple[str, str | None]] = {}
    for path in paths:
        if not path.exists():
            continue
        implied: str | None = None
        current = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                implied = implied_document(line)
                current = None
                continue
            start = re.match(r"^- \*\*((?:[A-Z]+-)?[A-Z]?\d+)\b", line)
            if start:
                current = start.group(1)
                found[current] = (line, implied)
            elif current and line.startswith("  "):
                text, flag = found[current]
                found[current] = (text + "\n" + line, flag)
            else:
                current = None
    return found


@dataclass
class Unit:
    """One test: a test function, the rest of a test module, or a scenario file."""

    test_id: str
    text: str  # all of it: a citation names its document here
    notes: str  # docstrings and comments (a scenario's rule field)
    implied: str | None  # the document a quoted heading in the notes refers to


FOLDER_DOCUMENT = {"tests/rulesets/legacy/": LEGACY_DOC, "tests/rulesets/beast/": BEAST_DOC}
RULESET_DOCUMENT = {"legacy": LEGACY_DOC, "beast": BEAST_DOC}


def test_units(tests: Path) -> list[Unit]:
    """Every test function and scenario file under ``tests``."""
    units: list[Unit] = []
    for path in sorted(tests.rglob("*")):
        rel = path.relative_to(tests.parent).as_posix()
        if rel == SELF_TEST:
            continue  # its examples of citations are about the matching, not the rules
        implied = next((doc for folder, doc in FOLDER_DOCUMENT.items()
                        if rel.startswith(folder)), None)
        if path.suffix in {".yaml", ".yml"}:
            text = path.read_text(encoding="utf-8")
            rule = re.search(r"^rule:(.*(?:\n[ \t].*)*)", text, re.MULTILINE)
            if rule:
                ruleset = re.search(r"^ruleset:\s*(\w+)", text, re.MULTILINE)
                if ruleset:
                    implied = RULESET_DOCUMENT.get(ruleset.group(1))
                units.append(Unit(rel, text, rule.group(1), implied))
        elif path.suffix == ".py" and path.name.startswith("test_"):
            units += python_units(path, rel, implied)
    return units


def python_units(path: Path, rel: str, implied: str | None) -> list[Unit]:
    """Each test function's lines, and the rest of the file under the file's own name."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    comments: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0] - 1] = tok.string
    taken = [False] * len(lines)
    units: list[Unit] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            span = range(node.lineno - 1, node.end_lineno or node.lineno)
            for k in span:
                taken[k] = True
            notes = [ast.get_docstring(node) or "", *(comments[k] for k in span if k in comments)]
            units.append(Unit(f"{rel}::{node.name}", "\n".join(lines[k] for k in span),
                              "\n".join(notes), implied))
    rest = "\n".join(line if not taken[k] else "" for k, line in enumerate(lines))
    notes = [ast.get_docstring(tree) or "",
             *(c for k, c in sorted(comments.items()) if not taken[k])]
    units.append(Unit(rel, rest, "\n".join(notes), implied))
    return units


def build(rules: Path, repo: Path = REPO) -> str:
    """The text of docs/rules-coverage.md for the rule documents in `rules`."""
    rows = document_rows(rules)
    by_ruling: dict[str, set[int]] = {}
    for rid, (text, implied) in rulings([rules / "RULINGS.md", repo / "docs" / "rulings.md"]).items():
        found, _, _ = cited_rows(text, rows, implied == LEGACY_DOC, implied)
        if found:
            by_ruling[rid] = found
    ambiguous: dict[str, set[str]] = {}
    unknown: dict[str, set[str]] = {}
    for unit in test_units(repo / "tests"):
        legacy = unit.implied == LEGACY_DOC
        found, unclear, strange = cited_rows(unit.text, rows, legacy)
        if unit.implied:
            more, unclear_more, _ = cited_rows(unit.notes, rows, legacy, unit.implied)
            found, unclear = found | more, unclear | unclear_more
        for k in found:
            rows[k].direct.add(unit.test_id)
        for name in unclear:
            ambiguous.setdefault(name, set()).add(unit.test_id)
        for name in strange:
            unknown.setdefault(name, set()).add(unit.test_id)
        for rid in ruling_ids(unit.text):
            for k in by_ruling.get(rid, ()):
                rows[k].via_ruling.setdefault(rid, set()).add(unit.test_id)
    for row in rows:
        if row.kind == "table":
            owner = next((r for r in rows if r.kind == "section" and r.document == row.document
                          and row.parents and r.title == row.parents[-1]
                          and r.parents == row.parents[:-1]), None)
            if owner:
                row.direct |= owner.direct
                for rid, ids in owner.via_ruling.items():
                    row.via_ruling.setdefault(rid, set()).update(ids)
    return render(rows, ambiguous, unknown)


# ---------------------------------------------------------------- writing the doc


def share(rows: list[Row], direct_only: bool = False) -> str:
    hit = sum(1 for r in rows if (r.direct if direct_only else r.covered))
    return f"{hit}/{len(rows)} ({100 * hit / len(rows):.0f}%)" if rows else "0/0"


def tests_cell(row: Row, limit: int = 6) -> str:
    names = sorted(row.direct)
    via = sorted({t for ids in row.via_ruling.values() for t in ids} - row.direct)
    shown = [f"`{t}`" for t in names[:limit]]
    if len(names) > limit:
        shown.append(f"and {len(names) - limit} more")
    if via:
        rids = ", ".join(sorted(row.via_ruling))
        shown.append(f"through {rids}: {len(via)} test{'s' if len(via) > 1 else ''}"
                     + (f" (`{via[0]}`" + (", ..." if len(via) > 1 else "") + ")"))
    return "; ".join(shown) if shown else "**none**"


def render(rows: list[Row], ambiguous: dict[str, set[str]],
           unknown: dict[str, set[str]]) -> str:
    out = [
        "# Rules coverage",
        "",
        "Every section and table of the rule documents (kept outside the repository, in",
        "`../shared/rules`) with the tests that cite it. Generated by `scripts/rules_coverage.py`;",
        "`tests/rulesets/test_rules_coverage_doc.py` fails when this file is stale. Regenerate with",
        "`python scripts/rules_coverage.py [RULES_DIR]`.",
        "",
        "A test cites a section when it names the document (file name; \"rulebook digest\";",
        "\"Legacy rulebook\", or \"rulebook\" in a legacy test) followed by the section's heading in",
        "quotes, e.g. `betrayal-legacy-rulebook.md \"Monsters\"` or",
        "`riddle-of-the-beast-rules.md \"Gear Shop / Relics\"`. In the docstrings and comments of",
        "tests/rulesets/legacy and tests/rulesets/beast, and the `rule` field of legacy and beast",
        "scenario files, the folder (or ruleset) names the document. The quoted name must be the",
        "heading itself; a heading that appears twice must be qualified by its parent. A test also",
        "cites a section through a ruling id (RULING B3, HB-2 ...) whose text cites that section",
        "the same way (a ruling under a game's title names that game's document). A table is cited",
        "when its own heading is.",
        "",
        "## Share of rows with at least one test",
        "",
        "| document | rows | cited directly | directly or through a ruling |",
        "|---|---|---|---|",
    ]
    for name in DOCUMENTS:
        mine = [r for r in rows if r.document == name]
        out.append(f"| {name} | {len(mine)} | {share(mine, True)} | {share(mine)} |")
    out.append(f"| all | {len(rows)} | {share(rows, True)} | {share(rows)} |")
    for name in DOCUMENTS:
        out += ["", f"## {name}", "", "| line | section or table | tests |", "|---|---|---|"]
        for row in (r for r in rows if r.document == name):
            label = row.label.replace("|", "\\|")
            out.append(f"| {row.line} | {label} | {tests_cell(row)} |")
    if ambiguous:
        out += ["", "## Citations that name a heading found twice (counted for neither)", ""]
        for name in sorted(ambiguous):
            out.append(f"- {name}: {', '.join(f'`{t}`' for t in sorted(ambiguous[name]))}")
    if unknown:
        out += ["", "## Citations that name no heading of their document (counted for none)", "",
                "A quoted name right after a document's name that is not one of its headings",
                "(an abbreviation, a phrase of the text): worth rewording to the heading.", ""]
        for name in sorted(unknown):
            out.append(f"- {name}: {', '.join(f'`{t}`' for t in sorted(unknown[name]))}")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    rules = Path(args[0]) if args else DEFAULT_RULES
    if not rules.is_dir():
        print(f"rules_coverage.py: no rules folder at {rules}", file=sys.stderr)
        return 2
    text = build(rules)
    if check:
        if DOC_PATH.read_text(encoding="utf-8") != text:
            print("docs/rules-coverage.md is stale: run python scripts/rules_coverage.py",
                  file=sys.stderr)
            return 1
        return 0
    DOC_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {DOC_PATH.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
