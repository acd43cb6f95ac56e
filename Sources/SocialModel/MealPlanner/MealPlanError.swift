/// Why a meal plan or body profile was refused.
public enum MealPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// These body values are outside plausible human ranges.
    case implausible([ImplausibleValue])
    /// The user has not set a body profile yet.
    case noBodyProfile
    /// The session is invalid, or another account step failed.
    case account(AccountError)
    /// The store failed.
    case storage(StoreError)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .implausible(let values): values.map(\.description).joined(separator: "; ")
        case .noBodyProfile: "set a body profile first"
        case .account(let error): "\(error)"
        case .storage(let error): "\(error)"
        }
    }
}
