import FilmKit
import Foundation
import SocialModel
import SocialModelPhotos
import SocialModelSQLite

/// A network's own check: the word list for text, and every photo held for a person to look at
/// (an image classifier would answer here instead).
struct ReviewedPhotos: ContentCheck {
    let words = WordListContentCheck(refusing: ["scam"], holding: ["buy followers"])

    func check(_ content: SubmittedContent, authorID: UserID) async -> ContentVerdict {
        if case .photo = content { return .hold(reason: "every photo is reviewed") }
        return await words.check(content, authorID: authorID)
    }
}

let store = try SQLiteSocialStore(path: "social.sqlite")
let accounts = AccountService(store: store, mailer: OutboxMailer(directory: URL(fileURLWithPath: "outbox")))
let network = SocialNetwork(
    store: store, accounts: accounts, photos: VipsPhotoProcessor(filters: .shared), contentCheck: ReviewedPhotos())

let me = try await network.session(SecretToken(rawValue: "the token a sign-in returned"))
let jpeg = try Data(contentsOf: URL(fileURLWithPath: "launch.jpg"))
do throws(NetworkError) {
    let post = try await me.posts.publish(PostDraft(photo: jpeg, caption: "Launch day"))
    print(post.held ? "only you see it until a moderator looks" : "published")
} catch {
    // .refused(.caption, …) for "SCAM": "popis obsahuje slovo, ktoré sieť nepovoľuje" in Slovak.
    print(error.localizedDescription(for: Locale(identifier: "sk")))
}
