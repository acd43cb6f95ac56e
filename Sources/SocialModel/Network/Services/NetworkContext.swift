import Foundation

/// What every network service shares besides its store: the live-update hub, the photo
/// processor, the limits, the clock and the content check.
struct NetworkContext: Sendable {
    let events: NetworkEvents
    let photos: any PhotoProcessor
    let policy: NetworkPolicy
    let clock: any WallClock
    /// Decides about captions, comments, messages and photos before they are stored; `nil` allows all.
    var contentCheck: (any ContentCheck)? = nil

    var now: Date { clock.now() }

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

    func existingUser(_ id: UserID, in store: any UserStore) async throws(NetworkError) -> User {
        guard let user = try await fromStore({ try await store.user(id: id) }) else { throw .notFound(.user) }
        return user
    }

    func existingPost(_ id: PostID, in store: any PostStore) async throws(NetworkError) -> Post {
        guard let post = try await fromStore({ try await store.post(id: id) }) else { throw .notFound(.post) }
        return post
    }

    /// The one rule of a block: two users with a block between them, either way, cannot see or
    /// reach each other. The refusal is what a missing `entity` gets, so that a block is not
    /// revealed to the user it hides from. Oneself is never blocked.
    /// - Throws: ``NetworkError/notFound(_:)`` with `entity` when there is a block.
    func requireNoBlock(
        between userID: UserID, and otherID: UserID, in store: any SafetyStore, else entity: NetworkEntity
    )
        async throws(NetworkError)
    {
        guard userID != otherID else { return }
        guard try await fromStore({ try await store.blocked(with: userID, among: [otherID]) }).isEmpty else {
            throw .notFound(entity)
        }
    }

    /// `items` without those whose user (`user`) has a block with `userID`, either way: the
    /// same rule as ``requireNoBlock(between:and:in:else:)``, for a list.
    func withoutBlocked<Item>(_ items: [Item], of userID: UserID, user: (Item) -> UserID, in store: any SafetyStore)
        async throws(NetworkError) -> [Item]
    {
        let hidden = try await fromStore { try await store.blocked(with: userID, among: items.map(user)) }
        return hidden.isEmpty ? items : items.filter { !hidden.contains(user($0)) }
    }

    /// A text field normalised and checked: length, lines, control characters and, when
    /// `required`, emptiness. Returns the normalised text.
    func checked(_ text: String, _ field: NetworkField, maximumLength: Int, maximumLines: Int, required: Bool)
        throws(NetworkError) -> String
    {
        let text = AccountValidator.normalizedText(text)
        var violations: [NetworkViolation] = []
        if required && text.isEmpty { violations.append(.init(field, .tooShort(minimum: 1))) }
        if text.count > maximumLength { violations.append(.init(field, .tooLong(maximum: maximumLength))) }
        if text.split(separator: "\n", omittingEmptySubsequences: false).count > maximumLines {
            violations.append(.init(field, .tooManyLines(maximum: maximumLines)))
        }
        if AccountValidator.hasControlCharacters(text, allowingNewlines: maximumLines > 1) {
            violations.append(.init(field, .forbiddenCharacters(allowed: "printable characters")))
        }
        guard violations.isEmpty else { throw .invalid(violations) }
        return text
    }

    /// A notification made now; `nil` when the actor would be told of their own act.
    func notification(
        to recipient: UserID, from actor: UserID, _ kind: NotificationKind, post: PostID? = nil,
        comment: CommentID? = nil
    ) -> NetworkNotification? {
        guard recipient != actor else { return nil }
        return NetworkNotification(
            id: .random(), recipientID: recipient, actorID: actor, kind: kind, postID: post, commentID: comment,
            createdAt: now)
    }

    /// Processes a photo, wrapping its error.
    func bounded(_ photo: Data, sizes: [Int], filter: PhotoFilter? = nil, seed: UInt64 = 0) async throws(NetworkError)
        -> ProcessedPhoto
    {
        do {
            return try await photos.bounded(
                photo, sizes: sizes, pixelLimit: policy.photoPixelLimit, filter: filter, seed: seed)
        } catch {
            throw .photo(error)
        }
    }
}

extension CursorPage {
    /// A page of `items` asked for with `limit`: a full page may have more after it, so it
    /// carries the cursor of its last item; a short page is the last.
    init(items: [Item], limit: Int, cursor: (Item) -> Cursor) {
        self.init(items: items, next: items.count == limit ? items.last.map(cursor) : nil)
    }

    /// A page of what is left of `read` (a page of `limit` items as the store read it) once
    /// some were left out: the cursor continues after the last item read, so a page may be
    /// short and still have more after it.
    init(items: [Item], read: [Item], limit: Int, cursor: (Item) -> Cursor) {
        self.init(items: items, next: read.count == limit ? read.last.map(cursor) : nil)
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

extension DatedUser {
    /// The entry with the user's email address left out.
    var publicView: DatedUser { DatedUser(user: user.publicView, date: date) }
}
