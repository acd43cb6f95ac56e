import Imaging
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Reusable memory for the pixels ``EventRecorder/push(pixels:timestamp:)`` copies in, and for the
/// frames `FrameDecoder` converts to RGB, so that a frame costs one write into memory that is
/// already mapped.
///
/// Without it each frame got a fresh buffer from libvips: at 4K (25 MB of RGB) glibc maps it, the
/// kernel zero-fills every page on first touch, and it is unmapped again once the frame is
/// compressed, for about a third of the recorder's CPU time. Blocks are mapped here directly
/// (`mmap`), so that giving one up returns its memory to the system at once, with no allocator
/// heuristics and no `malloc_trim`.
///
/// A block comes back when libvips lets go of the image made on it. At most `capacity` idle
/// blocks are kept, all of the frame size last asked for; a block is only made when none is idle,
/// so the blocks in existence never outnumber the frames alive at once, as before the pool.
final class PixelMemoryPool: Sendable {
    private struct Idle {
        var blocks: [PixelBlock] = []
        var byteCount = 0
        /// Every block made so far, for the tests that check reuse.
        var made = 0
    }

    private let idle = Locked(Idle())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Copies `pixels` into a block and wraps it as an image; the block comes back to the pool
    /// when the image is gone.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if the samples do not make an image of the
    ///   buffer's size; ``ImagingError/operationFailed(operation:message:)`` if memory cannot be had.
    func image(copying pixels: PixelBuffer) throws(ImagingError) -> Image {
        let (width, height, bands) = (pixels.width, pixels.height, pixels.bands)
        guard let byteCount = Self.byteCount(width, height, bands), pixels.samples.count >= byteCount else {
            throw .invalidArgument("\(pixels.samples.count) samples do not make a \(width)×\(height)×\(bands) image")
        }
        return try image(width: width, height: height, bands: bands) { memory in
            pixels.samples.withUnsafeBytes { samples in
                if let source = samples.baseAddress { memory.copyMemory(from: source, byteCount: byteCount) }
            }
        }
    }

    /// An image on a block whose `width × height × bands` samples `fill` writes (row by row,
    /// bands interleaved, no padding); the block comes back to the pool when the image is gone.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if a dimension is not positive;
    ///   ``ImagingError/operationFailed(operation:message:)`` if memory cannot be had.
    func image(
        width: Int, height: Int, bands: Int, filling fill: (UnsafeMutableRawPointer) -> Void
    ) throws(ImagingError) -> Image {
        guard let byteCount = Self.byteCount(width, height, bands) else {
            throw .invalidArgument("\(width)×\(height)×\(bands) is not an image size")
        }
        let block = try take(byteCount: byteCount)
        fill(block.memory)
        return try Image(
            borrowing: UnsafeRawBufferPointer(start: block.memory, count: byteCount), width: width, height: height,
            bands: bands
        ) { [weak self] in
            self?.giveBack(block)
        }
    }

    private static func byteCount(_ width: Int, _ height: Int, _ bands: Int) -> Int? {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflowBands) = pixels.multipliedReportingOverflow(by: bands)
        guard width > 0, height > 0, bands > 0, !overflow, !overflowBands else { return nil }
        return bytes
    }

    /// Lets every idle block go (blocks still in use are let go when they come back, unless
    /// frames of their size are asked for again first).
    func drain() {
        // Returned so that the blocks are unmapped outside the lock.
        _ = idle.withLock { idle in
            defer { idle = Idle(made: idle.made) }
            return idle.blocks
        }
    }

    /// The number of idle blocks now.
    var idleCount: Int { idle.withLock { $0.blocks.count } }

    /// The number of blocks made since the pool was.
    var blocksMade: Int { idle.withLock { $0.made } }

    private func take(byteCount: Int) throws(ImagingError) -> PixelBlock {
        // Blocks of another size are returned, to be unmapped outside the lock.
        let (reused, _) = idle.withLock { idle -> (PixelBlock?, [PixelBlock]) in
            guard idle.byteCount == byteCount else {
                defer { idle = Idle(byteCount: byteCount, made: idle.made + 1) }
                return (nil, idle.blocks)
            }
            guard let reused = idle.blocks.popLast() else {
                idle.made += 1
                return (nil, [])
            }
            return (reused, [])
        }
        if let reused { return reused }
        guard let block = PixelBlock(byteCount: byteCount) else {
            throw .operationFailed(operation: "mmap", message: "no memory for a \(byteCount)-byte frame")
        }
        return block
    }

    private func giveBack(_ block: PixelBlock) {
        _ = idle.withLock { idle -> PixelBlock? in
            guard idle.byteCount == block.byteCount, idle.blocks.count < capacity else { return block }
            idle.blocks.append(block)
            return nil
        }
    }
}

/// One mapping of anonymous memory, unmapped when the last reference goes.
final class PixelBlock: @unchecked Sendable {
    // @unchecked: the memory is written only by the thread that took the block from the pool,
    // before the image made on it is shared; the pool's lock orders every hand-over.
    let memory: UnsafeMutableRawPointer
    let byteCount: Int

    init?(byteCount: Int) {
        let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        memory = mapped
        self.byteCount = byteCount
    }

    deinit {
        munmap(memory, byteCount)
    }
}
