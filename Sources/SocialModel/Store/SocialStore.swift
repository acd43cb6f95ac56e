/// What the social network's services need: users, profiles and follows, posts, feeds,
/// notifications, messages, blocks and mutes, reports and moderation, a user's data export, and
/// the hashtag index.
/// Each is its own protocol, so a service takes only what it uses.
public typealias NetworkStore =
    UserStore & ProfileStore & PostStore & FeedStore & NotificationStore & MessageStore & SafetyStore
    & ModerationStore & ExportStore & HashtagStore

/// Everything SocialModel persists, area by area: a store implements the protocols one by one,
/// and `SocialModelTesting`'s conformance suite checks it against the rules they describe.
/// The mail outbox (``MailOutboxStore``) is part of it, so account mail is queued transactionally.
public typealias SocialStore =
    AccountStore & SessionStore & RecipeStore & BodyProfileStore & NetworkStore & MailOutboxStore
