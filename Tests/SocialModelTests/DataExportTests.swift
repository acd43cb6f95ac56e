import Foundation
import SocialModel
import SocialModelExport
import SocialModelMocks
import SocialModelTesting
import Testing
import ZIPFoundation

/// Users' data exports on every store: every item a user has is in the archive, read back with
/// ZIPFoundation and checked against the store; a blocked user's things stay out except the
/// messages the owner took part in; the archive is handed over once, expires, and survives no restart.
@Suite("Data exports")
struct DataExportTests {
    /// A network where `ada` has every kind of item, `bea` is her friend and `cyd`, whom she
    /// blocked, had commented on her post, followed her and written to her before.
    struct Scene {
        let harness: SocialTestHarness
        let ada: SocialTestHarness.Member
        let bea: SocialTestHarness.Member
        let cyd: SocialTestHarness.Member
        let adaPosts: [Post]
        let adaComment: PostComment
        let beaPost: Post
        let cydComment: PostComment
        let recipe: Recipe
        let beaRecipe: Recipe

        init(_ harness: SocialTestHarness) async throws {
            self.harness = harness
            ada = try await harness.signedIn("ada")
            bea = try await harness.signedIn("bea")
            cyd = try await harness.signedIn("cyd")
            let photo = MockPhotoProcessor.photo(width: 40, height: 30)
            _ = try await ada.profiles.setAvatar(photo: photo)
            var posts: [Post] = []
            for caption in ["first", "second"] {
                posts.append(try await ada.posts.publish(PostDraft(photo: photo, caption: caption)))
                harness.clock.advance(by: 1)
            }
            adaPosts = posts
            beaPost = try await bea.posts.publish(PostDraft(photo: photo, caption: "bea's"))
            adaComment = try await ada.posts.comment(postID: beaPost.id, text: "lovely")
            _ = try await bea.posts.comment(postID: posts[0].id, text: "thanks")
            _ = try await ada.posts.like(postID: beaPost.id)
            _ = try await bea.posts.like(postID: posts[1].id)
            try await ada.profiles.follow(userID: bea.user.id)
            try await bea.profiles.follow(userID: ada.user.id)
            _ = try await bea.messages.send(recipientID: ada.user.id, text: "look", photo: photo)
            harness.clock.advance(by: 1)
            _ = try await ada.messages.send(recipientID: bea.user.id, text: "nice")
            // cyd's things from before the block.
            cydComment = try await cyd.posts.comment(postID: posts[0].id, text: "meh")
            try await cyd.profiles.follow(userID: ada.user.id)
            _ = try await cyd.messages.send(recipientID: ada.user.id, text: "hello?")
            try await ada.safety.block(userID: cyd.user.id)
            try await ada.safety.mute(userID: bea.user.id)

            recipe = try await ada.recipes.publish(
                RecipeDraft(name: "Rice", preparationMinutes: 20, ingredients: ["rice"], steps: ["Cook."], photo: photo)
            )
            beaRecipe = try await bea.recipes.publish(
                RecipeDraft(name: "Tea", preparationMinutes: 5, ingredients: ["tea"], steps: ["Brew."]))
            _ = try await ada.recipes.like(recipeID: beaRecipe.id)
            try await ada.meals.setBodyProfile(
                BodyProfile(
                    sex: .female, weightKilograms: 60, heightCentimeters: 168, ageYears: 30, activity: .light,
                    goal: .loseWeight))
        }
    }

    /// A zip's files by path.
    static func files(_ zip: Data) throws -> [String: Data] {
        let archive = try Archive(data: zip, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var contents = Data()
            _ = try archive.extract(entry) { contents.append($0) }
            files[entry.path] = contents
        }
        return files
    }

