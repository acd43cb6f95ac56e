/// What a HEIF or AVIF file says about its colour in an `nclx` colour box (`colr`, ISO/IEC
/// 23008-12 and 14496-12), which libvips 8.14 ignores ("ignoring nclx profile"): colour
/// primaries, transfer and matrix as ITU-T H.273 code points, as a PNG's `cICP` chunk has them.
///
/// libheif has already turned the samples into RGB with the matrix, so the primaries and the
/// transfer are read as a PNG's `cICP` is (``PNGColourChunks``). Found by walking `meta` →
/// `iprp` → `ipco`, bounded (at most ``boxLimit`` boxes, each inside its parent), so that a damaged
/// or hostile file costs a few small reads and declares nothing rather than failing.
struct HEIFColourBoxes: Sendable, Equatable {
    /// The first `nclx` box's primaries and transfer (each 0…255, else nothing is declared) as
    /// `cICP` code points: RGB (matrix 0) at full range, since libheif has applied the matrix and
    /// range.
    var codePoints: [UInt8]?

    /// The most boxes read.
    static let boxLimit = 1000

    /// The `nclx` box of the HEIF file `location` holds, or `nil` when it has none (or cannot be
    /// read).
    static func read(_ location: EncodedSource.Location) -> HEIFColourBoxes? {
        location.readingBytes { read($0) }
    }

    /// Walks the boxes through `bytes(offset, count)`, which returns exactly `count` bytes or nil.
    static func read(_ bytes: (Int, Int) -> [UInt8]?) -> HEIFColourBoxes? {
        var budget = boxLimit
        guard let meta = child("meta", in: 0..<Int.max, bytes, budget: &budget),
            // `meta` is a full box: version and flags before its children.
            let iprp = child("iprp", in: meta.lowerBound + 4..<meta.upperBound, bytes, budget: &budget),
            let ipco = child("ipco", in: iprp, bytes, budget: &budget)
        else { return nil }
        var offset = ipco.lowerBound
        while budget > 0, let box = box(at: offset, in: ipco, bytes) {
            budget -= 1
            if box.type == "colr", box.body.count >= 11, let body = bytes(box.body.lowerBound, 11),
                body[0..<4] == [0x6E, 0x63, 0x6C, 0x78]  // "nclx"
            {
                let primaries = Int(body[4]) << 8 | Int(body[5])
                let transfer = Int(body[6]) << 8 | Int(body[7])
                guard primaries <= 255, transfer <= 255 else { return nil }
                return HEIFColourBoxes(codePoints: [UInt8(primaries), UInt8(transfer), 0, 1])
            }
            offset = box.body.upperBound
        }
        return nil
    }

    /// The body of the first box of `type` among the boxes filling `range`.
    private static func child(
        _ type: String, in range: Range<Int>, _ bytes: (Int, Int) -> [UInt8]?, budget: inout Int
    ) -> Range<Int>? {
        var offset = range.lowerBound
        while budget > 0, let box = box(at: offset, in: range, bytes) {
            budget -= 1
            if box.type == type { return box.body }
            offset = box.body.upperBound
        }
        return nil
    }

    /// The box at `offset`: its type and the range of its body, which must lie inside `range`.
    /// A size of 0 (to the end) is taken as the rest of `range`; 1 means a 64-bit size follows.
    private static func box(at offset: Int, in range: Range<Int>, _ bytes: (Int, Int) -> [UInt8]?)
        -> (type: String, body: Range<Int>)?
    {
        guard offset < range.upperBound, range.upperBound - offset >= 8, let header = bytes(offset, 8) else {
            return nil
        }
        let type = String(decoding: header[4..<8], as: UTF8.self)
        var size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        var headerSize = 8
        if size == 1 {
            guard range.upperBound - offset >= 16, let large = bytes(offset + 8, 8), large[0] < 0x80 else { return nil }
            size = large.reduce(0) { $0 << 8 | Int($1) }
            headerSize = 16
        } else if size == 0 {
            guard range.upperBound != Int.max else { return nil }
            size = range.upperBound - offset
        }
        guard size >= headerSize, size <= range.upperBound - offset else { return nil }
        return (type, offset + headerSize..<offset + size)
    }
}
