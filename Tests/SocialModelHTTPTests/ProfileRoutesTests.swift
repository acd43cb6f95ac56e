import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

@Suite("Profile routes")
struct ProfileRoutesTests {
    @Test("follow and unfollow show in the profile's counts; following oneself is refused")
    func follows() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            #expect(try await client.call(.put, "/users/\(bo.user.id)/follow", as: ada).status == .noContent)
            #expect(try await client.call(.put, "/users/\(bo.user.id)/follow", as: ada).status == .noContent)

            let profile = try await client.call(.get, "/users/\(bo.user.id)", as: ada).decoded(Profile.self)
            #expect(profile.counts.followers == 1)
            #expect(profile.followedByViewer)
            #expect(profile.user.email == nil)
            let own = try await client.call(.get, "/users/\(bo.user.id)", as: bo).decoded(Profile.self)
            #expect(own.user.email == "bob@example.com")

            let followers = try await client.call(.get, "/users/\(bo.user.id)/followers", as: ada)
                .decoded(CursorPage<DatedUser, KeysetCursor>.self)
            #expect(followers.items.map(\.user.id) == [ada.user.id])
            let following = try await client.call(.get, "/users/\(ada.user.id)/following", as: bo)
                .decoded(CursorPage<DatedUser, KeysetCursor>.self)
            #expect(following.items.map(\.user.id) == [bo.user.id])

            #expect(try await client.call(.delete, "/users/\(bo.user.id)/follow", as: ada).status == .noContent)
            let after = try await client.call(.get, "/users/\(bo.user.id)", as: ada).decoded(Profile.self)
            #expect(after.counts.followers == 0 && !after.followedByViewer)

            let own2 = try await client.call(.put, "/users/\(ada.user.id)/follow", as: ada)
            #expect(own2.status == .conflict)
            #expect(own2.apiError?.code == "self-action")
            let ghost = try await client.call(.get, "/users/usr_nobody", as: ada)
            #expect(ghost.status == .notFound)
            #expect(ghost.apiError?.code == "not-found" && ghost.apiError?.entity == "user")
        }
    }

    @Test("followers page with cursors: every follower once, then no next")
    func followerPages() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let star = try await client.signUp("star", in: fixture)
            var fans: [UserID] = []
            for name in ["fan1", "fan2", "fan3"] {
                let fan = try await client.signUp(name, in: fixture)
                _ = try await client.call(.put, "/users/\(star.user.id)/follow", as: fan)
                fans.append(fan.user.id)
            }
            var seen: [UserID] = []
            var after: String?
            repeat {
                let query = "limit=2" + (after.map { "&after=\($0)" } ?? "")
                let page = try await client.call(.get, "/users/\(star.user.id)/followers?\(query)", as: star)
                    .decoded(CursorPage<DatedUser, KeysetCursor>.self)
                seen += page.items.map(\.user.id)
                after = page.next?.description
            } while after != nil
            #expect(Set(seen) == Set(fans) && seen.count == 3)
        }
    }

    @Test("user search by username prefix")
    func search() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            _ = try await client.signUp("adam", in: fixture)
            _ = try await client.signUp("bob", in: fixture)
            let page = try await client.call(.get, "/users?prefix=AD", as: ada).decoded(CursorPage<User, String>.self)
            #expect(page.items.map(\.username) == ["ada", "adam"])
            #expect(page.items.allSatisfy { $0.email == nil })
        }
    }

    @Test("avatar upload, served publicly with ETag and 304, then removed")
    func avatar() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let set = try await client.call(
                .put, "/me/avatar", as: ada, body: MockPhotoProcessor.photo(width: 200, height: 100))
            #expect(set.status == .ok)
            #expect(try set.decoded(User.self).avatar != nil)

            let photo = try await client.call(.get, "/users/\(ada.user.id)/avatar/32")
            #expect(photo.status == .ok)
            #expect(photo.headers[.contentType] == "image/jpeg")
            #expect(MockPhotoProcessor.dimensions(of: Data(photo.body.readableBytesView))! == (32, 32))
            let tag = try #require(photo.headers[.eTag])
            let again = try await client.call(
                .get, "/users/\(ada.user.id)/avatar/32", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)

            let bad = try await client.call(.put, "/me/avatar", as: ada, body: Data("not a photo".utf8))
            #expect(bad.status == .unprocessableContent)
            #expect(bad.apiError?.code == "photo-unusable")

            #expect(try await client.call(.delete, "/me/avatar", as: ada).status == .noContent)
            let gone = try await client.call(.get, "/users/\(ada.user.id)/avatar/32")
            #expect(gone.status == .notFound && gone.apiError?.entity == "photo")
        }
    }
}
