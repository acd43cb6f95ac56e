import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

@Suite("Post routes")
struct PostRoutesTests {
    @Test("publish with caption and filter, read, like, comment, delete")
    func postLifecycle() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            let published = try await client.call(
                .post, "/posts?caption=First%20roll&filter=Vintage", as: ada,
                body: MockPhotoProcessor.photo(width: 400, height: 300))
            #expect(published.status == .created)
            let post = try published.decoded(Post.self)
            #expect(post.caption == "First roll" && post.filter == "vintage" && post.authorID == ada.user.id)

            let liked = try await client.call(.put, "/posts/\(post.id)/like", as: bo)
            #expect(try liked.decoded(Post.self).likeCount == 1)
            let likers = try await client.call(.get, "/posts/\(post.id)/likes", as: ada)
                .decoded(CursorPage<DatedUser, KeysetCursor>.self)
            #expect(likers.items.map(\.user.id) == [bo.user.id])

            let commented = try await client.call(
                .post, "/posts/\(post.id)/comments", as: bo, json: CommentRequest(text: "Lovely grain"))
            #expect(commented.status == .created)
            let comment = try commented.decoded(PostComment.self)
            let comments = try await client.call(.get, "/posts/\(post.id)/comments", as: ada)
                .decoded(CursorPage<PostComment, KeysetCursor>.self)
            #expect(comments.items.map(\.text) == ["Lovely grain"])

            let view = try await client.call(.get, "/posts/\(post.id)", as: bo).decoded(PostView.self)
            #expect(view.likedByViewer && view.post.commentCount == 1 && view.firstComment?.id == comment.id)
            #expect(view.author.email == nil)

            let unliked = try await client.call(.delete, "/posts/\(post.id)/like", as: bo)
            #expect(try unliked.decoded(Post.self).likeCount == 0)
            #expect(try await client.call(.delete, "/comments/\(comment.id)", as: ada).status == .noContent)
            #expect(try await client.call(.delete, "/posts/\(post.id)", as: ada).status == .noContent)
            let gone = try await client.call(.get, "/posts/\(post.id)", as: ada)
            #expect(gone.status == .notFound && gone.apiError?.entity == "post")
        }
    }

    @Test("bad photos, filters and comments are refused with their codes and leave no post")
    func refusedInput() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let unusable = try await client.call(.post, "/posts", as: ada, body: Data([0xFF, 0xD8, 0x00]))
            #expect(unusable.status == .unprocessableContent && unusable.apiError?.code == "photo-unusable")
            let filter = try await client.call(
                .post, "/posts?filter=vintge", as: ada, body: MockPhotoProcessor.photo(width: 10, height: 10))
            #expect(filter.apiError?.code == "unknown-filter")
            #expect(filter.apiError?.suggestions == ["vintage"])
            let caption = try await client.call(
                .post, "/posts?caption=\(String(repeating: "a", count: 2300))", as: ada,
                body: MockPhotoProcessor.photo(width: 10, height: 10))
            #expect(caption.apiError?.violations?.first?.rule == "too-long")
            #expect(caption.apiError?.violations?.first?.maximum == 2200)
            let posts = try await client.call(.get, "/users/\(ada.user.id)/posts", as: ada)
                .decoded(CursorPage<PostView, FeedCursor>.self)
            #expect(posts.items.isEmpty)

            let post = try await client.publish(as: ada)
            let empty = try await client.call(
                .post, "/posts/\(post.id)/comments", as: ada, json: CommentRequest(text: " "))
            #expect(empty.status == .unprocessableContent)
            #expect(empty.apiError?.violations?.first.map { "\($0.field) \($0.rule)" } == "comment too-short")
        }
    }

    @Test("a post's photo is public, immutable-cached and revalidates with If-None-Match")
    func photo() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let post = try await client.publish(as: ada)
            let photo = try await client.call(.get, "/posts/\(post.id)/photo/64")
            #expect(photo.status == .ok)
            #expect(photo.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(MockPhotoProcessor.dimensions(of: Data(photo.body.readableBytesView))! == (64, 48))
            let tag = try #require(photo.headers[.eTag])
            let weak = try await client.call(
                .get, "/posts/\(post.id)/photo/64", headers: [.ifNoneMatch: "\"other\", W/\(tag)"])
            #expect(weak.status == .notModified && weak.headers[.eTag] == tag)
            let otherSize = try await client.call(.get, "/posts/\(post.id)/photo/16", headers: [.ifNoneMatch: tag])
            #expect(otherSize.status == .ok && otherSize.headers[.eTag] != tag)
            let missing = try await client.call(.get, "/posts/\(post.id)/photo/500")
            #expect(missing.status == .notFound && missing.apiError?.entity == "photo")
            let notANumber = try await client.call(.get, "/posts/\(post.id)/photo/big")
            #expect(notANumber.status == .badRequest && notANumber.apiError?.code == "invalid-parameter")
        }
    }
}
