/// Bounds on a JSON body's shape, checked byte by byte as the body streams in, before anything
/// is decoded or normalised: `JSONDecoder` builds every value of a body before the model's rules
/// see it, so without them a 28 MB body of nine million empty strings costs seconds of CPU and
/// gigabytes of memory before its `422` comes back.
///
/// The bounds are far above what any route's rules allow (50 ingredients, 1,000-character
/// steps), so they never refuse a body the rules would accept.
@_spi(Fuzzing) public struct JSONShapeLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects.
    public var depth = 32
    /// The most entries of one array or object.
    public var entries = 1_000
    /// The most values (strings, numbers, literals, arrays, objects) in the body.
    public var values = 10_000
    /// The longest string, in bytes as sent (escapes count as written).
    public var stringBytes = 64 * 1024
    /// The longest number or literal, in bytes.
    public var tokenBytes = 256
    /// Object members whose string value may be as long as the body (a base64 photo).
    public var largeStringKeys: Set<String> = []

    /// The default bounds.
    public init() {}
}

/// The bound of ``JSONShapeLimits`` a body passed, in words for the `413` answer.
@_spi(Fuzzing) public struct JSONShapeExceeded: Error, Equatable {
    /// What was over its bound, such as `JSON nested deeper than 32 levels`.
    public let detail: String

    /// The bound passed.
    public init(_ detail: String) {
        self.detail = detail
    }
}

/// Checks a JSON text against ``JSONShapeLimits`` as its bytes arrive, chunk by chunk. It does
/// not validate the JSON (the decoder does that afterwards); it only counts, so it is cheap and
/// keeps no more than a stack of open containers.
@_spi(Fuzzing) public struct JSONShapeScanner {
    /// The bounds checked.
    public let limits: JSONShapeLimits

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

    /// A scanner at the start of a body.
    public init(limits: JSONShapeLimits) {
        self.limits = limits
    }

    /// Checks the next chunk of the body.
    /// - Throws: ``JSONShapeExceeded`` naming the bound passed.
    public mutating func feed(_ chunk: some Sequence<UInt8>) throws(JSONShapeExceeded) {
        for byte in chunk {
            try feed(byte)
        }
    }

    private mutating func feed(_ byte: UInt8) throws(JSONShapeExceeded) {
        switch mode {
        case .string(let escaped):
            if !escaped && byte == UInt8(ascii: "\"") {
                endString()
                return
            }
            mode = .string(escaped: !escaped && byte == UInt8(ascii: "\\"))
            length += 1
            guard length <= stringLimit else {
                throw JSONShapeExceeded("a JSON string is longer than \(stringLimit) bytes")
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
                throw JSONShapeExceeded("a JSON number or literal is longer than \(limits.tokenBytes) bytes")
            }
        case .between:
            try between(byte)
        }
    }

    private mutating func between(_ byte: UInt8) throws(JSONShapeExceeded) {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try countValue()
            guard stack.count < limits.depth else {
                throw JSONShapeExceeded("JSON nested deeper than \(limits.depth) levels")
            }
            let isObject = byte == UInt8(ascii: "{")
            stack.append(Container(isObject: isObject, expectingKey: isObject))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            _ = stack.popLast()
        case UInt8(ascii: ","):
            guard var top = stack.popLast() else { return }
            top.commas += 1
            guard top.commas < limits.entries else {
                throw JSONShapeExceeded("a JSON array or object has more than \(limits.entries) entries")
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

    private mutating func countValue() throws(JSONShapeExceeded) {
        values += 1
        guard values <= limits.values else {
            throw JSONShapeExceeded("the JSON body has more than \(limits.values) values")
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
