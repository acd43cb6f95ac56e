import SocialModel

extension SafetySQL.Scope {
    /// The predicate's scope for a public ``SocialModel/SafetyScope``.
    /// - Parameter scope: the kind of row.
    package init(_ scope: SafetyScope) {
        switch scope {
        case .posts: self = .posts
        case .notifications: self = .notifications
        }
    }
}
