import Foundation
import SocialModel

extension SocialClientSession {
    /// Creates a public share link of one's own post. Keep the token: the server stores only its
    /// hash and never shows it again. The post's page is ``shareLinkPage(_:)``.
    /// - Parameter postID: the post.
    /// - Returns: the link with its token.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` (not the author), `not-found`,
    ///   `too-many-share-links` or `share-links-unavailable`.
    public func createShareLink(postID: PostID) async throws(SocialClientError) -> CreatedShareLink {
        try await json(CreatedShareLink.self, "POST", ["posts", postID.rawValue, "share-links"], expect: 201)
    }

    /// The live share links of one's own post, oldest first, without their tokens (the server
    /// keeps only their hashes); revoke one with ``revokeShareLink(linkID:)``.
    /// - Parameter postID: the post.
    /// - Returns: the links.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` (not the author), `not-found` or
    ///   `share-links-unavailable`.
    public func shareLinks(postID: PostID) async throws(SocialClientError) -> [ShareLink] {
        try await json(ShareLinkList.self, "GET", ["posts", postID.rawValue, "share-links"]).links
    }

    /// Revokes a share link of one's own post; its page answers 404 from then on.
    /// - Parameter linkID: the link's id (`CreatedShareLink.id`).
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    public func revokeShareLink(linkID: ShareLinkID) async throws(SocialClientError) {
        try await noContent("DELETE", ["share-links", linkID.rawValue])
    }

    /// The public page of a share link: `p/<token>` below the client's base URL, which anyone
    /// (a browser, a link preview) opens without a session.
    /// - Parameter link: a link from ``createShareLink(postID:)``.
    /// - Returns: the page's address.
    public func shareLinkPage(_ link: CreatedShareLink) -> URL {
        transport.baseURL.appendingPathComponent("p").appendingPathComponent(link.token)
    }
}

/// The body of `GET /posts/{postID}/share-links`.
private struct ShareLinkList: Decodable {
    let links: [ShareLink]
}
