import Foundation
import SocialModel
import SocialModelSQLite

let store = try SQLiteSocialStore(path: "social.sqlite")
let mailer = OutboxMailer(directory: URL(fileURLWithPath: "outbox"))
let accounts = AccountService(store: store, mailer: mailer)
try await accounts.register(
    Registration(email: "ada@example.com", username: "ada", password: "Analytical-Engine-1843"))
let token = try mailer.messages().last { $0.purpose == .emailVerification }?.token ?? ""
try await accounts.verifyEmail(token: SecretToken(rawValue: token))
let signIn = try await accounts.signIn(
    email: "ada@example.com", password: "Analytical-Engine-1843", clientKey: "203.0.113.7")
let me = try await accounts.session(signIn.token)
_ = try await me.updateProfile(ProfileChange(bio: "First programmer."))
