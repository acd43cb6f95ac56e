// Builds a small photo network in a SQLite file — four people, posts with FilmKit filters from
// the sample photos, follows, likes, comments and direct messages — then prints Ada's home feed,
// her notifications and her inbox. Run with `swift run social-network [database-path]`.
import Foundation
import SocialModel

/// The sample photos beside this file.
let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples")

func sample(_ name: String) throws -> Data { try Data(contentsOf: samples.appendingPathComponent(name)) }

let databaseURL =
    CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "social-network-\(UUID().uuidString)/social.sqlite")
try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
let store = try SQLiteSocialStore(url: databaseURL)
let mailer = OutboxMailer(directory: databaseURL.deletingLastPathComponent().appendingPathComponent("outbox"))
let accounts = AccountService(store: store, mailer: mailer, hasher: try PBKDF2PasswordHasher(iterations: 210_000))
let network = SocialNetwork(store: store, accounts: accounts)
print("database: \(databaseURL.path)\n")

/// Registers, verifies and signs in one person.
func join(_ username: String, name: String) async throws -> SignedInSession {
    let email = "\(username)@example.com"
    try await accounts.register(
        Registration(email: email, username: username, password: "Photo-graph-2024", name: name))
    let mail = try mailer.messages().last { $0.to == email && $0.purpose == .emailVerification }
    guard let token = mail?.token else { throw NetworkError.notFound(.user) }
    _ = try await accounts.verifyEmail(token: SecretToken(rawValue: token))
    return try await accounts.signIn(email: email, password: "Photo-graph-2024", clientKey: "example")
}

let ada = try await join("ada", name: "Ada")
let ben = try await join("ben", name: "Ben")
let cleo = try await join("cleo", name: "Cleo")
let dan = try await join("dan", name: "Dan")
print("joined: ada, ben, cleo, dan")
_ = try await network.profiles.setAvatar(ada.token, photo: try sample("chelsea.png"))

for (follower, followee) in [(ada, ben), (ada, cleo), (ben, ada), (cleo, ada), (dan, ada)] {
    try await network.profiles.follow(follower.token, followee.user.id)
}

let rocket = try await network.posts.publish(
    ben.token, PostDraft(photo: try sample("rocket.jpg"), caption: "Launch day.\nShot on the roof.", filter: "vintage"))
let coffee = try await network.posts.publish(
    cleo.token, PostDraft(photo: try sample("coffee.png"), caption: "Morning ritual", filter: "black-and-white"))
let cat = try await network.posts.publish(ada.token, PostDraft(photo: try sample("chelsea.png"), caption: "Chelsea"))
let astronaut = try await network.posts.publish(
    dan.token, PostDraft(photo: try sample("astronaut.png"), caption: "Not followed by Ada", filter: "monochrome"))
do {
    _ = try await network.posts.publish(ada.token, PostDraft(photo: try sample("rocket.jpg"), filter: "sepiaa"))
} catch {
    print("an unknown filter is refused: \(error)")
}

try await network.posts.like(ada.token, rocket.id)
try await network.posts.like(cleo.token, rocket.id)
try await network.posts.like(ben.token, cat.id)
try await network.posts.like(cleo.token, cat.id)
try await network.posts.like(dan.token, cat.id)
try await network.posts.like(ada.token, astronaut.id)
_ = try await network.posts.comment(cleo.token, on: rocket.id, "What a shot!")
_ = try await network.posts.comment(ada.token, on: rocket.id, "Congratulations to the team.")
_ = try await network.posts.comment(ben.token, on: cat.id, "Hello Chelsea")
_ = try await network.posts.comment(ada.token, on: coffee.id, "Save me a cup")
do {
    try await network.posts.delete(ada.token, rocket.id)
} catch {
    print("Ada deleting Ben's post: \(error)")
}

_ = try await network.messages.send(ben.token, to: ada.user.id, text: "Coming to the launch party?")
_ = try await network.messages.send(ada.token, to: ben.user.id, text: "Yes! Bringing the camera.")
_ = try await network.messages.send(cleo.token, to: ada.user.id, text: "Look at this", photo: try sample("coffee.png"))
_ = try await network.messages.send(dan.token, to: ada.user.id, text: "Hi Ada, big fan of your cat photos.")

let profile = try await network.profiles.profile(ada.token, of: ada.user.id)
print(
    "\nada: \(profile.counts.followers) followers, \(profile.counts.following) following, "
        + "\(profile.counts.posts) posts, \(profile.counts.likesReceived) likes received")

print("\nAda's home feed, newest first:")
for view in try await network.feed.home(ada.token).items {
    let post = view.post
    let filter = post.filter.map { " [\($0)]" } ?? ""
    print("  @\(view.author.username): \(post.caption.replacingOccurrences(of: "\n", with: " / "))\(filter)")
    print(
        "    \(post.width)×\(post.height), \(post.likeCount) likes\(view.likedByViewer ? " (incl. Ada)" : ""), "
            + "\(post.commentCount) comments" + (view.firstComment.map { " — first: \"\($0.text)\"" } ?? ""))
}
print("\nAda's home feed, most liked first:")
for view in try await network.feed.home(ada.token, order: .mostLiked).items {
    print("  \(view.post.likeCount) likes  @\(view.author.username): \(view.post.caption.split(separator: "\n")[0])")
}

let unread = try await network.notifications.unreadCount(ada.token)
print("\nAda's notifications (\(unread) unread):")
for notification in try await network.notifications.list(ada.token).items {
    let actor = try await network.profiles.profile(ada.token, of: notification.actorID).user.username
    switch notification.kind {
    case .like: print("  @\(actor) liked your post")
    case .comment: print("  @\(actor) commented on your post")
    case .follow: print("  @\(actor) followed you")
    }
}
try await network.notifications.markAllRead(ada.token)
print("after marking all read: \(try await network.notifications.unreadCount(ada.token)) unread")

print("\nAda's inbox (\(try await network.messages.unreadCount(ada.token)) unread):")
for summary in try await network.messages.inbox(ada.token).items {
    let last = summary.lastMessage.map { ($0.hasPhoto ? "[photo] " : "") + $0.text } ?? ""
    print("  @\(summary.otherUser.username) (\(summary.unreadCount) unread): \(last)")
}
let danConversation = try await network.messages.inbox(ada.token).items.first { $0.otherUser.username == "dan" }
if let danConversation {
    try await network.messages.delete(ada.token, danConversation.conversation.id)
    print("Ada deletes the conversation with Dan: \(try await network.messages.inbox(ada.token).items.count) left")
}
