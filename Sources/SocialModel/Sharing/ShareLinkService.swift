import Foundation

/// Public links to posts: a post's author creates a link, anyone holding it sees the post
/// without an account, and the author revokes it. Get it from ``SocialNetwork/shareLinks(maximumLinksPerPost:makeToken:)``
/// or make one over any store that keeps links.
///
/// A link's token is 32 random bytes (256 bits) as unpadded base64url, made by `makeToken`
/// (``SecretToken/generate()`` unless a test injects its own); the store keeps only its
/// SHA-256, so a copy of the database opens no link. A link opens its post only while the link
/// is live (not revoked), the post exists and its author's account exists and is not suspended
/// by a moderator (a lifted or lapsed suspension opens the link again). A block between two users
/// does not apply: the link's reader is anonymous.
public struct ShareLinkService: Sendable {
    let store: any ShareLinkStore & PostStore & UserStore
    let clock: any WallClock
    let makeToken: @Sendable () -> SecretToken
    /// The most live links one post may have.
    public let maximumLinksPerPost: Int
    /// The bounds its photos are stored at (``NetworkPolicy/postPhotoSizes``), largest first.
    public let photoSizes: [Int]

    /// The default most live links one post may have.
    public static let defaultMaximumLinksPerPost = 10

    /// Creates the service.
    /// - Parameters:
    ///   - store: where links, posts and users are kept.
    ///   - clock: dates new links.
    ///   - policy: the network's limits (the post photo sizes served through a link).
    ///   - maximumLinksPerPost: the most live links one post may have (at least 1).
    ///   - makeToken: makes a new link's token; ``SecretToken/generate()`` unless a test injects one.
    public init(
        store: any ShareLinkStore & PostStore & UserStore, clock: any WallClock = SystemWallClock(),
        policy: NetworkPolicy = NetworkPolicy(), maximumLinksPerPost: Int = Self.defaultMaximumLinksPerPost,
        makeToken: @escaping @Sendable () -> SecretToken = SecretToken.generate
    ) {
        self.store = store
        self.clock = clock
        self.makeToken = makeToken
        self.maximumLinksPerPost = max(1, maximumLinksPerPost)
        photoSizes = policy.postPhotoSizes.sorted(by: >)
    }

    /// Creates a link to one's own post.
    /// - Parameters:
    ///   - postID: the post.
    ///   - session: the signed-in author.
    /// - Returns: the link with its token (the only time the token is available).
    /// - Throws: ``ShareLinkError/notFound(_:)`` with `.post`, ``ShareLinkError/forbidden`` unless
    ///   the session's user wrote the post, ``ShareLinkError/tooManyLinks(maximum:)``.
    public func create(postID: PostID, by session: AccountSession) async throws(ShareLinkError) -> CreatedShareLink {
        let post = try await existingPost(postID)
        guard post.authorID == session.user.id else { throw .forbidden }
        let token = makeToken()
        let link = ShareLink(id: .random(), postID: postID, createdAt: clock.now())
        let added: Bool
        do {
            added = try await store.insertShareLink(link, tokenHash: token.hash, maximumPerPost: maximumLinksPerPost)
        } catch .missingReference {
            throw .notFound(.post)
        } catch {
            throw .storage(error)
        }
        guard added else { throw .tooManyLinks(maximum: maximumLinksPerPost) }
        return CreatedShareLink(id: link.id, postID: postID, createdAt: link.createdAt, token: token.rawValue)
    }

    /// The live links of one's own post, oldest first.
    /// - Parameters:
    ///   - postID: the post.
    ///   - session: the signed-in author.
    /// - Returns: the links (without tokens, which are not kept).
    /// - Throws: ``ShareLinkError/notFound(_:)`` with `.post`, ``ShareLinkError/forbidden``.
    public func links(postID: PostID, by session: AccountSession) async throws(ShareLinkError) -> [ShareLink] {
        let post = try await existingPost(postID)
        guard post.authorID == session.user.id else { throw .forbidden }
        return try await fromStore { try await store.shareLinks(postID: postID) }
    }

