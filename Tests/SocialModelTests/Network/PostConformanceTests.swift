import Foundation
import Imaging
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Network posts, likes and comments, on every store")
struct PostConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func photosAreUprightBoundedFilteredAndStrippedOfGPS(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let original = try NetworkFixtures.geotaggedRotatedPhoto()
            #expect(try Image(data: original).exifFields.keys.contains { $0.contains("GPS") })
            let post = try await h.network.posts.publish(
                ana.token, PostDraft(photo: original, caption: "Eiffel", filter: "Black-And-White"))
            #expect(post.filter == "black-and-white")
            // Turned upright (80×120), then bounded to 64 on the longer side.
            #expect(post.width == 43 && post.height == 64)
            for size in [64, 16] {
                let jpeg = try await h.network.posts.photo(post.id, size: size)
                let image = try Image(data: jpeg)
                #expect(max(image.width, image.height) == size && image.height > image.width)
                #expect(!image.exifFields.keys.contains { $0.contains("GPS") })
                #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            }
            let stored = try Image(data: try await h.network.posts.photo(post.id, size: 64))
            let plain = try await h.network.posts.publish(ana.token, PostDraft(photo: original))
            let unfiltered = try Image(data: try await h.network.posts.photo(plain.id, size: 64))
            #expect(try stored.pixels() != unfiltered.pixels())
            await #expect(throws: NetworkError.self) { _ = try await h.network.posts.photo(post.id, size: 1080) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func badPostsAreRefusedAndLeaveNothing(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let photo = NetworkFixtures.plainPhoto
            await #expect {
                _ = try await h.network.posts.publish(
                    ana.token,
                    PostDraft(photo: photo, caption: "1\n2\n3\n4 \u{1B}" + String(repeating: "x", count: 2200)))
            } throws: { error in
                guard case .invalid(let violations) = error as? NetworkError else { return false }
                return violations == [
                    NetworkViolation(.caption, .tooLong(maximum: 2200)),
                    NetworkViolation(.caption, .tooManyLines(maximum: 3)),
                    NetworkViolation(.caption, .forbiddenCharacters(allowed: "printable characters")),
                ]
            }
            await #expect {
                _ = try await h.network.posts.publish(ana.token, PostDraft(photo: photo, filter: "vintge"))
            } throws: { error in
                guard case .filter(.unknownFilter(let name, let suggestions)) = error as? NetworkError else {
                    return false
                }
                return name == "vintge" && suggestions.contains("vintage")
            }
            await #expect {
                _ = try await h.network.posts.publish(
                    ana.token, PostDraft(photo: photo, filter: "vintage", filterParameters: ["grain": 9]))
            } throws: { error in
                if case .filter(.parameterOutOfRange) = error as? NetworkError { return true }
                return false
            }
            for bad in [Data("not an image".utf8), photo.prefix(photo.count / 2)] {
                await #expect {
                    _ = try await h.network.posts.publish(ana.token, PostDraft(photo: bad))
                } throws: { error in
                    if case .photo = error as? NetworkError { return true }
                    return false
                }
            }
            #expect(try await h.network.feed.home(ana.token).items.isEmpty)
            let accepted = try await h.network.posts.publish(ana.token, PostDraft(photo: photo, caption: " a\r\nb\nc "))
            #expect(accepted.caption == "a\nb\nc")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func likesAreIdempotentAndCommentsShowTheFirst(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cy = try await h.signedIn("cyd")
            let post = try await NetworkFixtures.publish(1, by: ana, in: h)[0]
            #expect(try await h.network.posts.like(ben.token, post.id).likeCount == 1)
            #expect(try await h.network.posts.like(ben.token, post.id).likeCount == 1)
            h.clock.advance(by: 1)
            #expect(try await h.network.posts.like(cy.token, post.id).likeCount == 2)
            let likers = try await h.network.posts.likers(ana.token, of: post.id)
            #expect(likers.items.map(\.user.id) == [cy.user.id, ben.user.id])
            #expect(likers.items.allSatisfy { $0.user.email == nil })
            let firstLiker = try await h.network.posts.likers(ana.token, of: post.id, limit: 1)
            let secondLiker = try await h.network.posts.likers(ana.token, of: post.id, after: firstLiker.next, limit: 1)
            #expect(firstLiker.items.map(\.user.id) + secondLiker.items.map(\.user.id) == [cy.user.id, ben.user.id])
            #expect(try await h.network.posts.unlike(ben.token, post.id).likeCount == 1)
            #expect(try await h.network.posts.unlike(ben.token, post.id).likeCount == 1)

            let first = try await h.network.posts.comment(ben.token, on: post.id, "  First! ")
            h.clock.advance(by: 1)
            let second = try await h.network.posts.comment(cy.token, on: post.id, "Second")
            #expect(first.text == "First!")
            let view = try await h.network.posts.post(cy.token, post.id)
            #expect(view.post.commentCount == 2 && view.post.likeCount == 1 && view.likedByViewer)
            #expect(view.firstComment == first)
            #expect(try await h.network.posts.comments(ana.token, on: post.id).items == [first, second])
            try await h.network.posts.deleteComment(ben.token, first.id)
            let after = try await h.network.posts.post(ana.token, post.id)
            #expect(after.firstComment == second && after.post.commentCount == 1 && !after.likedByViewer)
            await #expect(throws: NetworkError.self) {
                _ = try await h.network.posts.comment(ben.token, on: post.id, "two\nlines")
            }
            await #expect(throws: NetworkError.self) {
                _ = try await h.network.posts.comment(ben.token, on: post.id, " ")
            }
            await #expect(throws: NetworkError.self) { try await h.network.posts.like(ben.token, PostID.random()) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAPostRemovesEverythingOnIt(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let post = try await NetworkFixtures.publish(1, by: ana, in: h)[0]
            try await h.network.posts.like(ben.token, post.id)
            let comment = try await h.network.posts.comment(ben.token, on: post.id, "nice")
            #expect(try await h.network.notifications.unreadCount(ana.token) == 2)
            try await h.network.posts.delete(ana.token, post.id)
            #expect(try await h.store.post(id: post.id) == nil)
            #expect(try await h.store.postPhoto(postID: post.id, size: 64) == nil)
            #expect(try await h.store.comment(id: comment.id) == nil)
            #expect(try await h.store.likers(of: post.id, after: nil, limit: 10).isEmpty)
            #expect(try await h.network.notifications.unreadCount(ana.token) == 0)
            #expect(try await h.store.profileCounts(userID: ana.user.id) == ProfileCounts())
        }
    }
}
