import Foundation

/// The part of an HTTP `Cache-Control` header (RFC 9111 section 5.2) that says how long a response
/// may be reused: `max-age`, and `no-store`/`no-cache`, which mean "do not reuse".
struct CacheControl: Hashable {
    /// Seconds the response may be reused, or `nil` when the header does not say.
    var maximumAge: Int?

    /// Reads a header value; anything it does not understand is ignored, nothing traps.
    init(_ header: String?) {
        guard let header else { return }
        for directive in header.split(separator: ",").prefix(64) {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            switch name {
            case "no-store", "no-cache":
                maximumAge = 0
                return
            case "max-age" where parts.count == 2:
                let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""])
                // Digits only (no sign); an overlong number saturates rather than overflowing.
                if !value.isEmpty, value.utf8.allSatisfy({ (48...57).contains($0) }) {
                    maximumAge = value.count > 9 ? 999_999_999 : Int(value)
                }
            default: continue
            }
        }
    }
}
