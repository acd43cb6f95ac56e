import Hummingbird

/// A request's `Content-Type`: its type and subtype, lowercased, and its parameters in any order
/// (`multipart/form-data; charset=utf-8; boundary=x` as well as `boundary` first), quoted values
/// unquoted.
struct RequestMediaType: Equatable {
    /// The type, such as `application`.
    var type: String
    /// The subtype, such as `json` or `ld+json`.
    var subtype: String
    /// The parameters, by lowercased name.
    var parameters: [String: String]

    /// The request's media type, or `nil` when it has none or it cannot be read.
    init?(of request: Request) {
        guard let header = request.headers[.contentType] else { return nil }
        self.init(header)
    }

    /// Parses a `Content-Type` value.
    init?(_ header: String) {
        var pieces = header.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let essence = pieces.next() else { return nil }
        let names = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard names.count == 2 else { return nil }
        type = names[0].trimmingWhitespace().lowercased()
        subtype = names[1].trimmingWhitespace().lowercased()
        guard !type.isEmpty, !subtype.isEmpty else { return nil }
        parameters = [:]
        while let piece = pieces.next() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingWhitespace().lowercased()
            var value = piece[piece.index(after: equals)...].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
        }
    }

    /// Whether this is JSON: `application/json` or any `+json` type (`application/problem+json`).
    /// `text/json` is not: RFC 8259 registers only `application/json`.
    var isJSON: Bool {
        (type == "application" && subtype == "json") || subtype.hasSuffix("+json")
    }

    /// Whether this is `multipart/form-data`.
    var isMultipartForm: Bool { type == "multipart" && subtype == "form-data" }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
