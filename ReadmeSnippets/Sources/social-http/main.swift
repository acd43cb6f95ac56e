import FilmKit
import Foundation
import Hummingbird
import HummingbirdWebSocket
import SocialModel
import SocialModelHTTP
import SocialModelPhotos
import SocialModelSQLite

let store = try SQLiteSocialStore(path: "social.sqlite")
let accounts = AccountService(store: store, mailer: OutboxMailer(directory: URL(fileURLWithPath: "outbox")))
let photos = VipsPhotoProcessor(filters: .shared)
let network = SocialNetwork(store: store, accounts: accounts, photos: photos)

let routes = SocialRoutes(
    network: network, recipes: RecipeService(store: store, accounts: accounts, photos: photos),
    meals: MealPlanService(store: store, accounts: accounts))
let router = Router(context: BasicWebSocketRequestContext.self)
router.get("/health") { _, _ in "ok" }
router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self), atPath: "/api")
router.addRoutes(routes.liveCollection(), atPath: "/api")  // GET /api/live, the WebSocket
let app = Application(
    router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
    configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
try await app.runService()
