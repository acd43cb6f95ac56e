import Foundation

/// Reads everything a user has, a page at a time, and writes it into an archive as it goes:
/// photos as they are read, the JSON files (``DataExportFormat``) and the manifest last. What it
/// reads is what the stores' own rules give the user (their notifications without blocked users',
/// the messages of conversations they can see); other users appear by id and username only.
struct DataExportCollector: Sendable {
    let store: any NetworkStore
    let recipes: any RecipeStore
    let bodyProfiles: any BodyProfileStore
    let planner: MealPlanner
    /// The largest stored size of each kind of photo: the original an export carries.
    let postPhotoSize: Int?
    let avatarSize: Int?
    let recipePhotoSize: Int?
    let policy: DataExportPolicy
    let clock: any WallClock
    /// When the export must have finished (``DataExportPolicy/timeLimit`` after it was asked for).
    let deadline: Date

    /// Why a collection stopped early.
    enum Stop: Error {
        case tooLarge
        case timedOut
    }

    /// Writes the user's archive and returns what it holds.
    /// - Throws: ``Stop``, a ``StoreError`` or the archive's error.
    func collect(_ account: User, into archive: any DataExportArchive) async throws -> DataExportCounts {
        let out = BoundedArchive(archive, maximumBytes: policy.maximumBytes)
        var counts = DataExportCounts()
        let id = account.id
        // As stored now, not as the session that asked for the export saw it.
        let user = try await store.user(id: id) ?? account

        var avatar: String?
        if user.avatar != nil, let size = avatarSize, let photo = try await store.avatarPhoto(userID: id, size: size) {
            avatar = "photos/avatar.jpg"
            try out.add("photos/avatar.jpg", photo.jpeg)
        }

        var posts: [DataExportPost] = []
        for view in try await all(
            { try await store.posts(by: id, viewerID: id, order: .newest, after: $0, limit: $1) },
            cursor: { FeedCursor(after: $0.post) })
        {
            var path: String?
            if let size = postPhotoSize, let photo = try await store.postPhoto(postID: view.post.id, size: size) {
                path = "photos/posts/\(view.post.id.rawValue).jpg"
                try out.add(path!, photo.jpeg)
                counts.postPhotos += 1
            }
            posts.append(DataExportPost(post: view.post, photo: path))
        }
        posts.reverse()  // oldest first, like every other list
        counts.posts = posts.count

        let comments = try await all({ try await store.comments(by: id, after: $0, limit: $1) }, cursor: \.cursor)
        counts.comments = comments.count
        let postLikes = try await all({ try await store.postLikes(by: id, after: $0, limit: $1) }, cursor: \.cursor)
        var recipeLikes: [RecipeID] = []
        while true {
            try checkTime()
            let page = try await recipes.likedRecipes(userID: id, offset: recipeLikes.count, limit: policy.pageSize)
            recipeLikes += page.map(\.id)
            if page.count < policy.pageSize { break }
        }
        (counts.postLikes, counts.recipeLikes) = (postLikes.count, recipeLikes.count)

        let followers = try await all({ try await store.followers(of: id, after: $0, limit: $1) }, cursor: \.cursor)
        let following = try await all({ try await store.followees(of: id, after: $0, limit: $1) }, cursor: \.cursor)
        (counts.followers, counts.following) = (followers.count, following.count)

        var conversations: [DataExportConversation] = []
        for summary in try await all(
            { try await store.conversations(userID: id, after: $0, limit: $1) }, cursor: \.cursor)
        {
            let conversationID = summary.conversation.id
            var messages: [DataExportMessage] = []
            for message in try await all(
                { try await store.messages(in: conversationID, viewerID: id, before: $0, limit: $1) }, cursor: \.cursor
            ).reversed() where HeldContent.shows(held: message.held, by: message.senderID, to: id) {
                var path: String?
                if message.hasPhoto, let photo = try await store.messagePhoto(id: message.id, viewerID: id) {
                    path = "photos/messages/\(message.id.rawValue).jpg"
                    try out.add(path!, photo.jpeg)
                    counts.messagePhotos += 1
                }
                messages.append(DataExportMessage(message: message, photo: path))
            }
            counts.messages += messages.count
            conversations.append(
                DataExportConversation(
                    conversation: summary.conversation, with: Self.reference(summary.otherUser), messages: messages))
        }
        conversations.reverse()  // oldest latest message first
        counts.conversations = conversations.count

        var recipeEntries: [DataExportRecipe] = []
        for recipe in try await all(
            { try await store.recipes(by: id, after: $0, limit: $1) },
            cursor: { KeysetCursor(date: $0.createdAt, id: $0.id.rawValue) })
        {
            var path: String?
            if recipe.hasPhoto, let size = recipePhotoSize,
                let photo = try await recipes.recipePhoto(recipeID: recipe.id, size: size)
            {
                path = "photos/recipes/\(recipe.id.rawValue).jpg"
                try out.add(path!, photo.jpeg)
                counts.recipePhotos += 1
            }
            recipeEntries.append(DataExportRecipe(recipe: recipe, photo: path))
        }
        counts.recipes = recipeEntries.count

        let notifications = try await all(
            { try await store.notifications(recipientID: id, after: $0, limit: $1) }, cursor: \.cursor
        ).reversed()
        counts.notifications = notifications.count
        let blocks = try await all({ try await store.blocks(by: id, after: $0, limit: $1) }, cursor: \.cursor)
        let mutes = try await all({ try await store.mutes(by: id, after: $0, limit: $1) }, cursor: \.cursor)
        (counts.blocks, counts.mutes) = (blocks.count, mutes.count)

        let bodyProfile = try await bodyProfiles.bodyProfile(userID: id)
        let plan = try bodyProfile.map { try planner.plan(for: $0) }

        let encoder = DataExportFormat.encoder()
        try out.add("profile.json", encoder.encode(DataExportProfile(user: user, avatar: avatar)))
        try out.add("posts.json", encoder.encode(posts))
        try out.add("comments.json", encoder.encode(comments))
        try out.add("likes.json", encoder.encode(DataExportLikes(posts: postLikes, recipes: recipeLikes)))
        try out.add(
            "follows.json",
            encoder.encode(
                DataExportFollows(followers: followers.map(Self.dated), following: following.map(Self.dated))))
        try out.add("messages.json", encoder.encode(conversations))
        try out.add("recipes.json", encoder.encode(recipeEntries))
        try out.add("meal-plan.json", encoder.encode(DataExportMealPlan(bodyProfile: bodyProfile, plan: plan)))
        try out.add("notifications.json", encoder.encode(Array(notifications)))
        let safety = DataExportSafety(
            blocks: blocks.map(Self.dated),
            mutes: mutes.map {
                DataExportMute(
                    muted: DataExportDatedUser(user: Self.reference($0.user), since: $0.date),
                    hidesNotifications: $0.hidesNotifications)
            })
        try out.add("safety.json", encoder.encode(safety))
        let manifest = DataExportManifest(userID: id, createdAt: clock.now(), counts: counts, files: out.paths)
        try out.add("manifest.json", encoder.encode(manifest))
        try archive.finish()
        return counts
    }

