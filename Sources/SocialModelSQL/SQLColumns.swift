import Foundation
import SocialModel

/// One result row's columns, read in order, whatever the driver: the SQLite and PostgreSQL
/// stores each implement these few reads, and every entity is decoded once, below, right after
/// the column list it goes with, so a SELECT and its decoding cannot drift apart and a row that
/// joins several entities (a post with its author and first comment) reuses their decoders.
///
/// Both stores lay their tables out alike: ids are text, dates are seconds since
/// 2001-01-01 UTC (`Date`'s own representation, so they round-trip exactly), flags are booleans.
/// A column of an unexpected type is an error the store reports as a ``StoreError``, never a crash.
package protocol SQLColumns {
    mutating func string() throws -> String
    mutating func optionalString() throws -> String?
    mutating func int() throws -> Int
    mutating func double() throws -> Double
    mutating func optionalDouble() throws -> Double?
    mutating func bool() throws -> Bool
    mutating func data() throws -> Data
    /// A list of strings (a recipe's ingredients or steps), however the store keeps it.
    mutating func strings() throws -> [String]
    /// Whether the next column is NULL, without reading it.
    func nextIsNull() -> Bool
    /// Passes over `count` columns.
    mutating func skip(_ count: Int)
}

extension SQLColumns {
    @inlinable package mutating func date() throws -> Date { Date(timeIntervalSinceReferenceDate: try double()) }

    @inlinable package mutating func optionalDate() throws -> Date? {
        try optionalDouble().map(Date.init(timeIntervalSinceReferenceDate:))
    }

    @inlinable package mutating func id<Kind>(_: Kind.Type = Kind.self) throws -> Identifier<Kind> {
        Identifier(rawValue: try string())
    }

    /// A value whose `count` columns are all NULL when a LEFT JOIN found nothing: `nil` then,
    /// with the columns skipped.
    @inlinable package mutating func optional<T>(columns count: Int, _ decode: (inout Self) throws -> T) rethrows -> T?
    {
        guard !nextIsNull() else {
            skip(count)
            return nil
        }
        return try decode(&self)
    }

    // MARK: Accounts

    @inlinable package mutating func user() throws -> User {
        User(
            id: try id(), username: try string(), email: try optionalString(), name: try string(),
            surname: try string(), bio: try string(), avatar: try optionalString(), createdAt: try date(),
            verifiedAt: try optionalDate())
    }

    @inlinable package mutating func session() throws -> SessionRecord {
        SessionRecord(tokenHash: try data(), userID: try id(), createdAt: try date(), expiresAt: try date())
    }

    @inlinable package mutating func sessionWithUser() throws -> (session: SessionRecord, user: User) {
        (try session(), try user())
    }

    /// A token, or `nil` for a purpose this version does not know.
    @inlinable package mutating func token() throws -> OneTimeTokenRecord? {
        let (hash, userID, purpose) = (try data(), try id(IDKind.User.self), try string())
        let (createdAt, expiresAt) = (try date(), try date())
        return TokenPurpose(rawValue: purpose).map {
            OneTimeTokenRecord(tokenHash: hash, userID: userID, purpose: $0, createdAt: createdAt, expiresAt: expiresAt)
        }
    }

    @inlinable package mutating func identityLink() throws -> IdentityLink {
        IdentityLink(provider: try string(), subject: try string(), userID: try id(), linkedAt: try date())
    }

    // MARK: Recipes

    @inlinable package mutating func recipe() throws -> Recipe {
        Recipe(
            id: try id(), authorID: try id(), name: try string(), preparationMinutes: try int(),
            ingredients: try strings(), steps: try strings(), hasPhoto: try bool(), createdAt: try date(),
            likeCount: try int())
    }

    /// A profile, or `nil` when a stored value is one this version does not know.
    @inlinable package mutating func bodyProfile() throws -> BodyProfile? {
        let (sex, weight, height, age) = (try string(), try double(), try double(), try int())
        let (activity, goal) = (try string(), try string())
        guard let sex = Sex(rawValue: sex), let activity = ActivityLevel(rawValue: activity),
            let goal = Goal(rawValue: goal)
        else { return nil }
        return BodyProfile(
            sex: sex, weightKilograms: weight, heightCentimeters: height, ageYears: age, activity: activity, goal: goal)
    }

    // MARK: Network

    @inlinable package mutating func post() throws -> Post {
        Post(
            id: try id(), authorID: try id(), caption: try string(), filter: try optionalString(), width: try int(),
            height: try int(), createdAt: try date(), likeCount: try int(), commentCount: try int())
    }

    @inlinable package mutating func comment() throws -> PostComment {
        PostComment(id: try id(), postID: try id(), authorID: try id(), text: try string(), createdAt: try date())
    }

    /// A row of ``SQLShape/viewColumns``: a post with its author, its first comment (or NULLs),
    /// whether the viewer likes it, and whether the post and the comment are held.
    @inlinable package mutating func postView() throws -> PostView {
        var view = PostView(
            post: try post(), author: try user(), firstComment: try optional(columns: 5) { try $0.comment() },
            likedByViewer: try bool())
        view.post.held = try bool()
        if try bool() { view.firstComment?.held = true }
        return view
    }

