/// The in-memory part of the ring buffer: for each frame slot, its timestamp and, once its file
/// is on disk, the file's size.
///
/// It holds a few numbers per buffered frame (the backward window plus pending clips), never
/// pixels, so memory stays flat whatever the resolution and however long the recorder runs.
struct FrameIndex: Sendable {
    private var times: [Int: Double] = [:]
    private var bytes: [Int: Int] = [:]
    /// Every slot below this has been evicted.
    private(set) var evictedBelow = 0
    /// The bytes of all buffered frame files.
    private(set) var diskBytes = 0

    /// The number of frame files on disk.
    var storedCount: Int { bytes.count }

    /// The timestamp given to a slot when it was reserved.
    func time(of slot: Int) -> Double? { times[slot] }

    /// Whether the slot's file is on disk.
    func isStored(_ slot: Int) -> Bool { bytes[slot] != nil }

    /// Notes the timestamp of a slot whose frame is on its way to disk.
    mutating func reserve(slot: Int, time: Double) {
        times[slot] = time
    }

    /// Records a frame file that reached the disk; returns `false` when the slot was evicted
    /// meanwhile (its file must then be deleted at once).
    mutating func commit(slot: Int, byteCount: Int) -> Bool {
        guard slot >= evictedBelow else { return false }
        bytes[slot] = byteCount
        diskBytes += byteCount
        return true
    }

    /// Drops every slot below `slot` and returns those whose files are to be deleted, with their
    /// sizes.
    mutating func evict(below slot: Int) -> [(slot: Int, bytes: Int)] {
        guard slot > evictedBelow else { return [] }
        var removed: [Int] = []
        if slot - evictedBelow > times.count + bytes.count {
            // A long jump (after a stop): walking the dictionaries is cheaper than the range.
            for key in times.keys where key < slot { times[key] = nil }
            removed = bytes.keys.filter { $0 < slot }
        } else {
            for key in evictedBelow..<slot {
                times[key] = nil
                if bytes[key] != nil { removed.append(key) }
            }
        }
        let files = removed.map { key in (slot: key, bytes: bytes.removeValue(forKey: key) ?? 0) }
        for file in files { diskBytes -= file.bytes }
        evictedBelow = slot
        return files
    }
}
