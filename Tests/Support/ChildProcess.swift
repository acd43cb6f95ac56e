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

    /// Starts `executable` and waits for it.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Result
    {
        let process = try start(executable, arguments, environment: environment)
        return process.wait()
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

        /// Waits for the end and collects the output.
        public func wait() -> Result {
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                output: String(decoding: outputData, as: UTF8.self), error: String(decoding: errorData, as: UTF8.self))
        }
    }
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
