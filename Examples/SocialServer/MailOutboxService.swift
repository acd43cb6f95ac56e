import ArgumentParser
import Foundation
import Logging
import Metrics
import NIOPosix
import ServiceLifecycle
import SocialModel
import SocialModelMail

/// The store's mail outbox sender (`MailOutboxSender`) as a service beside the HTTP server: account
/// mail is queued in the store with the change it tells about, and sent from here, retried with
/// backoff across restarts. Operators see the outbox as gauges on /metrics
/// (`social_mail_outbox_pending`, `social_mail_outbox_failed`) and failures in the log.
struct MailOutboxService: Service {
    let sender: MailOutboxSender

    func run() async throws {
        let pending = Gauge(label: "social_mail_outbox_pending")
        let failed = Gauge(label: "social_mail_outbox_failed")
        await cancelWhenGracefulShutdown {
            await sender.run { counts in
                pending.record(counts.pending)
                failed.record(counts.failed)
            }
        }
    }
}

/// The mail flags: how account mail leaves the outbox.
struct MailOptions: ParsableArguments {
    @Option(
        help: """
            The SMTP server account mail is sent through: smtp://user:password@host:587 (STARTTLS), \
            smtps://user:password@host:465 (implicit TLS) or smtp://host:25?tls=none. Without it, \
            each email is written into --outbox as a .json file.
            """)
    var smtpURL: String?

    @Option(help: "The From address of the mail sent through --smtp-url.")
    var mailFrom = "no-reply@localhost"

    @Option(help: "The app's address the verification and reset links in the mail sent through --smtp-url point to.")
    var mailLinkBase = "http://localhost:8080/account"

    @Option(
        help: """
            Without --smtp-url: the folder account email (verification, password reset, password \
            changed, registration attempt) is written to, one .json file each.
            """)
    var outbox = "outbox"

    @Option(
        help: """
            Account mail is queued in the store's mail outbox with the change it tells about (kept \
            across restarts with SQLite and PostgreSQL; 'memory' loses it at exit) and sent by a \
            background sender. Seconds before a failed mail is tried again; each later wait is \
            twice as long, up to an hour, for 20 attempts in all; then it counts as failed \
            (social_mail_outbox_failed on --metrics-port's /metrics) and stays in the store.
            """)
    var mailRetrySeconds = 10.0

    @Option(
        help: """
            Seconds between the sender's looks at the mail outbox, for mail other instances queued \
            and retries that came due; mail this instance queues is sent at once.
            """)
    var mailPollSeconds = 1.0

    /// The mailer: SMTP with the standard templates, or the folder outbox.
    func mailer(logger: Logger) throws -> any Mailer {
        guard let smtpURL else { return OutboxMailer(directory: URL(fileURLWithPath: outbox)) }
        do {
            return try TransportMailer.smtp(
                url: smtpURL, from: mailFrom, appName: "Social", linkBase: mailLinkBase, logger: logger)
        } catch {
            throw ValidationError("--smtp-url, --mail-from or --mail-link-base: \(error)")
        }
    }

    /// The sender over `outbox`, retrying from `--mail-retry-seconds` on, doubling up to an hour,
    /// woken by `wakeUp` (the signal of the accounts' `SignallingMailOutbox`) as soon as mail is queued
    /// here, and polling every `--mail-poll-seconds` for mail other instances queued.
    func sender(
        outbox: any MailOutboxStore, mailer: any Mailer, accounts: AccountService, wakeUp: MailOutboxSignal? = nil,
        logger: Logger
    ) throws -> MailOutboxSender {
        guard (0.01...86_400).contains(mailRetrySeconds), (0.01...3600).contains(mailPollSeconds) else {
            throw ValidationError(
                "--mail-retry-seconds must be between 0.01 and 86400, --mail-poll-seconds between 0.01 and 3600")
        }
        var policy = MailRetryPolicy.outbox
        policy.initialDelay = .milliseconds(Int64(mailRetrySeconds * 1000))
        return MailOutboxSender(
            outbox: outbox, mailer: mailer, accounts: accounts, policy: policy,
            pollInterval: .milliseconds(Int64(mailPollSeconds * 1000)), wakeUp: wakeUp, logger: logger)
    }
}
