import SocialModel

/// One JSON text frame on the live-update WebSocket (`GET /live`), tagged by `type`:
/// `{"type":"subscribed"}` once the server listens for the user, then
/// `{"type":"notification","notification":{…}}`, `{"type":"message","message":{…}}` and
/// `{"type":"post","post":{…}}` as they happen.
public enum LiveEvent: Sendable, Hashable, Codable {
    /// The server now delivers the user's updates; anything that happens afterwards arrives.
    case subscribed
    /// A new notification for the signed-in user.
    case notification(NetworkNotification)
    /// A new direct message in one of the user's conversations (sent or received).
    case message(Message)
    /// A new post of a user the signed-in user follows.
    case post(Post)

    private enum CodingKeys: String, CodingKey {
        case type, notification, message, post
    }

    /// Decodes a frame.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` for an unknown `type` or a missing payload.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "subscribed": self = .subscribed
        case "notification": self = .notification(try container.decode(NetworkNotification.self, forKey: .notification))
        case "message": self = .message(try container.decode(Message.self, forKey: .message))
        case "post": self = .post(try container.decode(Post.self, forKey: .post))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown live event type '\(other)'")
        }
    }

    /// Encodes a frame.
    /// - Parameter encoder: the encoder.
    /// - Throws: what the payload's encoding throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .subscribed:
            try container.encode("subscribed", forKey: .type)
        case .notification(let notification):
            try container.encode("notification", forKey: .type)
            try container.encode(notification, forKey: .notification)
        case .message(let message):
            try container.encode("message", forKey: .type)
            try container.encode(message, forKey: .message)
        case .post(let post):
            try container.encode("post", forKey: .type)
            try container.encode(post, forKey: .post)
        }
    }
}
