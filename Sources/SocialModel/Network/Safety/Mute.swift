import Foundation

/// A user someone mutes, as their list of mutes shows it.
public struct Mute: Sendable, Hashable, Codable {
    /// The muted user.
    public var user: User
    /// When the mute was made.
    public var date: Date
    /// Whether the muted user's notifications are hidden too (their posts always are).
    public var hidesNotifications: Bool

    /// Creates an entry.
    public init(user: User, date: Date, hidesNotifications: Bool) {
        self.user = user
        self.date = date
        self.hidesNotifications = hidesNotifications
    }

    /// The cursor that continues a list after this entry.
    public var cursor: KeysetCursor { KeysetCursor(date: date, id: user.id.rawValue) }
}
