import ExampleSupport
// Builds a small photo network in a SQLite file — four people, posts with FilmKit filters from
// the sample photos, follows, likes, comments and direct messages — then prints Ada's home feed,
// her notifications and her inbox. Run with `swift run social-network [database-path]`.
import FilmKit
import Foundation
import SocialModel
import SocialModelPhotos
import SocialModelSQLite

/// The sample photos beside this file.
let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples")

func sample(_ name: String) throws -> Data { try Data(contentsOf: samples.appendingPathComponent(name)) }

let usage = """
    usage: social-network [DATABASE-PATH]

    Builds a small photo network in a SQLite file (four people, filtered posts, follows, likes,
    comments, direct messages) and prints Ada's home feed, notifications and inbox. The database
    (default: a new folder in the system's temporary directory) and an outbox folder beside it
    hold everything written.

    options:
      -h, --help   Show this help and exit.
    """
let arguments = positionalArguments(
    Array(CommandLine.arguments.dropFirst()), program: "social-network", usage: usage, maximum: 1)

let databaseURL =
    arguments.first.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "social-network-\(UUID().uuidString)/social.sqlite")
try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
let store = try SQLiteSocialStore(url: databaseURL)
let mailer = OutboxMailer(directory: databaseURL.deletingLastPathComponent().appendingPathComponent("outbox"))
let accounts = AccountService(store: store, mailer: mailer, hasher: try PBKDF2PasswordHasher(iterations: 210_000))
// Post filters are looked up in the process-wide registry of FilmKit's built-in looks and stocks.
let network = SocialNetwork(store: store, accounts: accounts, photos: VipsPhotoProcessor(filters: .shared))
print("database: \(databaseURL.path)\n")

/// Registers, verifies and signs in one person, then authenticates their session once.
func join(_ username: String, name: String) async throws -> NetworkSession {
    let email = "\(username)@example.com"
    try await accounts.register(
        Registration(email: email, username: username, password: "Photo-graph-2024", name: name))
    let mail = try mailer.messages().last { $0.to == email && $0.purpose == .emailVerification }
    guard let token = mail?.token else { throw NetworkError.notFound(.user) }
    _ = try await accounts.verifyEmail(token: SecretToken(rawValue: token))
    let signIn = try await accounts.signIn(email: email, password: "Photo-graph-2024", clientKey: "example")
    return try await network.session(signIn.token)
}

let ada = try await join("ada", name: "Ada")
let ben = try await join("ben", name: "Ben")
let cleo = try await join("cleo", name: "Cleo")
let dan = try await join("dan", name: "Dan")
print("joined: ada, ben, cleo, dan")
_ = try await ada.profiles.setAvatar(photo: try sample("chelsea.png"))

for (follower, followee) in [(ada, ben), (ada, cleo), (ben, ada), (cleo, ada), (dan, ada)] {
    try await follower.profiles.follow(userID: followee.user.id)
}

let rocket = try await ben.posts.publish(
    PostDraft(photo: try sample("rocket.jpg"), caption: "Launch day.\nShot on the roof.", filter: "vintage"))
let coffee = try await cleo.posts.publish(
    PostDraft(photo: try sample("coffee.png"), caption: "Morning ritual", filter: "black-and-white"))
let cat = try await ada.posts.publish(PostDraft(photo: try sample("chelsea.png"), caption: "Chelsea"))
let astronaut = try await dan.posts.publish(
    PostDraft(photo: try sample("astronaut.png"), caption: "Not followed by Ada", filter: "monochrome"))
do {
    _ = try await ada.posts.publish(PostDraft(photo: try sample("rocket.jpg"), filter: "sepiaa"))
} catch {
    print("an unknown filter is refused: \(error)")
}

try await ada.posts.like(postID: rocket.id)
try await cleo.posts.like(postID: rocket.id)
try await ben.posts.like(postID: cat.id)
try await cleo.posts.like(postID: cat.id)
try await dan.posts.like(postID: cat.id)
try await ada.posts.like(postID: astronaut.id)
_ = try await cleo.posts.comment(postID: rocket.id, text: "What a shot!")
_ = try await ada.posts.comment(postID: rocket.id, text: "Congratulations to the team.")
_ = try await ben.posts.comment(postID: cat.id, text: "Hello Chelsea")
_ = try await ada.posts.comment(postID: coffee.id, text: "Save me a cup")
do {
    try await ada.posts.delete(postID: rocket.id)
} catch {
    print("Ada deleting Ben's post: \(error)")
}

_ = try await ben.messages.send(recipientID: ada.user.id, text: "Coming to the launch party?")
_ = try await ada.messages.send(recipientID: ben.user.id, text: "Yes! Bringing the camera.")
_ = try await cleo.messages.send(recipientID: ada.user.id, text: "Look at this", photo: try sample("coffee.png"))
_ = try await dan.messages.send(recipientID: ada.user.id, text: "Hi Ada, big fan of your cat photos.")

let profile = try await ada.profiles.profile(userID: ada.user.id)
print(
    "\nada: \(profile.counts.followers) followers, \(profile.counts.following) following, "
        + "\(profile.counts.posts) posts, \(profile.counts.likesReceived) likes received")

print("\nAda's home feed, newest first:")
for view in try await ada.feed.home().items {
    let post = view.post
    let filter = post.filter.map { " [\($0)]" } ?? ""
    print("  @\(view.author.username): \(post.caption.replacingOccurrences(of: "\n", with: " / "))\(filter)")
    print(
        "    \(post.width)×\(post.height), \(post.likeCount) likes\(view.likedByViewer ? " (incl. Ada)" : ""), "
            + "\(post.commentCount) comments" + (view.firstComment.map { " — first: \"\($0.text)\"" } ?? ""))
}
print("\nAda's home feed, most liked first:")
for view in try await ada.feed.home(order: .mostLiked).items {
    print("  \(view.post.likeCount) likes  @\(view.author.username): \(view.post.caption.split(separator: "\n")[0])")
}

let unread = try await ada.notifications.unreadCount()
print("\nAda's notifications (\(unread) unread):")
for notification in try await ada.notifications.list().items {
    let actor = try await ada.profiles.profile(userID: notification.actorID).user.username
    switch notification.kind {
    case .like: print("  @\(actor) liked your post")
    case .comment: print("  @\(actor) commented on your post")
    case .follow: print("  @\(actor) followed you")
    case .mention: print("  @\(actor) mentioned you")
    }
}
try await ada.notifications.markAllRead()
print("after marking all read: \(try await ada.notifications.unreadCount()) unread")

print("\nAda's inbox (\(try await ada.messages.unreadCount()) unread):")
for summary in try await ada.messages.inbox().items {
    let last = summary.lastMessage.map { ($0.hasPhoto ? "[photo] " : "") + $0.text } ?? ""
    print("  @\(summary.otherUser.username) (\(summary.unreadCount) unread): \(last)")
}
if let danConversation = try await ada.messages.inbox().items.first(where: { $0.otherUser.username == "dan" }) {
    try await ada.messages.delete(conversationID: danConversation.conversation.id)
    print("Ada deletes the conversation with Dan: \(try await ada.messages.inbox().items.count) left")
}
