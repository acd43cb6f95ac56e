import Foundation
import GRDB

// Rows mirror the tables column for column. Dates are stored in REAL columns as seconds since
// 2001-01-01 00:00:00 UTC, `Date`'s own representation, so they round-trip exactly (GRDB's default
// text form keeps milliseconds only, and converting to the 1970 epoch can round the last bit).

struct UserRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "users"
    var id: String
    var username: String
    var usernameKey: String
    var email: String?
    var name: String
    var surname: String
    var bio: String
    var avatar: String?
    var createdAt: Double
    var verifiedAt: Double?

    enum CodingKeys: String, CodingKey {
        case id, username, email, name, surname, bio, avatar
        case usernameKey = "username_key"
        case createdAt = "created_at"
        case verifiedAt = "verified_at"
    }

    enum Columns {
        static let usernameKey = Column(CodingKeys.usernameKey)
        static let email = Column(CodingKeys.email)
    }

    init(_ user: User) {
        id = user.id.rawValue
        username = user.username
        usernameKey = user.usernameKey
        email = user.email
        name = user.name
        surname = user.surname
        bio = user.bio
        avatar = user.avatar
        createdAt = user.createdAt.timeIntervalSinceReferenceDate
        verifiedAt = user.verifiedAt?.timeIntervalSinceReferenceDate
    }

    var user: User {
        User(
            id: UserID(rawValue: id), username: username, email: email, name: name, surname: surname, bio: bio,
            avatar: avatar, createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            verifiedAt: verifiedAt.map(Date.init(timeIntervalSinceReferenceDate:)))
    }
}

struct PasswordRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "passwords"
    var userID: String
    var hash: String

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case hash
    }
}

struct SessionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sessions"
    var tokenHash: Data
    var userID: String
    var createdAt: Double
    var expiresAt: Double

    enum CodingKeys: String, CodingKey {
        case tokenHash = "token_hash"
        case userID = "user_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }

    enum Columns {
        static let userID = Column(CodingKeys.userID)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    init(_ record: SessionRecord) {
        tokenHash = record.tokenHash
        userID = record.userID.rawValue
        createdAt = record.createdAt.timeIntervalSinceReferenceDate
        expiresAt = record.expiresAt.timeIntervalSinceReferenceDate
    }

    var record: SessionRecord {
        SessionRecord(
            tokenHash: tokenHash, userID: UserID(rawValue: userID),
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt))
    }
}

struct OneTimeTokenRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "one_time_tokens"
    var tokenHash: Data
    var userID: String
    var purpose: String
    var createdAt: Double
    var expiresAt: Double

    enum CodingKeys: String, CodingKey {
        case tokenHash = "token_hash"
        case userID = "user_id"
        case purpose
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }

    enum Columns {
        static let userID = Column(CodingKeys.userID)
        static let purpose = Column(CodingKeys.purpose)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    init(_ record: OneTimeTokenRecord) {
        tokenHash = record.tokenHash
        userID = record.userID.rawValue
        purpose = record.purpose.rawValue
        createdAt = record.createdAt.timeIntervalSinceReferenceDate
        expiresAt = record.expiresAt.timeIntervalSinceReferenceDate
    }

    var record: OneTimeTokenRecord? {
        guard let purpose = TokenPurpose(rawValue: purpose) else { return nil }
        return OneTimeTokenRecord(
            tokenHash: tokenHash, userID: UserID(rawValue: userID), purpose: purpose,
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt))
    }
}

struct IdentityLinkRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "identity_links"
    var provider: String
    var subject: String
    var userID: String
    var linkedAt: Double

    enum CodingKeys: String, CodingKey {
        case provider, subject
        case userID = "user_id"
        case linkedAt = "linked_at"
    }

    enum Columns {
        static let userID = Column(CodingKeys.userID)
        static let linkedAt = Column(CodingKeys.linkedAt)
    }

    init(_ link: IdentityLink) {
        provider = link.provider
        subject = link.subject
        userID = link.userID.rawValue
        linkedAt = link.linkedAt.timeIntervalSinceReferenceDate
    }

    var link: IdentityLink {
        IdentityLink(
            provider: provider, subject: subject, userID: UserID(rawValue: userID),
            linkedAt: Date(timeIntervalSinceReferenceDate: linkedAt))
    }
}

struct FailedSignInRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "failed_sign_ins"
    var key: String
    var at: Double

    enum Columns {
        static let key = Column(CodingKeys.key)
        static let at = Column(CodingKeys.at)
    }
}
