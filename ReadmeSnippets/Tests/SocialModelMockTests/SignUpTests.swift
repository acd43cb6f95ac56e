import SocialModel
import SocialModelMocks
import SocialModelSQLite
import Testing

@Test func signingUpSendsAVerificationMail() async throws {
    let mailer = CapturingMailer()
    let accounts = AccountService(
        store: SQLiteSocialStore.inMemory(), mailer: mailer, clock: ManualClock(),
        hasher: PBKDF2PasswordHasher(unsafeIterations: 1_000))  // fast, for tests only: never in production
    try await accounts.register(
        Registration(email: "ada@example.com", username: "ada", password: "Analytical-Engine-1843"))
    let token = try #require(mailer.messages.last { $0.purpose == .emailVerification }?.token)
    try await accounts.verifyEmail(token: SecretToken(rawValue: token))
    let signIn = try await accounts.signIn(
        email: "ada@example.com", password: "Analytical-Engine-1843", clientKey: "203.0.113.7")
    #expect(signIn.user.username == "ada")
}
