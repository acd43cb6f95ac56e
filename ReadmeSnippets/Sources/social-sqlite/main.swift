import Foundation
import SocialModel
import SocialModelSQLite

let store = try SQLiteSocialStore(path: "social.sqlite")
let accounts = AccountService(store: store, mailer: OutboxMailer(directory: URL(fileURLWithPath: "outbox")))
let user = try await store.user(usernameKey: "ada")
