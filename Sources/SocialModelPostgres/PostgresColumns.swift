import Foundation
import PostgresNIO
import SocialModel

/// Reads one row's columns in order, each entity's decoder right after the column list it goes
/// with, so a SELECT and its decoding cannot drift apart and a row that joins several entities
/// (a post with its author and first comment) reuses their decoders.
///
/// A column of an unexpected type is a ``StoreError``, never a crash. Dates are `double
/// precision` seconds since 2001-01-01 UTC (see ``PostgresSchema``).
struct PostgresColumns {
    var cells: PostgresRow.Iterator

    init(_ row: PostgresRow) {
        cells = row.makeIterator()
    }

    mutating func next<Value: PostgresDecodable>(_: Value.Type = Value.self) throws(StoreError) -> Value {
        guard let cell = cells.next() else { throw .database(message: "a row has fewer columns than expected") }
        do {
            return try cell.decode(Value.self)
        } catch {
            throw .database(message: "unexpected column type: \(error)")
        }
    }

    mutating func date() throws(StoreError) -> Date { Date(timeIntervalSinceReferenceDate: try next()) }

    mutating func optionalDate() throws(StoreError) -> Date? {
        (try next(Double?.self)).map(Date.init(timeIntervalSinceReferenceDate:))
    }

    mutating func id<Kind>(_: Kind.Type = Kind.self) throws(StoreError) -> Identifier<Kind> {
        Identifier(rawValue: try next())
    }

    /// A value whose `count` columns are all NULL when a LEFT JOIN found nothing: `nil` then,
    /// with the columns skipped.
    mutating func optional<T>(columns count: Int, _ decode: (inout PostgresColumns) throws -> T) rethrows -> T? {
        var probe = cells
        guard probe.next()?.bytes != nil else {
            for _ in 0..<count { _ = cells.next() }
            return nil
        }
        return try decode(&self)
    }

