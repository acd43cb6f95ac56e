import Foundation
import SocialModel
import SocialModelSQLite

let store = try SQLiteSocialStore(path: "social.sqlite")
let mailer = OutboxMailer(directory: URL(fileURLWithPath: "outbox"))
let accounts = AccountService(store: store, mailer: mailer)  // PBKDF2-SHA256, 600,000 iterations
try await accounts.register(
    Registration(email: "ada@example.com", username: "ada", password: "Analytical-Engine-1843"))
// The token arrives by mail: here a JSON file in the outbox.
let token = try mailer.messages().last { $0.purpose == .emailVerification }?.token ?? ""
try await accounts.verifyEmail(token: SecretToken(rawValue: token))
let signIn = try await accounts.signIn(
    email: "ada@example.com", password: "Analytical-Engine-1843", clientKey: "203.0.113.7")
let me = try await accounts.session(signIn.token)  // authenticated once
_ = try await me.updateProfile(ProfileChange(bio: "First programmer."))
// Keeps this session, signs out every other one and emails the owner.
let notice = try await me.changePassword(current: "Analytical-Engine-1843", to: "Difference-Engine-1822")
if let error = notice.error { print("the notice was not sent: \(error)") }