    /// Every item of a list read `policy.pageSize` at a time, each page continuing after the last
    /// item of the one before; the deadline is checked before each read.
    private func all<Item, Cursor>(
        _ read: (Cursor?, Int) async throws -> [Item], cursor: (Item) -> Cursor
    ) async throws -> [Item] {
        var items: [Item] = []
        var after: Cursor?
        while true {
            try checkTime()
            let page = try await read(after, policy.pageSize)
            items += page
            guard page.count == policy.pageSize, let last = page.last else { return items }
            after = cursor(last)
        }
    }

    private func checkTime() throws {
        if Task.isCancelled || clock.now() >= deadline { throw Stop.timedOut }
    }

    static func reference(_ user: User) -> DataExportUser { DataExportUser(id: user.id, username: user.username) }
    static func dated(_ entry: DatedUser) -> DataExportDatedUser {
        DataExportDatedUser(user: reference(entry.user), since: entry.date)
    }
}

/// An archive that refuses to grow past a size: the bytes added (before compression) are counted,
/// and the paths kept for the manifest.
private final class BoundedArchive {
    let archive: any DataExportArchive
    let maximumBytes: Int
    private(set) var bytes = 0
    private(set) var paths: [String] = []

    init(_ archive: any DataExportArchive, maximumBytes: Int) {
        self.archive = archive
        self.maximumBytes = maximumBytes
    }

    /// Adds a file: JSON compressed, JPEG stored as it is.
    func add(_ path: String, _ contents: Data) throws {
        bytes += contents.count
        guard bytes <= maximumBytes else { throw DataExportCollector.Stop.tooLarge }
        try archive.add(path, contents: contents, compress: path.hasSuffix(".json"))
        paths.append(path)
    }
}