    static func decoded<T: Decodable>(_ type: T.Type, _ files: [String: Data], _ path: String) throws -> T {
        try DataExportFormat.decoder().decode(T.self, from: try #require(files[path], "\(path) is in the archive"))
    }

    static func exports(_ harness: SocialTestHarness, in directory: URL, policy: DataExportPolicy = DataExportPolicy())
        -> DataExports
    {
        DataExports(
            network: harness.network, recipes: harness.recipes, meals: harness.meals, writer: ZipDataExportWriter(),
            directory: directory, policy: policy)
    }

    /// Makes `member`'s export and waits for it.
    static func export(_ member: SocialTestHarness.Member, with exports: DataExports) async throws -> DataExportStatus {
        #expect(try await exports.start(as: member.account).state == .running)
        await exports.finished(userID: member.user.id)
        return try await exports.status(as: member.account)
    }

    @Test("an export lists every item the user has, checked against the store", arguments: StoreKind.allCases)
    func everyItem(kind: StoreKind) async throws {
        try await kind.withStore { store, directory in
            let scene = try await Scene(SocialTestHarness(store: store))
            let (ada, bea, cyd) = (scene.ada, scene.bea, scene.cyd)
            let exports = Self.exports(scene.harness, in: directory.url.appendingPathComponent("exports"))
            let status = try await Self.export(ada, with: exports)
            #expect(status.state == .ready)
            let zip = try await exports.download(as: ada.account)
            #expect(status.bytes == zip.count)
            let files = try Self.files(zip)

            let manifest = try Self.decoded(DataExportManifest.self, files, "manifest.json")
            #expect(manifest.format == "analogkit-social-export" && manifest.version == 1)
            #expect(manifest.userID == ada.user.id)
            #expect(Set(manifest.files + ["manifest.json"]) == Set(files.keys))

            let profile = try Self.decoded(DataExportProfile.self, files, "profile.json")
            #expect(profile.user.id == ada.user.id && profile.user.email == ada.user.email)
            let avatarSize = try #require(SocialTestHarness.networkPolicy.avatarSizes.max())
            let avatar = try await store.avatarPhoto(userID: ada.user.id, size: avatarSize)
            #expect(avatar != nil && files["photos/avatar.jpg"] == avatar?.jpeg)

            // Posts, each with the store's original photo.
            let posts = try Self.decoded([DataExportPost].self, files, "posts.json")
            #expect(posts.map(\.post.id) == scene.adaPosts.map(\.id))
            #expect(posts.map(\.post.likeCount) == [0, 1] && posts.map(\.post.commentCount) == [2, 0])
            let photoSize = try #require(SocialTestHarness.networkPolicy.postPhotoSizes.max())
            for entry in posts {
                let stored = try await store.postPhoto(postID: entry.post.id, size: photoSize)
                let postPhotoPath = try #require(entry.photo)
                #expect(files[postPhotoPath] == stored?.jpeg)
            }
            // Her own comments only: neither bea's nor cyd's on her posts.
            #expect(try Self.decoded([PostComment].self, files, "comments.json") == [scene.adaComment])
            let likes = try Self.decoded(DataExportLikes.self, files, "likes.json")
            #expect(likes.posts.map(\.postID) == [scene.beaPost.id] && likes.recipes == [scene.beaRecipe.id])
            // The block ended cyd's follow.
            let follows = try Self.decoded(DataExportFollows.self, files, "follows.json")
            #expect(follows.followers.map(\.user.id) == [bea.user.id])
            #expect(follows.following.map(\.user.id) == [bea.user.id])

            // Both conversations, every message, cyd's too: she took part in them.
            let conversations = try Self.decoded([DataExportConversation].self, files, "messages.json")
            #expect(Set(conversations.map(\.with.id)) == [bea.user.id, cyd.user.id])
            let withBea = try #require(conversations.first { $0.with.id == bea.user.id })
            #expect(withBea.messages.map(\.message.text) == ["look", "nice"])
            let photoMessage = withBea.messages[0]
            let messagePhoto = try await store.messagePhoto(id: photoMessage.message.id, viewerID: ada.user.id)
            let messagePhotoPath = try #require(photoMessage.photo)
            #expect(files[messagePhotoPath] == messagePhoto?.jpeg)
            #expect(conversations.first { $0.with.id == cyd.user.id }?.messages.map(\.message.text) == ["hello?"])

            let recipes = try Self.decoded([DataExportRecipe].self, files, "recipes.json")
            #expect(recipes.map(\.recipe.id) == [scene.recipe.id])
            let recipeSize = try #require(SocialTestHarness.recipePolicy.photoSizes.max())
            let recipePhoto = try await store.recipePhoto(recipeID: scene.recipe.id, size: recipeSize)
            let recipePhotoPath = try #require(recipes[0].photo)
            #expect(files[recipePhotoPath] == recipePhoto?.jpeg)
            let mealPlan = try Self.decoded(DataExportMealPlan.self, files, "meal-plan.json")
            #expect(mealPlan.bodyProfile?.goal == .loseWeight)
            let plan = try await ada.meals.mealPlan()
            #expect(mealPlan.plan == plan)

            // Her notifications as she sees them: bea's, none of cyd's.
            let notifications = try Self.decoded([NetworkNotification].self, files, "notifications.json")
            let listed = try await ada.notifications.list(limit: 100).items
            #expect(Set(notifications) == Set(listed) && !notifications.isEmpty)
            #expect(notifications.allSatisfy { $0.actorID == bea.user.id })
            let safety = try Self.decoded(DataExportSafety.self, files, "safety.json")
            #expect(safety.blocks.map(\.user.id) == [cyd.user.id] && safety.mutes.map(\.muted.user.id) == [bea.user.id])

            // Nothing of cyd's but the conversation: not their comment, not their profile.
            let everything = files.filter { $0.key.hasSuffix(".json") }.values.map {
                String(decoding: $0, as: UTF8.self)
            }
            #expect(!everything.contains { $0.contains(scene.cydComment.id.rawValue) || $0.contains("meh") })
            #expect(!everything.contains { $0.contains("cyd@example.com") })

            var expected = DataExportCounts()
            (expected.posts, expected.postPhotos, expected.comments, expected.postLikes) = (2, 2, 1, 1)
            (expected.recipeLikes, expected.followers, expected.following) = (1, 1, 1)
            (expected.conversations, expected.messages, expected.messagePhotos) = (2, 3, 1)
            (expected.recipes, expected.recipePhotos, expected.blocks, expected.mutes) = (1, 1, 1, 1)
            expected.notifications = notifications.count
            #expect(manifest.counts == expected)
        }
    }

    @Test("the archive is downloaded once, by its owner only, then gone")
    func downloadOnce() async throws {
        try await StoreKind.inMemory.withStore { store, directory in
            let scene = try await Scene(SocialTestHarness(store: store))
            let folder = directory.url.appendingPathComponent("exports")
            let exports = Self.exports(scene.harness, in: folder)
            // Another user has no export of theirs, and cannot reach ada's.
            _ = try await Self.export(scene.ada, with: exports)
            await #expect(throws: DataExportError.notFound) { try await exports.download(as: scene.bea.account) }
            await #expect(throws: DataExportError.notFound) { try await exports.status(as: scene.bea.account) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)

            _ = try await exports.download(as: scene.ada.account)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            await #expect(throws: DataExportError.gone(.downloaded)) {
                try await exports.download(as: scene.ada.account)
            }
            #expect(try await exports.status(as: scene.ada.account).state == .downloaded)
            // A new one may be asked for.
            #expect(try await Self.export(scene.ada, with: exports).state == .ready)
        }
    }

