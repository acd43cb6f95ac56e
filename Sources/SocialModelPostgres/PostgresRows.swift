import Foundation
import PostgresNIO
import SocialModel

// Each entity's column list and its decoding sit together, so a SELECT and the tuple it decodes
// cannot drift apart. Dates are seconds since 2001-01-01 UTC (see PostgresSchema).

enum UserColumns {
    static let list = "id, username, email, name, surname, bio, avatar, created_at, verified_at"

    static func decode(_ row: PostgresRow) throws(StoreError) -> User {
        let (id, username, email, name, surname, bio, avatar, createdAt, verifiedAt) = try row.columns(
            (String, String, String?, String, String, String, String?, Double, Double?).self)
        return User(
            id: UserID(rawValue: id), username: username, email: email, name: name, surname: surname, bio: bio,
            avatar: avatar, createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            verifiedAt: verifiedAt.map(Date.init(timeIntervalSinceReferenceDate:)))
    }
}

enum SessionColumns {
    static let list = "token_hash, user_id, created_at, expires_at"

    static func decode(_ row: PostgresRow) throws(StoreError) -> SessionRecord {
        let (hash, userID, createdAt, expiresAt) = try row.columns((Data, String, Double, Double).self)
        return SessionRecord(
            tokenHash: hash, userID: UserID(rawValue: userID),
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt))
    }
}

enum TokenColumns {
    static let list = "token_hash, user_id, purpose, created_at, expires_at"

    /// A token, or `nil` for a purpose this version does not know.
    static func decode(_ row: PostgresRow) throws(StoreError) -> OneTimeTokenRecord? {
        let (hash, userID, purpose, createdAt, expiresAt) = try row.columns((Data, String, String, Double, Double).self)
        guard let purpose = TokenPurpose(rawValue: purpose) else { return nil }
        return OneTimeTokenRecord(
            tokenHash: hash, userID: UserID(rawValue: userID), purpose: purpose,
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt))
    }
}

enum IdentityLinkColumns {
    static let list = "provider, subject, user_id, linked_at"

    static func decode(_ row: PostgresRow) throws(StoreError) -> IdentityLink {
        let (provider, subject, userID, linkedAt) = try row.columns((String, String, String, Double).self)
        return IdentityLink(
            provider: provider, subject: subject, userID: UserID(rawValue: userID),
            linkedAt: Date(timeIntervalSinceReferenceDate: linkedAt))
    }
}

enum RecipeColumns {
    static let list =
        "id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at, like_count"
    /// The same columns of the table aliased `r`, for joins.
    static let qualified =
        "r.id, r.author_id, r.name, r.preparation_minutes, r.ingredients, r.steps, r.has_photo, r.created_at, r.like_count"

    static func decode(_ row: PostgresRow) throws(StoreError) -> Recipe {
        let (id, authorID, name, minutes, ingredients, steps, hasPhoto, createdAt, likeCount) = try row.columns(
            (String, String, String, Int, [String], [String], Bool, Double, Int).self)
        return Recipe(
            id: RecipeID(rawValue: id), authorID: UserID(rawValue: authorID), name: name, preparationMinutes: minutes,
            ingredients: ingredients, steps: steps, hasPhoto: hasPhoto,
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt), likeCount: likeCount)
    }
}

enum BodyProfileColumns {
    static let list = "sex, weight_kg, height_cm, age_years, activity, goal"

    /// A profile, or `nil` when a stored value is one this version does not know.
    static func decode(_ row: PostgresRow) throws(StoreError) -> BodyProfile? {
        let (sex, weight, height, age, activity, goal) = try row.columns(
            (String, Double, Double, Int, String, String).self)
        guard let sex = Sex(rawValue: sex), let activity = ActivityLevel(rawValue: activity),
            let goal = Goal(rawValue: goal)
        else { return nil }
        return BodyProfile(
            sex: sex, weightKilograms: weight, heightCentimeters: height, ageYears: age, activity: activity, goal: goal)
    }
}

extension Data {
    /// The bytes as a `ByteBuffer`, which binds as `bytea` without a throwing conversion.
    var buffer: ByteBuffer { ByteBuffer(bytes: self) }
}
