import Foundation

/// A query string read as HTML forms and `application/x-www-form-urlencoded` send it: pairs
/// split at `&` and at their first `=`, `+` read as a space, then `%XX` escapes undone.
@_spi(Fuzzing) public enum FormQuery {
    /// The decoded parameters in the order sent (a repeated name is kept each time).
    /// - Parameter query: the text after `?`.
    /// - Returns: the pairs; a name without `=` has an empty value.
    /// - Throws: ``FormQueryError`` naming the parameter (or `nil` for a name) that does not
    ///   decode to UTF-8 text.
    public static func parameters(_ query: String) throws(FormQueryError) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        for pair in query.split(separator: "&") {
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            guard let name = decoded(pair[..<equals]) else { throw FormQueryError(parameter: nil) }
            var value = ""
            if equals != pair.endIndex {
                guard let decodedValue = decoded(pair[pair.index(after: equals)...]) else {
                    throw FormQueryError(parameter: name)
                }
                value = decodedValue
            }
            parameters.append((name, value))
        }
        return parameters
    }

    /// `text` with `+` as a space and its `%XX` escapes undone, or `nil` when an escape is
    /// broken or the bytes are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        guard text.contains(where: { $0 == "%" || $0 == "+" }) else { return String(text) }
        return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// A query that is not form-encoded UTF-8 text.
@_spi(Fuzzing) public struct FormQueryError: Error, Equatable {
    /// The parameter whose value does not decode, or `nil` when a name does not.
    public let parameter: String?
}
