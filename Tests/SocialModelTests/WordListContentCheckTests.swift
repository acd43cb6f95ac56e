import Foundation
import SocialModel
import Testing

/// The word list against the disguises people use to get a word past it, and the words that
/// merely contain a listed one.
@Suite("The word-list content check")
struct WordListContentCheckTests {
    let check = WordListContentCheck(refusing: ["crud", "Spam Link"], holding: ["ass", "Čudák"])
    let author = UserID(rawValue: "usr_author")

    func verdict(_ text: String) async -> ContentVerdict {
        await check.check(.comment(text), authorID: author)
    }

    static let refusal = ContentRefusal(
        code: WordListContentCheck.refusalCode, reason: "it contains a word this network does not allow")

    @Test(arguments: [
        "crud", "CRUD", "Crud!", "what a (crud) day", "crúd", "cr\u{0308}ud", "ｃｒｕｄ", "ＣＲＵＤ",
        "cr\u{200D}ud", "c\u{200B}r\u{00AD}u\u{2060}d", "cr\u{FE0F}ud", "c\u{0301}\u{0327}r\u{0336}u\u{0335}d",
        "ⓒⓡⓤⓓ", "𝐜𝐫𝐮𝐝", "crud\u{1F600}", "spam link", "SPAM   link", "spam\nlink", "spam-link",
    ])
    func disguisedWordsAreRefused(_ text: String) async {
        #expect(
            await verdict(text) == .refuse(Self.refusal), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["class", "passage", "bass guitar", "assess", "crudely", "scrud", "spam", "link", "spamlink"])
    func wordsThatOnlyContainAListedWordAreAllowed(_ text: String) async {
        #expect(await verdict(text) == .allow)
    }

    @Test(arguments: ["ASS", "a\u{200D}ss", "ａｓｓ", "čudák", "CUDAK", "cu\u{0301}dak"])
    func heldWordsAreHeldWithTheEntryAsTheReason(_ text: String) async {
        guard case .hold(let reason) = await verdict(text) else {
            Issue.record("\(text) was not held")
            return
        }
        #expect(reason.contains("“ass”") || reason.contains("“Čudák”"))
    }

    @Test func aRefusedWordWinsOverAHeldOne() async {
        #expect(await verdict("ass crud") == .refuse(Self.refusal))
    }

    @Test func everyKindOfTextIsReadAndPhotosAreAllowed() async {
        for content in [SubmittedContent.caption("crud"), .comment("crud"), .message("crud")] {
            #expect(await check.check(content, authorID: author) == .refuse(Self.refusal))
        }
        #expect(await check.check(.photo(Data("crud".utf8)), authorID: author) == .allow)
    }

    @Test func textLongerThanTheBoundIsHeldUnread() async {
        let long = String(repeating: "fine ", count: WordListContentCheck.maximumLength / 5 + 1)
        guard case .hold = await verdict(long) else {
            Issue.record("a text past the bound was not held")
            return
        }
        #expect(await verdict(String(long.prefix(WordListContentCheck.maximumLength))) == .allow)
    }

    @Test func anEmptyListAllowsEverythingAndEmptyEntriesAreIgnored() async {
        let empty = WordListContentCheck(refusing: ["", "  ", "\u{200D}"])
        #expect(await empty.check(.caption("anything at all"), authorID: author) == .allow)
        #expect(await empty.check(.caption(""), authorID: author) == .allow)
    }

    @Test func wordsAreFoldedOnce() {
        #expect(WordListContentCheck.words("Ｈｅｌｌｏ, Wörld! 42\u{200D}x") == ["hello", "world", "42x"])
    }
}
