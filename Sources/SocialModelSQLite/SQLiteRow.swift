import Foundation
import GRDB
import SocialModel

/// Reads one row's columns in order, each entity's decoder right after the column list it goes
/// with, so a SELECT and its decoding cannot drift apart.
///
/// Values are read by position (markedly faster than by name for a feed's rows) and with
/// GRDB's throwing `decode`, so a damaged file gives a ``StoreError``, never a crash. Dates are
/// stored as REAL seconds since 2001-01-01 UTC, `Date`'s own representation, so they round-trip
/// exactly (GRDB's default text form keeps milliseconds only).
struct SQLiteRow {
    let row: Row
    var index = 0

    init(_ row: Row, from index: Int = 0) {
        self.row = row
        self.index = index
    }

    mutating func next<Value: DatabaseValueConvertible & StatementColumnConvertible>(_: Value.Type = Value.self)
        throws -> Value
    {
        defer { index += 1 }
        return try row.decode(atIndex: index)
    }

    mutating func next<Value: DatabaseValueConvertible & StatementColumnConvertible>(_: Value?.Type = Value?.self)
        throws -> Value?
    {
        defer { index += 1 }
        return try row.decode(atIndex: index)
    }

    mutating func date() throws -> Date { Date(timeIntervalSinceReferenceDate: try next()) }

    mutating func optionalDate() throws -> Date? {
        (try next(Double?.self)).map(Date.init(timeIntervalSinceReferenceDate:))
    }

    mutating func id<Kind>(_: Kind.Type = Kind.self) throws -> Identifier<Kind> { Identifier(rawValue: try next()) }

    /// Every row of a query, decoded.
    static func fetchAll<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, _ decode: (inout SQLiteRow) throws -> T
    ) throws -> [T] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var result: [T] = []
        while let row = try rows.next() {
            var reader = SQLiteRow(row)
            result.append(try decode(&reader))
        }
        return result
    }

    /// The first row of a query, decoded.
    static func fetchOne<T>(
        _ db: Database, _ sql: String, _ arguments: StatementArguments, _ decode: (inout SQLiteRow) throws -> T
    ) throws -> T? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) else { return nil }
        var reader = SQLiteRow(row)
        return try decode(&reader)
    }

    // MARK: Accounts

    static let userColumns = "id, username, email, name, surname, bio, avatar, created_at, verified_at"

    mutating func user() throws -> User {
        User(
            id: try id(), username: try next(), email: try next(String?.self), name: try next(), surname: try next(),
            bio: try next(), avatar: try next(String?.self), createdAt: try date(), verifiedAt: try optionalDate())
    }

    static let sessionColumns = "token_hash, user_id, created_at, expires_at"

    mutating func session() throws -> SessionRecord {
        SessionRecord(tokenHash: try next(), userID: try id(), createdAt: try date(), expiresAt: try date())
    }

    static let tokenColumns = "token_hash, user_id, purpose, created_at, expires_at"

    /// A token, or `nil` for a purpose this version does not know.
    mutating func token() throws -> OneTimeTokenRecord? {
        let (hash, userID, purpose) = (try next(Data.self), try id(IDKind.User.self), try next(String.self))
        let (createdAt, expiresAt) = (try date(), try date())
        return TokenPurpose(rawValue: purpose).map {
            OneTimeTokenRecord(tokenHash: hash, userID: userID, purpose: $0, createdAt: createdAt, expiresAt: expiresAt)
        }
    }

    static let identityLinkColumns = "provider, subject, user_id, linked_at"

    mutating func identityLink() throws -> IdentityLink {
        IdentityLink(provider: try next(), subject: try next(), userID: try id(), linkedAt: try date())
    }

    // MARK: Recipes

    static let recipeColumns =
        "id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at, like_count"

    mutating func recipe() throws -> Recipe {
        Recipe(
            id: try id(), authorID: try id(), name: try next(), preparationMinutes: try next(),
            ingredients: try Self.lines(try next()), steps: try Self.lines(try next()), hasPhoto: try next(),
            createdAt: try date(), likeCount: try next())
    }

    /// Ingredients and steps are JSON arrays of strings.
    static func json(_ lines: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(lines), as: UTF8.self)
    }

    static func lines(_ json: String) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(json.utf8))
    }

    static let bodyProfileColumns = "sex, weight_kg, height_cm, age_years, activity, goal"

    /// A profile, or `nil` when a stored value is one this version does not know.
    mutating func bodyProfile() throws -> BodyProfile? {
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

    mutating func post() throws -> Post {
        Post(
            id: try id(), authorID: try id(), caption: try next(), filter: try next(String?.self), width: try next(),
            height: try next(), createdAt: try date(), likeCount: try next(), commentCount: try next())
    }

    static let commentColumns = "id, post_id, author_id, text, created_at"

    mutating func comment() throws -> PostComment {
        PostComment(id: try id(), postID: try id(), authorID: try id(), text: try next(), createdAt: try date())
    }

    static let notificationColumns = "id, recipient_id, actor_id, kind, post_id, comment_id, created_at, is_read"

    /// A notification, or `nil` for a kind this version does not know.
    mutating func notification() throws -> NetworkNotification? {
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

    mutating func message() throws -> Message {
        Message(
            id: try id(), conversationID: try id(), senderID: try id(), text: try next(), hasPhoto: try next(),
            createdAt: try date(), readAt: try optionalDate())
    }

    static let conversationColumns = "id, user_a, user_b, created_at, last_message_at"

    mutating func conversation() throws -> Conversation {
        Conversation(
            id: try id(), participantIDs: [try id(), try id()], createdAt: try date(), lastMessageAt: try date())
    }

    /// A value whose `count` columns are all NULL when a LEFT JOIN found nothing: `nil` then,
    /// with the columns skipped.
    mutating func optional<T>(columns count: Int, _ decode: (inout SQLiteRow) throws -> T) throws -> T? {
        guard !(row[index] as DatabaseValue).isNull else {
            index += count
            return nil
        }
        return try decode(&self)
    }

    /// A user then the date that put them in a list (a follow, a like).
    mutating func datedUser() throws -> DatedUser {
        DatedUser(user: try user(), date: try date())
    }
}
