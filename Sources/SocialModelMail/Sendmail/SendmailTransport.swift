import Foundation
import Logging
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Hands email to the system's mail transfer agent, as `sendmail -t -i` does: Postfix, Exim,
/// msmtp or anything else that installs a `sendmail` command. The agent queues, retries and
/// delivers; this transport only waits for it to accept the message.
///
/// The message reaches the agent's standard input from an unlinked temporary file rather than a
/// pipe, so an agent that exits without reading it cannot kill this process with SIGPIPE.
public struct SendmailTransport: MailTransport {
    /// Which program to run and how.
    public struct Configuration: Sendable, Hashable {
        /// The program, `/usr/sbin/sendmail` by default.
        public var executable: String
        /// Its arguments; `-t` reads the recipients from the header, `-i` keeps a lone "." from
        /// ending the message.
        public var arguments: [String]
        /// Whether to add `-f <envelope sender>`, which every common agent understands.
        public var setsEnvelopeSender: Bool
        /// How long the agent may take before it is killed and the delivery counts as deferred.
        public var timeout: Duration

        /// Creates a configuration.
        /// - Parameters:
        ///   - executable: the program.
        ///   - arguments: its arguments.
        ///   - setsEnvelopeSender: whether to add `-f <envelope sender>`.
        ///   - timeout: how long the agent may take.
        public init(
            executable: String = "/usr/sbin/sendmail", arguments: [String] = ["-t", "-i"],
            setsEnvelopeSender: Bool = true, timeout: Duration = .seconds(60)
        ) {
            self.executable = executable
            self.arguments = arguments
            self.setsEnvelopeSender = setsEnvelopeSender
            self.timeout = timeout
        }
    }

    /// Which program to run and how.
    public let configuration: Configuration
    private let logger: Logger

    /// Creates the transport.
    /// - Parameters:
    ///   - configuration: which program to run and how.
    ///   - logger: where failures are logged.
    public init(configuration: Configuration = Configuration(), logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs the agent with the message on its standard input and waits for it to exit.
    /// - Parameter message: the message; its ``MIMEMessage/envelopeFrom`` goes to `-f`.
    /// - Throws: ``MailDeliveryError/transferAgentFailed(status:output:)`` when the agent exits
    ///   with another status than 0 (transient for `EX_TEMPFAIL` and the like, and after the
    ///   timeout), ``MailDeliveryError/transferAgentUnavailable(_:)`` when it cannot be run.
    public func deliver(_ message: MIMEMessage) async throws(MailDeliveryError) {
        let data = try message.rendered(lineEnding: .lf)
        var arguments = configuration.arguments
        if configuration.setsEnvelopeSender { arguments += ["-f", message.envelopeFrom.address] }
        let input: FileDescriptor
        let errors: FileDescriptor
        do {
            input = try Self.unlinkedFile(containing: data)
            errors = try Self.unlinkedFile(containing: [])
        } catch {
            throw .transferAgentUnavailable("\(error)")
        }
        defer { try? errors.close() }
        let status = try await run(arguments, input: input, errors: errors)
        guard status != 0 else { return }
        let output = Self.firstLines(of: errors)
        logger.warning(
            "sendmail failed",
            metadata: ["status": "\(status)", "output": "\(output)", "message-id": "\(message.messageID)"])
        throw .transferAgentFailed(status: status, output: output)
    }

    /// Runs the agent; returns its exit status (128 + the signal if a signal ended it, `EX_TEMPFAIL`
    /// if it ran out of time).
    private func run(_ arguments: [String], input: FileDescriptor, errors: FileDescriptor)
        async throws(MailDeliveryError)
        -> Int32
    {
        let executable = configuration.executable
        let timeout = configuration.timeout
        let outcome: Result<Int32, any Error>? = await withTaskGroup(of: Result<Int32, any Error>?.self) { group in
            group.addTask {
                do {
                    let result = try await Subprocess.run(
                        .path(FilePath(executable)), arguments: Arguments(arguments),
                        input: .fileDescriptor(input, closeAfterSpawningProcess: true), output: .discarded,
                        error: .fileDescriptor(errors, closeAfterSpawningProcess: false))
                    switch result.terminationStatus {
                    case .exited(let code): return .success(code)
                    case .signaled(let signal): return .success(128 + signal)
                    }
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let status)?: return status
        case .failure(let error)?: throw .transferAgentUnavailable("\(executable): \(error)")
        case nil:
            throw .transferAgentFailed(
                status: 75, output: "\(executable) did not finish within \(timeout); it was stopped")
        }
    }

    /// A temporary file holding `bytes`, already unlinked, positioned at its start.
    private static func unlinkedFile(containing bytes: [UInt8]) throws -> FileDescriptor {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("analogkit-mail-\(UUID().uuidString)")
            .path
        let file = try FileDescriptor.open(
            FilePath(path), .readWrite, options: [.create, .exclusiveCreate], permissions: [.ownerReadWrite])
        try? FileManager.default.removeItem(atPath: path)
        do {
            _ = try file.writeAll(bytes)
            _ = try file.seek(offset: 0, from: .start)
        } catch {
            try? file.close()
            throw error
        }
        return file
    }

    /// The start of what the agent wrote to standard error, on one line.
    private static func firstLines(of file: FileDescriptor) -> String {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count =
            (try? file.seek(offset: 0, from: .start)).flatMap { _ in
                try? buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            } ?? 0
        return SMTPReplyParser.printable(buffer.prefix(count).map { $0 == 10 || $0 == 13 ? 32 : $0 })
            .trimmingASCIIWhitespace
    }
}
