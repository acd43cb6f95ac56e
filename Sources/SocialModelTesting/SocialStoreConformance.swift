import Foundation
import SocialModel
import Testing

/// The rules every `SocialStore` must keep, as checks anyone can run against their own store,
/// the way SocialModel's SQLite, PostgreSQL and in-memory stores are held to them.
///
/// In one call, from a Swift Testing test:
///
/// ```swift
/// import SocialModelTesting
/// import Testing
///
/// @Test func myStoreKeepsTheRules() async throws {
///     try await SocialStoreConformance.run { try await MyStore.empty() }
/// }
/// ```
///
/// or one test case per check, so a failure names its rule:
///
/// ```swift
/// @Test(arguments: SocialStoreConformance.checks)
/// func myStore(_ check: ConformanceCheck) async throws {
///     try await check.run(on: try await MyStore.empty())
/// }
/// ```
///
/// Each check gets a fresh, empty store and drives it through the services (with the test
/// doubles of ``SocialTestHarness``) or directly; a broken rule is recorded as a Swift Testing
/// issue at the expectation that caught it.
public enum SocialStoreConformance {
    /// Every check, grouped by area.
    public static let checks: [ConformanceCheck] =
        StoreContractChecks.all + RegistrationChecks.all + SignInChecks.all + PasswordResetChecks.all
        + PasswordChangeChecks.all + MailFailureChecks.all + MailOutboxChecks.all + IdentityProviderChecks.all
        + ProfileAndDeletionChecks.all
        + RecipeChecks.all + ConcurrencyChecks.all
        + HostileInputChecks.all + SocialChecks.all + PostChecks.all + FeedChecks.all + MessageChecks.all
        + AuthorizationChecks.all + SafetyChecks.all + ModerationChecks.all + HashtagChecks.all
        + ContentCheckChecks.all
        + ExportChecks.all

    /// Runs every check (or those of `areas`), each on a fresh store, recording an issue for
    /// every broken rule; an error a check throws is recorded too, and the other checks still run.
    /// - Parameters:
    ///   - areas: the areas to check; all by default.
    ///   - makeStore: makes a fresh, empty store.
    ///   - release: called with each store after its check (close a connection, drop a schema).
    /// - Throws: only what `makeStore` or `release` throw.
    public static func run(
        areas: Set<ConformanceCheck.Area> = Set(ConformanceCheck.Area.allCases),
        makeStore: () async throws -> any SocialStore,
        release: (any SocialStore) async throws -> Void = { _ in }
    ) async throws {
        for check in checks where areas.contains(check.area) {
            let store = try await makeStore()
            do {
                try await check.run(on: store)
            } catch {
                Issue.record(error, "\(check.id)")
            }
            try await release(store)
        }
    }
}

/// One rule of the store contract, checked on a fresh store.
public struct ConformanceCheck: Sendable, Identifiable, CustomStringConvertible, CustomTestStringConvertible {
    /// The store protocols (and the services over them) a check is about.
    public enum Area: String, Sendable, Hashable, CaseIterable {
        /// `AccountStore` and `SessionStore`: users, credentials, tokens, sessions.
        case accounts
        /// `RecipeStore` and `BodyProfileStore`.
        case recipes
        /// `ProfileStore`: avatars, follows, counts, search.
        case profiles
        /// `PostStore`: posts, likes, comments.
        case posts
        /// `FeedStore`: home feed, explore, a user's posts.
        case feed
        /// `NotificationStore`.
        case notifications
        /// `MessageStore`.
        case messages
        /// Many writers at once: exact counts and unique rules.
        case concurrency
        /// SQL fragments, NUL bytes and odd Unicode, kept verbatim and never matched by accident.
        case hostileInput
        /// `SafetyStore`: blocks and mutes, and what they hide in feeds and notifications.
        case safety
        /// `ModerationStore`: reports, the moderation queue, decisions and their audit log.
        case moderation
        /// `HashtagStore`: the hashtag index, a hashtag's feed and search, and mention notifications.
        case hashtags
        /// A data export's reads (`ExportStore`).
        case export
    }

    /// What it checks.
    public let area: Area
    /// The rule, in words.
    public let name: String
    let body: @Sendable (SocialTestHarness) async throws -> Void

    init(_ area: Area, _ name: String, _ body: @escaping @Sendable (SocialTestHarness) async throws -> Void) {
        self.area = area
        self.name = name
        self.body = body
    }

    /// The area and the rule, such as `posts: likes are idempotent`.
    public var id: String { "\(area.rawValue): \(name)" }
    /// The area and the rule.
    public var description: String { id }
    /// The area and the rule, as Swift Testing names an argument.
    public var testDescription: String { id }

    /// Runs the check on a store, with the mock photo processor.
    /// - Parameter store: a fresh, empty store.
    /// - Throws: whatever the store or services throw where the rule expects success.
    public func run(on store: any SocialStore) async throws {
        try await body(SocialTestHarness(store: store))
    }
}
