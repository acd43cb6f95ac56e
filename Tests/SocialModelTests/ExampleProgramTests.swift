import Foundation
import TestSupport
import Testing

@Suite("Example programs")
struct ExampleProgramTests {
    @Test func socialAccountsWalksAnAccountThroughItsLife() async throws {
        let directory = try TemporaryDirectory("social-accounts")
        defer { directory.remove() }
        let database = directory.file("social.sqlite")
        let result = try await ChildProcess.run(
            ChildProcess.product("social-accounts"), ["--database", database.path, "--iterations", "210000"])
        #expect(result.status == 0, "\(result.error)")
        for line in [
            "refused: username must not contain spaces", "sign-in before verifying: verify your email address",
            "found \"Verify your email address\" sent to ada.lovelace@example.com", "signed in as ada_lovelace",
            "Ada Lovelace: First programmer.", "a too long bio is refused: bio must be at most 150 characters",
            "the old session: the session is invalid or has expired", "user in the database: none",
            "verification mail: sent", "with a wrong current password: the email or password is wrong",
            "changed; notification mail: sent", "this session is still valid",
            "the other session: the session is invalid or has expired",
        ] {
            #expect(result.output.contains(line), "missing: \(line)")
        }
        // The verification mail and the password-change notice.
        let outbox = try FileManager.default.contentsOfDirectory(atPath: directory.file("outbox").path)
        #expect(outbox.count == 2)
    }

    @Test func recipePlannerPrintsThePlanAndTheFirstPage() async throws {
        let directory = try TemporaryDirectory("recipe-planner")
        defer { directory.remove() }
        let arguments = [
            "--database", directory.file("social.sqlite").path, "--iterations", "210000", "--sex", "male", "--weight",
            "80", "--height", "180", "--age", "40", "--activity", "heavy", "--goal", "gain-muscle",
        ]
        let first = try await ChildProcess.run(ChildProcess.product("recipe-planner"), arguments)
        #expect(first.status == 0, "\(first.error)")
        // Figures worked by hand in MealPlannerTests.
        for line in [
            "registering cook@example.com", "daily energy          4133.7 kcal (360.0 for the goal)",
            "protein 31.0 g, carbohydrate 124.0 g, fat 23.0 g",
            "55 g chicken breast, 130 g basmati rice (dry), 20 g olive oil",
            "recipes, page 1 of 2 (12 in all), newest first:", "Roast vegetables — 65 min, 0 likes",
        ] {
            #expect(first.output.contains(line), "missing: \(line)")
        }
        // The second run finds the account and the recipes already there.
        let second = try await ChildProcess.run(ChildProcess.product("recipe-planner"), arguments)
        #expect(second.status == 0)
        #expect(!second.output.contains("registering"))
        #expect(second.output.contains("(12 in all)"))

        let refused = try await ChildProcess.run(
            ChildProcess.product("recipe-planner"),
            [
                "--database", directory.file("other.sqlite").path, "--iterations", "210000", "--weight", "500",
            ])
        #expect(refused.status != 0)
        #expect(refused.error.contains("weight 500.0 is outside 30.0…300.0"))
    }

    @Test func socialNetworkPrintsAFeedAndAnInbox() async throws {
        let directory = try TemporaryDirectory("social-network")
        defer { directory.remove() }
        let result = try await ChildProcess.run(
            ChildProcess.product("social-network"), [directory.file("social.sqlite").path])
        #expect(result.status == 0, "\(result.error)")
        for line in [
            "an unknown filter is refused: no filter named 'sepiaa'",
            "Ada deleting Ben's post: only the owner may do this",
            "ada: 3 followers, 2 following, 1 posts, 3 likes received",
            "@ben: Launch day. / Shot on the roof. [vintage]",
            "2 likes (incl. Ada), 2 comments — first: \"What a shot!\"",
            "@cleo: Morning ritual [black-and-white]", "Ada's notifications (7 unread):",
            "after marking all read: 0 unread",
            "Ada's inbox (3 unread):", "@cleo (1 unread): [photo] Look at this",
            "Ada deletes the conversation with Dan: 2 left",
        ] {
            #expect(result.output.contains(line), "missing: \(line)")
        }
        #expect(!result.output.contains("Not followed by Ada"))
    }
}
