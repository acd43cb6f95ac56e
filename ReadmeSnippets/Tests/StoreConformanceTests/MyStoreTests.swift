import SocialModelSQLite
import SocialModelTesting
import Testing

@Test func myStoreKeepsTheRules() async throws {
    try await SocialStoreConformance.run { SQLiteSocialStore.inMemory() }  // your store here
}

// Or one test case per rule, so a failure names it:
@Test(arguments: SocialStoreConformance.checks)
func myStore(_ check: ConformanceCheck) async throws {
    try await check.run(on: SQLiteSocialStore.inMemory())
}
