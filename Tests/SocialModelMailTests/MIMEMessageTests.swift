import Foundation
import SocialModel
import Testing

@testable import SocialModelMail

/// Messages as bytes: 7-bit, lines within the RFC limits, names and subjects as RFC 2047 encoded
/// words that decode back to the text, headers that no value can break out of.
@Suite("MIME messages")
struct MIMEMessageTests {
    private func render(subject: String, text: String = "body", html: String? = nil, name: String? = nil) throws
        -> String
    {
        let message = MIMEMessage(
            from: try MailAddress("noreply@example.com", displayName: name),
            to: [try MailAddress("a@example.com", displayName: name)],
            subject: subject, text: text, html: html, date: Date(timeIntervalSince1970: 0),
            messageID: "id.1@example.com")
        return String(decoding: try message.rendered(), as: UTF8.self)
    }

    /// The text of a folded header field, with its encoded words decoded (RFC 2047 section 6.2:
    /// white space between adjacent encoded words is dropped).
    private func decodedField(_ name: String, in message: String) -> String? {
        let lines = message.components(separatedBy: "\r\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(name + ": ") }) else { return nil }
        var value = String(lines[start].dropFirst(name.count + 2))
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(" ") else { break }
            value += line
        }
        // Every value here is all encoded words or all plain words, never a mix.
        var decoded = ""
        for word in value.split(separator: " ") {
            if word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))
            {
                decoded += String(decoding: data, as: UTF8.self)
            } else {
                decoded += (decoded.isEmpty ? "" : " ") + word
            }
        }
        return decoded
    }

    @Test func slovakSubjectsAndNamesAreEncodedWordsThatDecodeBack() throws {
        let subject = "Vitajte, Ľubomír Šťastný! Váš účet v aplikácii Šťastná kuchyňa je pripravený 🍲"
        let message = try render(subject: subject, name: "Ľubomír Šťastný")
        #expect(message.utf8.allSatisfy { $0 < 128 })
        #expect(decodedField("Subject", in: message) == subject)
        #expect(message.contains("To: =?UTF-8?B?"))
        for line in message.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 78, "\(line)")
        }
        for word in message.split(separator: " ") where word.hasPrefix("=?") {
            #expect(word.trimmingCharacters(in: .whitespacesAndNewlines).count <= 75)
        }
    }

    @Test func aCharacterTooLargeForOneEncodedWordIsSplitBetweenScalars() throws {
        let zalgo = "Z" + String(repeating: "\u{0301}", count: 40) + " ok"
        let message = try render(subject: zalgo)
        #expect(decodedField("Subject", in: message) == zalgo)
        #expect(message.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
    }

    @Test func plainASCIISubjectsStayReadableAndFold() throws {
        let subject = String(repeating: "Confirm your email address ", count: 6).trimmingCharacters(in: .whitespaces)
        let message = try render(subject: subject)
        #expect(message.contains("Subject: Confirm your email address"))
        #expect(decodedField("Subject", in: message) == subject)
        #expect(message.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
        // A word longer than a line, or text that looks like an encoded word, is encoded instead.
        for odd in [String(repeating: "x", count: 120), "=?UTF-8?B?SGk=?= is not mine"] {
            let rendered = try render(subject: odd)
            #expect(decodedField("Subject", in: rendered) == odd)
            #expect(rendered.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
        }
    }

    @Test func lineBreaksInHeaderValuesCannotAddHeaders() throws {
        let message = try render(subject: "Hi\r\nBcc: victim@example.com\nX-Evil: 1", name: "Eve\r\nBcc: x@example.com")
        let lines = message.components(separatedBy: "\r\n")
        #expect(!lines.contains { $0.hasPrefix("Bcc:") || $0.hasPrefix("X-Evil:") })
        #expect(decodedField("Subject", in: message) == "Hi Bcc: victim@example.com X-Evil: 1")
    }

    @Test func asciiNamesWithSpecialsAreQuoted() throws {
        let message = try render(subject: "s", name: "Smith, John \"JJ\"")
        #expect(message.contains("From: \"Smith, John \\\"JJ\\\"\" <noreply@example.com>"))
        let plain = try render(subject: "s", name: "John Smith")
        #expect(plain.contains("From: John Smith <noreply@example.com>"))
    }

    @Test func quotedPrintableBodiesStayWithin76CharactersAndDecodeBack() throws {
        let text =
            "Dobrý deň,\n" + String(repeating: "ťažký ", count: 40) + "\n. a dot\nFrom the start\ntrailing space \n"
            + String(repeating: "=", count: 100) + "\r\nend"
        let lines = QuotedPrintable.encode(text)
        #expect(lines.allSatisfy { $0.utf8.count <= 76 && $0.utf8.allSatisfy { (32...126).contains($0) } })
        #expect(!lines.contains { $0.hasPrefix(".") || $0.hasPrefix("From ") })
        #expect(!lines.contains { $0.hasSuffix(" ") || $0.hasSuffix("\t") })
        #expect(Self.decodeQuotedPrintable(lines) == text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test func textOnlyMessagesAreASinglePart() throws {
        let message = try render(subject: "s", text: "Ahoj")
        #expect(
            message.contains("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable"))
        #expect(!message.contains("multipart"))
        let both = try render(subject: "s", text: "Ahoj", html: "<p>Ahoj</p>")
        let boundary = MIMEMessage.boundary(for: "id.1@example.com")
        #expect(both.contains("Content-Type: multipart/alternative; boundary=\"\(boundary)\""))
        #expect(both.hasSuffix("--\(boundary)--\r\n"))
    }

    @Test func theSameMessageRendersToTheSameBytes() throws {
        #expect(try render(subject: "Ľ", html: "<p>x</p>") == render(subject: "Ľ", html: "<p>x</p>"))
    }

    @Test(arguments: [
        "", "plain", "two@@example.com", "a@b@c.com", "space @example.com", "a@exa mple.com", "<a@example.com>",
        "a\r\n@example.com", "\"quoted\"@example.com", "ľubo@example.sk", "a@-", "a@example..com", ".a@example.com",
        "a.@example.com", String(repeating: "a", count: 65) + "@example.com",
        "a@" + String(repeating: "b", count: 64) + ".com", String(repeating: "a@", count: 200),
    ])
    func addressesThatCannotGoIntoACommandAreRefused(address: String) {
        #expect(throws: MailDeliveryError.self) { try MailAddress(address) }
    }

    @Test func validAddressesAreKept() throws {
        for address in ["a@example.com", "first.last+tag@mail.example.co.uk", "x_y-z!#$%&'*/=?^`{|}~@h-1.example"] {
            #expect(try MailAddress(" \(address) ").address == address)
        }
        #expect(try MailAddress("a@example.com", displayName: "  ").displayName == nil)
        #expect(try MailAddress("a@example.com").domain == "example.com")
    }

    @Test func headersTheMessageWritesItselfCannotBeAdded() throws {
        for name in ["Bcc", "subject", "Content-Type", "", "Bad Name", "Colon:", String(repeating: "X", count: 77)] {
            #expect(throws: MailDeliveryError.self, "\(name)") { try MailHeader(name, "v") }
        }
        #expect(try MailHeader("List-Unsubscribe", "<https://example.com/u>").name == "List-Unsubscribe")
    }

    @Test func aMessageNeedsARecipientAndAProperID() throws {
        var message = MIMEMessage(
            from: try MailAddress("a@example.com"), to: [], subject: "s", text: "t", date: Date(), messageID: "x@y")
        #expect(throws: MailDeliveryError.self) { try message.rendered() }
        message.to = [try MailAddress("b@example.com")]
        for id in ["no-at", "<x@y>", "x y@z", "x@y@z", "@y", "x@"] {
            message.messageID = id
            #expect(throws: MailDeliveryError.self, "\(id)") { try message.rendered() }
        }
    }

    /// RFC 2045 decoding, for checking the encoder.
    static func decodeQuotedPrintable(_ lines: [String]) -> String {
        var bytes: [UInt8] = []
        for (index, line) in lines.enumerated() {
            var utf8 = Array(line.utf8)
            let soft = utf8.last == UInt8(ascii: "=")
            if soft { utf8.removeLast() }
            var i = 0
            while i < utf8.count {
                if utf8[i] == UInt8(ascii: "="), i + 2 < utf8.count,
                    let byte = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
                {
                    bytes.append(byte)
                    i += 3
                } else {
                    bytes.append(utf8[i])
                    i += 1
                }
            }
            if !soft, index < lines.count - 1 { bytes.append(UInt8(ascii: "\n")) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
