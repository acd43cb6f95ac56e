#!/usr/bin/env python3
"""Checks what DocC itself does not: over the symbol graphs that `generate-documentation` extracted,

1. every top-level public symbol of a module is curated in a `## Topics` group of its
   `Documentation.docc` catalog (DocC files uncurated symbols into automatic sections silently);
2. every public throwing function, initializer or subscript documents what it throws in a
   `- Throws:` line of its own doc comment.

Usage: docs-check.py SYMBOL_GRAPH_DIR MODULE...
SYMBOL_GRAPH_DIR holds one folder per module with `<Module>.symbols.json` (and `<Module>@<Other>`
files for extensions of other modules' types). Prints every finding as `file:line: message` and
exits 1 if there is any.
"""

import json
import pathlib
import re
import sys

FUNCTION_KINDS = {
    "swift.func",
    "swift.func.op",
    "swift.method",
    "swift.type.method",
    "swift.init",
    "swift.subscript",
    "swift.type.subscript",
    "swift.property",
    "swift.type.property",
}
# ``Symbol`` or ``Module/Symbol/member``: the first path component names the top-level symbol.
LINK = re.compile(r"``([^`]+)``")


def load_graphs(directory: pathlib.Path, module: str):
    """The module's own graph and those of its extensions to other modules' types."""
    graphs = sorted(directory.glob(f"{module}.symbols.json")) + sorted(directory.glob(f"{module}@*.symbols.json"))
    if not graphs:
        sys.exit(f"docs-check: no symbol graph for {module} in {directory}")
    return [(path.name, json.loads(path.read_text())) for path in graphs]


def location(symbol) -> str:
    loc = symbol.get("location", {})
    uri = loc.get("uri", "?").removeprefix("file://")
    try:
        uri = str(pathlib.Path(uri).relative_to(pathlib.Path.cwd()))
    except ValueError:
        pass
    return f"{uri}:{loc.get('position', {}).get('line', -1) + 1}"


def is_throwing(symbol) -> bool:
    keywords = {f["spelling"] for f in symbol.get("declarationFragments", []) if f["kind"] == "keyword"}
    return bool(keywords & {"throws", "rethrows"})


def curated_names(catalog: pathlib.Path, module: str) -> set:
    """Every top-level name linked from a `## Topics` section of any page in the catalog."""
    names = set()
    for page in catalog.rglob("*.md"):
        in_topics = False
        for line in page.read_text().splitlines():
            if re.match(r"^##\s", line):
                in_topics = line.strip() == "## Topics"
            if in_topics and line.lstrip().startswith("- "):
                for link in LINK.findall(line):
                    parts = link.split("/")
                    if parts[0] == module and len(parts) > 1:
                        parts = parts[1:]
                    names.add(parts[0])
    return names


def check(directory: pathlib.Path, module: str) -> list:
    findings = []
    catalog = pathlib.Path("Sources") / module / "Documentation.docc"
    curated = curated_names(catalog, module) if catalog.is_dir() else set()
    if not catalog.is_dir():
        findings.append(f"{catalog}: missing (every public module has a DocC catalog)")
    for name, graph in load_graphs(directory, module):
        own_graph = name == f"{module}.symbols.json"
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            path = symbol["pathComponents"]
            if path[-1].startswith("_"):
                continue
            if own_graph and len(path) == 1 and path[0] not in curated:
                findings.append(
                    f"{location(symbol)}: {module}: ``{path[0]}`` ({symbol['kind']['displayName']}) is in no Topics group of {catalog}"
                )
            if symbol["kind"]["identifier"] in FUNCTION_KINDS and is_throwing(symbol):
                doc = symbol.get("docComment")
                if doc is None:
                    findings.append(f"{location(symbol)}: {module}: {'/'.join(path)} throws and has no doc comment")
                elif doc.get("module", module) != module:
                    continue  # documented by the protocol it implements, in another module
                elif not any(re.match(r"\s*-\s*Throws", l["text"], re.IGNORECASE) for l in doc["lines"]):
                    findings.append(f"{location(symbol)}: {module}: {'/'.join(path)} throws and has no `- Throws:` line")
    return findings


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    root = pathlib.Path(sys.argv[1])
    findings = []
    for module in sys.argv[2:]:
        findings += check(root / module, module)
    for finding in findings:
        print(finding)
    print(f"docs-check: {len(findings)} finding(s) in {len(sys.argv) - 2} module(s)", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
