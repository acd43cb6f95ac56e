import Foundation

/// An email address's domain mapped for comparison the way UTS #46 (IDNA) does in outline: NFKC
/// and lower case (so full-width `ｅxample．com` is `example.com`, and the ideographic full stop
/// separates labels), then every label that is not ASCII written in Punycode (RFC 3492) with
/// `xn--`, so one domain has one spelling however it was typed.
enum EmailDomain {
    /// The mapped domain. A label too long to be valid is left as it is, for the address rules
    /// to refuse.
    static func mapped(_ domain: String) -> String {
        let folded = domain.precomposedStringWithCompatibilityMapping.lowercased()
        let labels = folded.split(omittingEmptySubsequences: false) { labelSeparators.contains($0) }
        return labels.map { label in
            guard !label.allSatisfy(\.isASCII), label.utf8.count <= 252,
                let encoded = punycode(Array(label.unicodeScalars.map(\.value)))
            else { return String(label) }
            return "xn--" + encoded
        }.joined(separator: ".")
    }

    /// The full stop and the dots UTS #46 maps to it that NFKC does not.
    static let labelSeparators: Set<Character> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]

    /// RFC 3492's encoding of a label's code points, or `nil` if the arithmetic would overflow
    /// (which a label of valid length cannot make it do).
    static func punycode(_ input: [UInt32]) -> String? {
        let (base, tMin, tMax) = (36, 1, 26)
        var output = String(String.UnicodeScalarView(input.filter { $0 < 0x80 }.compactMap(Unicode.Scalar.init)))
        let basicCount = output.unicodeScalars.count
        if basicCount > 0 { output.append("-") }
        var (n, delta, bias, handled) = (128, 0, 72, basicCount)
        while handled < input.count {
            guard let next = input.map(Int.init).filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int.max - step else { return nil }
            delta += step
            n = next
            for code in input.map(Int.init) {
                if code < n { delta += 1 }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// RFC 3492's bias adaptation.
    static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((36 - 1) * 26) / 2 {
            delta /= 36 - 1
            k += 36
        }
        return k + (36 - 1 + 1) * delta / (delta + 38)
    }

    /// A Punycode digit: `a`–`z` for 0–25, `0`–`9` for 26–35.
    static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
    }
}
