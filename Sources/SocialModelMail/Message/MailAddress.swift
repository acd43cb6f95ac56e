/// An email address with an optional display name, checked so that it can go into an SMTP command
/// and a header as it is.
///
/// Addresses are ASCII dot-atoms (`name.surname+tag@example.com`); quoted local parts and
/// internationalised addresses (SMTPUTF8) are refused. Display names may be any text: they are
/// written as RFC 2047 encoded words when they are not plain ASCII.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address, `local@domain`.
    public let address: String
    /// The name shown beside it, if any.
    public let displayName: String?

    /// Checks an address.
    /// - Parameters:
    ///   - address: `local@domain`; surrounding white space is ignored.
    ///   - displayName: a name to show beside it ("Ľubomír Šťastný"); empty means none.
    /// - Throws: ``MailDeliveryError/invalidMessage(_:)`` if the address is not a plain ASCII address.
    public init(_ address: String, displayName: String? = nil) throws(MailDeliveryError) {
        let trimmed = address.trimmingASCIIWhitespace
        guard let problem = Self.problem(trimmed) else {
            self.address = trimmed
            let name = displayName.map(HeaderText.singleLine)?.trimmingASCIIWhitespace
            self.displayName = name?.isEmpty == false ? name : nil
            return
        }
        throw .invalidMessage(problem)
    }

    /// The domain after the `@`.
    public var domain: Substring { address.lastIndex(of: "@").map { address[address.index(after: $0)...] } ?? "" }

    /// The address as a header shows it: `"Name" <address>` or the bare address.
    public var description: String {
        guard let displayName else { return address }
        return "\(displayName) <\(address)>"
    }

    /// Why `address` cannot be used, or `nil` when it can (RFC 5321 section 4.1.2 and 4.5.3.1).
    private static func problem(_ address: String) -> MailMessageProblem? {
        let bytes = Array(address.utf8)
        guard !bytes.isEmpty, bytes.count <= 254 else { return .addressLength(address) }
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return .addressWithoutAt(address) }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty, local.count <= 64 else { return .localPartLength(address) }
        guard isDotAtom(local, allowed: HeaderText.isAtomText) else {
            return .localPartNotPlain(address)
        }
        // Host name labels: 1–63 letters, digits and hyphens, not starting or ending with a hyphen.
        guard !domain.isEmpty, isDotAtom(domain, allowed: isDomainText),
            domain.split(separator: UInt8(ascii: ".")).allSatisfy({
                $0.count <= 63 && $0.first != UInt8(ascii: "-") && $0.last != UInt8(ascii: "-")
            })
        else { return .domainNotHostName(address) }
        return nil
    }

    /// Non-empty atoms joined by single dots.
    private static func isDotAtom(_ bytes: ArraySlice<UInt8>, allowed: (UInt8) -> Bool) -> Bool {
        bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0.allSatisfy(allowed)
        }
    }

    /// Letters, digits and hyphens.
    private static func isDomainText(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII spaces, tabs and line breaks.
    var trimmingASCIIWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
