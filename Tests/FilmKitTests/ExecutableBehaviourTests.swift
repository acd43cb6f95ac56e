import Foundation
import TestSupport
import Testing

/// Every executable of the package behaves as a command-line tool should (issue 49): `--help` and
/// `-h` print help on standard output and write nothing anywhere; a command line that does not
/// fit exits with 64 (EX_USAGE) and writes nothing; a failure of the run itself exits with 1 and
/// one line on standard error.
@Suite("Executables: help, usage errors and exit statuses", .hangGuard)
struct ExecutableBehaviourTests {
    /// Executables not checked here (none today: the test helper `imaging-leak-check` behaves too).
    static let helpers: Set<String> = []

    /// Every executable target in Package.swift, so that a new one is checked without a change here.
    static let executables: [String] = {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Package.swift")
        let text = (try? String(contentsOf: manifest, encoding: .utf8)) ?? ""
        let names = text.matches(of: #/\.executableTarget\(\s*name:\s*"([^"]+)"/#).map { String($0.output.1) }
        return names.filter { !helpers.contains($0) }.sorted()
    }()

    /// What a run in empty folders left: the result, and every file it wrote into its working
    /// directory, `TMPDIR` or `HOME`.
    struct Run: Sendable {
        let result: ChildProcess.Result
        let written: [String]
    }

    /// Runs `name` with `arguments` from an empty working directory, with an empty `TMPDIR` and
    /// `HOME`, and lists what it wrote there.
    static func run(_ name: String, _ arguments: [String]) async throws -> Run {
        let folder = try TemporaryDirectory("executable-\(name)")
        defer { folder.remove() }
        let places = ["cwd", "tmp", "home"].map(folder.file)
        for place in places {
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: false)
        }
        // sh changes directory, so the tool starts in the empty folder as a user's shell would start it.
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"cd "$1" && shift && exec "$@""#, "sh", places[0].path, ChildProcess.product(name).path]
                + arguments,
            environment: ["TMPDIR": places[1].path, "HOME": places[2].path])
        let written = try places.flatMap { place in
            try FileManager.default.contentsOfDirectory(atPath: place.path).map { "\(place.lastPathComponent)/\($0)" }
        }
        return Run(result: result, written: written)
    }

    @Test func everyExecutableIsFound() {
        #expect(Self.executables.count >= 14, "\(Self.executables)")
        for name in Self.executables {
            #expect(
                FileManager.default.isExecutableFile(atPath: ChildProcess.product(name).path), "\(name) is not built")
        }
    }

    @Test(arguments: ["--help", "-h"])
    func helpIsPrintedAndNothingIsWritten(flag: String) async throws {
        let runs = try await withThrowingTaskGroup(of: (String, Run).self) { group in
            for name in Self.executables {
                group.addTask { (name, try await Self.run(name, [flag])) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (name, run) in runs.sorted(by: { $0.key < $1.key }) {
            #expect(run.result.status == 0 && !run.result.killedBySignal, "\(name) \(flag): \(run.result.error)")
            #expect(run.result.output.lowercased().contains("usage:"), "\(name) \(flag): \(run.result.output)")
            #expect(run.result.error.isEmpty, "\(name) \(flag) wrote to stderr: \(run.result.error)")
            #expect(run.written.isEmpty, "\(name) \(flag) wrote \(run.written)")
        }
    }

    @Test func anUnknownOptionIsAUsageErrorAndWritesNothing() async throws {
        let runs = try await withThrowingTaskGroup(of: (String, Run).self) { group in
            for name in Self.executables {
                group.addTask { (name, try await Self.run(name, ["--no-such-option", "1"])) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (name, run) in runs.sorted(by: { $0.key < $1.key }) {
            #expect(run.result.status == 64 && !run.result.killedBySignal, "\(name): \(run.result.status)")
            #expect(run.result.error.contains("no-such-option"), "\(name): \(run.result.error)")
            #expect(run.result.output.isEmpty, "\(name) wrote to stdout: \(run.result.output)")
            #expect(run.written.isEmpty, "\(name) wrote \(run.written)")
        }
    }

    /// Mail that cannot be delivered is a failure of the run, not of its command line.
    @Test func socialAccountsReportsAnUndeliverableMailAsARunFailure() async throws {
        let folder = try TemporaryDirectory("social-accounts-no-smtp")
        defer { folder.remove() }
        let result = try await ChildProcess.run(
            ChildProcess.product("social-accounts"),
            [
                "--database", folder.file("social.sqlite").path, "--iterations", "210000",
                "--smtp", "smtp://127.0.0.1:\(LoopbackPort.free())?tls=none",
            ])
        #expect(result.status == 1 && !result.killedBySignal, "\(result.status): \(result.error)")
        // The retries are logged as warnings before it; the reason is the last line, without the usage.
        let reason = result.error.split(separator: "\n").last ?? ""
        #expect(reason.hasPrefix("Error: no verification email") && reason.contains("not sent"), "\(result.error)")
        #expect(!result.error.lowercased().contains("usage:"), "\(result.error)")
    }
}
