#!/usr/bin/env python3
"""Checks that every public API name a CHANGELOG "Breaking — migrate" list says is gone has an
`@available(*, unavailable, …)` stub in some `Sources/*/Migration/RenamedAPI.swift`.

Usage: changelog-stubs.py [--version VERSION]... [--changelog PATH]

By default it reads the lists of `[Unreleased]` and of the newest released version; `--version`
names others instead (such as `--version 0.2.0 --version 0.3.0`).

What it checks, entry by entry: the names in the code spans of the entry's old side (the text
before `→`) that stand where an API name stands — a type name, a member after `.`, a called name,
an argument label. A name counts as REMOVED when the previous version declared it publicly (a
`public`/`open` declaration, an enum case, a public protocol's requirement, or one of their
argument labels) in `Sources/` and the working tree declares it nowhere public any more (stubs in
`Migration/` folders aside). The previous version is the commit the preceding section ends at (its
"up to `abc1234`" line); for `[Unreleased]`, the newest release's. Every removed name needs a
declaration or argument label of that name in a stub file, or an explicit exemption there:

    // migration: no stub for AccountError.mail, NetworkError.filter: <the reason>

It prints each missing stub as `CHANGELOG.md:LINE: …` and exits 1 if there is any.

What it cannot see, so a human still reads the list:
- owners: a member moved to another type whose name is still declared somewhere
  (`SocialNetwork.posts` → `NetworkSession.posts`) counts as present;
- signatures: a parameter that lost its default (`Camera(store:)`) or changed its type keeps
  every name, so nothing is removed;
- behaviour and output ("silent" entries): nothing to stub;
- names outside code spans, and code that is not Swift.
"""

import argparse
import pathlib
import re
import subprocess
import sys

KEYWORDS = {
    "actor", "any", "as", "async", "await", "break", "case", "catch", "class", "continue", "default",
    "defer", "do", "else", "enum", "extension", "false", "for", "func", "guard", "if", "import", "in",
    "init", "inout", "is", "let", "nil", "private", "protocol", "public", "repeat", "return", "self",
    "Self", "some", "static", "struct", "super", "switch", "throw", "throws", "true", "try", "typealias",
    "var", "where", "while", "_",
}
DECLARATION = re.compile(
    r"\b(?:func|var|let|class|struct|enum|protocol|actor|typealias|associatedtype)\s+([A-Za-z_]\w*)"
)
# `case a, b(label: T)`: an enum's elements (a `switch`'s `case .a` is left out by the caller).
ELEMENT = r"[A-Za-z_]\w*(?:\s*\([^)]*\))?"
CASE_DECLARATION = re.compile(rf"^\s*(?:indirect\s+)?case\s+({ELEMENT}(?:\s*,\s*{ELEMENT})*)")
PUBLIC = re.compile(r"\b(?:public|open)\b")
EXEMPTION = re.compile(r"//\s*migration:\s*no stub for\s+(.+?):")
SECTION = re.compile(r"^## \[([^\]]+)\]")
COMMIT = re.compile(r"up to `([0-9a-f]{7,40})`")


def parameter_labels(text: str, start: int) -> set:
    """The argument labels of the parameter clause that opens at `text[start] == "("`."""
    depth, end = 0, start
    for end in range(start, min(len(text), start + 2000)):
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        if depth == 0:
            break
    clause, parts, depth, current = text[start + 1 : end], [], 0, ""
    for char in clause:
        depth += {"(": 1, "[": 1, "<": 1, ")": -1, "]": -1, ">": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    labels = set()
    for part in parts:
        match = re.match(r"\s*(?:@\w+\s+)*([A-Za-z_]\w*)", part)
        if match and ":" in part and match.group(1) != "_":
            labels.add(match.group(1))
    return labels


def declared_names(text: str, public_only: bool) -> set:
    """Names a Swift file declares (publicly, when `public_only`), with their argument labels."""
    names = set()
    in_public_protocol = False
    offset = 0
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if re.match(r"(?:public\s+)?protocol\s", stripped) and not line.startswith(" "):
            in_public_protocol = stripped.startswith("public")
        elif line.startswith("}"):
            in_public_protocol = False
        if stripped.startswith("//"):
            offset += len(line)
            continue
        counts = not public_only or PUBLIC.search(line) or in_public_protocol
        case = CASE_DECLARATION.match(line)
        if case and not stripped.startswith("case ."):
            for element in re.finditer(r"([A-Za-z_]\w*)\s*(\([^)]*\))?", case.group(1)):
                names.add(element.group(1))
                if element.group(2):
                    names |= parameter_labels(element.group(2), 0)
        elif counts:
            for match in DECLARATION.finditer(line):
                names.add(match.group(1))
            for match in re.finditer(r"\b(?:func\s+[^\s(<]+|init[?!]?|subscript)\s*(?:<[^>]*>)?\s*\(", line):
                names |= parameter_labels(text, offset + match.end() - 1)
        offset += len(line)
    return names - KEYWORDS


def module_of(path: str) -> str:
    """The module of a path under Sources/: its first folder."""
    return pathlib.PurePath(path).parts[1]


def working_tree_names(root: pathlib.Path):
    """By module: the public names declared now outside the stub files, the stub files' names
    (exemptions included)."""
    current, stubs = {}, {}
    for path in sorted(root.glob("Sources/**/*.swift")):
        text = path.read_text()
        module = module_of(str(path.relative_to(root)))
        if "Migration" in path.parts:
            names = declared_names(text, public_only=False)
            for match in EXEMPTION.finditer(text):
                names |= {name.strip().split(".")[-1] for name in match.group(1).split(",")}
            stubs.setdefault(module, set()).update(names)
        else:
            current.setdefault(module, set()).update(declared_names(text, public_only=True))
    return current, stubs


def names_at(commit: str, root: pathlib.Path) -> dict:
    """By module, the public names declared by the Swift files under Sources/ at `commit`."""
    listing = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", commit, "--", "Sources"],
        cwd=root, capture_output=True, text=True, check=True,
    ).stdout.split()
    paths = [path for path in listing if path.endswith(".swift") and "/Migration/" not in path]
    batch = subprocess.run(
        ["git", "cat-file", "--batch"], cwd=root, capture_output=True, check=True,
        input="".join(f"{commit}:{path}\n" for path in paths).encode(),
    ).stdout
    names, position = {}, 0
    for path in paths:
        header_end = batch.index(b"\n", position)
        size = int(batch[position:header_end].split()[2])
        body = batch[header_end + 1 : header_end + 1 + size]
        names.setdefault(module_of(path), set()).update(declared_names(body.decode(errors="replace"), public_only=True))
        position = header_end + 1 + size + 1
    return names


