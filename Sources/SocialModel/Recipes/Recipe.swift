import Foundation

/// A recipe: what to cook, how long it takes, what goes in and how.
public struct Recipe: Sendable, Hashable, Codable, Identifiable {
    /// The recipe's opaque id.
    public var id: RecipeID
    /// Who wrote it.
    public var authorID: UserID
    /// Its title.
    public var name: String
    /// Preparation time in minutes.
    public var preparationMinutes: Int
    /// The ingredients, one per entry ("200 g chicken breast").
    public var ingredients: [String]
    /// The method, one step per entry.
    public var steps: [String]
    /// Whether a processed photo is stored for it (see ``RecipePhoto``).
    public var hasPhoto: Bool
    /// When it was published.
    public var createdAt: Date
    /// How many people like it. Kept by the store; ignored when inserting.
    public var likeCount: Int

    /// Creates a recipe value.
    public init(
        id: RecipeID, authorID: UserID, name: String, preparationMinutes: Int, ingredients: [String], steps: [String],
        hasPhoto: Bool = false, createdAt: Date, likeCount: Int = 0
    ) {
        self.id = id
        self.authorID = authorID
        self.name = name
        self.preparationMinutes = preparationMinutes
        self.ingredients = ingredients
        self.steps = steps
        self.hasPhoto = hasPhoto
        self.createdAt = createdAt
        self.likeCount = likeCount
    }
}

/// The order of a recipe list.
public enum RecipeOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// Latest first; ties by id.
    case newest
    /// Most likes first; ties newest first, then by id.
    case mostLiked = "most-liked"
}

/// One size of a recipe's photo: a square JPEG without metadata.
public struct RecipePhoto: Sendable, Hashable, Codable {
    /// The recipe it shows.
    public var recipeID: RecipeID
    /// The side in pixels.
    public var size: Int
    /// The encoded JPEG.
    public var jpeg: Data

    /// Creates a photo value.
    public init(recipeID: RecipeID, size: Int, jpeg: Data) {
        self.recipeID = recipeID
        self.size = size
        self.jpeg = jpeg
    }
}

/// One page of a recipe list.
public struct RecipePage: Sendable, Hashable, Codable {
    /// The recipes on this page, at most ``RecipeService/pageSize``.
    public var recipes: [Recipe]
    /// This page's number, from 1.
    public var number: Int
    /// How many recipes the whole list has.
    public var totalCount: Int
    /// How many pages the whole list has (at least 1).
    public var pageCount: Int
    /// Pass this to get the next page (instead of its number); `nil` on the last page.
    public var next: RecipeCursor?

    /// Creates a page value.
    public init(recipes: [Recipe], number: Int, totalCount: Int, pageCount: Int, next: RecipeCursor? = nil) {
        self.recipes = recipes
        self.number = number
        self.totalCount = totalCount
        self.pageCount = pageCount
        self.next = next
    }

    /// Whether a later page exists.
    public var hasNextPage: Bool { number < pageCount }
}

/// A recipe as its detail screen shows it.
public struct RecipeDetail: Sendable, Hashable, Codable {
    /// The recipe.
    public var recipe: Recipe
    /// Its author, if the account still exists.
    public var author: User?
    /// Whether the viewer likes it (false for an anonymous viewer).
    public var likedByViewer: Bool

    /// Creates a detail value.
    public init(recipe: Recipe, author: User?, likedByViewer: Bool) {
        self.recipe = recipe
        self.author = author
        self.likedByViewer = likedByViewer
    }
}
