import SocialModel
import SocialModelTesting
import Testing

/// SocialModelTesting's conformance suite on the project's three stores, one case per check and
/// store, so a failure names both.
@Suite("The store contract, on every store")
struct StoreConformanceTests {
    @Test(arguments: StoreKind.allCases, SocialStoreConformance.checks)
    func storeKeepsTheRule(kind: StoreKind, check: ConformanceCheck) async throws {
        try await kind.withStore { store, _ in try await check.run(on: store) }
    }
}
