/// A small, fast, seedable random number generator (Steele, Lea and Flood, 2014).
///
/// Film effects must give the same bytes for the same seed on every platform and Swift version,
/// which the standard library's generator does not promise.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// A uniform value in `range`, from the generator's own bits so it is the same everywhere.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// SplitMix64's finaliser: scrambles `value`'s bits so that nearby inputs give unrelated outputs
    /// (FilmKit derives per-filter and per-frame seeds with it).
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
