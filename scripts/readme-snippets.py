#!/usr/bin/env python3
"""README.md's Swift snippets are files of the ReadmeSnippets package; this keeps the two identical.

Every ```swift block in README.md is preceded by a line `<!-- snippet: PATH -->` naming its file
(relative to the repository). The block, with the indentation of its fence removed, must be the
file's content byte for byte, and every Swift file under ReadmeSnippets/Sources and ReadmeSnippets/Tests (and
ReadmeSnippets/Manifest/Package.swift) must appear in the README. With --write, the README's blocks are
rewritten from the files instead of checked.

    python3 scripts/readme-snippets.py           # check; exit 1 naming every difference
    python3 scripts/readme-snippets.py --write   # regenerate the README's blocks from the files
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MARKER = re.compile(r"^(\s*)<!-- snippet: (\S+) -->\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")


def snippet_files():
    base = ROOT / "ReadmeSnippets"
    files = sorted(base.glob("Sources/**/*.swift")) + sorted(base.glob("Tests/**/*.swift"))
    return [str(path.relative_to(ROOT)) for path in files + [base / "Manifest" / "Package.swift"]]


def main():
    write = "--write" in sys.argv[1:]
    lines = README.read_text(encoding="utf-8").split("\n")
    problems, seen, output = [], [], []
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = FENCE.match(line)
        if not fence or fence.group(2) != "swift":
            output.append(line)
            index += 1
            continue
        indent = fence.group(1)
        end = index + 1
        while end < len(lines) and lines[end] != indent + "```":
            end += 1
        if end == len(lines):
            problems.append(f"README.md:{index + 1}: a ```swift block is never closed")
            break
        marker = MARKER.match(output[-1]) if output else None
        if not marker:
            problems.append(f"README.md:{index + 1}: a ```swift block without a <!-- snippet: PATH --> line before it")
            output.extend(lines[index:end + 1])
            index = end + 1
            continue
        path = marker.group(2)
        seen.append(path)
        file = ROOT / path
        if not file.is_file():
            problems.append(f"README.md:{index + 1}: {path} does not exist")
            output.extend(lines[index:end + 1])
            index = end + 1
            continue
        expected = file.read_text(encoding="utf-8")
        block = [text[len(indent):] if text.startswith(indent) else text for text in lines[index + 1:end]]
        if "\n".join(block) + "\n" != expected:
            problems.append(f"README.md:{index + 1}: the block differs from {path}")
        output.append(line)
        output.extend((indent + text) if text else "" for text in expected.rstrip("\n").split("\n"))
        output.append(lines[end])
        index = end + 1
    for path in snippet_files():
        if path not in seen:
            problems.append(f"{path} is not shown in README.md")
    for path in set(seen):
        if seen.count(path) > 1:
            problems.append(f"{path} is shown more than once in README.md")
    if write:
        README.write_text("\n".join(output), encoding="utf-8")
        problems = [problem for problem in problems if "differs from" not in problem]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"README.md: {len(seen)} Swift snippets, each identical to its file in ReadmeSnippets/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
