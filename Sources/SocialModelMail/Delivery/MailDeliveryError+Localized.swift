import Foundation
import SocialModel

extension MailDeliveryError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    /// SMTP stages and the server's reply are protocol words and stay as they are.
    public func localizedDescription(for locale: Locale = .current) -> String {
        func text(_ key: String, _ arguments: [String: String]) -> String {
            MessageTable.socialModelMail.text("MailDeliveryError.\(key)", locale: locale, arguments)
        }
        switch self {
        case .invalidMessage(let reason): return text("invalidMessage", ["reason": reason])
        case .invalidConfiguration(let reason): return text("invalidConfiguration", ["reason": reason])
        case .connectionFailed(let host, let port, let reason):
            return text("connectionFailed", ["host": host, "port": String(port), "reason": reason])
        case .timedOut(let stage): return text("timedOut", ["stage": stage.description])
        case .connectionClosed(let stage): return text("connectionClosed", ["stage": stage.description])
        case .rejected(let stage, let reply):
            return text("rejected", ["stage": stage.description, "reply": "\(reply)"])
        case .malformedReply(let stage, let reason):
            return text("malformedReply", ["stage": stage.description, "reason": reason])
        case .tlsFailed(let reason): return text("tlsFailed", ["reason": reason])
        case .serverUnsuitable(let reason): return text("serverUnsuitable", ["reason": reason])
        case .transferAgentFailed(let status, let output):
            return output.isEmpty
                ? text("transferAgentFailed", ["status": String(status)])
                : text("transferAgentFailed.output", ["status": String(status), "output": output])
        case .transferAgentUnavailable(let reason): return text("transferAgentUnavailable", ["reason": reason])
        }
    }
}
