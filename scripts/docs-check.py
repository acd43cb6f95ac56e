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

       docs-check.py --search-paths MANIFEST MODULE
prints, one a line, the arguments swift-symbolgraph-extract needs to load MODULE as the build
compiled it: the target, search paths, module maps and C flags of MODULE's own compile command in
the build's llbuild manifest (.build/debug.yaml).
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
    """Whether the function itself throws: `throws` outside its parameter list (a parameter's
    closure type may throw without the function throwing)."""
    depth = 0
    for fragment in symbol.get("declarationFragments", []):
        if fragment["kind"] == "keyword" and fragment["spelling"] in ("throws", "rethrows") and depth == 0:
            return True
        if fragment["kind"] == "text":
            depth += fragment["spelling"].count("(") - fragment["spelling"].count(")")
    return False


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


def search_paths(manifest: pathlib.Path, module: str) -> list:
    """The arguments of MODULE's swiftc command that say where its imports are."""
    with_value = {"-I", "-F", "-Xcc", "-target", "-sdk", "-module-cache-path", "-resource-dir"}
    for match in re.finditer(r"^    args: (\[.*\])$", manifest.read_text(), re.M):
        args = json.loads(match.group(1))
        if not args[0].endswith("swiftc") or "-module-name" not in args:
            continue
        if args[args.index("-module-name") + 1] != module:
            continue
        found, index = [], 1
        while index < len(args):
            if args[index] in with_value and index + 1 < len(args):
                found += args[index:index + 2]
                index += 2
                continue
            if args[index].startswith("-I") and len(args[index]) > 2:
                found.append(args[index])
            index += 1
        return found
    sys.exit(f"docs-check: no compile command of {module} in {manifest}")


GRAPH_ARTICLE = pathlib.Path("Sources/FilmKit/Documentation.docc/AnalogKitProducts.md")
SYSTEM_LIBRARIES = {"CVips": "libvips", "CFFmpeg": "FFmpeg", "CExifShim": "libexif, libjpeg", "CIccTransform": "lcms2"}


def product_graph(package: dict) -> str:
    """Each library product, the other products it depends on, and the packages and system
    libraries under it: from `swift package dump-package`, following the targets that are no
    product of their own (shims, Locking, SocialModelSQL) down to what they use."""
    targets = {target["name"]: target for target in package["targets"]}
    products = {}
    for product in package["products"]:
        if "library" in product["type"]:
            for target in product["targets"]:
                products.setdefault(target, product["name"])
    lines = []
    for product in package["products"]:
        if "library" not in product["type"]:
            continue
        uses, packages, system = set(), set(), set()
        stack, seen = list(product["targets"]), set()
        while stack:
            name = stack.pop()
            if name in seen:
                continue
            seen.add(name)
            if name in SYSTEM_LIBRARIES:
                system.add(SYSTEM_LIBRARIES[name])
            for dependency in targets[name]["dependencies"]:
                kind, value = next(iter(dependency.items()))
                if kind == "product":
                    packages.add(value[1])
                    continue
                other = value[0]
                if other in products and products[other] != product["name"]:
                    uses.add(products[other])
                else:
                    stack.append(other)
        parts = [", ".join(sorted(uses)) or "-", ", ".join(sorted(packages)) or "-", ", ".join(sorted(system)) or "-"]
        lines.append(f"{product['name']:<22} {parts[0]}  |  {parts[1]}  |  {parts[2]}")
    return "\n".join(lines)


def check_product_graph(dump: pathlib.Path) -> list:
    """The graph in the overview article's ```text block after `<!-- product-graph -->`."""
    expected = product_graph(json.loads(dump.read_text()))
    text = GRAPH_ARTICLE.read_text() if GRAPH_ARTICLE.is_file() else ""
    match = re.search(r"<!-- product-graph -->\n```text\n(.*?)\n```", text, re.S)
    if match and match.group(1) == expected:
        return []
    return [f"{GRAPH_ARTICLE}:1: the product graph differs from Package.swift; it should read:\n{expected}"]


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--product-graph":
        print(product_graph(json.loads(pathlib.Path(sys.argv[2]).read_text())))
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "--check-product-graph":
        findings = check_product_graph(pathlib.Path(sys.argv[2]))
        for finding in findings:
            print(finding)
        return 1 if findings else 0
    if len(sys.argv) == 4 and sys.argv[1] == "--search-paths":
        print("\n".join(search_paths(pathlib.Path(sys.argv[2]), sys.argv[3])))
        return 0
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
