import Foundation

/// The default mailer: writes each message as a JSON file in an outbox folder, for a separate
/// process (or a person, during development) to deliver or read.
public struct OutboxMailer: Mailer {
    /// The folder the messages are written to.
    public let directory: URL

    /// A mailer writing into `directory`, which is created when the first message is sent.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes the message atomically as `<time>-<uuid>.json`.
    ///
    /// - Throws: ``MailerError/deliveryFailed(message:)`` if the folder cannot be created or the file written.
    public func send(_ message: MailMessage) async throws(MailerError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let stamp = String(format: "%.6f", message.sentAt.timeIntervalSince1970)
        let file = directory.appendingPathComponent("\(stamp)-\(UUID().uuidString).json")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try encoder.encode(message).write(to: file, options: .atomic)
        } catch {
            throw .deliveryFailed(message: "cannot write \(file.path): \(error.localizedDescription)")
        }
    }

    /// The messages in the outbox, oldest first; files that are not messages are skipped.
    ///
    /// - Throws: ``MailerError/deliveryFailed(message:)`` if the folder exists but cannot be listed (a missing folder
    ///   is an empty outbox).
    public func messages() throws(MailerError) -> [MailMessage] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        } catch {
            throw .deliveryFailed(message: "cannot read the outbox \(directory.path): \(error.localizedDescription)")
        }
        return files.filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .compactMap { file in
                (try? Data(contentsOf: file)).flatMap { try? decoder.decode(MailMessage.self, from: $0) }
            }
    }
}
