import Foundation
import Locking
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `social-server` process started by a test, with `--port 0`: its address is read from the
/// line it prints once listening. Standard error (its log) is collected for the assertions.
final class ServerProcess: Sendable {
    let process: Process
    let baseURL: URL
    private let log: LogBuffer

    /// What the server wrote to standard error, filled in as it arrives.
    final class LogBuffer: Sendable {
        let data = Locked(Data())
    }

    /// Why a server could not be used.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the server and waits (up to `timeout`) until it listens.
    static func start(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = ChildProcess.product("social-server")
        process.arguments = ["--hostname", "127.0.0.1", "--port", "0"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let log = LogBuffer()
        error.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            log.data.withLock { $0.append(chunk) }
        }
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let pending = Locked(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                continuation.finish()
                handle.readabilityHandler = nil
                return
            }
            let complete = pending.withLock { buffer -> [String] in
                buffer.append(chunk)
                var found: [String] = []
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    found.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
                return found
            }
            for line in complete { continuation.yield(line) }
        }
        try process.run()
        // The API's address; with --metrics-port, the metrics port's too (in either order).
        let announcements = arguments.contains("--metrics-port") ? ["listening on", "metrics on"] : ["listening on"]
        let addresses = try await firstResult(within: timeout) { () -> [String: URL]? in
            var found: [String: URL] = [:]
            for await line in lines {
                for what in announcements where line.hasPrefix("social-server \(what) ") {
                    found[what] = URL(string: String(line.dropFirst("social-server \(what) ".count)))
                }
                if found.count == announcements.count { return found }
            }
            return nil
        }
        let logged = String(decoding: log.data.withLock { $0 }, as: UTF8.self)
        guard let addresses, let url = addresses["listening on"] else {
            if process.isRunning { process.terminate() }
            throw Failure(description: "social-server did not start listening; its log:\n\(logged)")
        }
        return ServerProcess(process: process, baseURL: url, metricsURL: addresses["metrics on"], log: log)
    }

    private init(process: Process, baseURL: URL, metricsURL: URL?, log: LogBuffer) {
        self.process = process
        self.baseURL = baseURL
        self.metricsURL = metricsURL
        self.log = log
    }

    /// The metrics port's address, when the server was started with `--metrics-port`.
    let metricsURL: URL?

    /// Everything the server has logged so far.
    var logged: String { String(decoding: log.data.withLock { $0 }, as: UTF8.self) }

    /// Sends a request and returns the status and body.
    func request(_ path: String, method: String = "GET", json: String? = nil, at base: URL? = nil) async throws -> (
        Int, String
    ) {
        var request = URLRequest(url: (base ?? baseURL).appendingPathComponent(path))
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Sends `signal` and waits (up to `timeout`) for the process to end.
    /// - Returns: the exit status, or `nil` if it was still running (it is then killed).
    func stop(with signal: Int32 = SIGTERM, timeout: Duration = .seconds(30)) async throws -> Int32? {
        kill(process.processIdentifier, signal)
        return try await waitForExit(timeout: timeout)
    }

    /// Waits (up to `timeout`) for the process to end on its own.
    /// - Returns: the exit status, or `nil` if it was still running (it is then killed).
    func waitForExit(timeout: Duration) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        // The log pipe may still hold the last lines.
        try await Task.sleep(for: .milliseconds(100))
        return process.terminationStatus
    }
}

/// What `body` returns, or `nil` once `timeout` has passed (`body` is then cancelled).
func firstResult<T: Sendable>(within timeout: Duration, _ body: @escaping @Sendable () async throws -> T?)
    async throws -> T?
{
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask(operation: body)
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
