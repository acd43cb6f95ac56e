import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Public share links of posts: the author creates, lists and revokes them; anyone holding one sees
    /// the post's page and photo without an account. Served only over a store that keeps links
    /// (`ShareLinkStore`); over another, creating one answers `501 share-links-unavailable`
    /// and a page `404`.
    func addShareLinkRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        routes.post("posts/:postID/share-links") { request, context in
            let me = try await session(request)
            let postID = try context.parameters.id("postID", PostID.self)
            let created = try await shareLinkCall { links throws(ShareLinkError) in
                try await links.create(postID: postID, by: me.account)
            }
            return try CreatedResponse.json(
                created, for: request, routeSegments: 3, at: "share-links", created.id.rawValue)
        }
        routes.get("posts/:postID/share-links") { request, context in
            let me = try await session(request)
            let postID = try context.parameters.id("postID", PostID.self)
            let links = try await shareLinkCall { links throws(ShareLinkError) in
                try await links.links(postID: postID, by: me.account)
            }
            return try HTTPJSON.response(ShareLinkList(links: links))
        }
        routes.delete("share-links/:linkID") { request, context in
            let me = try await session(request)
            let linkID = try context.parameters.id("linkID", ShareLinkID.self)
            try await shareLinkCall { links throws(ShareLinkError) in
                try await links.revoke(linkID: linkID, by: me.account)
            }
            return Response(status: .noContent)
        }
        // The page is HTML, its 404 too (a browser shows it); its other failures are JSON.
        getAndHead("p/:token", on: routes) { request, context in
            let language = AnswerLanguage.current
            let token = context.parameters.get("token") ?? ""
            do {
                let shared = try await shareLinkCall { links throws(ShareLinkError) in
                    try await links.resolve(token: token)
                }
                return ShareLinkPage.response(shared, request: request, token: token, language: language)
            } catch let error as SocialAPIError where error.status == 404 || error.status == 501 {
                return ShareLinkPage.notFound(language: language)
            }
        }
        getAndHead("p/:token/photo/:size", on: routes) { request, context in
            let token = context.parameters.get("token") ?? ""
            let size = try context.parameters.integer(.size)
            let jpeg = try await shareLinkCall { links throws(ShareLinkError) in
                try await links.photo(token: token, size: size)
            }
            // Revalidated on every use (the ETag makes that cheap), so a revoked link's photo stops at once.
            return PhotoResponse.jpeg(jpeg, for: request, cacheControl: "public, no-cache")
        }
    }

    /// Runs a share-link call, answering its error as JSON in the language of the answer.
    func shareLinkCall<T>(
        _ body: (ShareLinkService) async throws(ShareLinkError) -> T
    ) async throws(SocialAPIError) -> T {
        guard let links = network.shareLinks() else {
            throw SocialAPIError(
                status: 501, code: "share-links-unavailable",
                message: MessageTable.shareLinks.text("ShareLinks.unavailable", locale: AnswerLanguage.locale))
        }
        do {
            return try await body(links)
        } catch {
            throw SocialAPIError(error)
        }
    }
}

extension SocialAPIError {
    init(_ error: ShareLinkError) {
        let message = Self.message(of: error)
        switch error {
        case .notFound(let entity):
            self.init(status: 404, code: "not-found", message: message)
            self.entity = entity == .link ? "share-link" : entity.rawValue
        case .forbidden: self.init(status: 403, code: "forbidden", message: message)
        case .tooManyLinks: self.init(status: 409, code: "too-many-share-links", message: message)
        case .storage: self = .storageFailed
        }
    }
}

/// The answer of `GET /posts/{postID}/share-links`: the post's live links, oldest first, without
/// their tokens (the server keeps only their hashes).
struct ShareLinkList: Encodable {
    let links: [ShareLink]
}
