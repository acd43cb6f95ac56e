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
    /// The film frame the roll is shot on (35 mm unless loaded otherwise): sets the grain's size
    /// and strength when the roll is developed.
    public internal(set) var format: FilmFormat
    /// The note people wrote on the roll (see ``normalizedNote(_:)``), or `nil`.
    public internal(set) var note: String?
    /// The notes written on frames, by frame number (see ``note(forFrame:)``).
    public internal(set) var frameNotes: [Int: String]

    /// The longest note, in Unicode scalars (so at most 4,000 bytes of UTF-8).
    public static let maximumNoteLength = 1_000

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
    ///   - format: the film frame the roll is shot on.
    public init(
        id: UUID = UUID(), name: String, stock: String, stockTitle: String? = nil, size: RollSize, loadedDate: Date,
        format: FilmFormat = .thirtyFive
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
        self.format = format
        self.frameNotes = [:]
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, stock, stockTitle, size, state, shots, photos, loadedDate, fullDate
        case developmentStartedDate, readyDate, format, note, frameNotes
    }

    /// Reads a roll's record. A record written before rolls had a format, notes or frame notes
    /// reads as 35 mm without notes.
    /// - Throws: `DecodingError` for a record that is not a roll.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        stock = try container.decode(String.self, forKey: .stock)
        stockTitle = try container.decode(String.self, forKey: .stockTitle)
        size = try container.decode(RollSize.self, forKey: .size)
        state = try container.decode(RollState.self, forKey: .state)
        shots = try container.decode([Shot].self, forKey: .shots)
        photos = try container.decode([DevelopedPhoto].self, forKey: .photos)
        loadedDate = try container.decode(Date.self, forKey: .loadedDate)
        fullDate = try container.decodeIfPresent(Date.self, forKey: .fullDate)
        developmentStartedDate = try container.decodeIfPresent(Date.self, forKey: .developmentStartedDate)
        readyDate = try container.decodeIfPresent(Date.self, forKey: .readyDate)
        format = try container.decodeIfPresent(FilmFormat.self, forKey: .format) ?? .thirtyFive
        note = try container.decodeIfPresent(String.self, forKey: .note)
        frameNotes = try container.decodeIfPresent([Int: String].self, forKey: .frameNotes) ?? [:]
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

    /// The note written on a frame, or `nil`.
    /// - Parameter frame: the frame number, from 1.
    public func note(forFrame frame: Int) -> String? {
        frameNotes[frame]
    }

    /// A note as it is kept: in Unicode's composed form (NFC), without spaces at either end;
    /// `nil` for an empty note (which removes one).
    /// - Parameter note: the text people wrote.
    /// - Returns: the note to keep, or `nil`.
    /// - Throws: ``RollError/invalidNote(_:)`` for a note over ``maximumNoteLength`` Unicode
    ///   scalars, or with a control character or line break (a note is one line: it goes into
    ///   one EXIF field and one line of `filmkit roll list`).
    public static func normalizedNote(_ note: String?) throws(RollError) -> String? {
        guard let note else { return nil }
        let normalized = note.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        if let control = normalized.unicodeScalars.first(where: {
            [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }) {
            throw .invalidNote(.controlCharacter(control.value))
        }
        guard normalized.unicodeScalars.count <= maximumNoteLength else {
            throw .invalidNote(.tooLong(count: normalized.unicodeScalars.count, limit: maximumNoteLength))
        }
        return normalized.isEmpty ? nil : normalized
    }

    /// Whether the roll's name, its note or a frame's note contains `query`, ignoring case and
    /// accents; every roll matches an empty query.
    func matches(_ query: String) -> Bool {
        let folded = NameMatcher.fold(query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !folded.isEmpty else { return true }
        return ([name] + [note].compactMap { $0 } + frameNotes.values).contains {
            NameMatcher.fold($0).contains(folded)
        }
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
