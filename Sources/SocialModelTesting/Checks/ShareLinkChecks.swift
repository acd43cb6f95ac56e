import Foundation
import SocialModel
import Testing

/// The rules of `ShareLinkStore`, for a store that keeps share links. They are not
/// part of ``SocialStoreConformance/checks`` (a store need not keep links); run them with
/// ``ShareLinkConformance``.
public enum ShareLinkConformance {
    /// Every share-link check.
    public static let checks: [ConformanceCheck] = ShareLinkChecks.all

    /// Runs every check, each on a fresh store, recording an issue for every broken rule.
    /// - Parameters:
    ///   - makeStore: makes a fresh, empty store that keeps share links.
    ///   - release: called with each store after its check.
    /// - Throws: only what `makeStore` or `release` throw.
    public static func run(
        makeStore: () async throws -> any SocialStore & ShareLinkStore,
        release: (any SocialStore) async throws -> Void = { _ in }
    ) async throws {
        for check in checks {
            let store = try await makeStore()
            do {
                try await check.run(on: store)
            } catch {
                Issue.record(error, "\(check.id)")
            }
            try await release(store)
        }
    }
}

enum ShareLinkChecks {
    /// The harness's share links, with a small limit so it is reached quickly.
    static func links(_ h: SocialTestHarness, maximum: Int = 3) throws -> ShareLinkService {
        try #require(h.network.shareLinks(maximumLinksPerPost: maximum), "the store keeps no share links")
    }

    static func linkStore(_ h: SocialTestHarness) throws -> any ShareLinkStore {
        try #require(h.store as? any ShareLinkStore, "the store keeps no share links")
    }

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.posts, "share links: a link opens its post until revoked, and only the author manages it") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let links = try links(h)
            let post = try await ana.posts.publish(PostDraft(photo: SocialChecks.photo, caption: "Dunaj <b>&</b>"))
            _ = try await ben.posts.like(postID: post.id)
            let created = try await links.create(postID: post.id, by: ana.account)
            #expect(ShareLinkService.isWellFormed(created.token))
            let shared = try await links.resolve(token: created.token)
            #expect(shared.post.id == post.id && shared.post.caption == "Dunaj <b>&</b>" && shared.post.likeCount == 1)
            #expect(shared.author.id == ana.user.id && shared.author.email == nil)
            let size = try #require(shared.photoSizes.first)
            #expect(try await links.photo(token: created.token, size: size).isEmpty == false)
            await #expect(throws: ShareLinkError.notFound(.photo)) {
                try await links.photo(token: created.token, size: size + 1)
            }
            // The store is keyed by the token's SHA-256; the token itself opens nothing there.
            let store = try linkStore(h)
            #expect(try await store.shareLink(tokenHash: SecretToken(rawValue: created.token).hash) == created.link)
            #expect(try await store.shareLink(tokenHash: Data(created.token.utf8)) == nil)

            await #expect(throws: ShareLinkError.forbidden) { try await links.create(postID: post.id, by: ben.account) }
            await #expect(throws: ShareLinkError.forbidden) {
                try await links.revoke(linkID: created.id, by: ben.account)
            }
            await #expect(throws: ShareLinkError.notFound(.post)) {
                try await links.create(postID: PostID(rawValue: "pst_missing"), by: ana.account)
            }
            #expect(try await links.links(postID: post.id, by: ana.account) == [created.link])

            try await links.revoke(linkID: created.id, by: ana.account)
            await #expect(throws: ShareLinkError.notFound(.link)) { try await links.resolve(token: created.token) }
            await #expect(throws: ShareLinkError.notFound(.link)) {
                try await links.photo(token: created.token, size: size)
            }
            await #expect(throws: ShareLinkError.notFound(.link)) {
                try await links.revoke(linkID: created.id, by: ana.account)
            }
            #expect(try await links.links(postID: post.id, by: ana.account).isEmpty)
        },
        ConformanceCheck(.posts, "share links: a post has at most its limit of live links, even when made at once") {
            h in
            let ana = try await h.signedIn("ana")
            let links = try links(h, maximum: 3)
            let post = try await ana.posts.publish(PostDraft(photo: SocialChecks.photo))
            let results = await withTaskGroup(of: Result<CreatedShareLink, ShareLinkError>.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        do throws(ShareLinkError) {
                            return .success(try await links.create(postID: post.id, by: ana.account))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let made = results.compactMap { try? $0.get() }
            #expect(made.count == 3)
            #expect(
                results.allSatisfy { result in
                    if case .failure(let error) = result { return error == .tooManyLinks(maximum: 3) }
                    return true
                })
            // Revoking one makes room for one.
            try await links.revoke(linkID: made[0].id, by: ana.account)
            _ = try await links.create(postID: post.id, by: ana.account)
            await #expect(throws: ShareLinkError.tooManyLinks(maximum: 3)) {
                try await links.create(postID: post.id, by: ana.account)
            }
        },
        ConformanceCheck(.posts, "share links: deleting the post or its author's account closes its links") { h in
            let ana = try await h.signedIn("ana")
            let links = try links(h)
            let first = try await ana.posts.publish(PostDraft(photo: SocialChecks.photo))
            let second = try await ana.posts.publish(PostDraft(photo: SocialChecks.photo))
            let toFirst = try await links.create(postID: first.id, by: ana.account)
            let toSecond = try await links.create(postID: second.id, by: ana.account)
            try await ana.posts.delete(postID: first.id)
            await #expect(throws: ShareLinkError.notFound(.link)) { try await links.resolve(token: toFirst.token) }
            _ = try await links.resolve(token: toSecond.token)
            try await ana.account.deleteAccount()
            await #expect(throws: ShareLinkError.self) { try await links.resolve(token: toSecond.token) }
            #expect(try await linkStore(h).shareLink(id: toSecond.id) == nil)
        },
        ConformanceCheck(.posts, "share links: the store refuses a missing post and a token hash twice") { h in
            let ana = try await h.signedIn("ana")
            let store = try linkStore(h)
            let post = try await ana.posts.publish(PostDraft(photo: SocialChecks.photo))
            let now = h.clock.now()
            let hash = SecretToken.generate().hash
            let missing = ShareLink(id: .random(), postID: PostID(rawValue: "pst_missing"), createdAt: now)
            await #expect(throws: StoreError.missingReference) {
                try await store.insertShareLink(missing, tokenHash: hash, maximumPerPost: 5)
            }
            let link = ShareLink(id: .random(), postID: post.id, createdAt: now)
            #expect(try await store.insertShareLink(link, tokenHash: hash, maximumPerPost: 5))
            let twin = ShareLink(id: .random(), postID: post.id, createdAt: now + 1)
            await #expect(throws: StoreError.self) {
                try await store.insertShareLink(twin, tokenHash: hash, maximumPerPost: 5)
            }
            #expect(try await store.insertShareLink(twin, tokenHash: SecretToken.generate().hash, maximumPerPost: 2))
            #expect(try await store.shareLinks(postID: post.id) == [link, twin])
            let third = ShareLink(id: .random(), postID: post.id, createdAt: now + 2)
            #expect(try await !store.insertShareLink(third, tokenHash: SecretToken.generate().hash, maximumPerPost: 2))
            #expect(try await store.deleteShareLink(id: link.id))
            #expect(try await !store.deleteShareLink(id: link.id))
            #expect(try await store.shareLink(id: twin.id) == twin)
        },
    ]
}
