import Foundation

extension NotificationKind {
    /// What happened, as a notification list shows it, in the language of `locale`: "ada liked
    /// your post", "Používateľ ada dal lajk vášmu príspevku", "Uživatel ada vás nyní sleduje".
    /// - Parameters:
    ///   - actor: the name of the user who acted (shown as it is, never declined).
    ///   - locale: the language (English, Slovak or Czech; English otherwise).
    /// - Returns: the sentence.
    public func localizedText(actor: String, locale: Locale = .current) -> String {
        MessageTable.socialModel.text("Notification.\(rawValue)", locale: locale, ["actor": actor])
    }
}

/// Notification labels an app shows, in English, Slovak or Czech, with the noun in the form the
/// number needs.
public enum NotificationLabel {
    /// The unread count: "1 unread notification", "3 neprečítané upozornenia", "5 nepřečtených upozornění".
    /// - Parameters:
    ///   - count: how many notifications are unread.
    ///   - locale: the language (English, Slovak or Czech; English otherwise).
    /// - Returns: the label.
    public static func unread(_ count: Int, locale: Locale = .current) -> String {
        MessageTable.socialModel.plural("Notification.unread", count: count, locale: locale)
    }
}
