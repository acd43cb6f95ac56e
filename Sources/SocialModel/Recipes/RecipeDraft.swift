import Foundation

/// What an author fills in to publish a recipe.
public struct RecipeDraft: Sendable, Hashable, Codable {
    /// The title, one line.
    public var name: String
    /// Preparation time in minutes.
    public var preparationMinutes: Int
    /// The ingredients, one per entry.
    public var ingredients: [String]
    /// The method, one step per entry.
    public var steps: [String]
    /// The photo as uploaded (JPEG, PNG, HEIF, WebP…), if any.
    public var photo: Data?

    /// Creates a draft.
    public init(name: String, preparationMinutes: Int, ingredients: [String], steps: [String], photo: Data? = nil) {
        self.name = name
        self.preparationMinutes = preparationMinutes
        self.ingredients = ingredients
        self.steps = steps
        self.photo = photo
    }
}

/// The limits a recipe must meet.
public struct RecipePolicy: Sendable, Hashable {
    /// The longest title in characters.
    public var nameMaximumLength = 100
    /// Allowed preparation times in minutes (up to two days, for doughs and ferments).
    public var preparationMinutes = 1...2880
    /// The most ingredients.
    public var maximumIngredients = 50
    /// The longest ingredient line.
    public var ingredientMaximumLength = 200
    /// The most steps.
    public var maximumSteps = 40
    /// The longest step.
    public var stepMaximumLength = 1000
    /// The sides of the square photo sizes stored, in pixels: 1080 for detail views, 320 for lists.
    public var photoSizes = [1080, 320]
    /// The largest pixel count an uploaded photo may declare.
    public var photoPixelLimit = 50_000_000

    /// The defaults above.
    public init() {}

    /// Lists every rule the draft breaks; the text is expected already normalised.
    func violations(of draft: RecipeDraft) -> [RecipeViolation] {
        var violations: [RecipeViolation] = []
        violations += text(draft.name, .name, maximum: nameMaximumLength)
        if !preparationMinutes.contains(draft.preparationMinutes) {
            violations.append(
                .init(
                    .preparationMinutes,
                    .outOfRange(minimum: preparationMinutes.lowerBound, maximum: preparationMinutes.upperBound)))
        }
        violations += list(
            draft.ingredients, .ingredients, maximumEntries: maximumIngredients, maximumLength: ingredientMaximumLength)
        violations += list(draft.steps, .steps, maximumEntries: maximumSteps, maximumLength: stepMaximumLength)
        return violations
    }

    private func list(_ entries: [String], _ field: RecipeField, maximumEntries: Int, maximumLength: Int)
        -> [RecipeViolation]
    {
        var violations: [RecipeViolation] = []
        if entries.isEmpty { violations.append(.init(field, .tooShort(minimum: 1))) }
        if entries.count > maximumEntries { violations.append(.init(field, .tooManyEntries(maximum: maximumEntries))) }
        // One report per rule, not per entry, so a pasted novel does not produce a thousand lines.
        let entryViolations = entries.flatMap { text($0, field, maximum: maximumLength) }
        for violation in entryViolations where !violations.contains(violation) {
            violations.append(violation)
        }
        return violations
    }

    private func text(_ text: String, _ field: RecipeField, maximum: Int) -> [RecipeViolation] {
        var violations: [RecipeViolation] = []
        if text.isEmpty { violations.append(.init(field, .tooShort(minimum: 1))) }
        if text.count > maximum { violations.append(.init(field, .tooLong(maximum: maximum))) }
        if text.contains("\n") { violations.append(.init(field, .tooManyLines(maximum: 1))) }
        if AccountValidator.hasControlCharacters(text, allowingNewlines: true) {
            violations.append(.init(field, .forbiddenCharacters(allowed: "printable characters")))
        }
        return violations
    }
}
