import FilmKit
import Foundation
import GRDB
import SocialModel
import SocialModelExport
import SocialModelPhotos
import SocialModelSQLite
import ZIPFoundation

// Exports one user of social-feed-bench's network (10,000 users, 200,000 posts, 2,000,000 likes,
// 100,000 follows) and checks the archive against the store: its size, the time it took, and
// that every item the store holds for the user is in it.
//
//   swift run -c release social-export-bench [--database PATH] [--user INDEX]
//
// PATH is social-feed-bench's SQLite file (made by `social-feed-bench --runs 1`); it is copied, and
// the copy gets what the seeded network lacks for the user: the sample photos, processed by
// libvips, as the stored sizes of their seeded posts (rows written straight into the copy), and
// through the services two new posts, comments, conversations with photos, recipes and a recipe
// like, a body profile, an avatar, a block and a mute.

let usage = """
    usage: social-export-bench [--database PATH] [--user INDEX]

    Exports user INDEX (0, the feed benchmark's probe, by default) of social-feed-bench's SQLite
    network at PATH (default: its file in the system's temporary directory) and checks the archive.

    options:
      -h, --help   Show this help and exit.
    """
var arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
var options: [String: String] = [:]
while let name = arguments.popFirst() {
    guard ["--database", "--user"].contains(name), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("social-export-bench: cannot use '\(name)'\n\(usage)\n".utf8))
        exit(64)
    }
    options[String(name.dropFirst(2))] = value
}
let source =
    options["database"]
    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "social-feed-bench-10000-200000-2000000-100000.sqlite"
    ).path
guard FileManager.default.fileExists(atPath: source) else {
    FileHandle.standardError.write(
        Data("social-export-bench: no \(source); run social-feed-bench --runs 1 first\n".utf8))
    exit(1)
}
let userID = UserID(rawValue: String(format: "usr_%032x", Int(options["user"] ?? "0") ?? 0))

