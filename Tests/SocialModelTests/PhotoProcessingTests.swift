import FilmKit
import Foundation
import Imaging
import SocialModel
import SocialModelPhotos
import SocialModelTesting
import TestSupport
import Testing

/// The libvips photo processor through the services, on every store: what is stored is upright,
/// bounded, filtered when asked, and free of GPS and other metadata; a bad photo or filter leaves
/// nothing behind.
@Suite("Photos through libvips, on every store")
struct PhotoProcessingTests {
    @Test(arguments: StoreKind.allCases)
    func postPhotosAreUprightBoundedFilteredAndStrippedOfGPS(kind: StoreKind) async throws {
        try await kind.withHarness { h in
            let ana = try await h.signedIn("ana")
            let original = try await PhotoFixtures.geotaggedRotatedPhoto()
            #expect(try Image(data: original).exifFields.keys.contains { $0.contains("GPS") })
            let post = try await ana.posts.publish(
                PostDraft(photo: original, caption: "Eiffel", filter: "Black-And-White"))
            #expect(post.filter == "black-and-white")
            // Turned upright (80×120), then bounded to 64 on the longer side.
            #expect(post.width == 43 && post.height == 64)
            for size in [64, 16] {
                let jpeg = try await h.network.postPhoto(postID: post.id, size: size)
                let image = try Image(data: jpeg)
                #expect(max(image.width, image.height) == size && image.height > image.width)
                #expect(!image.exifFields.keys.contains { $0.contains("GPS") })
                #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            }
            let stored = try Image(data: try await h.network.postPhoto(postID: post.id, size: 64))
            let plain = try await ana.posts.publish(PostDraft(photo: original))
            let unfiltered = try Image(data: try await h.network.postPhoto(postID: plain.id, size: 64))
            #expect(try stored.pixels() != unfiltered.pixels())
        }
    }

    @Test(arguments: StoreKind.allCases)
    func badPhotosAndFiltersAreTypedErrorsAndLeaveNoPost(kind: StoreKind) async throws {
        try await kind.withHarness { h in
            let ana = try await h.signedIn("ana")
            let photo = PhotoFixtures.plainPhoto
            await #expect {
                _ = try await ana.posts.publish(PostDraft(photo: photo, filter: "vintge"))
            } throws: { error in
                guard case .photo(.unknownFilter(let name, let suggestions)) = error as? NetworkError else {
                    return false
                }
                return name == "vintge" && suggestions.contains("vintage")
            }
            await #expect {
                _ = try await ana.posts.publish(
                    PostDraft(photo: photo, filter: "vintage", filterParameters: ["grain": 9]))
            } throws: { error in
                guard case .photo(.invalidFilterParameters(_, let reason)) = error as? NetworkError else {
                    return false
                }
                return reason.contains("grain")
            }
            for bad in [Data("not an image".utf8), photo.prefix(photo.count / 2), Data()] {
                await #expect {
                    _ = try await ana.posts.publish(PostDraft(photo: bad))
                } throws: { error in
                    if case .photo(.unusable) = error as? NetworkError { return true }
                    return false
                }
            }
            #expect(try await ana.feed.home().items.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func avatarsAreSquareSizedAndStripped(kind: StoreKind) async throws {
        try await kind.withHarness { h in
            let ana = try await h.signedIn("ana")
            let user = try await ana.profiles.setAvatar(photo: try PhotoFixtures.geotaggedRotatedPhoto())
            #expect(try await h.store.user(id: ana.user.id)?.avatar == user.avatar)
            for size in [32, 8] {
                let jpeg = try await h.network.avatar(userID: ana.user.id, size: size)
                let image = try Image(data: jpeg)
                #expect(image.width == size && image.height == size)
                #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            }
            await #expect(throws: NetworkError.self) { _ = try await ana.profiles.setAvatar(photo: Data("nope".utf8)) }
            #expect(try await h.store.user(id: ana.user.id)?.avatar == user.avatar)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func messagePhotosAreBoundedAndStripped(kind: StoreKind) async throws {
        try await kind.withHarness { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let message = try await ana.messages.send(
                recipientID: ben.user.id, text: "", photo: try PhotoFixtures.geotaggedRotatedPhoto())
            let jpeg = try await ben.messages.photo(messageID: message.id)
            let image = try Image(data: jpeg)
            #expect(image.width == 21 && image.height == 32)
            #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            await #expect(throws: NetworkError.self) {
                _ = try await ana.messages.send(recipientID: ben.user.id, text: "x", photo: Data("bad".utf8))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func recipePhotosAreSquareAndStrippedOfGPS(kind: StoreKind) async throws {
        try await kind.withHarness { h in
            let chef = try await h.signedIn("chef")
            let original = try await PhotoFixtures.geotaggedPhoto()
            #expect(try Image(data: original).exifFields.keys.contains { $0.contains("GPS") })
            let draft = RecipeDraft(
                name: "Geo", preparationMinutes: 5, ingredients: ["salt"], steps: ["cook"], photo: original)
            let recipe = try await chef.recipes.publish(draft)
            #expect(recipe.hasPhoto)
            for size in [64, 16] {
                let jpeg = try await h.recipes.photo(recipeID: recipe.id, size: size)
                let image = try Image(data: jpeg)
                #expect(image.width == size && image.height == size)
                #expect(!image.exifFields.keys.contains { $0.contains("GPS") })
                #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            }
            for bad in [Data("not an image".utf8), original.prefix(original.count / 2)] {
                var broken = draft
                broken.photo = bad
                await #expect(throws: RecipeError.self) { _ = try await chef.recipes.publish(broken) }
            }
            #expect(try await h.recipes.page().totalCount == 1)
        }
    }

    @Test func theProcessorNeverScalesUpAndKeepsAspect() async throws {
        let photos = VipsPhotoProcessor(filters: FilterRegistry(includingBuiltIns: false))
        let output = try await photos.bounded(
            PhotoFixtures.plainPhoto, sizes: [1080, 20], pixelLimit: 1_000_000, filter: nil, seed: 0)
        #expect(output.width == 40 && output.height == 30 && output.filter == nil)
        #expect(try Image(data: try #require(output.jpegs[20])).width == 20)
        await #expect(throws: PhotoError.self) {
            _ = try await photos.bounded(PhotoFixtures.plainPhoto, sizes: [64], pixelLimit: 100, filter: nil, seed: 0)
        }
        // A registry without the built-ins knows no filter: the processor uses the one it was given.
        await #expect(throws: PhotoError.unknownFilter(name: "vintage", suggestions: [])) {
            _ = try await photos.bounded(
                PhotoFixtures.plainPhoto, sizes: [64], pixelLimit: 1_000_000, filter: PhotoFilter(name: "vintage"),
                seed: 0)
        }
    }
}
