"""Loading content packs: YAML files validated by pydantic models, with every problem reported
as ``file:line: field: what was expected``.

A ruleset describes its pack with a ``PackSpec``: which top-level YAML keys hold which kind of
document (each kind a pydantic model with an ``id``). ``load_pack`` reads every ``*.yaml`` file
under the given folders, validates each document, checks duplicate ids, and raises one
``ContentError`` listing every problem, so a broken pack never loads half-way.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, TypeAdapter, ValidationError

from hauntkit.core.errors import ContentError


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """A safe loader that records the line of every mapping and sequence item. On libyaml's
    parser where PyYAML has it (the same nodes and marks, ~15x faster than the pure-Python
    scanner: content loading dominated every command's start-up)."""


class DuplicateKeyError(yaml.YAMLError):
    """Mappings that name the same key twice (plain YAML would silently keep the last value).
    ``duplicates`` lists ``(line, key, first_line)`` in file order."""

    def __init__(self, path: Path, duplicates: list[tuple[int, Any, int]]) -> None:
        self.path = path
        self.duplicates = duplicates
        super().__init__("\n".join(self.problems()))

    def problems(self) -> list[str]:
        """One ``file:line: key: duplicate key (first on line N)`` per duplicate."""
        return [f"{self.path}:{line}: {key}: duplicate key (first on line {first}); a key may "
                "appear only once in a mapping" for line, key, first in self.duplicates]


def _duplicate_keys(loader: _LineLoader, root: yaml.Node | None) -> list[tuple[int, Any, int]]:
    """Every repeated key of every mapping under ``root``: ``(line, key, first line)``."""
    out: list[tuple[int, Any, int]] = []
    todo = [root] if root is not None else []
    done: set[int] = set()
    while todo:
        node = todo.pop()
        if id(node) in done:
            continue  # an alias of a node already checked
        done.add(id(node))
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, value_node in node.value:
                todo += [key_node, value_node]
                if key_node.tag == "tag:yaml.org,2002:merge" or \
                        not isinstance(key_node, yaml.ScalarNode):
                    continue  # ``<<: *defaults`` may be overridden on purpose
                key = loader.construct_object(key_node)
                line = key_node.start_mark.line + 1
                if key in seen:
                    out.append((line, key, seen[key]))
                else:
                    seen[key] = line
        elif isinstance(node, yaml.SequenceNode):
            todo += node.value
    return sorted(out, key=lambda d: d[0])


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> dict[str, Any]:
    mapping = loader.construct_mapping(node, deep=True)
    lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        lines[key] = value_node.start_mark.line + 1
    mapping_with_lines = _LinedDict(mapping)
    mapping_with_lines.line = node.start_mark.line + 1
    mapping_with_lines.key_lines = lines
    return mapping_with_lines


class _LinedDict(dict):
    line: int = 0
    key_lines: dict[Any, int]


class _LinedList(list):
    line: int = 0
    item_lines: list[int]


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> list[Any]:
    seq = _LinedList(loader.construct_sequence(node, deep=True))
    seq.line = node.start_mark.line + 1
    seq.item_lines = [child.start_mark.line + 1 for child in node.value]
    return seq


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml_with_lines(path: Path) -> Any:
    """Parse a YAML file; mappings and lists remember their line numbers. A key repeated in a
    mapping raises ``DuplicateKeyError`` naming every such key and its line."""
    with path.open(encoding="utf-8") as fh:
        return _load_strict(fh, path)


def load_yaml_text_with_lines(text: str, where: str) -> Any:
    """Parse YAML text as ``load_yaml_with_lines`` parses a file (``where`` names it in errors)."""
    return _load_strict(text, Path(where))


def validate_document(model: type[BaseModel], data: Any, where: str) -> tuple[Any, list[str]]:
    """Validate a whole document parsed with lines against ``model``: the model, or None and
    every problem as ``where:line: field: what was expected``."""
    try:
        return model.model_validate(plain(data)), []
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = _data_loc(data, err["loc"])
            problems.append(f"{where}:{line_of(data, loc)}: {_fmt_loc(loc)}: {_explain(model, err)}")
        return None, problems


def load_yaml_text(text: str, where: str = "<text>") -> Any:
    """Parse YAML text as strictly as files (duplicate keys refused); plain dicts and lists."""
    return plain(_load_strict(text, Path(where)))


def _load_strict(stream: Any, path: Path) -> Any:
    loader = _LineLoader(stream)
    try:
        node = loader.get_single_node()
        duplicates = _duplicate_keys(loader, node)
        if duplicates:
            raise DuplicateKeyError(path, duplicates)
        return loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()


def line_of(data: Any, loc: Iterable[Any]) -> int:
    """The line of the deepest node of ``data`` reachable along ``loc``."""
    line = getattr(data, "line", 1)
    node = data
    for part in loc:
        if isinstance(node, _LinedDict) and part in node:
            line = node.key_lines.get(part, line)
            node = node[part]
        elif isinstance(node, _LinedList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.item_lines[part]
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str):
            continue  # a union member's tag or class name in a pydantic location
        else:
            break
        line = getattr(node, "line", line) if isinstance(node, (_LinedDict, _LinedList)) else line
    return line


def plain(data: Any) -> Any:
    """Strip line bookkeeping: plain dicts and lists."""
    if isinstance(data, dict):
        return {k: plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [plain(v) for v in data]
    return data


def _data_loc(data: Any, loc: Iterable[Any]) -> list[Any]:
    """A pydantic location without the tags/class names pydantic adds for union members: only
    the keys and indexes that are in the data (and the last part, e.g. a missing field)."""
    parts = list(loc)
    out: list[Any] = []
    node = data
    for n, part in enumerate(parts):
        if isinstance(node, dict):
            if part in node:
                out.append(part)
                node = node[part]
            elif n == len(parts) - 1:
                out.append(part)
        elif isinstance(node, list) and isinstance(part, int):
            out.append(part)
            node = node[part] if 0 <= part < len(node) else None
        else:
            out.append(part)
            node = None
    return out


def _fmt_loc(loc: Iterable[Any]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


@dataclass
class PackSpec:
    """What a ruleset's pack contains: top-level key -> model of one item of that list."""

    ruleset: str
    kinds: dict[str, type[BaseModel]]
    # Extra whole-pack checks (references between files, impossible values). Each returns
    # problems as (kind, id, message) or (kind, id, loc, message), where loc is the path of the
    # offending field inside that item (e.g. ("exits", 2, "room")) so the error names its line.
    checks: list[Callable[[dict[str, dict[str, BaseModel]]], list[tuple[Any, ...]]]] = field(
        default_factory=list
    )
    # Passed to pydantic as the validation context of every item: settings a ruleset's models
    # read while validating (e.g. betrayal's ``scale_values``: how many values a player-count
    # scaling names).
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class Pack:
    """A validated pack: ``items[kind][id] = model``, and where each id was defined."""

    ruleset: str
    items: dict[str, dict[str, BaseModel]]
    origin: dict[tuple[str, str], str]


# A pack folder's rules summary (core/rules_summary.py): read by the rules page, not pack content.
RULES_SUMMARY_FILE = "rules.yaml"


def yaml_files(paths: Iterable[str | Path]) -> list[Path]:
    """The YAML files of ``paths``: each file given, and every ``*.yaml``/``*.yml`` under each
    folder given, except the folder's own rules summary (``rules.yaml`` at its top)."""
    files: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found = sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml"))
            files.extend(f for f in found if f != p / RULES_SUMMARY_FILE)
        elif p.exists():
            files.append(p)
        else:
            raise ContentError([f"{p}: no such file or folder"])
    return files


def load_pack(spec: PackSpec, paths: Iterable[str | Path]) -> Pack:
    """Load and validate every YAML file under ``paths`` (later paths may override ids of
    earlier ones only with ``replace: true``). Raise ``ContentError`` listing every problem."""
    problems: list[str] = []
    items: dict[str, dict[str, BaseModel]] = {k: {} for k in spec.kinds}
    origin: dict[tuple[str, str], str] = {}
    raw_at: dict[tuple[str, str], tuple[Path, Any, list[Any]]] = {}
    adapters = {k: TypeAdapter(m) for k, m in spec.kinds.items()}
    for path in yaml_files(paths):
        try:
            data = load_yaml_with_lines(path)
        except DuplicateKeyError as exc:
            problems += exc.problems()
            continue
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark else 1
            problems.append(f"{path}:{line}: YAML syntax error: {getattr(exc, 'problem', exc)}")
            continue
        if data is None:
            continue
        if not isinstance(data, dict):
            problems.append(f"{path}:1: expected a mapping with keys {sorted(spec.kinds)}")
            continue
        for key, value in data.items():
            if key == "ruleset":
                if value != spec.ruleset:
                    problems.append(
                        f"{path}:{line_of(data, [key])}: ruleset: expected {spec.ruleset!r}, "
                        f"got {value!r}"
                    )
                continue
            if key not in spec.kinds:
                problems.append(
                    f"{path}:{line_of(data, [key])}: {key}: unknown section; expected one of "
                    f"{', '.join(sorted(spec.kinds))}"
                )
                continue
            if not isinstance(value, list):
                problems.append(f"{path}:{line_of(data, [key])}: {key}: expected a list")
                continue
            for i, raw in enumerate(value):
                try:
                    model = adapters[key].validate_python(plain(raw), context=spec.context)
                except ValidationError as exc:
                    for err in exc.errors():
                        loc = [key, i, *_data_loc(raw, err["loc"])]
                        problems.append(
                            f"{path}:{line_of(data, loc)}: {_fmt_loc(loc)}: "
                            f"{_explain(spec.kinds[key], err)}"
                        )
                    continue
                item_id = model.id  # type: ignore[attr-defined]
                where = f"{path}:{line_of(data, [key, i])}"
                replace = bool(getattr(model, "replace", False))
                if item_id in items[key] and not replace:
                    problems.append(
                        f"{where}: {key}[{i}].id: duplicate id {item_id!r} (first defined at "
                        f"{origin[(key, item_id)]}); set 'replace: true' to override it"
                    )
                    continue
                items[key][item_id] = model
                origin[(key, item_id)] = where
                raw_at[(key, item_id)] = (path, data, [key, i])
    if not problems:
        found = [problem for check in spec.checks for problem in check(items)]
        # A problem that names its field supersedes the same problem reported without one.
        located = {(p[0], p[1], p[3]) for p in found if len(p) == 4}
        for problem in found:
            if len(problem) == 3 and tuple(problem) in located:
                continue
            problems.append(_check_problem(problem, origin, raw_at))
    if problems:
        raise ContentError(problems)
    return Pack(spec.ruleset, items, origin)


def _check_problem(
    problem: tuple[Any, ...],
    origin: dict[tuple[str, str], str],
    raw_at: dict[tuple[str, str], tuple[Path, Any, list[Any]]],
) -> str:
    """Format one problem returned by a pack check as ``file:line: field: message``."""
    if len(problem) == 4:
        kind, item_id, loc, message = problem
    else:
        kind, item_id, message = problem
        loc = ()
    at = raw_at.get((kind, item_id))
    if at is None:
        return f"{origin.get((kind, item_id), '(pack)')}: {kind} {item_id!r}: {message}"
    path, data, base = at
    full = [*base, *loc]
    return f"{path}:{line_of(data, full)}: {_fmt_loc(full)} (id {item_id!r}): {message}"


def _model_at(model: Any, loc: Iterable[Any]) -> Any:
    """Best effort: the pydantic model class reached by following ``loc`` from ``model``."""
    current: Any = model
    for part in loc:
        current = _step(current, part)
        if current is None:
            return None
    return current


def _unwrap(annotation: Any) -> list[Any]:
    """The candidate types of an annotation (unions, Optional, Annotated flattened)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        out: list[Any] = []
        for arg in typing.get_args(annotation):
            out.extend(_unwrap(arg))
        return out
    return [annotation]


def _is_model(obj: Any) -> bool:
    return isinstance(obj, type) and issubclass(obj, BaseModel)


def _step(current: Any, part: Any) -> Any:
    """One step of ``_model_at``: a field, a list item, or a union member by name or tag."""
    candidates = _unwrap(current)
    models = [c for c in candidates if _is_model(c)]
    for cand in models:
        if isinstance(part, str) and part in cand.model_fields:
            return cand.model_fields[part].annotation
    for cand in models:
        if part == cand.__name__:
            return cand
        for f in cand.model_fields.values():  # the tag of a discriminated union member
            if typing.get_origin(f.annotation) is typing.Literal and part in typing.get_args(
                f.annotation
            ):
                return cand
    for cand in candidates:
        origin = typing.get_origin(cand)
        args = typing.get_args(cand)
        if origin in (list, tuple, set, frozenset) and isinstance(part, int) and args:
            return args[0]
        if origin is dict and len(args) == 2:
            return args[1]
    return None


def _explain(model: Any, err: Any) -> str:
    """Pydantic's message, completed with what was expected where pydantic is terse."""
    msg = err["msg"]
    kind = err.get("type", "")
    if kind == "value_error":  # our own validators already say what was expected and got
        return msg.removeprefix("Value error, ")
    loc = list(err["loc"])
    if kind == "extra_forbidden":
        parents = [m for m in _unwrap(_model_at(model, loc[:-1])) if _is_model(m)]
        fields = sorted(parents[0].model_fields) if len(parents) == 1 else None
        allowed = f"; expected one of: {', '.join(fields)}" if fields else ""
        return f"unknown field {loc[-1]!r}{allowed}"
    if kind == "missing":
        return f"required field {loc[-1]!r} is missing" if loc else msg
    if "input" in err and kind not in ("union_tag_invalid",):
        value = err["input"]
        if isinstance(value, dict):
            hint = " (a ': ' inside plain text starts a mapping: quote the text)" if kind == (
                "string_type") else ""
            return f"{msg} (got a mapping){hint}"
        if isinstance(value, list):
            return f"{msg} (got a list)"
        shown = repr(value)
        if len(shown) <= 60:
            return f"{msg} (got {shown})"
    return msg


def starter_dir(ruleset: str) -> Path:
    """The folder of a ruleset's starter pack (``hauntkit/content/<ruleset>``)."""
    return Path(__file__).resolve().parent.parent / "content" / ruleset


def pack_paths(
    starter: str | Path | None, content_paths: Iterable[str | Path] = (),
    replace_starter: bool = False,
) -> list[Path]:
    """The folders/files to load for a game: the starter pack (unless ``replace_starter``;
    ``starter`` is its folder, a built-in ruleset's id, or None for none) followed by the
    author's packs. A path inside the starter pack is not loaded twice."""
    start = starter_dir(starter) if isinstance(starter, str) else starter
    extra = [Path(p) for p in content_paths]
    out: list[Path] = [] if replace_starter or start is None else [start]
    for p in extra:
        resolved = p.resolve()
        if (not replace_starter and start is not None
                and (resolved == start.resolve() or start.resolve() in resolved.parents)):
            continue
        out.append(p)
    return out


def json_schema(spec: PackSpec) -> dict[str, Any]:
    """The JSON Schema of one content file of this ruleset, for editors."""
    props: dict[str, Any] = {"ruleset": {"const": spec.ruleset}}
    defs: dict[str, Any] = {}
    for key, model in spec.kinds.items():
        schema = TypeAdapter(model).json_schema(ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        name = model.__name__ if isinstance(model, type) else key
        defs[name] = schema
        props[key] = {"type": "array", "items": {"$ref": f"#/$defs/{name}"}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"hauntkit {spec.ruleset} content file",
        "type": "object",
        "properties": props,
        "additionalProperties": False,
        "$defs": defs,
    }


def dump_json_schema(spec: PackSpec) -> str:
    return json.dumps(json_schema(spec), indent=2, sort_keys=True)