    /// `list`'s columns of the table aliased `alias`.
    static func qualified(_ list: String, _ alias: String) -> String {
        list.split(separator: ", ").map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    // MARK: Accounts

    static let userColumns = "id, username, email, name, surname, bio, avatar, created_at, verified_at"

    mutating func user() throws(StoreError) -> User {
        User(
            id: try id(), username: try next(), email: try next(String?.self), name: try next(), surname: try next(),
            bio: try next(), avatar: try next(String?.self), createdAt: try date(), verifiedAt: try optionalDate())
    }

    static let sessionColumns = "token_hash, user_id, created_at, expires_at"

    mutating func session() throws(StoreError) -> SessionRecord {
        SessionRecord(tokenHash: try next(), userID: try id(), createdAt: try date(), expiresAt: try date())
    }

    static let tokenColumns = "token_hash, user_id, purpose, created_at, expires_at"

    /// A token, or `nil` for a purpose this version does not know.
    mutating func token() throws(StoreError) -> OneTimeTokenRecord? {
        let (hash, userID, purpose) = (try next(Data.self), try id(IDKind.User.self), try next(String.self))
        let (createdAt, expiresAt) = (try date(), try date())
        return TokenPurpose(rawValue: purpose).map {
            OneTimeTokenRecord(tokenHash: hash, userID: userID, purpose: $0, createdAt: createdAt, expiresAt: expiresAt)
        }
    }

    static let identityLinkColumns = "provider, subject, user_id, linked_at"

    mutating func identityLink() throws(StoreError) -> IdentityLink {
        IdentityLink(provider: try next(), subject: try next(), userID: try id(), linkedAt: try date())
    }

    // MARK: Recipes

    static let recipeColumns =
        "id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at, like_count"

    mutating func recipe() throws(StoreError) -> Recipe {
        Recipe(
            id: try id(), authorID: try id(), name: try next(), preparationMinutes: try next(),
            ingredients: try next(), steps: try next(), hasPhoto: try next(), createdAt: try date(),
            likeCount: try next())
    }

    static let bodyProfileColumns = "sex, weight_kg, height_cm, age_years, activity, goal"

    /// A profile, or `nil` when a stored value is one this version does not know.
    mutating func bodyProfile() throws(StoreError) -> BodyProfile? {
        let (sex, weight, height, age) = (
            try next(String.self), try next(Double.self), try next(Double.self), try next(Int.self)
        )
        let (activity, goal) = (try next(String.self), try next(String.self))
        guard let sex = Sex(rawValue: sex), let activity = ActivityLevel(rawValue: activity),
            let goal = Goal(rawValue: goal)
        else { return nil }
        return BodyProfile(
            sex: sex, weightKilograms: weight, heightCentimeters: height, ageYears: age, activity: activity, goal: goal)
    }

    // MARK: Network

    static let postColumns = "id, author_id, caption, filter, width, height, created_at, like_count, comment_count"

    mutating func post() throws(StoreError) -> Post {
        Post(
            id: try id(), authorID: try id(), caption: try next(), filter: try next(String?.self), width: try next(),
            height: try next(), createdAt: try date(), likeCount: try next(), commentCount: try next())
    }

    static let commentColumns = "id, post_id, author_id, text, created_at"

    mutating func comment() throws(StoreError) -> PostComment {
        PostComment(id: try id(), postID: try id(), authorID: try id(), text: try next(), createdAt: try date())
    }

    static let notificationColumns = "id, recipient_id, actor_id, kind, post_id, comment_id, created_at, is_read"

    /// A notification, or `nil` for a kind this version does not know.
    mutating func notification() throws(StoreError) -> NetworkNotification? {
        let (id, recipient, actor) = (
            try id(IDKind.Notification.self), try id(IDKind.User.self), try id(IDKind.User.self)
        )
        let kind = NotificationKind(rawValue: try next())
        let (post, comment) = (try next(String?.self), try next(String?.self))
        let (createdAt, isRead) = (try date(), try next(Bool.self))
        return kind.map {
            NetworkNotification(
                id: id, recipientID: recipient, actorID: actor, kind: $0, postID: post.map(PostID.init(rawValue:)),
                commentID: comment.map(CommentID.init(rawValue:)), createdAt: createdAt, isRead: isRead)
        }
    }

    static let messageColumns = "id, conversation_id, sender_id, text, has_photo, created_at, read_at"

    mutating func message() throws(StoreError) -> Message {
        Message(
            id: try id(), conversationID: try id(), senderID: try id(), text: try next(), hasPhoto: try next(),
            createdAt: try date(), readAt: try optionalDate())
    }

    static let conversationColumns = "id, user_a, user_b, created_at, last_message_at"

    mutating func conversation() throws(StoreError) -> Conversation {
        Conversation(
            id: try id(), participantIDs: [try id(), try id()], createdAt: try date(), lastMessageAt: try date())
    }

    /// A user then the date that put them in a list (a follow, a like).
    mutating func datedUser() throws(StoreError) -> DatedUser {
        DatedUser(user: try user(), date: try date())
    }
}

extension Data {
    /// The bytes as a `ByteBuffer`, which binds as `bytea` without a throwing conversion.
    var buffer: ByteBuffer { ByteBuffer(bytes: self) }
}

/// SQL text with numbered parameters, for queries whose clauses depend on the request (a cursor
/// or not, one sort key or another). Values are always bound, never spliced into the text.
struct SQLBuilder {
    var sql = ""
    var bindings = PostgresBindings()

    /// Binds a value and returns its placeholder (`$n`).
    mutating func bind(_ value: some PostgresNonThrowingEncodable) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }

    /// `AND (date, id) < (…)` (or `>` when `ascending`) for a keyset cursor, or nothing without one.
    mutating func keyset(_ cursor: KeysetCursor?, _ date: String, _ id: String, ascending: Bool = false) -> String {
        guard let cursor else { return "" }
        let datePlaceholder = bind(cursor.date.timeIntervalSinceReferenceDate)
        return "AND (\(date), \(id)) \(ascending ? ">" : "<") (\(datePlaceholder), \(bind(cursor.id)))"
    }
}
