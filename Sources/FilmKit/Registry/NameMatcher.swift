import Foundation

/// Compares names the way people type them: case and accents ignored, small typos forgiven.
enum NameMatcher {
    /// The form names are compared in: lower case, without diacritics.
    static func fold(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Candidates within a small edit distance of `name`, or containing it, closest first.
    static func closeMatches(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let folded = fold(name)
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let other = fold(candidate)
            let distance = editDistance(folded, other)
            let allowed = max(2, folded.count / 3)
            if distance <= allowed { return (candidate, distance) }
            if folded.count >= 3, other.contains(folded) || folded.contains(other) { return (candidate, allowed + 1) }
            return nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Levenshtein distance.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
