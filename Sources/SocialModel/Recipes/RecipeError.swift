/// A field of a recipe that a rule applies to.
public enum RecipeField: String, Sendable, Hashable, CaseIterable {
    /// The title.
    case name
    /// The preparation time.
    case preparationMinutes
    /// The ingredient list.
    case ingredients
    /// The method.
    case steps
}

/// A broken rule on a recipe field.
public typealias RecipeViolation = Violation<RecipeField>

/// Why a recipe operation failed.
public enum RecipeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The recipe breaks these rules (all of them are listed).
    case invalid([RecipeViolation])
    /// No recipe (or no photo of that size) with this id.
    case notFound
    /// Only the author may do this.
    case forbidden
    /// A page number below 1.
    case invalidPage(Int)
    /// The photo could not be processed.
    case photo(PhotoError)
    /// The session is invalid, or another account step failed.
    case account(AccountError)
    /// The store failed.
    case storage(StoreError)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .invalid(let violations): violations.map(\.description).joined(separator: "; ")
        case .notFound: "no such recipe"
        case .forbidden: "only the recipe's author may do this"
        case .invalidPage(let number): "page \(number) does not exist; pages start at 1"
        case .photo(let error): "\(error)"
        case .account(let error): "\(error)"
        case .storage(let error): "\(error)"
        }
    }
}
