import FilmKit
import Foundation
import SocialModel
import SocialModelPhotos
import SocialModelSQLite

let store = try SQLiteSocialStore(path: "social.sqlite")
let accounts = AccountService(store: store, mailer: OutboxMailer(directory: URL(fileURLWithPath: "outbox")))
// Post filters are looked up in the registry given: here the process-wide one, said so.
let network = SocialNetwork(store: store, accounts: accounts, photos: VipsPhotoProcessor(filters: .shared))

let token = SecretToken(rawValue: "the token a sign-in returned")
let me = try await network.session(token)
let jpeg = try Data(contentsOf: URL(fileURLWithPath: "launch.jpg"))
let post = try await me.posts.publish(PostDraft(photo: jpeg, caption: "Launch day", filter: "vintage"))
try await me.posts.like(postID: post.id)
var page = try await me.feed.home()  // 30 newest, own + followed
page = try await me.feed.home(order: .mostLiked, after: page.next)
let unread = try await me.notifications.unreadCount()
for await message in me.messages.updates() { print(message.text, unread) }
