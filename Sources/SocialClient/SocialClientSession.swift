import Foundation
import SocialModel
import SocialModelAPI

/// A signed-in user's calls, each sending the session's bearer token. Get one from
/// ``SocialClient/signIn(email:password:)`` or ``SocialClient/session(token:)``.
public struct SocialClientSession: Sendable {
    let transport: Transport
    /// The bearer token; keep it to make a session later with ``SocialClient/session(token:)``.
    public let token: String
    /// The user as the sign-in returned them, or `nil` for a session made from a kept token.
    public let user: User?

    init(transport: Transport, token: String, user: User?) {
        self.transport = transport
        self.token = token
        self.user = user
    }

    func json<T: Decodable>(
        _ type: T.Type, _ method: String, _ path: [String], query: [URLQueryItem] = [], body: (any Encodable)? = nil,
        expect: Int = 200
    ) async throws(SocialClientError) -> T {
        try await transport.json(T.self, method, path, query: query, token: token, body: body, expect: expect)
    }

    func noContent(_ method: String, _ path: [String]) async throws(SocialClientError) {
        _ = try await transport.send(method, path, token: token, expect: [204])
    }

    // MARK: Account

    /// The signed-in user, with their email address.
    /// - Returns: the user.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized` once the session is revoked or expired.
    public func me() async throws(SocialClientError) -> User {
        try await json(User.self, "GET", ["me"])
    }

    /// Changes name, surname or bio.
    /// - Parameter change: the fields to change.
    /// - Returns: the user as stored.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid`.
    public func updateProfile(_ change: ProfileChange) async throws(SocialClientError) -> User {
        try await json(User.self, "PATCH", ["me"], body: change)
    }

    /// Revokes this session.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized` if it already was.
    public func signOut() async throws(SocialClientError) {
        try await noContent("DELETE", ["sessions", "current"])
    }

