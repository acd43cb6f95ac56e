import Foundation
import Locking
import SocialModel
import Testing

@Suite("Live updates' hub")
struct NetworkEventsTests {
    static func post(by author: UserID) -> Post {
        Post(id: .random(), authorID: author, caption: "", width: 1, height: 1, createdAt: Date())
    }

    @Test("a new post asks the store once which of the hub's subscribers follow its author")
    func aPostAsksTheStoreOnce() async throws {
        let author = UserID.random()
        let readers = (0..<30).map { _ in UserID.random() }
        let store = FollowsOnlyStore(
            follows: readers.enumerated().filter { $0.offset.isMultiple(of: 3) }.map {
                (follower: $0.element, followee: author)
            })
        let hub = NetworkEvents()
        let streams = readers.map { hub.posts(for: $0) }
        // The author listens too, but is never asked about for their own post.
        let authorsOwn = hub.posts(for: author)
        let post = Self.post(by: author)
        await hub.publish(post, toFollowersIn: store)
        withExtendedLifetime(authorsOwn) {}
        #expect(store.calls == .init(isFollowing: 0, followersAmong: 1, candidates: 30))
        for (index, stream) in streams.enumerated() where index.isMultiple(of: 3) {
            var iterator = stream.makeAsyncIterator()
            #expect(await iterator.next() == post, "reader \(index)")
        }
    }

    @Test("a hub without subscribers does not ask the store")
    func noSubscribersNoQuery() async throws {
        let store = FollowsOnlyStore(follows: [])
        await NetworkEvents().publish(Self.post(by: .random()), toFollowersIn: store)
        #expect(store.calls == .init())
    }
}

/// Follows and a count of the questions asked about them: all the hub needs of a profile store;
/// nobody blocks or mutes anybody. The rest of the protocols refuses.
private final class FollowsOnlyStore: ProfileStore, SafetyStore {
    struct Calls: Equatable {
        var isFollowing = 0
        var followersAmong = 0
        var candidates = 0
    }

    private let follows: Set<[UserID]>
    private let counts = Locked(Calls())
    var calls: Calls { counts.withLock { $0 } }

    init(follows: [(follower: UserID, followee: UserID)]) {
        self.follows = Set(follows.map { [$0.follower, $0.followee] })
    }

    func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        counts.withLock { $0.isFollowing += 1 }
        return follows.contains([followerID, followeeID])
    }

    func followers(of followeeID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        counts.withLock {
            $0.followersAmong += 1
            $0.candidates += candidates.count
        }
        return Set(candidates.filter { follows.contains([$0, followeeID]) })
    }

    static let unused = StoreError.database(message: "not part of this test")
    func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) { throw Self.unused }
    func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? { throw Self.unused }
    func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts { throw Self.unused }
    func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        throw Self.unused
    }
    func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool { throw Self.unused }
    func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        throw Self.unused
    }
    func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        throw Self.unused
    }
    func setBlock(blockerID: UserID, blockedID: UserID, blocking: Bool, at date: Date) async throws(StoreError)
        -> Bool
    { throw Self.unused }
    func setMute(muterID: UserID, mutedID: UserID, hidingNotifications mute: Bool?, at date: Date)
        async throws(StoreError) -> Bool
    { throw Self.unused }
    func blocked(with userID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        throw Self.unused
    }
    func blocks(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        throw Self.unused
    }
    func mutes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Mute] {
        throw Self.unused
    }
    func viewers(_ viewers: [UserID], hiding otherID: UserID, _ scope: SafetyScope) async throws(StoreError)
        -> Set<UserID>
    { [] }
}