    @Test("a ready archive not downloaded in time is deleted; a restart keeps none")
    func expiryAndRestart() async throws {
        try await StoreKind.inMemory.withStore { store, directory in
            let scene = try await Scene(SocialTestHarness(store: store))
            let folder = directory.url.appendingPathComponent("exports")
            var policy = DataExportPolicy()
            policy.availability = 3600
            let exports = Self.exports(scene.harness, in: folder, policy: policy)
            let ready = try await Self.export(scene.ada, with: exports)
            #expect(ready.expiresAt == ready.finishedAt?.addingTimeInterval(3600))

            // A second process on the same folder deletes what the first left; it knows no export.
            _ = try await Self.export(scene.bea, with: exports)
            let restarted = Self.exports(scene.harness, in: folder, policy: policy)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            await #expect(throws: DataExportError.notFound) { try await restarted.download(as: scene.bea.account) }

            let again = Self.exports(scene.harness, in: folder, policy: policy)
            _ = try await Self.export(scene.ada, with: again)
            scene.harness.clock.advance(by: 3599)
            await again.sweep()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
            scene.harness.clock.advance(by: 1)
            await again.sweep()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            #expect(try await again.status(as: scene.ada.account).state == .expired)
            await #expect(throws: DataExportError.gone(.expired)) { try await again.download(as: scene.ada.account) }
        }
    }

    @Test("an export over the size bound fails and leaves no file")
    func tooLarge() async throws {
        try await StoreKind.inMemory.withStore { store, directory in
            let scene = try await Scene(SocialTestHarness(store: store))
            let folder = directory.url.appendingPathComponent("exports")
            var policy = DataExportPolicy()
            policy.maximumBytes = 200
            let status = try await Self.export(scene.ada, with: Self.exports(scene.harness, in: folder, policy: policy))
            #expect(status.state == .failed && status.failure == .tooLarge)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
}
