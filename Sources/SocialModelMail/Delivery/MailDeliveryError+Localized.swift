import Foundation
import SocialModel

extension MailDeliveryError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    /// SMTP stages and the server's reply are protocol words and stay as they are; the system's or
    /// a library's own words are shown as a technical detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        func text(_ key: String, _ arguments: [String: String] = [:], detail: String? = nil) -> String {
            mailText("MailDeliveryError.\(key)", locale, arguments, detail: detail)
        }
        switch self {
        case .invalidMessage(let problem):
            return text("invalidMessage", ["reason": problem.localizedDescription(for: locale)])
        case .invalidConfiguration(let problem):
            return text("invalidConfiguration", ["reason": problem.localizedDescription(for: locale)])
        case .connectionFailed(let host, let port, let reason):
            return text("connectionFailed", ["host": host, "port": String(port)], detail: reason)
        case .timedOut(let stage): return text("timedOut", ["stage": stage.description])
        case .connectionClosed(let stage): return text("connectionClosed", ["stage": stage.description])
        case .rejected(let stage, let reply):
            return text("rejected", ["stage": stage.description, "reply": "\(reply)"])
        case .malformedReply(let stage, let problem):
            return text(
                "malformedReply", ["stage": stage.description, "reason": problem.localizedDescription(for: locale)])
        case .tlsFailed(let reason): return text("tlsFailed", detail: reason)
        case .serverUnsuitable(let shortcoming):
            return text("serverUnsuitable", ["reason": shortcoming.localizedDescription(for: locale)])
        case .transferAgentFailed(let status, let output):
            return text("transferAgentFailed", ["status": String(status)], detail: output.isEmpty ? nil : output)
        case .transferAgentUnavailable(let reason): return text("transferAgentUnavailable", detail: reason)
        }
    }
}
