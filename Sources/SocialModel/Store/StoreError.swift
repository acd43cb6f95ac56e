/// A value that must be unique in a store.
public enum UniqueField: String, Sendable, Hashable, CaseIterable {
    /// A username, compared case-insensitively.
    case username
    /// An email address.
    case email
    /// A provider and subject pair.
    case identity
    /// A token hash (a session or a one-time token).
    case token
    /// An entity's id.
    case id
}

/// Why a store could not do what was asked.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database could not be opened or migrated.
    case cannotOpen(path: String, message: String)
    /// Another row already holds this unique value.
    case duplicate(UniqueField)
    /// The row to change does not exist.
    case notFound(entity: String)
    /// A row refers to another that does not exist (a session for a deleted user, a like of a
    /// deleted recipe).
    case missingReference
    /// The database reported an error.
    case database(message: String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let message): "cannot open the store at \(path): \(message)"
        case .duplicate(let field): "another record already has this \(field.rawValue)"
        case .notFound(let entity):
            NetworkEntity(rawValue: entity) == nil ? "no such record: \(entity)" : "no such \(entity)"
        case .missingReference: "a record it refers to does not exist"
        case .database(let message): "database error: \(message)"
        }
    }
}
