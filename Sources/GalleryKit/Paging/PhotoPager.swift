/// Steps through a location's photos one at a time, as a detail view does: next and previous
/// wrap around endlessly in both directions.
public struct PhotoPager: Sendable, Hashable {
    /// The photos, in browsing order (newest first).
    public let photos: [Photo]
    /// The index of the current photo, 0-based.
    public private(set) var index: Int

    /// A pager starting at `index` (wrapped into range).
    /// - Throws: ``GalleryError/invalidArgument(_:)`` when there are no photos.
    public init(photos: [Photo], startingAt index: Int = 0) throws(GalleryError) {
        guard !photos.isEmpty else { throw .invalidArgument(.emptyPager) }
        self.photos = photos
        self.index = Self.wrapped(index, count: photos.count)
    }

    /// The current photo.
    public var current: Photo { photos[index] }

    /// How many photos there are.
    public var count: Int { photos.count }

    /// Moves to the next photo (after the last comes the first) and returns it.
    @discardableResult
    public mutating func next() -> Photo { move(by: 1) }

    /// Moves to the previous photo (before the first comes the last) and returns it.
    @discardableResult
    public mutating func previous() -> Photo { move(by: -1) }

    /// Moves by `offset` photos, wrapping, and returns the photo there.
    @discardableResult
    public mutating func move(by offset: Int) -> Photo {
        index = Self.wrapped(index + offset % count, count: count)
        return current
    }

    /// The 1-based position, as people count: "3 of 10".
    public var position: (index: Int, count: Int) { (index + 1, count) }

    /// The position indicator in `language`: "3 of 10", "3 z 10".
    public func positionLabel(_ language: CountLanguage = .english) -> String {
        switch language {
        case .english: "\(index + 1) of \(count)"
        case .slovak, .czech: "\(index + 1) z \(count)"
        }
    }

    private static func wrapped(_ value: Int, count: Int) -> Int {
        ((value % count) + count) % count
    }
}
