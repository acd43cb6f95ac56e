import Foundation

extension Data {
    /// Whether `other` is the same bytes. `#expect(a.isSameBytes(as: b))` rather than
    /// `#expect(a == b)`: on a failure, Swift Testing diffs two collections compared with `==`, which
    /// takes minutes on an encoded image's megabytes.
    public func isSameBytes(as other: Data) -> Bool { self == other }
}
