import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import Testing

@Suite("Notification routes")
struct NotificationRoutesTests {
    @Test("likes, comments and follows notify; unread count, mark read, delete")
    func notifications() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            let post = try await client.publish(as: ada)
            _ = try await client.call(.put, "/posts/\(post.id)/like", as: bo)
            _ = try await client.call(.post, "/posts/\(post.id)/comments", as: bo, json: CommentRequest(text: "Nice"))
            _ = try await client.call(.put, "/users/\(ada.user.id)/follow", as: bo)

            let list = try await client.call(.get, "/notifications", as: ada)
                .decoded(CursorPage<NetworkNotification, KeysetCursor>.self)
            #expect(Set(list.items.map(\.kind)) == [.like, .comment, .follow])
            #expect(list.items.allSatisfy { $0.actorID == bo.user.id })
            func unread() async throws -> Int {
                try await client.call(.get, "/notifications/unread-count", as: ada).decoded(CountResponse.self).count
            }
            #expect(try await unread() == 3)

            let first = list.items[0].id
            #expect(try await client.call(.post, "/notifications/\(first)/read", as: ada).status == .noContent)
            #expect(try await unread() == 2)
            let readAll = try await client.call(.post, "/notifications/read-all", as: ada).decoded(CountResponse.self)
            #expect(readAll.count == 2)
            #expect(try await unread() == 0)

            #expect(try await client.call(.delete, "/notifications/\(first)", as: ada).status == .noContent)
            let deleted = try await client.call(.delete, "/notifications", as: ada).decoded(CountResponse.self)
            #expect(deleted.count == 2)
            let missing = try await client.call(.post, "/notifications/\(first)/read", as: ada)
            #expect(missing.status == .notFound && missing.apiError?.entity == "notification")
        }
    }
}
