import Foundation

/// A roll of film: loaded with a stock, shot frame by frame, then developed into photos.
///
/// A roll moves through ``RollState/loaded`` → ``RollState/full`` → ``RollState/developing`` →
/// ``RollState/developed`` and never back, except that a development interrupted by a crash or a
/// cancellation returns it to ``RollState/full`` with its latent shots intact. Rolls are values;
/// a ``Camera`` changes them and keeps them in a ``RollStore``.
public struct Roll: Sendable, Hashable, Codable, Identifiable {
    /// A stable identity that also seeds each frame's grain and light leaks.
    public let id: UUID
    /// The name people gave the roll, unique in its library ignoring case and accents.
    public let name: String
    /// The registered filter name of the film stock, such as `kodak-portra-400` or `vintage`.
    public let stock: String
    /// The stock as people read it, such as `Kodak Portra 400`: the registry's title when it has
    /// one, kept with the roll so its photos are described the same way for good.
    public let stockTitle: String
    /// How many exposures the roll holds.
    public let size: RollSize
    /// Where the roll is in its life.
    public internal(set) var state: RollState
    /// The latent (undeveloped) shots, in the order they were taken.
    public internal(set) var shots: [Shot]
    /// The developed photos, one per shot; empty until the roll is developed.
    public internal(set) var photos: [DevelopedPhoto]
    /// When the roll was loaded into the camera.
    public let loadedDate: Date
    /// When the roll became full, by its last exposure or by ``Camera/finishEarly(_:)``.
    public internal(set) var fullDate: Date?
    /// When the roll was sent for development.
    public internal(set) var developmentStartedDate: Date?
    /// When the lab hands the photos back: the end of the rendering plus the camera's
    /// ``DevelopmentDelay``. Set when every frame has been rendered; `nil` before.
    public internal(set) var readyDate: Date?

    /// Creates a freshly loaded, empty roll.
    ///
    /// - Parameters:
    ///   - id: the roll's identity, which also seeds its development.
    ///   - name: the name people gave the roll.
    ///   - stock: the registered filter name of the stock.
    ///   - stockTitle: the stock's name for people; by default made from `stock` with
    ///     ``displayName(ofStock:)``.
    ///   - size: how many exposures the roll holds.
    ///   - loadedDate: when the roll was loaded.
    public init(
        id: UUID = UUID(), name: String, stock: String, stockTitle: String? = nil, size: RollSize, loadedDate: Date
    ) {
        self.id = id
        self.name = name
        self.stock = stock
        self.stockTitle = stockTitle ?? Roll.displayName(ofStock: stock)
        self.size = size
        self.state = .loaded
        self.shots = []
        self.photos = []
        self.loadedDate = loadedDate
    }

    /// The exposures still to take: 0 once the roll is full (also when finished early).
    public var exposuresLeft: Int {
        state == .loaded ? max(0, size.exposures - shots.count) : 0
    }

    /// Whether the roll was finished with fewer shots than it holds.
    public var finishedEarly: Bool {
        state != .loaded && shots.count < size.exposures
    }

    /// The seed for one frame's random effects, derived from the roll's identity and the frame
    /// number, so developing the same roll twice gives the same bytes and no two frames share grain.
    public func seed(forFrame frame: Int) -> UInt64 {
        let (high, low) = withUnsafeBytes(of: id.uuid) { bytes in
            (
                bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            )
        }
        return SplitMix64.mix(SplitMix64.mix(UInt64(littleEndian: high) ^ UInt64(frame)) ^ UInt64(littleEndian: low))
    }

    /// Sets the roll's latent shots, sorted by frame: for a ``RollStore`` that keeps shots apart
    /// from the roll's record and reassembles them in ``RollStore/loadRolls()``.
    public mutating func replaceShots(with shots: [Shot]) {
        self.shots = shots.sorted { $0.frame < $1.frame }
    }

    /// Whether `name` names this roll, ignoring case and accents.
    public func isNamed(_ name: String) -> Bool {
        NameMatcher.fold(self.name) == NameMatcher.fold(name)
    }

    /// Turns a registered stock name into words: hyphens and underscores become spaces and each
    /// word starts with a capital, so `kodak-portra-400` reads `Kodak Portra 400`.
    public static func displayName(ofStock stock: String) -> String {
        stock.split(whereSeparator: { $0 == "-" || $0 == "_" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }
}

/// How many exposures a roll holds.
public enum RollSize: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 12 exposures.
    case twelve = 12
    /// 24 exposures (Gudak's only size).
    case twentyFour = 24
    /// 36 exposures, the common 35 mm cassette.
    case thirtySix = 36

    /// The number of exposures.
    public var exposures: Int { rawValue }

    /// The size with this many exposures, or `nil` unless it is 12, 24 or 36.
    public init?(exposures: Int) {
        self.init(rawValue: exposures)
    }
}

/// Where a roll is in its life.
public enum RollState: String, Sendable, Hashable, Codable, CaseIterable {
    /// In the camera, taking shots.
    case loaded
    /// Every exposure taken (or finished early on purpose); ready to develop.
    case full
    /// At the lab: being rendered, or rendered and waiting out the development delay.
    case developing
    /// Developed: its photos can be browsed and exported.
    case developed
}
