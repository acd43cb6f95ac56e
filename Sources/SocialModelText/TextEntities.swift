/// A hashtag as a caption or comment has it: `#Ďakujem`, `#東京`, `＃ＴＯＫＹＯ`.
public struct Hashtag: Sendable, Hashable, Codable {
    /// As written, without its sign: what a client shows.
    public var text: String
    /// What the tag is stored and looked up by (``TextEntities/hashtagKey(_:)``): `#Tokyo`,
    /// `#TOKYO` and `＃ｔｏｋｙｏ` are one tag.
    public var key: String

    /// Creates a hashtag value.
    public init(text: String, key: String) {
        self.text = text
        self.key = key
    }
}

/// A mention of a user as a caption or comment has it: `@ana`, `＠ａｎａ`.
public struct Mention: Sendable, Hashable, Codable {
    /// The username as written (full-width letters made ASCII), without its sign.
    public var username: String
    /// The username's key (``TextEntities/usernameKey(_:)``), which the mentioned account is found by.
    public var key: String

    /// Creates a mention value.
    public init(username: String, key: String) {
        self.username = username
        self.key = key
    }
}

/// How many hashtags and mentions one text may have, and how long a hashtag may be.
public struct TextEntityLimits: Sendable, Hashable {
    /// The most distinct hashtags in one caption or comment (Instagram's limit).
    public var maximumHashtags = 30
    /// The most distinct users mentioned in one caption or comment (Instagram's limit).
    public var maximumMentions = 20
    /// The longest hashtag, in characters (as written and as its key); a longer run is not a
    /// hashtag, so it is neither indexed nor counted.
    public var maximumHashtagLength = 100
    /// The longest username a mention can name (SocialModel's `AccountPolicy.usernameLength` default bound);
    /// a longer run is not a mention.
    public var maximumUsernameLength = 30

    /// The defaults above.
    public init() {}
}

/// The hashtags and mentions of a caption or a comment, found by ``parse(_:limits:)``, each once
/// (by key) in the order it first appears.
public struct TextEntities: Sendable, Hashable {
    /// The hashtags, at most ``TextEntityLimits/maximumHashtags``.
    public var hashtags: [Hashtag] = []
    /// The mentions, at most ``TextEntityLimits/maximumMentions``.
    public var mentions: [Mention] = []
    /// Whether the text has more distinct hashtags than the limit (the extra ones are left out).
    public var hasMoreHashtags = false
    /// Whether the text mentions more distinct users than the limit (the extra ones are left out).
    public var hasMoreMentions = false

    /// No hashtags and no mentions.
    public init() {}
}
