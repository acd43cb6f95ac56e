import Foundation
import GRDB

struct RecipeRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "recipes"
    var id: String
    var authorID: String
    var name: String
    var preparationMinutes: Int
    var ingredients: String
    var steps: String
    var hasPhoto: Bool
    var createdAt: Double
    var likeCount: Int

    enum CodingKeys: String, CodingKey {
        case id, name, ingredients, steps
        case authorID = "author_id"
        case preparationMinutes = "preparation_minutes"
        case hasPhoto = "has_photo"
        case createdAt = "created_at"
        case likeCount = "like_count"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let createdAt = Column(CodingKeys.createdAt)
        static let likeCount = Column(CodingKeys.likeCount)
    }

    init(_ recipe: Recipe) throws {
        id = recipe.id.rawValue
        authorID = recipe.authorID.rawValue
        name = recipe.name
        preparationMinutes = recipe.preparationMinutes
        ingredients = try Self.encode(recipe.ingredients)
        steps = try Self.encode(recipe.steps)
        hasPhoto = recipe.hasPhoto
        createdAt = recipe.createdAt.timeIntervalSinceReferenceDate
        likeCount = 0
    }

    func recipe() throws -> Recipe {
        Recipe(
            id: RecipeID(rawValue: id), authorID: UserID(rawValue: authorID), name: name,
            preparationMinutes: preparationMinutes, ingredients: try Self.decode(ingredients),
            steps: try Self.decode(steps), hasPhoto: hasPhoto,
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            likeCount: likeCount)
    }

    static func encode(_ lines: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(lines), as: UTF8.self)
    }

    static func decode(_ json: String) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(json.utf8))
    }
}

struct RecipePhotoRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "recipe_photos"
    var recipeID: String
    var size: Int
    var jpeg: Data

    enum CodingKeys: String, CodingKey {
        case recipeID = "recipe_id"
        case size, jpeg
    }
}

struct RecipeLikeRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "recipe_likes"
    var recipeID: String
    var userID: String
    var likedAt: Double

    enum CodingKeys: String, CodingKey {
        case recipeID = "recipe_id"
        case userID = "user_id"
        case likedAt = "liked_at"
    }

    enum Columns {
        static let recipeID = Column(CodingKeys.recipeID)
        static let userID = Column(CodingKeys.userID)
        static let likedAt = Column(CodingKeys.likedAt)
    }
}

struct BodyProfileRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "body_profiles"
    var userID: String
    var sex: String
    var weightKilograms: Double
    var heightCentimeters: Double
    var ageYears: Int
    var activity: String
    var goal: String

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case sex
        case weightKilograms = "weight_kg"
        case heightCentimeters = "height_cm"
        case ageYears = "age_years"
        case activity, goal
    }

    init(_ profile: BodyProfile, userID: UserID) {
        self.userID = userID.rawValue
        sex = profile.sex.rawValue
        weightKilograms = profile.weightKilograms
        heightCentimeters = profile.heightCentimeters
        ageYears = profile.ageYears
        activity = profile.activity.rawValue
        goal = profile.goal.rawValue
    }

    var profile: BodyProfile? {
        guard let sex = Sex(rawValue: sex), let activity = ActivityLevel(rawValue: activity),
            let goal = Goal(rawValue: goal)
        else { return nil }
        return BodyProfile(
            sex: sex, weightKilograms: weightKilograms, heightCentimeters: heightCentimeters, ageYears: ageYears,
            activity: activity, goal: goal)
    }
}