    /// Revokes every session of the user, this one included.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    public func signOutEverywhere() async throws(SocialClientError) {
        try await noContent("DELETE", ["sessions"])
    }

    /// Changes the password; every other session is revoked, this one stays valid.
    /// - Parameters:
    ///   - current: the password now in force.
    ///   - newPassword: the password to set.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-credentials` (403) for a wrong current
    ///   password, `rate-limited` after too many, `invalid` listing the rules the new one breaks.
    public func changePassword(current: String, to newPassword: String) async throws(SocialClientError) {
        _ = try await transport.send(
            "PUT", ["me", "password"], token: token,
            body: transport.encoded(PasswordChangeRequest(current: current, new: newPassword)), expect: [204])
    }

    /// The user's identity-provider links, oldest first.
    /// - Returns: the links.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    public func identityLinks() async throws(SocialClientError) -> [IdentityLink] {
        try await json([IdentityLink].self, "GET", ["me", "identities"])
    }

    /// Links an identity-provider account to the user, so either can sign in.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - token: a token from the provider's sign-in.
    ///   - nonce: the nonce of that sign-in request, if any.
    /// - Returns: the new link.
    /// - Throws: ``SocialClientError/api(_:)`` with `identity-already-linked`, `unknown-provider`,
    ///   `provider-rejected`, or `provider-unavailable` (503) when the server cannot reach the provider.
    @discardableResult
    public func linkProvider(_ provider: String, token: String, nonce: String? = nil) async throws(SocialClientError)
        -> IdentityLink
    {
        try await json(
            IdentityLink.self, "POST", ["me", "identities"],
            body: ProviderSignInRequest(provider: provider, token: token, nonce: nonce), expect: 201)
    }

    /// Removes one of the user's provider links.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - subject: the provider's id for the person.
    /// - Throws: ``SocialClientError/api(_:)`` with `last-sign-in-method`.
    public func unlinkProvider(_ provider: String, subject: String) async throws(SocialClientError) {
        try await noContent("DELETE", ["me", "identities", provider, subject])
    }

    /// Deletes the account and everything that belongs to it.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    public func deleteAccount() async throws(SocialClientError) {
        try await noContent("DELETE", ["me"])
    }

    /// Sets the avatar from a photo.
    /// - Parameter photo: the photo's bytes.
    /// - Returns: the user with the new avatar key.
    /// - Throws: ``SocialClientError/api(_:)`` with `photo-unusable` or `body-too-large`.
    public func setAvatar(photo: Data) async throws(SocialClientError) -> User {
        let answer = try await transport.send(
            "PUT", ["me", "avatar"], token: token, body: photo, contentType: "application/octet-stream")
        return try transport.decoded(User.self, from: answer.data)
    }

    /// Removes the avatar.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    public func removeAvatar() async throws(SocialClientError) {
        try await noContent("DELETE", ["me", "avatar"])
    }

    // MARK: Profiles and follows

    /// Users whose username starts with `prefix`, alphabetically.
    /// - Parameters:
    ///   - prefix: the start of a username.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of users.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func searchUsers(prefix: String, after: String? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<User, String>
    {
        try await json(
            CursorPage<User, String>.self, "GET", ["users"],
            query: [URLQueryItem(name: "prefix", value: prefix)] + pageQuery(after: after, limit: limit))
    }

    /// A user's profile.
    /// - Parameter userID: whose profile.
    /// - Returns: the profile.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func profile(userID: UserID) async throws(SocialClientError) -> Profile {
        try await json(Profile.self, "GET", ["users", userID.rawValue])
    }

    /// Follows a user.
    /// - Parameter userID: whom to follow.
    /// - Throws: ``SocialClientError/api(_:)`` with `self-action` or `not-found`.
    public func follow(userID: UserID) async throws(SocialClientError) {
        try await noContent("PUT", ["users", userID.rawValue, "follow"])
    }

    /// Stops following a user.
    /// - Parameter userID: whom to stop following.
    /// - Throws: ``SocialClientError/api(_:)`` with `self-action` or `not-found`.
    public func unfollow(userID: UserID) async throws(SocialClientError) {
        try await noContent("DELETE", ["users", userID.rawValue, "follow"])
    }

    /// A user's followers, most recent first.
    /// - Parameters:
    ///   - userID: whose followers.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of followers.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func followers(userID: UserID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        try await json(
            CursorPage<DatedUser, KeysetCursor>.self, "GET", ["users", userID.rawValue, "followers"],
            query: pageQuery(after: after, limit: limit))
    }

    /// Whom a user follows, most recent first.
    /// - Parameters:
    ///   - userID: whose follows.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of the people followed.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func following(userID: UserID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        try await json(
            CursorPage<DatedUser, KeysetCursor>.self, "GET", ["users", userID.rawValue, "following"],
            query: pageQuery(after: after, limit: limit))
    }

    // MARK: Posts

    /// Publishes a post.
    /// - Parameters:
    ///   - photo: the photo's bytes.
    ///   - caption: the caption.
    ///   - filter: a filter's name, if any.
    /// - Returns: the new post.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid`, `photo-unusable`, `unknown-filter` or `body-too-large`.
    public func publish(photo: Data, caption: String = "", filter: String? = nil) async throws(SocialClientError)
        -> Post
    {
        let answer = try await transport.send(
            "POST", ["posts"],
            query: [URLQueryItem(name: "caption", value: caption), URLQueryItem(name: "filter", value: filter)],
            token: token, body: photo, contentType: "application/octet-stream", expect: [201])
        return try transport.decoded(Post.self, from: answer.data)
    }

    /// A post with its author, first comment and whether the user likes it.
    /// - Parameter postID: the post.
    /// - Returns: the post's view.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func post(postID: PostID) async throws(SocialClientError) -> PostView {
        try await json(PostView.self, "GET", ["posts", postID.rawValue])
    }

    /// Deletes one's own post.
    /// - Parameter postID: the post.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    public func deletePost(postID: PostID) async throws(SocialClientError) {
        try await noContent("DELETE", ["posts", postID.rawValue])
    }

    /// Likes a post.
    /// - Parameter postID: the post.
    /// - Returns: the post with its new count.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    @discardableResult
    public func like(postID: PostID) async throws(SocialClientError) -> Post {
        try await json(Post.self, "PUT", ["posts", postID.rawValue, "like"])
    }

    /// Takes a like back.
    /// - Parameter postID: the post.
    /// - Returns: the post with its new count.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    @discardableResult
    public func unlike(postID: PostID) async throws(SocialClientError) -> Post {
        try await json(Post.self, "DELETE", ["posts", postID.rawValue, "like"])
    }

    /// Who likes a post, most recent first.
    /// - Parameters:
    ///   - postID: the post.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of likers.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func likers(postID: PostID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        try await json(
            CursorPage<DatedUser, KeysetCursor>.self, "GET", ["posts", postID.rawValue, "likes"],
            query: pageQuery(after: after, limit: limit))
    }

    /// Comments on a post.
    /// - Parameters:
    ///   - postID: the post.
    ///   - text: one line.
    /// - Returns: the new comment.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` or `not-found`.
    public func comment(postID: PostID, text: String) async throws(SocialClientError) -> PostComment {
        try await json(
            PostComment.self, "POST", ["posts", postID.rawValue, "comments"], body: CommentRequest(text: text),
            expect: 201)
    }

    /// A post's comments, oldest first.
    /// - Parameters:
    ///   - postID: the post.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of comments.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func comments(postID: PostID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<PostComment, KeysetCursor>
    {
        try await json(
            CursorPage<PostComment, KeysetCursor>.self, "GET", ["posts", postID.rawValue, "comments"],
            query: pageQuery(after: after, limit: limit))
    }

    /// Deletes a comment (its author or the post's author may).
    /// - Parameter commentID: the comment.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    public func deleteComment(commentID: CommentID) async throws(SocialClientError) {
        try await noContent("DELETE", ["comments", commentID.rawValue])
    }

    // MARK: Feeds

    /// The user's posts and those of the people they follow.
    /// - Parameters:
    ///   - order: newest first unless said otherwise.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of posts.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func home(order: FeedOrder = .newest, after: FeedCursor? = nil, limit: Int? = nil)
        async throws(SocialClientError) -> CursorPage<PostView, FeedCursor>
    {
        try await json(
            CursorPage<PostView, FeedCursor>.self, "GET", ["feed", "home"],
            query: orderQuery(order) + pageQuery(after: after, limit: limit))
    }

    /// A user's posts.
    /// - Parameters:
    ///   - authorID: whose posts.
    ///   - order: newest first unless said otherwise.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of posts.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func posts(authorID: UserID, order: FeedOrder = .newest, after: FeedCursor? = nil, limit: Int? = nil)
        async throws(SocialClientError) -> CursorPage<PostView, FeedCursor>
    {
        try await json(
            CursorPage<PostView, FeedCursor>.self, "GET", ["users", authorID.rawValue, "posts"],
            query: orderQuery(order) + pageQuery(after: after, limit: limit))
    }

    /// Everyone's posts in an order fixed by `seed`.
    /// - Parameters:
    ///   - seed: the shuffle's seed; keep it while paging.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of posts.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func explore(seed: UInt64, after: ExploreCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<PostView, ExploreCursor>
    {
        try await json(
            CursorPage<PostView, ExploreCursor>.self, "GET", ["feed", "explore"],
            query: [URLQueryItem(name: "seed", value: String(seed))] + pageQuery(after: after, limit: limit))
    }

    func orderQuery(_ order: FeedOrder) -> [URLQueryItem] {
        [
            URLQueryItem(name: "sort", value: order.key.rawValue),
            URLQueryItem(name: "direction", value: order.direction.rawValue),
        ]
    }

    // MARK: Notifications

    /// The user's notifications, newest first.
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of notifications.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func notifications(after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<NetworkNotification, KeysetCursor>
    {
        try await json(
            CursorPage<NetworkNotification, KeysetCursor>.self, "GET", ["notifications"],
            query: pageQuery(after: after, limit: limit))
    }

    /// How many notifications are unread.
    /// - Returns: the count.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    public func unreadCount() async throws(SocialClientError) -> Int {
        try await json(CountResponse.self, "GET", ["notifications", "unread-count"]).count
    }

    /// Marks one notification read.
    /// - Parameter notificationID: the notification.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    public func markRead(notificationID: NotificationID) async throws(SocialClientError) {
        try await noContent("POST", ["notifications", notificationID.rawValue, "read"])
    }

    /// Marks every notification read.
    /// - Returns: how many were unread.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    @discardableResult
    public func markAllRead() async throws(SocialClientError) -> Int {
        try await json(CountResponse.self, "POST", ["notifications", "read-all"]).count
    }

    /// Deletes one notification.
    /// - Parameter notificationID: the notification.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    public func deleteNotification(notificationID: NotificationID) async throws(SocialClientError) {
        try await noContent("DELETE", ["notifications", notificationID.rawValue])
    }

    /// Deletes every notification.
    /// - Returns: how many there were.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    @discardableResult
    public func deleteAllNotifications() async throws(SocialClientError) -> Int {
        try await json(CountResponse.self, "DELETE", ["notifications"]).count
    }
}
