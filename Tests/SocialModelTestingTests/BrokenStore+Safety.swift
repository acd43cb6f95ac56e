import Foundation
import SocialModel

// Blocks and mutes, forwarded unchanged: no fault breaks them.
extension BrokenStore {
    func setBlock(blockerID: UserID, blockedID: UserID, blocking: Bool, at date: Date) async throws(StoreError)
        -> Bool
    {
        try await base.setBlock(blockerID: blockerID, blockedID: blockedID, blocking: blocking, at: date)
    }
    func setMute(muterID: UserID, mutedID: UserID, hidingNotifications mute: Bool?, at date: Date)
        async throws(StoreError) -> Bool
    {
        try await base.setMute(muterID: muterID, mutedID: mutedID, hidingNotifications: mute, at: date)
    }
    func blocked(with userID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        try await base.blocked(with: userID, among: candidates)
    }
    func blocks(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await base.blocks(by: userID, after: after, limit: limit)
    }
    func mutes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Mute] {
        try await base.mutes(by: userID, after: after, limit: limit)
    }
    func viewers(_ viewers: [UserID], hiding otherID: UserID, _ scope: SafetyScope) async throws(StoreError)
        -> Set<UserID>
    {
        try await base.viewers(viewers, hiding: otherID, scope)
    }
}