    /// A notification, or `nil` for a kind this version does not know.
    @inlinable package mutating func notification() throws -> NetworkNotification? {
        let (id, recipient, actor) = (
            try id(IDKind.Notification.self), try id(IDKind.User.self), try id(IDKind.User.self)
        )
        let kind = NotificationKind(rawValue: try string())
        let (post, comment) = (try optionalString(), try optionalString())
        let (createdAt, isRead) = (try date(), try bool())
        return kind.map {
            NetworkNotification(
                id: id, recipientID: recipient, actorID: actor, kind: $0, postID: post.map(PostID.init(rawValue:)),
                commentID: comment.map(CommentID.init(rawValue:)), createdAt: createdAt, isRead: isRead)
        }
    }

    @inlinable package mutating func message() throws -> Message {
        Message(
            id: try id(), conversationID: try id(), senderID: try id(), text: try string(), hasPhoto: try bool(),
            createdAt: try date(), readAt: try optionalDate())
    }

    @inlinable package mutating func conversation() throws -> Conversation {
        Conversation(
            id: try id(), participantIDs: [try id(), try id()], createdAt: try date(), lastMessageAt: try date())
    }

    /// A row of ``SQLShape/summaryColumns``: a conversation, the other user, the latest visible
    /// message (or NULLs), the reader's unread count and whether that message is held.
    @inlinable package mutating func conversationSummary() throws -> ConversationSummary {
        var summary = ConversationSummary(
            conversation: try conversation(), otherUser: try user(),
            lastMessage: try optional(columns: 7) { try $0.message() }, unreadCount: try int())
        if try bool() { summary.lastMessage?.held = true }
        return summary
    }

    /// A user then the date that put them in a list (a follow, a like).
    @inlinable package mutating func datedUser() throws -> DatedUser {
        DatedUser(user: try user(), date: try date())
    }
}

/// The column lists the decoders above read, in their order; the two stores' tables share them.
package enum SQLShape {
    package static let user = "id, username, email, name, surname, bio, avatar, created_at, verified_at"
    package static let session = "token_hash, user_id, created_at, expires_at"
    package static let token = "token_hash, user_id, purpose, created_at, expires_at"
    /// The read every signed-in call makes: a session (aliased `s`) and its user (`u`); the
    /// caller adds the `WHERE` on `s.token_hash`.
    package static let sessionWithUser =
        "SELECT \(qualified(session, "s")), \(qualified(user, "u")) FROM sessions s JOIN users u ON u.id = s.user_id"
    /// How many columns ``sessionWithUser`` selects.
    package static let sessionWithUserColumns = [session, user].map { $0.split(separator: ", ").count }.reduce(0, +)
    package static let identityLink = "provider, subject, user_id, linked_at"
    package static let recipe =
        "id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at, like_count"
    package static let bodyProfile = "sex, weight_kg, height_cm, age_years, activity, goal"
    /// A post's columns, of the table aliased `alias` (or named so), for ``SQLColumns/post()``: its
    /// stored columns, then its comment count as everyone sees it (``HeldContentSQL/commentCount(_:)``,
    /// the stored `comment_count` less held comments), so no statement reads the stored count raw.
    package static func post(_ alias: String) -> String {
        qualified("id, author_id, caption, filter, width, height, created_at, like_count", alias) + ", "
            + HeldContentSQL.commentCount(alias)
    }
    package static let comment = "id, post_id, author_id, text, created_at"
    package static let notification = "id, recipient_id, actor_id, kind, post_id, comment_id, created_at, is_read"
    package static let message = "id, conversation_id, sender_id, text, has_photo, created_at, read_at"
    package static let conversation = "id, user_a, user_b, created_at, last_message_at"

    /// `list`'s columns of the table aliased `alias`.
    @inlinable package static func qualified(_ list: String, _ alias: String) -> String {
        list.split(separator: ", ").map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// A post view's columns, for posts aliased `p`, authors `u` and first comments `fc`, then
    /// `liked`, the SQL that tells whether the viewer likes the post, then the held flags.
    @inlinable package static func viewColumns(liked: String) -> String {
        viewColumnsBeforeLiked + ", " + liked + ", " + HeldContentSQL.viewColumns
    }

    /// ``viewColumns(liked:)`` up to `liked`, made once: every feed page writes them, and
    /// qualifying them afresh was about 6 % of a server's CPU time per home feed request.
    package static let viewColumnsBeforeLiked = [
        post("p"), qualified(user, "u"), qualified(comment, "fc"),
    ].joined(separator: ", ")

    /// A conversation summary's columns, for conversations aliased `c`, the other user `u`, the
    /// latest message `lm` and the member row `m`, then whether that message is held.
    package static let summaryColumns = [
        qualified(conversation, "c"), qualified(user, "u"), qualified(message, "lm"), "m.unread_count",
        HeldContentSQL.held(.message, "lm.id"),
    ].joined(separator: ", ")

    /// ``summaryColumns`` with a deleted other participant (no `users` row joined to the viewer's
    /// member row `m`) read as `User.deletedAccount(id:)`: the stand-in is written here once, for
    /// both SQL stores.
    package static let summaryColumnsKeepingDeletedUsers = summaryColumns.replacingOccurrences(
        of: qualified(user, "u"),
        with: """
            COALESCE(u.id, CASE WHEN c.user_a = m.user_id THEN c.user_b ELSE c.user_a END), \
            COALESCE(u.username, '\(User.deletedUsername)'), u.email, COALESCE(u.name, ''), COALESCE(u.surname, ''), \
            COALESCE(u.bio, ''), u.avatar, \
            COALESCE(u.created_at, \(User.deletedAccount(id: UserID(rawValue: "")).createdAt.timeIntervalSinceReferenceDate)), \
            u.verified_at
            """)
}
