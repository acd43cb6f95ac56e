import Foundation
import SocialModel
import Testing

/// The hashtag and mention parser against the text people write: scripts, emoji, joiners,
/// full-width signs, links, addresses, punctuation, and texts with far too many tags.
@Suite("Hashtags and mentions in the world's text")
struct TextEntityParserTests {
    static func tags(_ text: String) -> [String] { TextEntities.parse(text).hashtags.map(\.text) }
    static func keys(_ text: String) -> [String] { TextEntities.parse(text).hashtags.map(\.key) }
    static func mentions(_ text: String) -> [String] { TextEntities.parse(text).mentions.map(\.username) }

    @Test(
        "letters, marks and digits of any script make a tag",
        arguments: [
            ("Ďakujem za všetko #ďakujem", ["ďakujem"]),
            ("Díky! #děkuji #Praha2024", ["děkuji", "Praha2024"]),
            ("今日は #東京 で #ラーメン🍜", ["東京", "ラーメン"]),
            ("#नमस्ते दुनिया", ["नमस्ते"]),
            ("#สวัสดี ครับ", ["สวัสดี"]),
            ("#مرحبا بالعالم", ["مرحبا"]),
            ("#שלום", ["שלום"]),
            ("#서울 #Москва #Ελλάδα", ["서울", "Москва", "Ελλάδα"]),
            ("e\u{301}: #cafe\u{301}", ["cafe\u{301}"]),
            ("#snake_case_tag", ["snake_case_tag"]),
        ])
    func scripts(text: String, expected: [String]) {
        #expect(Self.tags(text) == expected)
    }

    @Test("the key is NFKC case folded, without joiners; the text stays as written")
    func keys() {
        #expect(Self.keys("#Tokyo #TOKYO #tokyo ＃ＴＯＫＹＯ") == ["tokyo"])
        #expect(Self.tags("#Tokyo #TOKYO") == ["Tokyo"])
        #expect(Self.keys("#Straße #STRASSE") == ["strasse"])
        #expect(Self.keys("#ΣΊΣΥΦΟΣ #σίσυφος") == ["σίσυφοσ"])
        #expect(Self.keys("＃ＴＯＫＹＯ") == ["tokyo"] && Self.tags("＃ＴＯＫＹＯ") == ["ＴＯＫＹＯ"])
        // A zero-width joiner or non-joiner inside a word stays in the text, not in the key.
        #expect(Self.tags("#ab\u{200D}c") == ["ab\u{200D}c"] && Self.keys("#ab\u{200D}c") == ["abc"])
        #expect(Self.keys("#می\u{200C}خواهم") == ["میخواهم"])
        // Composed and decomposed forms are one tag.
        #expect(Self.keys("#caf\u{E9} #cafe\u{301}") == ["caf\u{E9}"])
        #expect(TextEntities.hashtagKey("ＣＡＦÉ") == "café")
    }

    @Test("emoji, keycaps and punctuation end a tag or are none")
    func boundaries() {
        #expect(Self.tags("#family👨‍👩‍👧 #love❤️ #ok👍🏽done") == ["family", "love", "ok"])
        #expect(Self.tags("#️⃣ is a keycap, #\u{FE0F}a is not a sign either").isEmpty)
        #expect(Self.tags("#tag! #tag2, (#tag3) “#quoted” #end.") == ["tag", "tag2", "tag3", "quoted", "end"])
        #expect(Self.tags("we're #1 in #2024, #2024olympics") == ["2024olympics"])
        #expect(Self.tags("a#b #a#b #c@d x&#39;s C# #").isEmpty)
        #expect(Self.tags("don't #don't") == ["don"])
    }

    @Test("links and addresses keep their # and @")
    func links() {
        let text = """
            https://example.com/page#section www.example.com/#top example.com/#top \
            mailto:ana@example.com ana@example.com http://x.y/@ana @ana@example.social
            """
        #expect(TextEntities.parse(text) == TextEntities())
        #expect(Self.tags("see https://example.com/#x and #real") == ["real"])
    }

    @Test("mentions are usernames: ASCII, full-width read as ASCII, without trailing dots")
    func mentionForms() {
        #expect(Self.mentions("@ana, @Ben. ＠ｃｙｄ (@dan_1) @e.f @ana") == ["ana", "Ben", "cyd", "dan_1", "e.f"])
        #expect(TextEntities.parse("@Ben @BEN").mentions == [Mention(username: "Ben", key: "ben")])
        #expect(Self.mentions("@.ana @ana..bob @ @ďakujem @東京") == [])
        #expect(Self.mentions("@_") == ["_"])
        let long = String(repeating: "a", count: 31)
        #expect(Self.mentions("@\(long) @\(long.dropFirst())") == [String(long.dropFirst())])
        #expect(Self.mentions("x@ana #tag@ana") == [])
    }

    @Test("counts and lengths are bounded, and a thousand tags stop at the limit")
    func bounds() {
        let limits = TextEntityLimits()
        let thousand = (0..<1000).map { "#tag\($0)" }.joined(separator: " ")
        let found = TextEntities.parse(thousand)
        #expect(found.hashtags.count == limits.maximumHashtags && found.hasMoreHashtags)
        #expect(found.hashtags.first?.text == "tag0" && found.hashtags.last?.text == "tag29")
        let repeated = String(repeating: "#same ", count: 1000)
        #expect(TextEntities.parse(repeated).hashtags.count == 1 && !TextEntities.parse(repeated).hasMoreHashtags)
        let glued = (0..<1000).map { "#t\($0)" }.joined()
        #expect(TextEntities.parse(glued).hashtags.isEmpty)
        let people = (0..<1000).map { "@user\($0)" }.joined(separator: " ")
        let mentioned = TextEntities.parse(people)
        #expect(mentioned.mentions.count == limits.maximumMentions && mentioned.hasMoreMentions)
        let longest = String(repeating: "ж", count: limits.maximumHashtagLength)
        #expect(Self.tags("#\(longest) #\(longest)ж") == [longest])
        // A tag whose key grows past the bound under NFKC is none (U+FDFA is 18 letters).
        let growing = String(repeating: "\u{FDFA}", count: 10)
        #expect(Self.tags("#\(growing)").isEmpty)
        var small = TextEntityLimits()
        small.maximumHashtags = 1
        #expect(TextEntities.parse("#a #b", limits: small).hashtags.map(\.key) == ["a"])
    }
}
