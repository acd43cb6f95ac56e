import Logging
import SocialModel
import SocialModelStores

let logger = Logger(label: "social")
// ANALOGKIT_STORE_URL=postgres://app:secret@db.internal:5432/social?schema=social&sslmode=require&max_connections=20
let location = try StoreLocation.fromEnvironment(default: .sqlite(path: "social.sqlite"))
let store = try await location.open(logger: logger)  // SQLiteSocialStore or PostgresSocialStore
print(type(of: store))