    /// Revokes a link of one's own post: its page answers 404 from now on.
    /// - Parameters:
    ///   - linkID: the link.
    ///   - session: the signed-in author.
    /// - Throws: ``ShareLinkError/notFound(_:)`` with `.link`, ``ShareLinkError/forbidden``.
    public func revoke(linkID: ShareLinkID, by session: AccountSession) async throws(ShareLinkError) {
        guard let link = try await fromStore({ try await store.shareLink(id: linkID) }) else {
            throw .notFound(.link)
        }
        guard let post = try await fromStore({ try await store.post(id: link.postID) }),
            post.authorID == session.user.id
        else { throw .forbidden }
        guard try await fromStore({ try await store.deleteShareLink(id: linkID) }) else { throw .notFound(.link) }
    }

    /// What a link shows, for anyone holding its token: no session needed.
    /// - Parameter token: the token from the link's address.
    /// - Returns: the post, its author's public name and its photo sizes.
    /// - Throws: ``ShareLinkError/notFound(_:)``: `.link` for a malformed, unknown or revoked
    ///   token, `.post` when the post or its author's account is gone, the author is suspended,
    ///   or a content check holds the post.
    public func resolve(token: String) async throws(ShareLinkError) -> SharedPost {
        guard Self.isWellFormed(token) else { throw .notFound(.link) }
        let hash = SecretToken(rawValue: token).hash
        guard let link = try await fromStore({ try await store.shareLink(tokenHash: hash) }) else {
            throw .notFound(.link)
        }
        let post = try await existingPost(link.postID)
        guard HeldContent.shows(held: post.held, by: post.authorID, to: nil),
            let author = try await fromStore({ try await store.user(id: post.authorID) }),
            !author.isDeletedAccount, try await !isSuspended(author.id)
        else { throw .notFound(.post) }
        let shown = User(
            id: author.id, username: author.username, email: nil, name: author.name, surname: author.surname,
            createdAt: author.createdAt)
        return SharedPost(post: post, author: shown, photoSizes: photoSizes)
    }

    /// The post's photo at one of its stored sizes, through a live link.
    /// - Parameters:
    ///   - token: the token from the link's address.
    ///   - size: one of ``photoSizes``.
    /// - Returns: the JPEG.
    /// - Throws: ``ShareLinkError/notFound(_:)`` as ``resolve(token:)`` does, and `.photo` for a size not stored.
    public func photo(token: String, size: Int) async throws(ShareLinkError) -> Data {
        let shared = try await resolve(token: token)
        guard photoSizes.contains(size),
            let photo = try await fromStore({ try await store.postPhoto(postID: shared.post.id, size: size) })
        else { throw .notFound(.photo) }
        return photo.jpeg
    }

    /// Whether text can be a token at all: 43 base64url characters (256 bits, unpadded). Anything
    /// else is refused before it is hashed or looked up.
    /// - Parameter token: the text.
    /// - Returns: whether it has a token's shape.
    public static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43
            && token.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }

    /// Whether a moderator's suspension of the author lasts now: their content is hidden from
    /// everyone, anonymous readers of a link included. It ends at its date (a store that keeps no
    /// moderation data suspends no one).
    func isSuspended(_ userID: UserID) async throws(ShareLinkError) -> Bool {
        guard let moderation = store as? any ModerationStore,
            let until = try await fromStore({ try await moderation.suspendedUntil(userID: userID) })
        else { return false }
        return until > clock.now()
    }

    func existingPost(_ id: PostID) async throws(ShareLinkError) -> Post {
        guard let post = try await fromStore({ try await store.post(id: id) }) else { throw .notFound(.post) }
        return post
    }

    func fromStore<T>(_ body: () async throws -> T) async throws(ShareLinkError) -> T {
        try await callStore(ShareLinkError.storage, body)
    }
}

extension SocialNetwork {
    /// The share links of this network's posts, over its store and clock, or `nil` when its store
    /// keeps no links (does not implement ``ShareLinkStore``).
    /// - Parameters:
    ///   - maximumLinksPerPost: the most live links one post may have.
    ///   - makeToken: makes a new link's token; ``SecretToken/generate()`` unless a test injects one.
    /// - Returns: the service, or `nil`.
    public func shareLinks(
        maximumLinksPerPost: Int = ShareLinkService.defaultMaximumLinksPerPost,
        makeToken: @escaping @Sendable () -> SecretToken = SecretToken.generate
    ) -> ShareLinkService? {
        guard let linkStore = store as? any ShareLinkStore & PostStore & UserStore else { return nil }
        return ShareLinkService(
            store: linkStore, clock: context.clock, policy: context.policy, maximumLinksPerPost: maximumLinksPerPost,
            makeToken: makeToken)
    }
}
