import NIOCore

/// Refuses a multipart body whose part header name holds a byte of 0x80 or above before
/// multipart-kit reads it.
///
/// multipart-kit 4.7.1 (the newest this package can use) checks each byte of a part's header
/// name against a table of 128 entries indexed by the byte, so such a byte is an out-of-range
/// index and stops the process: one 27-byte upload from any signed-in user (found by the
/// `multipart` fuzz target). This follows the parser's own states byte by byte — the same
/// boundary matching, the same header grammar — so it knows when the parser is inside a header
/// name; header values (a browser's UTF-8 file name) and part bodies are not refused. Where the
/// parser would stop with a syntax error, the guard stops following and lets the parser answer.
struct MultipartHeaderNameGuard {
    /// The parser's position, as multipart-kit's `MultipartParser` keeps it.
    private enum State {
        case preamble(matched: Int)
        /// The CR LF after a boundary; `sawCR` once its CR has come.
        case delimiterEnd(sawCR: Bool)
        case headerName(empty: Bool)
        case headerValue
        case headerValueEnd
        case headersEnd
        case body
        case boundary(matched: Int)
        /// The epilogue, or a syntax error the parser will report: nothing more to follow.
        case done
    }

    private let delimiter: [UInt8]
    private var state = State.preamble(matched: 0)

    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// Follows a chunk; `false` as soon as a header name holds a byte the parser cannot index.
    mutating func accepts(_ chunk: ByteBuffer) -> Bool {
        chunk.withUnsafeReadableBytes { bytes in
            var index = 0
            while index < bytes.count {
                if case .body = state {
                    // The parser skips to the first byte that can open the delimiter.
                    guard let next = bytes[index...].firstIndex(of: delimiter[0]) else { return true }
                    index = next + 1
                    state = .boundary(matched: 1)
                    continue
                }
                if case .done = state { return true }
                guard step(bytes[index]) else { return false }
                index += 1
            }
            return true
        }
    }

    /// One byte outside a part body, as the parser takes it.
    private mutating func step(_ byte: UInt8) -> Bool {
        switch state {
        case .preamble(var matched):
            // The parser lets the first delimiter come without its leading CR LF.
            if matched == 0, byte == delimiter[2] {
                matched = 3
            } else if byte == delimiter[matched] {
                matched += 1
            } else if matched > 0, byte == delimiter[0] {
                matched = 1
            } else {
                matched = 0
            }
            state = matched >= delimiter.count ? .delimiterEnd(sawCR: false) : .preamble(matched: matched)
        case .delimiterEnd(let sawCR):
            if !sawCR, byte == 13 {
                state = .delimiterEnd(sawCR: true)
            } else if sawCR, byte == 10 {
                state = .headerName(empty: true)
            } else {
                state = .done
            }
        case .headerName(let empty):
            if byte == UInt8(ascii: ":"), !empty {
                state = .headerValue
            } else if byte == 13, empty {
                state = .headersEnd
            } else if byte >= 0x80 {
                return false
            } else if Self.isTokenCharacter(byte) {
                state = .headerName(empty: false)
            } else {
                state = .done
            }
        case .headerValue:
            if byte == 13 { state = .headerValueEnd }
        case .headerValueEnd:
            state = byte == 10 ? .headerName(empty: true) : .done
        case .headersEnd:
            state = byte == 10 ? .body : .done
        case .boundary(let matched):
            if matched >= delimiter.count {
                // After a whole delimiter: CR opens the next part's headers, "-" the epilogue.
                state = byte == 13 ? .delimiterEnd(sawCR: true) : .done
            } else if byte == delimiter[matched] {
                state = .boundary(matched: matched + 1)
            } else if byte == delimiter[0] {
                state = .boundary(matched: 1)
            } else {
                state = .body
            }
        case .body, .done:
            break
        }
        return true
    }

    /// RFC 822's token characters below 0x80: what the parser accepts in a header name.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        guard byte > 32, byte < 127 else { return false }
        return !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
    }
}
