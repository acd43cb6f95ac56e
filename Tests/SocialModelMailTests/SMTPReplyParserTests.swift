import Foundation
import SeededRandom
import Testing

@testable import SocialModelMail

/// The reply parser on its own, fed hostile bytes: every input ends in replies or a typed error.
@Suite("SMTP reply parser")
struct SMTPReplyParserTests {
    private func replies(_ text: String) throws -> [SMTPReply] {
        var parser = SMTPReplyParser()
        parser.append(Array(text.utf8))
        var replies: [SMTPReply] = []
        while let reply = try parser.next() { replies.append(reply) }
        return replies
    }

    @Test func multiLineRepliesAndBareLineFeeds() throws {
        let parsed = try replies("250-smtp.test\r\n250-PIPELINING\n250 SIZE 1000\r\n354\r\n")
        #expect(
            parsed == [
                SMTPReply(code: 250, lines: ["smtp.test", "PIPELINING", "SIZE 1000"]), .init(code: 354, lines: [""]),
            ])
        let extensions = SMTPServerExtensions(ehloReply: parsed[0])
        #expect(extensions.offers("pipelining"))
        #expect(extensions.maximumMessageSize == 1000)
    }

    @Test func aReplySplitAtEveryByteIsTheSame() throws {
        let text = Array("250-first line ✓\r\n250-AUTH PLAIN LOGIN\r\n250 last\r\n221 bye\r\n".utf8)
        let whole = try replies(String(decoding: text, as: UTF8.self))
        for split in 0...text.count {
            var parser = SMTPReplyParser()
            var parsed: [SMTPReply] = []
            parser.append(text[..<split])
            while let reply = try parser.next() { parsed.append(reply) }
            parser.append(text[split...])
            while let reply = try parser.next() { parsed.append(reply) }
            #expect(parsed == whole, "split at \(split)")
        }
    }

    @Test(arguments: [
        ("hello\r\n", MalformedSMTPReply.notAReplyCode("hello")),
        ("99 short\r\n", .notAReplyCode("99 short")),
        ("600 too high\r\n", .notAReplyCode("600 too high")),
        ("1xx\r\n", .notAReplyCode("1xx")),
        ("250_underscore\r\n", .notAReplyCode("250_underscore")),
        ("\r\n", .notAReplyCode("")),
        ("250-one\r\n251 other\r\n", .inconsistentCodes(250, 251)),
    ])
    func malformedRepliesAreTypedErrors(input: String, failure: MalformedSMTPReply) {
        #expect(throws: failure) { _ = try replies(input) }
    }

    @Test func overlongLinesAndEndlessRepliesAreRefused() {
        #expect(throws: MalformedSMTPReply.lineTooLong(limit: SMTPReplyParser.maximumLineLength)) {
            _ = try replies("250 " + String(repeating: "x", count: SMTPReplyParser.maximumLineLength))
        }
        #expect(throws: MalformedSMTPReply.lineTooLong(limit: SMTPReplyParser.maximumLineLength)) {
            _ = try replies("250 " + String(repeating: "x", count: SMTPReplyParser.maximumLineLength) + "\r\n")
        }
        #expect(throws: MalformedSMTPReply.tooManyLines(limit: SMTPReplyParser.maximumLines)) {
            _ = try replies(String(repeating: "250-x\r\n", count: SMTPReplyParser.maximumLines + 1) + "250 x\r\n")
        }
    }

    @Test func aTruncatedReplyWaitsForMore() throws {
        var parser = SMTPReplyParser()
        parser.append(Array("250-first\r\n25".utf8))
        #expect(try parser.next() == nil)
        #expect(parser.hasBufferedBytes)
    }

    @Test func invalidUTF8AndControlCharactersBecomeReplacementCharacters() throws {
        var parser = SMTPReplyParser()
        parser.append([0x35, 0x35, 0x30, 0x20, 0xC3, 0x28, 0x07, 0x4E, 0x0D, 0x0A])
        #expect(try parser.next() == SMTPReply(code: 550, lines: ["\u{FFFD}(\u{FFFD}N"]))
    }

    @Test func aFloodOfShortRepliesIsReadInLinearTime() throws {
        var parser = SMTPReplyParser()
        parser.append(Array(String(repeating: "250 ok\r\n", count: 200_000).utf8))
        var count = 0
        while try parser.next() != nil { count += 1 }
        #expect(count == 200_000)
    }

    /// Seeded random bytes, biased towards digits, separators and line ends: never a trap.
    @Test func randomBytesNeverTrap() {
        var generator = SplitMix64(seed: 20)
        let alphabet = Array("0123456789 -\r\n25xÁ".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<3_000 {
            var parser = SMTPReplyParser()
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let chunk = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                    Bool.random(using: &generator)
                        ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
                }
                parser.append(chunk)
                do {
                    while try parser.next() != nil {}
                } catch {
                    break
                }
            }
        }
    }

    @Test func ehloExtensionsSurviveGarbage() {
        let reply = SMTPReply(
            code: 250,
            lines: [
                "smtp.test", "", "AUTH=PLAIN LOGIN", "auth cram-md5", "SIZE -1", "SIZE", "Ω",
                String(repeating: "K", count: 500),
            ])
        let extensions = SMTPServerExtensions(ehloReply: reply)
        #expect(extensions.authenticationMechanisms == ["PLAIN", "LOGIN", "CRAM-MD5"])
        #expect(extensions.maximumMessageSize == nil)
        #expect(!extensions.offers(String(repeating: "K", count: 500)))
    }
}
