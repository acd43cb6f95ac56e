/// Everything SocialModel persists. Each area is its own protocol, so a new store (PostgreSQL,
/// say) implements them one by one, and the conformance suite checks each against the others.
public typealias SocialStore = AccountStore & RecipeStore & NetworkStore
