#!/usr/bin/env python3
"""The Swift listings of README.md and of the DocC articles are files of the ReadmeSnippets package;
this keeps the documents and the files identical, so every listing a user reads is compiled in CI
(scripts/consumer-check.sh builds the package, runs its tests and its RecorderKit program).

Every ```swift block of README.md and of every article under Sources/*/Documentation.docc is
preceded by a line `<!-- snippet: PATH -->` naming its file (relative to the repository; DocC shows
nothing of the comment). The block, with the indentation of its fence removed, must be the file's
content byte for byte, and every Swift file under ReadmeSnippets/Sources and ReadmeSnippets/Tests
(and every ReadmeSnippets/Manifest/**/Package.swift) must be shown at least once in all the
documents together; a listing shown in two documents names the same file (it is compiled once).
With --write, the documents' marked blocks are rewritten from the files instead.

Articles in UNCOMPILED (none today: every listing is compiled) may hold listings copied by hand;
their unmarked blocks are counted and reported, not failed. Anywhere else an unmarked listing fails.

    python3 scripts/readme-snippets.py                    # check; exit 1 naming every difference
    python3 scripts/readme-snippets.py --write            # regenerate the marked blocks from the files
    python3 scripts/readme-snippets.py --readme FILE      # check FILE in place of README.md
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^(\s*)<!-- snippet: (\S+) -->\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
UNCOMPILED: set[str] = set()


def snippet_files():
    base = ROOT / "ReadmeSnippets"
    files = sorted(base.glob("Sources/**/*.swift")) + sorted(base.glob("Tests/**/*.swift"))
    manifests = sorted(base.glob("Manifest/**/Package.swift"))
    return [str(path.relative_to(ROOT)) for path in files + manifests]


def documents(readme):
    articles = sorted(ROOT.glob("Sources/*/Documentation.docc/**/*.md"))
    return [readme] + [str(path.relative_to(ROOT)) for path in articles]


def check_document(name, problems, seen, unmarked):
    """Checks (or rewrites) one document's ```swift blocks; returns its text with the files' content."""
    lines = (ROOT / name).read_text(encoding="utf-8").split("\n")
    output = []
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
            problems.append(f"{name}:{index + 1}: a ```swift block is never closed")
            break
        marker = MARKER.match(output[-1]) if output else None
        if not marker:
            if name in UNCOMPILED:
                unmarked.append(f"{name}:{index + 1}")
            else:
                problems.append(f"{name}:{index + 1}: a ```swift block without a <!-- snippet: PATH --> line before it")
            output.extend(lines[index:end + 1])
            index = end + 1
            continue
        path = marker.group(2)
        seen.append((path, name))
        file = ROOT / path
        if not file.is_file():
            problems.append(f"{name}:{index + 1}: {path} does not exist")
            output.extend(lines[index:end + 1])
            index = end + 1
            continue
        expected = file.read_text(encoding="utf-8")
        block = [text[len(indent):] if text.startswith(indent) else text for text in lines[index + 1:end]]
        if "\n".join(block) + "\n" != expected:
            problems.append(f"{name}:{index + 1}: the block differs from {path}")
        output.append(line)
        output.extend((indent + text) if text else "" for text in expected.rstrip("\n").split("\n"))
        output.append(lines[end])
        index = end + 1
    return "\n".join(output)


def main():
    arguments = sys.argv[1:]
    write = "--write" in arguments
    readme = "README.md"
    if "--readme" in arguments:
        readme = str(pathlib.Path(arguments[arguments.index("--readme") + 1]).resolve())
    problems, seen, unmarked = [], [], []
    for name in documents(readme):
        text = check_document(name, problems, seen, unmarked)
        if write and text != (ROOT / name).read_text(encoding="utf-8"):
            (ROOT / name).write_text(text, encoding="utf-8")
    paths = [path for path, _ in seen]
    for path in snippet_files():
        if path not in paths:
            problems.append(f"{path} is shown in no document (README.md or a DocC article)")
    if write:
        problems = [problem for problem in problems if "differs from" not in problem]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    shown = {}
    for _, name in seen:
        shown[name] = shown.get(name, 0) + 1
    summary = ", ".join(f"{pathlib.Path(name).name} {count}" for name, count in shown.items())
    print(f"{len(seen)} Swift listings, each identical to its file in ReadmeSnippets/ ({summary})")
    if unmarked:
        print(f"{len(unmarked)} listings in older DocC articles are not compiled yet: {' '.join(unmarked)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
