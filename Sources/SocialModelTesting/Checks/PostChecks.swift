import Foundation
import SocialModel
import SocialModelMocks
import Testing

/// Posts, likes and comments.
enum PostChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.posts, "a post keeps its processed sizes, dimensions and filter") { h in
            let ana = try await h.signedIn("ana")
            let post = try await ana.posts.publish(
                PostDraft(photo: MockPhotoProcessor.photo(width: 80, height: 120), caption: "Tall", filter: "Vintage"))
            #expect(post.filter == "vintage" && post.width == 43 && post.height == 64)
            #expect(try await h.store.post(id: post.id) == post)
            for size in [64, 16] {
                let jpeg = try await h.network.postPhoto(postID: post.id, size: size)
                #expect(MockPhotoProcessor.dimensions(of: jpeg).map { max($0.width, $0.height) } == size)
            }
            await #expect(throws: NetworkError.notFound(.photo)) {
                _ = try await h.network.postPhoto(postID: post.id, size: 1080)
            }
        },
        ConformanceCheck(.posts, "bad posts are refused and leave nothing") { h in
            let ana = try await h.signedIn("ana")
            let photo = SocialChecks.photo
            await #expect(
                throws: NetworkError.invalid([
                    NetworkViolation(.caption, .tooLong(maximum: 2200)),
                    NetworkViolation(.caption, .tooManyLines(maximum: 3)),
                    NetworkViolation(.caption, .forbiddenCharacters(allowed: "printable characters")),
                ])
            ) {
                _ = try await ana.posts.publish(
                    PostDraft(photo: photo, caption: "1\n2\n3\n4 \u{1B}" + String(repeating: "x", count: 2200)))
            }
            await #expect(throws: NetworkError.photo(.unknownFilter(name: "vintge", suggestions: ["vintage"]))) {
                _ = try await ana.posts.publish(PostDraft(photo: photo, filter: "vintge"))
            }
            await #expect(throws: NetworkError.self) {
                _ = try await ana.posts.publish(
                    PostDraft(photo: photo, filter: "vintage", filterParameters: ["grain": 9]))
            }
            await #expect(throws: NetworkError.self) {
                _ = try await ana.posts.publish(PostDraft(photo: Data("not an image".utf8)))
            }
            #expect(try await ana.feed.home().items.isEmpty)
            let accepted = try await ana.posts.publish(PostDraft(photo: photo, caption: " a\r\nb\nc "))
            #expect(accepted.caption == "a\nb\nc")
        },
        ConformanceCheck(.posts, "likes are idempotent and comments show the first") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let post = try await SocialChecks.publish(1, by: ana, in: h)[0]
            #expect(try await ben.posts.like(postID: post.id).likeCount == 1)
            #expect(try await ben.posts.like(postID: post.id).likeCount == 1)
            h.clock.advance(by: 1)
            #expect(try await cyd.posts.like(postID: post.id).likeCount == 2)
            let likers = try await ana.posts.likers(postID: post.id)
            #expect(likers.items.map(\.user.id) == [cyd.user.id, ben.user.id])
            #expect(likers.items.allSatisfy { $0.user.email == nil })
            let firstLiker = try await ana.posts.likers(postID: post.id, limit: 1)
            let secondLiker = try await ana.posts.likers(postID: post.id, after: firstLiker.next, limit: 1)
            #expect(firstLiker.items.map(\.user.id) + secondLiker.items.map(\.user.id) == [cyd.user.id, ben.user.id])
            #expect(try await ben.posts.unlike(postID: post.id).likeCount == 1)
            #expect(try await ben.posts.unlike(postID: post.id).likeCount == 1)

            let first = try await ben.posts.comment(postID: post.id, text: "  First! ")
            h.clock.advance(by: 1)
            let second = try await cyd.posts.comment(postID: post.id, text: "Second")
            #expect(first.text == "First!")
            let view = try await cyd.posts.post(postID: post.id)
            #expect(view.post.commentCount == 2 && view.post.likeCount == 1 && view.likedByViewer)
            #expect(view.firstComment == first)
            #expect(try await ana.posts.comments(postID: post.id).items == [first, second])
            let firstPage = try await ana.posts.comments(postID: post.id, limit: 1)
            #expect(try await ana.posts.comments(postID: post.id, after: firstPage.next).items == [second])
            try await ben.posts.deleteComment(commentID: first.id)
            let after = try await ana.posts.post(postID: post.id)
            #expect(after.firstComment == second && after.post.commentCount == 1 && !after.likedByViewer)
            await #expect(throws: NetworkError.self) {
                _ = try await ben.posts.comment(postID: post.id, text: "two\nlines")
            }
            await #expect(throws: NetworkError.self) { _ = try await ben.posts.comment(postID: post.id, text: " ") }
            await #expect(throws: NetworkError.notFound(.post)) { try await ben.posts.like(postID: PostID.random()) }
        },
        ConformanceCheck(.posts, "deleting a post removes everything on it") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let post = try await SocialChecks.publish(1, by: ana, in: h)[0]
            try await ben.posts.like(postID: post.id)
            let comment = try await ben.posts.comment(postID: post.id, text: "nice")
            #expect(try await ana.notifications.unreadCount() == 2)
            try await ana.posts.delete(postID: post.id)
            #expect(try await h.store.post(id: post.id) == nil)
            #expect(try await h.store.postPhoto(postID: post.id, size: 64) == nil)
            #expect(try await h.store.comment(id: comment.id) == nil)
            #expect(try await h.store.likers(of: post.id, after: nil, limit: 10).isEmpty)
            #expect(try await ana.notifications.unreadCount() == 0)
            #expect(try await h.store.profileCounts(userID: ana.user.id) == ProfileCounts())
        },
    ]
}
