import Hummingbird
import SocialModel
import SocialModelAPI

/// Bounds on a JSON body's shape, checked byte by byte as the body streams in, before anything
/// is decoded or normalised: `JSONDecoder` builds every value of a body before the model's rules
/// see it, so without them a 28 MB body of nine million empty strings costs seconds of CPU and
/// gigabytes of memory before its `422` comes back.
///
/// The bounds are far above what any route's rules allow (50 ingredients, 1,000-character
/// steps), so they never refuse a body the rules would accept.
struct JSONShapeLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects.
    var depth = 32
    /// The most entries of one array or object.
    var entries = 1_000
    /// The most values (strings, numbers, literals, arrays, objects) in the body.
    var values = 10_000
    /// The longest string, in bytes as sent (escapes count as written).
    var stringBytes = 64 * 1024
    /// The longest number or literal, in bytes.
    var tokenBytes = 256
    /// Object members whose string value may be as long as the body (a base64 photo).
    var largeStringKeys: Set<String> = []
}

/// A type read from a JSON body that has members longer than ``JSONShapeLimits/stringBytes``.
protocol JSONBodyShape {
    /// The object keys whose string values may be as long as the body.
    static var largeStringKeys: Set<String> { get }
}

extension RecipeDraft: JSONBodyShape {
    /// The photo, base64 in the JSON.
    static var largeStringKeys: Set<String> { ["photo"] }
}

/// Checks a JSON text against ``JSONShapeLimits`` as its bytes arrive, chunk by chunk. It does
/// not validate the JSON (the decoder does that afterwards); it only counts, so it is cheap and
/// keeps no more than a stack of open containers.
struct JSONShapeScanner {
    let limits: JSONShapeLimits

    private struct Container {
        var isObject: Bool
        /// Separators seen, so entries less one.
        var commas = 0
        /// Whether the next string in this object is a key.
        var expectingKey: Bool
        /// Whether the member being read may hold a large string.
        var largeMember = false
    }

    private enum Mode {
        case between
        case string(escaped: Bool)
        case token
    }

    private var mode = Mode.between
    private var stack: [Container] = []
    private var values = 0
    private var length = 0
    private var stringLimit = 0
    private var readingKey = false
    private var key: [UInt8] = []
    /// The longest key kept for comparison with ``JSONShapeLimits/largeStringKeys``.
    private static let keptKeyBytes = 64

    init(limits: JSONShapeLimits) {
        self.limits = limits
    }

    /// Checks the next chunk of the body.
    /// - Throws: `413 body-too-large` naming the bound passed.
    mutating func feed(_ chunk: ByteBuffer) throws(SocialAPIError) {
        for byte in chunk.readableBytesView {
            try feed(byte)
        }
    }

    private mutating func feed(_ byte: UInt8) throws(SocialAPIError) {
        switch mode {
        case .string(let escaped):
            if !escaped && byte == UInt8(ascii: "\"") {
                endString()
                return
            }
            mode = .string(escaped: !escaped && byte == UInt8(ascii: "\\"))
            length += 1
            guard length <= stringLimit else {
                throw .bodyTooLarge("a JSON string is longer than \(stringLimit) bytes")
            }
            if readingKey, key.count < Self.keptKeyBytes { key.append(byte) }
        case .token:
            if Self.endsToken(byte) {
                mode = .between
                try feed(byte)
                return
            }
            length += 1
            guard length <= limits.tokenBytes else {
                throw .bodyTooLarge("a JSON number or literal is longer than \(limits.tokenBytes) bytes")
            }
        case .between:
            try between(byte)
        }
    }

    private mutating func between(_ byte: UInt8) throws(SocialAPIError) {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try countValue()
            guard stack.count < limits.depth else {
                throw .bodyTooLarge("JSON nested deeper than \(limits.depth) levels")
            }
            let isObject = byte == UInt8(ascii: "{")
            stack.append(Container(isObject: isObject, expectingKey: isObject))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            _ = stack.popLast()
        case UInt8(ascii: ","):
            guard var top = stack.popLast() else { return }
            top.commas += 1
            guard top.commas < limits.entries else {
                throw .bodyTooLarge("a JSON array or object has more than \(limits.entries) entries")
            }
            top.expectingKey = top.isObject
            top.largeMember = false
            stack.append(top)
        case UInt8(ascii: ":"):
            if let last = stack.indices.last, stack[last].isObject { stack[last].expectingKey = false }
        case UInt8(ascii: "\""):
            let top = stack.last
            readingKey = top?.isObject == true && top?.expectingKey == true
            if !readingKey { try countValue() }
            stringLimit = !readingKey && top?.largeMember == true ? Int.max : limits.stringBytes
            key.removeAll(keepingCapacity: true)
            length = 0
            mode = .string(escaped: false)
        default:
            try countValue()
            length = 1
            mode = .token
        }
    }

    private mutating func endString() {
        mode = .between
        guard readingKey, let last = stack.indices.last else { return }
        stack[last].largeMember = limits.largeStringKeys.contains(String(decoding: key, as: UTF8.self))
    }

    private mutating func countValue() throws(SocialAPIError) {
        values += 1
        guard values <= limits.values else {
            throw .bodyTooLarge("the JSON body has more than \(limits.values) values")
        }
    }

    private static func endsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: "\""),
            UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "{"),
            UInt8(ascii: "["):
            true
        default: false
        }
    }
}
