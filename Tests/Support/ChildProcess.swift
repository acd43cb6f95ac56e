import Foundation

/// Runs executables built by this package (or tools on the PATH) from tests.
public enum ChildProcess {
    /// What a finished process left behind.
    public struct Result: Sendable {
        /// The exit status (or the signal number, if it was killed).
        public let status: Int32
        /// Whether it ended by a signal.
        public let killedBySignal: Bool
        /// Everything it wrote to standard output.
        public let output: String
        /// Everything it wrote to standard error.
        public let error: String
    }

    /// The folder the test binary was built into, which holds the package's executables too.
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingToXCTestBundle()
    }

    /// A built executable of this package by product name.
    public static func product(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }

    /// Starts `executable` and waits for it (on a thread of its own, see `offPool(_:)`).
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil)
        async throws -> Result
    {
        let process = try start(executable, arguments, environment: environment)
        return await process.wait()
    }

    /// Runs `executable` with arguments given as raw bytes (which need not be UTF-8: Foundation's
    /// `Process` can only pass strings) and waits for it.
    public static func run(_ executable: URL, rawArguments: [[UInt8]]) async throws -> Result {
        try await offPool { try runBlocking(executable, rawArguments: rawArguments) }
    }

    private static func runBlocking(_ executable: URL, rawArguments: [[UInt8]]) throws -> Result {
        let folder = try TemporaryDirectory("child-output")
        defer { folder.remove() }
        let outputURL = folder.file("stdout")
        let errorURL = folder.file("stderr")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([Array(executable.path.utf8)] + rawArguments).map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        defer { argv.forEach { $0?.deallocate() } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, nil, argv + [nil], environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        var waited: Int32 = 0
        while waitpid(pid, &waited, 0) < 0, errno == EINTR {}
        let signalled = (waited & 0x7F) != 0 && (waited & 0x7F) != 0x7F
        return Result(
            status: signalled ? waited & 0x7F : (waited >> 8) & 0xFF, killedBySignal: signalled,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Starts `executable` without waiting, for tests that kill it.
    public static func start(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Running
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return Running(process: process, output: output, error: error)
    }

    /// A process that has been started.
    public final class Running: @unchecked Sendable {
        /// The process.
        public let process: Process
        let output: Pipe
        let error: Pipe

        init(process: Process, output: Pipe, error: Pipe) {
            self.process = process
            self.output = output
            self.error = error
        }

        /// Sends SIGKILL.
        public func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
        }

        /// Waits for the end and collects the output (on a thread of its own, see `offPool(_:)`).
        public func wait() async -> Result {
            await offPool { self.waitBlocking() }
        }

        /// Drains both pipes at once: a child that fills one pipe's buffer (64 KB) while the
        /// other is read to its end would wait for a reader forever, and so would the test.
        private func waitBlocking() -> Result {
            let errorData = Collected()
            let errorHandle = error.fileHandleForReading
            let reader = Thread {
                errorData.bytes = errorHandle.readDataToEndOfFile()
                errorData.done.signal()
            }
            reader.start()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            errorData.done.wait()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                output: String(decoding: outputData, as: UTF8.self),
                error: String(decoding: errorData.bytes, as: UTF8.self))
        }
    }
}

/// Bytes one thread reads for another, handed over by `done` (which orders the write before the read).
private final class Collected: @unchecked Sendable {
    var bytes = Data()
    let done = DispatchSemaphore(value: 0)
}

extension URL {
    /// On macOS the test binary sits inside an `.xctest` bundle; step out of it.
    fileprivate func deletingToXCTestBundle() -> URL {
        var url = self
        while url.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
            url.deleteLastPathComponent()
        }
        return url
    }
}
