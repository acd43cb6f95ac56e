import Foundation
import SocialModel

extension OutboxMail {
    /// The address the row's mail is for: a message's recipient, or the address an account mail
    /// request names.
    package var recipientAddress: String {
        switch content {
        case .message(let message): message.to
        case .accountRequest(let request): request.address
        }
    }

    /// Of the outbox rows given as stored (id and content), the ids of those whose mail is for
    /// `address`. A store deletes them in the transaction that deletes the account with that
    /// address, so no mail queued for a deleted account is sent afterwards. A row whose content
    /// cannot be read is kept: it is no one's for certain, and operators see it fail.
    /// - Parameters:
    ///   - address: the deleted account's address.
    ///   - rows: the outbox's rows, as `(id, content)` columns.
    /// - Returns: the stored ids to delete.
    package static func storedIDs(addressedTo address: String, among rows: [(id: String, content: Data)]) -> [String] {
        let decoder = JSONDecoder()
        return rows.compactMap { row in
            guard let content = try? decoder.decode(Content.self, from: row.content) else { return nil }
            let mail = OutboxMail(
                content: content, createdAt: .distantPast, attempts: 0, nextAttemptAt: nil, lastError: nil)
            return mail.recipientAddress == address ? row.id : nil
        }
    }
}
