import Foundation
import SocialModel
import SocialModelTesting
import Testing

/// SocialModelTesting used as a store's author would: the suite passes on a correct store and
/// catches each deliberately broken rule of `BrokenStore`, in the check named for it.
@Suite("SocialModelTesting catches a broken store")
struct ConformanceCatchesBrokenStoresTests {
    /// The check that must catch each fault.
    static let caughtBy: [BrokenStore.Fault: String] = [
        .keepsNotificationOnUnlike:
            "notifications tell of others' acts only, and undoing an act takes its notification",
        .reusesTokens: "a one-time token is consumed once however many race",
        .losesDatePrecision: "users round-trip exactly and updates keep uniqueness",
        .ignoresFeedCursor: "home feed pages stay correct while new posts arrive",
        .revokesTheKeptSession: "a password change keeps this session and revokes every other",
        .takesTheOtherSidesConversations:
            "a deleted account's conversations stay with the other side, shown as deleted",
        .deliversHeldMessages: "a held message reaches its recipient only when its hold ends",
    ]

    /// The one-call entry point passes on the store without a fault. Over the areas of the faults'
    /// checks only: every check runs on the same SQLite code in `StoreConformanceTests`, and this
    /// run, one check after another, was the longest test of the suite.
    @Test func theStoreWithoutAFaultPassesTheFaultsAreas() async throws {
        let areas = Set(SocialStoreConformance.checks.filter { Self.caughtBy.values.contains($0.name) }.map(\.area))
        try #require(!areas.isEmpty)
        try await SocialStoreConformance.run(areas: areas) { BrokenStore(nil) }
    }

    @Test(arguments: BrokenStore.Fault.allCases)
    func eachFaultIsCaughtByItsCheck(_ fault: BrokenStore.Fault) async throws {
        let name = try #require(Self.caughtBy[fault])
        let check = try #require(SocialStoreConformance.checks.first { $0.name == name }, "no check named \(name)")
        // The check passes on the same store without the fault…
        try await check.run(on: BrokenStore(nil))
        // …and records an issue with it; withKnownIssue fails the test if none is recorded.
        await withKnownIssue("\(fault) is caught by \(check.id)") {
            try await check.run(on: BrokenStore(fault))
        }
        // The one-call entry point catches it too.
        await withKnownIssue("\(fault) is caught by the \(check.area) area") {
            try await SocialStoreConformance.run(areas: [check.area]) { BrokenStore(fault) }
        }
    }
}