// A copy, so the feed benchmark's file stays as it was seeded.
let work = FileManager.default.temporaryDirectory.appendingPathComponent("social-export-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }
let path = work.appendingPathComponent("network.sqlite").path
try DatabaseQueue(path: source).backup(to: try DatabaseQueue(path: path))

let store = try SQLiteSocialStore(path: path)
let accounts = AccountService(store: store, mailer: OutboxMailer(directory: work.appendingPathComponent("outbox")))
let photos = VipsPhotoProcessor(filters: .shared)
let network = SocialNetwork(store: store, accounts: accounts, photos: photos)
let recipes = RecipeService(store: store, accounts: accounts, photos: photos)
let meals = MealPlanService(store: store, accounts: accounts)

/// A signed-in session of the network's user `id`.
func session(_ id: UserID) async throws -> AccountSession {
    let token = SecretToken.generate()
    try await store.insertSession(
        SessionRecord(tokenHash: token.hash, userID: id, createdAt: Date(), expiresAt: .distantFuture))
    return try await accounts.session(token)
}

let samplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Samples")
let samples = try ["rocket.jpg", "astronaut.png", "chelsea.png", "coffee.png"].map {
    try Data(contentsOf: samplesFolder.appendingPathComponent($0))
}

// What the seeded network lacks for the user.
let me = try await session(userID)
let mine = network.session(me)
let sizes = NetworkPolicy().postPhotoSizes
let originals = try await samples.asyncMap {
    try await photos.bounded($0, sizes: sizes, pixelLimit: 50_000_000, filter: nil, seed: 0)
}
let seededPosts = try DatabaseQueue(path: path).read { db in
    try String.fetchAll(
        db, sql: "SELECT id FROM posts WHERE author_id = ? ORDER BY created_at, id", arguments: [userID.rawValue])
}
try DatabaseQueue(path: path).write { db in
    for (index, postID) in seededPosts.enumerated() {
        for (size, jpeg) in originals[index % originals.count].jpegs {
            try db.execute(
                sql: "INSERT INTO post_photos (post_id, size, jpeg) VALUES (?, ?, ?)", arguments: [postID, size, jpeg])
        }
    }
}
_ = try await mine.profiles.setAvatar(photo: samples[2])
for (index, caption) in ["Launch day.", "Coffee first."].enumerated() {
    _ = try await mine.posts.publish(PostDraft(photo: samples[index * 3], caption: caption, filter: "vintage"))
}
let others = (1...12).map { UserID(rawValue: String(format: "usr_%032x", 9_000 + $0)) }
let everyone = try await store.explore(viewerID: userID, seed: 7, after: nil, limit: 40).map(\.post.id)
for (index, postID) in everyone.prefix(30).enumerated() {
    _ = try await mine.posts.comment(postID: postID, text: "Comment \(index + 1) on this one.")
}
for (index, other) in others.prefix(10).enumerated() {
    let them = network.session(try await session(other))
    for turn in 0..<6 {
        let photo = turn == 0 && index < 4 ? samples[index] : nil
        if turn.isMultiple(of: 2) {
            _ = try await them.messages.send(recipientID: userID, text: "Message \(turn) from \(index)", photo: photo)
        } else {
            _ = try await mine.messages.send(recipientID: other, text: "Answer \(turn) to \(index)")
        }
    }
}
try await mine.safety.block(userID: others[10])
try await mine.safety.mute(userID: others[11])
let cook = recipes.session(me)
for name in ["Rice", "Porridge", "Lentil soup"] {
    _ = try await cook.publish(
        RecipeDraft(name: name, preparationMinutes: 20, ingredients: ["water"], steps: ["Cook it."], photo: samples[1]))
}
let theirRecipe = try await recipes.session(try await session(others[0])).publish(
    RecipeDraft(name: "Tea", preparationMinutes: 5, ingredients: ["tea"], steps: ["Brew it."]))
_ = try await cook.like(recipeID: theirRecipe.id)
try await meals.session(me).setBodyProfile(
    BodyProfile(
        sex: .female, weightKilograms: 62, heightCentimeters: 170, ageYears: 34, activity: .light, goal: .gainMuscle))

// The export, as a server makes it.
let exports = DataExports(
    network: network, recipes: recipes, meals: meals, writer: ZipDataExportWriter(),
    directory: work.appendingPathComponent("exports"))
let started = ContinuousClock.now
_ = try await exports.start(as: me)
await exports.finished(userID: userID)
let elapsed = ContinuousClock.now - started
let status = try await exports.status(as: me)
guard status.state == .ready else {
    FileHandle.standardError.write(
        Data("social-export-bench: export \(status.state): \(String(describing: status.failure))\n".utf8))
    exit(1)
}
let zip = try await exports.download(as: me)

// The archive read back, checked against the store's own tables.
let archive = try Archive(data: zip, accessMode: .read)
var files: [String: Data] = [:]
for entry in archive {
    var data = Data()
    _ = try archive.extract(entry) { data.append($0) }
    files[entry.path] = data
}
@MainActor func decoded<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
    try DataExportFormat.decoder().decode(T.self, from: files[name] ?? Data())
}
let manifest = try decoded(DataExportManifest.self, "manifest.json")
let posts = try decoded([DataExportPost].self, "posts.json")
let conversations = try decoded([DataExportConversation].self, "messages.json")
let follows = try decoded(DataExportFollows.self, "follows.json")
let likes = try decoded(DataExportLikes.self, "likes.json")
let listed: [(String, Set<String>, String)] = [
    ("posts", Set(posts.map(\.post.id.rawValue)), "SELECT id FROM posts WHERE author_id = ?1"),
    (
        "post photos", Set(posts.compactMap { $0.photo.flatMap { files[$0] == nil ? nil : $0 } }),
        "SELECT 'photos/posts/' || post_id || '.jpg' FROM post_photos JOIN posts ON posts.id = post_id WHERE author_id = ?1 AND size = \(sizes.max()!)"
    ),
    (
        "comments", Set(try decoded([PostComment].self, "comments.json").map(\.id.rawValue)),
        "SELECT id FROM comments WHERE author_id = ?1"
    ),
    ("post likes", Set(likes.posts.map(\.postID.rawValue)), "SELECT post_id FROM post_likes WHERE user_id = ?1"),
    (
        "followers", Set(follows.followers.map(\.user.id.rawValue)),
        "SELECT follower_id FROM follows WHERE followee_id = ?1"
    ),
    (
        "following", Set(follows.following.map(\.user.id.rawValue)),
        "SELECT followee_id FROM follows WHERE follower_id = ?1"
    ),
    (
        "messages", Set(conversations.flatMap { $0.messages.map(\.message.id.rawValue) }),
        "SELECT m.id FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ?1 IN (c.user_a, c.user_b)"
    ),
    (
        "message photos",
        Set(conversations.flatMap { $0.messages.compactMap { $0.photo.flatMap { files[$0] == nil ? nil : $0 } } }),
        "SELECT 'photos/messages/' || m.id || '.jpg' FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ?1 IN (c.user_a, c.user_b) AND m.has_photo"
    ),
    (
        "recipes", Set(try decoded([DataExportRecipe].self, "recipes.json").map(\.recipe.id.rawValue)),
        "SELECT id FROM recipes WHERE author_id = ?1"
    ),
    ("recipe likes", Set(likes.recipes.map(\.rawValue)), "SELECT recipe_id FROM recipe_likes WHERE user_id = ?1"),
]
var failures = 0
let reader = try DatabaseQueue(path: path)
print("user \(userID.rawValue) of \(source)")
for (name, inArchive, query) in listed {
    let inStore = Set(try reader.read { db in try String.fetchAll(db, sql: query, arguments: [userID.rawValue]) })
    let ok = inStore == inArchive
    failures += ok ? 0 : 1
    print("  \(name): \(inStore.count) in the store, \(inArchive.count) in the archive\(ok ? "" : " — MISMATCH")")
}
// Notifications: the list the user sees (the store's rule leaves out blocked users'), every page.
var seen: Set<String> = []
var cursor: KeysetCursor?
repeat {
    let page = try await mine.notifications.list(after: cursor, limit: 100)
    seen.formUnion(page.items.map(\.id.rawValue))
    cursor = page.next
} while cursor != nil
let exported = Set(try decoded([NetworkNotification].self, "notifications.json").map(\.id.rawValue))
failures += seen == exported ? 0 : 1
print(
    "  notifications: \(seen.count) listed to the user, \(exported.count) in the archive\(seen == exported ? "" : " — MISMATCH")"
)
print(
    "  blocks \(manifest.counts.blocks), mutes \(manifest.counts.mutes), meal plan \(files["meal-plan.json"] != nil)"
)
let photoBytes = files.filter { $0.key.hasPrefix("photos/") }.values.reduce(0) { $0 + $1.count }
print(
    "archive: \(zip.count) bytes (\(files.count) files, \(photoBytes) bytes of photos); made in \(elapsed)"
        + " (\(manifest.counts.posts) posts, \(manifest.counts.messages) messages in \(manifest.counts.conversations) conversations)"
)
exit(failures == 0 ? 0 : 1)

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
