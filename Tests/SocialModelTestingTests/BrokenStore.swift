import Foundation
import SocialModel
import SocialModelSQLite

/// A store someone outside SocialModel wrote: it keeps its data in a SQLite store in memory and
/// forwards every requirement to it, except that it can be told to break one rule, the way a
/// real store's bug would. The conformance suite must catch each fault; without one, it passes.
final class BrokenStore: SocialStore {
    /// The rule to break.
    enum Fault: String, CaseIterable, Sendable {
        case keepsNotificationOnUnlike
        case reusesTokens
        case losesDatePrecision
        case ignoresFeedCursor
        case revokesTheKeptSession
        case takesTheOtherSidesConversations
        case deliversHeldMessages
    }

    let base = SQLiteSocialStore.inMemory()
    let fault: Fault?

    init(_ fault: Fault?) {
        self.fault = fault
    }

    // MARK: AccountStore
    func user(id: UserID) async throws(StoreError) -> User? {
        // Fault: keeps dates to the millisecond, as a naive text column would.
        guard fault == .losesDatePrecision, var user = try await base.user(id: id) else {
            return try await base.user(id: id)
        }
        user.createdAt = Date(timeIntervalSince1970: (user.createdAt.timeIntervalSince1970 * 1000).rounded() / 1000)
        user.verifiedAt = user.verifiedAt.map {
            Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded() / 1000)
        }
        return user
    }
    func user(usernameKey: String) async throws(StoreError) -> User? {
        try await base.user(usernameKey: usernameKey)
    }
    func user(email: String) async throws(StoreError) -> User? {
        try await base.user(email: email)
    }
    func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        try await base.insertUser(user, passwordHash: passwordHash, identity: identity)
    }
    func updateUser(_ user: User) async throws(StoreError) {
        try await base.updateUser(user)
    }
    func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        // Fault: the deleted user's conversations vanish for the other participant too, as a
        // cascade from the user to the conversation would make them.
        if fault == .takesTheOtherSidesConversations {
            for summary in try await base.conversations(userID: id, after: nil, limit: 1000) {
                _ = try await base.hideConversation(summary.conversation.id, userID: summary.otherUser.id)
            }
        }
        return try await base.deleteUser(id: id)
    }
    func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try await base.passwordHash(userID: userID)
    }
    func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        try await base.setPasswordHash(hash, userID: userID)
    }
    func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try await base.replaceTokens(with: token)
    }
    func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        // Fault: hands the token out without removing it, so it can be used again.
        guard fault == .reusesTokens else { return try await base.consumeToken(hash: hash, purpose: purpose) }
        return try await base.token(hash: hash).flatMap { $0.purpose == purpose ? $0 : nil }
    }
    func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try await base.token(hash: hash)
    }
    func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try await base.tokens(userID: userID)
    }
    func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        try await base.insertIdentityLink(link)
    }
    func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try await base.identityLink(provider: provider, subject: subject)
    }
    func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try await base.identityLinks(userID: userID)
    }
    func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try await base.deleteIdentityLink(provider: provider, subject: subject)
    }
    func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        try await base.recordFailedSignIn(key: key, at: date)
    }
    func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try await base.failedSignIns(key: key, since: since)
    }
    func clearFailedSignIns(key: String) async throws(StoreError) {
        try await base.clearFailedSignIns(key: key)
    }
    func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        try await base.pruneFailedSignIns(before: date)
    }

    // MARK: SessionStore
    func insertSession(_ session: SessionRecord) async throws(StoreError) {
        try await base.insertSession(session)
    }
    func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try await base.session(tokenHash: tokenHash)
    }
    func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)? {
        try await base.sessionWithUser(tokenHash: tokenHash)
    }
    func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        try await base.sessions(userID: userID)
    }
    func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await base.deleteSession(tokenHash: tokenHash)
    }
    func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError) {
        // Fault: revokes every session, the caller's own too, as a store that ignores `except` would.
        try await base.deleteSessions(userID: userID, except: fault == .revokesTheKeptSession ? nil : keptTokenHash)
    }

    // MARK: RecipeStore
    func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError) {
        try await base.insertRecipe(recipe, photos: photos)
    }
    func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try await base.recipe(id: id)
    }
    func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await base.recipes(order: order, offset: offset, limit: limit)
    }
    func recipeCount() async throws(StoreError) -> Int {
        try await base.recipeCount()
    }
    func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await base.likedRecipes(userID: userID, offset: offset, limit: limit)
    }
    func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try await base.likedRecipeCount(userID: userID)
    }
    func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try await base.deleteRecipe(id: id)
    }
    func setRecipeLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date) async throws(StoreError) -> Bool
    {
        try await base.setRecipeLike(recipeID: recipeID, userID: userID, liked: liked, at: date)
    }
    func isRecipeLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try await base.isRecipeLiked(recipeID: recipeID, userID: userID)
    }
    func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try await base.recipePhoto(recipeID: recipeID, size: size)
    }
    func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try await base.bodyProfile(userID: userID)
    }
    func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        try await base.setBodyProfile(profile, userID: userID)
    }

    // MARK: ProfileStore
    func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) {
        try await base.setAvatar(userID: userID, key: key, photos: photos)
    }
    func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? {
        try await base.avatarPhoto(userID: userID, size: size)
    }
    func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts {
        try await base.profileCounts(userID: userID)
    }
    func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        try await base.searchUsers(prefix: prefix, after: after, limit: limit)
    }
    func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try await base.setFollow(
            followerID: followerID, followeeID: followeeID, following: following, at: date, notification: notification)
    }
    func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        try await base.isFollowing(followerID: followerID, followeeID: followeeID)
    }
    func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await base.followers(of: userID, after: after, limit: limit)
    }
    func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await base.followees(of: userID, after: after, limit: limit)
    }

    // MARK: PostStore
    func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try await base.insertPost(post, photos: photos)
    }
    func post(id: PostID) async throws(StoreError) -> Post? {
        try await base.post(id: id)
    }
    func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        try await base.postView(id: id, viewerID: viewerID)
    }
    func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try await base.deletePost(id: id)
    }
    func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try await base.postPhoto(postID: postID, size: size)
    }
    func setPostLike(postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
    {
        // Fault: an unlike leaves the like's notification behind.
        let kept = fault == .keepsNotificationOnUnlike && !liked ? nil : notification
        return try await base.setPostLike(postID: postID, userID: userID, liked: liked, at: date, notification: kept)
    }
    func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await base.likers(of: postID, after: after, limit: limit)
    }
    func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError) {
        try await base.insertComment(comment, notification: notification)
    }
    func comment(id: CommentID) async throws(StoreError) -> PostComment? {
        try await base.comment(id: id)
    }
    func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment] {
        try await base.comments(on: postID, after: after, limit: limit)
    }
    func deleteComment(id: CommentID) async throws(StoreError) -> Bool {
        try await base.deleteComment(id: id)
    }

    // MARK: FeedStore
    func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        try await base.posts(by: authorID, viewerID: viewerID, order: order, after: after, limit: limit)
    }
    func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        // Fault: every page is the first.
        try await base.homeFeed(
            userID: userID, order: order, after: fault == .ignoresFeedCursor ? nil : after, limit: limit)
    }
    func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try await base.explore(viewerID: viewerID, seed: seed, after: after, limit: limit)
    }

    // MARK: NotificationStore
    func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        try await base.notifications(recipientID: recipientID, after: after, limit: limit)
    }
    func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try await base.notification(id: id)
    }
    func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try await base.unreadNotificationCount(recipientID: recipientID)
    }
    func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await base.markNotificationRead(id: id, recipientID: recipientID)
    }
    func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try await base.markAllNotificationsRead(recipientID: recipientID)
    }
    func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await base.deleteNotification(id: id, recipientID: recipientID)
    }
    func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try await base.deleteAllNotifications(recipientID: recipientID)
    }

    // MARK: MessageStore
    func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError) -> Message {
        // Fault: delivers a held message to its recipient at once, as a store reading no held flag would.
        var message = message
        if fault == .deliversHeldMessages { message.held = false }
        return try await base.insertMessage(message, recipientID: recipientID, photo: photo)
    }
    func releaseMessage(id: MessageID, at date: Date) async throws(StoreError) -> Message? {
        try await base.releaseMessage(id: id, at: date)
    }
    func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try await base.conversation(id: id)
    }
    func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        try await base.conversation(between: userID, and: otherID)
    }
    func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    {
        try await base.conversations(userID: userID, after: after, limit: limit)
    }
    func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        try await base.messages(in: conversationID, viewerID: viewerID, before: before, limit: limit)
    }
    func messagePhoto(id: MessageID, viewerID: UserID) async throws(StoreError) -> MessagePhoto? {
        try await base.messagePhoto(id: id, viewerID: viewerID)
    }
    func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date) async throws(StoreError)
        -> Int
    {
        try await base.markConversationRead(conversationID, userID: userID, at: date)
    }
    func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool {
        try await base.hideConversation(conversationID, userID: userID)
    }
    func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try await base.unreadMessageCount(userID: userID)
    }
}