def union(by_module: dict) -> set:
    """Every module's names together."""
    return set().union(*by_module.values()) if by_module else set()


def old_sides(entry: str) -> list:
    """The old side of each `old → new` pair of an entry: "A → B; C → D" has A and C."""
    pieces = entry.split("→")
    return [pieces[0]] + [piece.rsplit(";", 1)[1] for piece in pieces[1:-1] if ";" in piece]


def removed_names(old_side: str, old: dict, current: dict, modules: set) -> list:
    """(name, module or None) of each API name of `old_side` that is gone: from every module, or
    from the module it is qualified with (`Module.Name`, or an `import Module` span beside it)."""
    spans = re.findall(r"`([^`]+)`", old_side)
    imported = {match for span in spans for match in re.findall(r"\bimport\s+(\w+)", span)} & modules
    candidates = set()
    for span in spans:
        candidates |= api_names(span)
    candidates -= imported
    old_all, current_all = union(old), union(current)
    removed = {(name, None) for name in candidates if name in old_all and name not in current_all}
    qualified = {(module, name) for span in spans for module, name in re.findall(r"\b(\w+)\.([A-Za-z_]\w*)", span)}
    qualified = {(module, name) for module, name in qualified if module in modules}
    qualified |= {(module, name) for module in imported for name in candidates}
    for module, name in qualified:
        if name in old.get(module, set()) and name not in current.get(module, set()):
            removed.add((name, module))
    return sorted(removed, key=lambda pair: (pair[0], pair[1] or ""))


def api_names(code: str) -> set:
    """The names in a code span that stand where an API name stands."""
    code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
    found = set(re.findall(r"\.\s*([A-Za-z_]\w*)", code))
    found |= set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", code))
    found |= set(re.findall(r"[(,]\s*([a-z_]\w*)\s*:", code))
    found |= set(re.findall(r"\b([A-Z]\w*)\b", code))
    return found - KEYWORDS


def sections(lines):
    """(version, header line index, end line index) of each `## [version]` section."""
    starts = [(index, SECTION.match(line).group(1)) for index, line in enumerate(lines) if SECTION.match(line)]
    for number, (index, version) in enumerate(starts):
        end = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
        yield version, index, end


def migrate_entries(lines, start, end):
    """(line number, text) of each entry in the section's "### Breaking — migrate" list."""
    entries, inside = [], False
    for index in range(start, end):
        line = lines[index]
        if line.startswith("### "):
            inside = line.strip().startswith("### Breaking")
            continue
        if not inside:
            continue
        if line.startswith("- "):
            entries.append([index + 1, line[2:]])
        elif line.startswith("  ") and entries:
            entries[-1][1] += " " + line.strip()
    return entries


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="append", help="a version whose list to check (repeatable)")
    parser.add_argument("--changelog", default="CHANGELOG.md")
    arguments = parser.parse_args()
    root = pathlib.Path(__file__).resolve().parent.parent
    changelog = root / arguments.changelog
    lines = changelog.read_text().splitlines()
    found = list(sections(lines))
    releases = [version for version, _, _ in found if version.lower() != "unreleased"]
    wanted = arguments.version or ["Unreleased"] + releases[:1]

    current, stubs = working_tree_names(root)
    modules = {path.name for path in (root / "Sources").iterdir() if path.is_dir()}
    missing, checked = 0, 0
    for number, (version, start, end) in enumerate(found):
        if version not in wanted:
            continue
        # The API the old side was written against: where the next older section ends.
        previous = next((COMMIT.search("\n".join(lines[s:e])) for _, s, e in found[number + 1 :]), None)
        if previous is None:
            print(f"{changelog.name}:{start + 1}: [{version}]: no older version names its commit; not checked")
            continue
        old = names_at(previous.group(1), root)
        for line_number, text in migrate_entries(lines, start, end):
            checked += 1
            removed = set()
            for old_side in old_sides(text):
                removed.update(removed_names(old_side, old, current, modules))
            for name, module in sorted(removed, key=lambda pair: (pair[0], pair[1] or "")):
                if name in (stubs.get(module, set()) if module else union(stubs)):
                    continue
                missing += 1
                where = f"from {module}" if module else "from every module"
                folder = module or "<Module>"
                print(
                    f"{changelog.name}:{line_number}: [{version}] `{name}` was public API at {previous.group(1)} "
                    f"and is gone {where}: add an @available(*, unavailable, …) stub of that name to "
                    f"Sources/{folder}/Migration/RenamedAPI.swift (or a `// migration: no stub for …: reason` line)"
                )
    print(
        f"changelog-stubs: {checked} migrate entries of {', '.join(wanted)} checked, {missing} missing stub(s)",
        file=sys.stderr,
    )
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
