import Foundation
import FuzzDriver
@_spi(Fuzzing) import RecorderKit

/// The passthrough packet check (the one that drops cut packets): the input's first byte picks
/// H.264 or H.265, the next 23 bytes are the stream's parameter sets (`avcC`/`hvcC` when the
/// first is 1), the rest is the packet. Beyond not crashing, a packet found whole must tile into
/// NAL units exactly, and one that tiles must be found whole.
func fuzzPacket(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count >= 24 else { return 0 }
    let input = UnsafeRawBufferPointer(start: start, count: count)
    let isHEVC = input[0] & 1 == 1
    let extradata = UnsafeRawBufferPointer(rebasing: input[1..<24])
    let packet = UnsafeRawBufferPointer(rebasing: input[24...])
    let whole = PacketIntegrityCheck.isWhole(packet, extradata: extradata, isHEVC: isHEVC)
    // The prefix size, read from the parameter sets as the formats define it.
    guard extradata[0] == 1 else {
        if !whole { fatalError("an Annex B stream's packet was refused") }
        return 0
    }
    let prefix = Int(isHEVC ? extradata[21] & 3 : extradata[4] & 3) + 1
    if whole != tiles(Array(packet), prefix: prefix) {
        fatalError("the check said \(whole) for a packet of \(packet.count) bytes, prefix \(prefix)")
    }
    return 0
}

/// Whether `bytes` splits into units of a `prefix`-byte big-endian length (not 0) and that many
/// bytes, with nothing left over and at least one unit: written apart from the recorder's own walk.
func tiles(_ bytes: [UInt8], prefix: Int) -> Bool {
    var rest = bytes[...]
    var units = 0
    while !rest.isEmpty {
        guard rest.count > prefix else { return false }
        let length = rest.prefix(prefix).reduce(0) { $0 * 256 + Int($1) }
        rest = rest.dropFirst(prefix)
        guard length > 0, length <= rest.count else { return false }
        rest = rest.dropFirst(length)
        units += 1
    }
    return units > 0
}

exit(FuzzDriver.run(fuzzPacket))
