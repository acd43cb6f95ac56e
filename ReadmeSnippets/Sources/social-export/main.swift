import FilmKit
import Foundation
import SocialModel
import SocialModelExport
import SocialModelPhotos
import SocialModelSQLite

let store = try SQLiteSocialStore(path: "social.sqlite")
let accounts = AccountService(store: store, mailer: OutboxMailer(directory: URL(fileURLWithPath: "outbox")))
let photos = VipsPhotoProcessor(filters: .shared)
let network = SocialNetwork(store: store, accounts: accounts, photos: photos)
let exports = DataExports(
    network: network, recipes: RecipeService(store: store, accounts: accounts, photos: photos),
    meals: MealPlanService(store: store, accounts: accounts), writer: ZipDataExportWriter(),
    directory: URL(fileURLWithPath: "exports"))

let me = try await accounts.session(SecretToken(rawValue: "the token a sign-in returned"))
_ = try await exports.start(as: me)  // made in the background
await exports.finished(userID: me.user.id)
let archive = try await exports.download(as: me)  // once: the archive is deleted as it is read
try archive.write(to: URL(fileURLWithPath: "my-data.zip"))
