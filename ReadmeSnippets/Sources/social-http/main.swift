import FilmKit
import Foundation
import Hummingbird
import SocialModel
import SocialModelHTTP
import SocialModelPhotos
import SocialModelSQLite

let store = try SQLiteSocialStore(path: "social.sqlite")
let accounts = AccountService(store: store, mailer: OutboxMailer(directory: URL(fileURLWithPath: "outbox")))
let network = SocialNetwork(store: store, accounts: accounts, photos: VipsPhotoProcessor(filters: .shared))

let router = Router()
router.get("/health") { _, _ in "ok" }
router.addRoutes(SocialRoutes(network: network).collection(), atPath: "/api")
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
try await app.runService()
