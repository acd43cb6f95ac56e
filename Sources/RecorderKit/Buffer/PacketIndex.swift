/// One compressed packet in the ring buffer: where its bytes are in its group's file and its
/// times on the recording's timeline (``PacketTimeline`` ticks).
struct PacketRecord: Sendable {
    /// The byte offset in the group's file.
    var offset: Int
    var size: Int
    var pts: Int64
    var dts: Int64
    var duration: Int64
    var isKey: Bool
    /// The stream the packet belongs to: 0 is the video. Clips are written per stream, so a
    /// second stream (sound) can join the same groups later.
    var stream: Int
}

/// A group of pictures: a key frame and the packets up to the next one, kept in one file.
/// Clips of a passthrough recording start and end at group boundaries.
struct PacketGroup: Sendable {
    let number: Int
    /// The codec parameters the group was recorded with.
    let parameters: StreamParameters
    /// The presentation time of its key frame.
    let startPTS: Int64
    /// Whether a loss (or a pause) came just before it.
    let followsGap: Bool
    private(set) var packets: [PacketRecord] = []
    /// Bytes reserved in the file (packets being written included).
    var reservedBytes = 0
    /// One tick past the end of its last frame's display.
    private(set) var endPTS: Int64
    /// No packet joins it any more.
    var isClosed = false

    init(number: Int, parameters: StreamParameters, startPTS: Int64, followsGap: Bool) {
        self.number = number
        self.parameters = parameters
        self.startPTS = startPTS
        self.followsGap = followsGap
        endPTS = startPTS
    }

    mutating func append(_ record: PacketRecord) {
        packets.append(record)
        endPTS = max(endPTS, record.pts + record.duration)
    }

    var committedBytes: Int { packets.last.map { $0.offset + $0.size } ?? 0 }
}

/// The in-memory part of a passthrough ring buffer: the groups of pictures on disk, oldest
/// first, and the records of their packets (a few numbers a packet, never the packets' bytes).
struct PacketIndex: Sendable {
    /// Group numbers are consecutive; the first one here is the oldest not yet evicted.
    private(set) var groups: [PacketGroup] = []
    /// Every group below this number has been evicted.
    private(set) var evictedBelow = 0

    /// The bytes of all buffered packet files.
    var diskBytes: Int { groups.reduce(0) { $0 + $1.reservedBytes } }

    /// The number of group files on disk.
    var storedCount: Int { groups.count }

    /// The group that receives packets, if any.
    var openGroup: PacketGroup? { groups.last.flatMap { $0.isClosed ? nil : $0 } }

    /// The group with this number, if it is still buffered.
    subscript(number: Int) -> PacketGroup? {
        guard let first = groups.first?.number, number >= first, number - first < groups.count else { return nil }
        return groups[number - first]
    }

    /// Starts a group (closing the open one); `number` must follow the last group's.
    mutating func startGroup(_ group: PacketGroup) {
        closeOpenGroup()
        if groups.isEmpty { evictedBelow = max(evictedBelow, group.number) }
        groups.append(group)
    }

    /// Closes the open group, if any.
    mutating func closeOpenGroup() {
        if let last = groups.indices.last { groups[last].isClosed = true }
    }

    /// Reserves `size` bytes at the end of the open group's file and returns their offset.
    mutating func reserve(_ size: Int) -> (group: Int, offset: Int)? {
        guard let last = groups.indices.last, !groups[last].isClosed else { return nil }
        let offset = groups[last].reservedBytes
        groups[last].reservedBytes += size
        return (groups[last].number, offset)
    }

    /// Records a packet whose bytes reached its group's file; `false` when the group is gone.
    mutating func commit(_ record: PacketRecord, group number: Int) -> Bool {
        guard let first = groups.first?.number, number >= first, number - first < groups.count else { return false }
        groups[number - first].append(record)
        return true
    }

    /// The group whose key frame is at or before `time` (the newest such), else the oldest at or
    /// after `floor`: where a clip whose window starts at `time` begins.
    func group(startingAtOrBefore time: Int64, floor: Int) -> Int? {
        var oldest: Int?
        for group in groups.reversed() where group.number >= floor {
            if group.startPTS <= time { return group.number }
            oldest = group.number
        }
        return oldest
    }

    /// Drops every group below `number` and returns the numbers of those whose files are to be
    /// deleted, with their sizes. The open group is never dropped.
    mutating func evict(below number: Int) -> [(number: Int, bytes: Int)] {
        var removed: [(number: Int, bytes: Int)] = []
        while let first = groups.first, first.number < number, first.isClosed {
            removed.append((first.number, first.reservedBytes))
            groups.removeFirst()
        }
        evictedBelow = max(evictedBelow, groups.first?.number ?? number)
        return removed
    }
}
