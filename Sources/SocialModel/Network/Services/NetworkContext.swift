import FilmKit
import Foundation

/// What every network service shares: the store, the account service that turns session tokens
/// into acting users, the live-update hub, the filters and the limits.
struct NetworkContext: Sendable {
    let store: any SocialStore
    let accounts: AccountService
    let events: NetworkEvents
    let filters: FilterRegistry
    let policy: NetworkPolicy

    var now: Date { accounts.clock.now() }

    /// The user acting with this session token.
    func actor(_ token: SecretToken) async throws(NetworkError) -> User {
        do {
            return try await accounts.authenticate(token)
        } catch {
            throw .account(error)
        }
    }

    /// Runs a store call, wrapping its error.
    func fromStore<T>(_ body: () async throws -> T) async throws(NetworkError) -> T {
        try await callStore(NetworkError.storage, body)
    }

    /// The page size asked for, or the default.
    func limit(_ limit: Int?) throws(NetworkError) -> Int {
        let limit = limit ?? policy.pageSize
        guard (1...policy.maximumPageSize).contains(limit) else {
            throw .invalid([NetworkViolation(.limit, .outOfRange(minimum: 1, maximum: policy.maximumPageSize))])
        }
        return limit
    }

    func existingUser(_ id: UserID) async throws(NetworkError) -> User {
        guard let user = try await fromStore({ try await store.user(id: id) }) else { throw .notFound(.user) }
        return user
    }

    func existingPost(_ id: PostID) async throws(NetworkError) -> Post {
        guard let post = try await fromStore({ try await store.post(id: id) }) else { throw .notFound(.post) }
        return post
    }

    /// Checks a text field: length, lines and control characters; the text is already normalised.
    func check(_ text: String, _ field: NetworkField, maximumLength: Int, maximumLines: Int)
        -> [NetworkViolation]
    {
        var violations: [NetworkViolation] = []
        if text.count > maximumLength { violations.append(.init(field, .tooLong(maximum: maximumLength))) }
        if text.split(separator: "\n", omittingEmptySubsequences: false).count > maximumLines {
            violations.append(.init(field, .tooManyLines(maximum: maximumLines)))
        }
        if AccountValidator.hasControlCharacters(text, allowingNewlines: maximumLines > 1) {
            violations.append(.init(field, .forbiddenCharacters(allowed: "printable characters")))
        }
        return violations
    }

    /// A notification made now.
    func notification(
        to recipient: UserID, from actor: UserID, _ kind: NotificationKind, post: PostID? = nil,
        comment: CommentID? = nil
    ) -> NetworkNotification {
        NetworkNotification(
            id: .random(), recipientID: recipient, actorID: actor, kind: kind, postID: post, commentID: comment,
            createdAt: now)
    }
}

extension User {
    /// The user as others see them: without the email address.
    var publicView: User {
        var user = self
        user.email = nil
        return user
    }
}

extension PostView {
    /// The view with its author's email address left out.
    var publicView: PostView {
        var view = self
        view.author = author.publicView
        return view
    }
}
