import Foundation

/// The command-line rule the hand-written example programs share: `--help` or `-h` prints the
/// usage on standard output and exits 0; more than `maximum` arguments, or one that starts with
/// `-` (a mistyped option is never taken for a path: give such a folder as `./-name`), print the
/// usage on standard error and exit 64 (EX_USAGE). Otherwise the arguments are returned.
public func positionalArguments(_ arguments: [String], program: String, usage: String, maximum: Int) -> [String] {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    guard arguments.count <= maximum, arguments.allSatisfy({ !$0.hasPrefix("-") }) else {
        FileHandle.standardError.write(
            Data("\(program): unexpected \(arguments.joined(separator: " "))\n\(usage)\n".utf8))
        exit(64)
    }
    return arguments
}
