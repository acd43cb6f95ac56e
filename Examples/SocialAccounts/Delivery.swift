import Foundation
import Logging
import NIOPosix
import SocialModel
import SocialModelMail

/// Sends through another mailer and, once it accepted a message, keeps a copy in the outbox, where
/// the example reads the token a person would find in the email.
struct CopyingMailer: Mailer {
    let delivery: any Mailer
    let outbox: OutboxMailer

    func send(_ message: MailMessage) async throws(MailerError) {
        try await delivery.send(message)
        try await outbox.send(message)
    }
}

enum Delivery {
    /// The mailer for `--smtp`: account messages composed from the standard templates with links
    /// under `linkBase`, sent through the SMTP server (transient failures retried with backoff),
    /// a copy of each sent message in `outbox`.
    static func smtp(url: String, sender: String, linkBase: URL, outbox: OutboxMailer, logger: Logger) throws
        -> any Mailer
    {
        let mailer = try TransportMailer.smtp(
            url: url, from: sender, appName: "Social Accounts", linkBase: linkBase.absoluteString, logger: logger)
        return CopyingMailer(delivery: RetryingMailer(mailer, logger: logger), outbox: outbox)
    }

    /// How a mail outcome reads in the example's output.
    static func describe(_ outcome: MailOutcome) -> String {
        switch outcome {
        case .sent: "sent"
        case .notSent: "none due"
        case .queued: "queued in the store's mail outbox"
        case .deferred(let error): "not sent for now, the token stays valid (\(error))"
        case .failed(let error): "not sent, the account is kept (\(error))"
        }
    }
}

/// Why a run stopped, in one line. ArgumentParser prints it as `Error: …` and exits with status 1,
/// where a `ValidationError` (a command line that does not fit) prints the usage and exits with 64.
struct RunFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
