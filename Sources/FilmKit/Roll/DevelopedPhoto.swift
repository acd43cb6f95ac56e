import FileSafety
import Foundation

/// A developed frame: the shot with the roll's stock applied, and what its EXIF carries.
public struct DevelopedPhoto: Sendable, Hashable, Codable {
    /// The frame number on the roll, from 1.
    public let frame: Int
    /// How many exposures the roll holds, for "frame 12 of 36".
    public let frameCount: Int
    /// The roll's identity.
    public let rollID: UUID
    /// The roll's name.
    public let rollName: String
    /// The stock's registered name.
    public let stock: String
    /// When and where the shot was taken.
    public let metadata: ShotMetadata
    /// The EXIF image description: the stock and frame, then the roll's note and the frame's
    /// note when they have one, such as `Kodak Portra 400 — frame 12 of 36 — Prague with Ana —
    /// sunset on the bridge`.
    public let imageDescription: String
    /// The roll's note when the frame was developed.
    public let rollNote: String?
    /// The frame's note when it was developed.
    public let frameNote: String?
    /// The file extension of the developed bytes.
    public let fileExtension: String
    /// The SHA-256 of the developed bytes (64 hexadecimal digits), recorded when the frame was
    /// developed; export and ``Camera/photoData(frame:of:)`` refuse bytes that do not match it.
    /// `nil` for photos developed before AnalogKit recorded checksums.
    public private(set) var checksum: String?

    /// Creates the record of a developed frame of `roll`.
    /// - Parameters:
    ///   - frame: the frame number, from 1.
    ///   - roll: the roll.
    ///   - metadata: the shot's date and place.
    ///   - fileExtension: the extension of the developed bytes.
    ///   - checksum: the SHA-256 of the developed bytes, in hexadecimal.
    public init(
        frame: Int, of roll: Roll, metadata: ShotMetadata, fileExtension: String = "jpg", checksum: String? = nil
    ) {
        self.frame = frame
        self.frameCount = roll.size.exposures
        self.rollID = roll.id
        self.rollName = roll.name
        self.stock = roll.stock
        self.metadata = metadata
        self.rollNote = roll.note
        self.frameNote = roll.note(forFrame: frame)
        self.imageDescription =
            (["\(roll.stockTitle) — frame \(frame) of \(roll.size.exposures)"]
            + [rollNote, frameNote].compactMap { $0 }).joined(separator: " — ")
        self.fileExtension = fileExtension
        self.checksum = checksum
    }

    /// This record with the checksum of `data`, the developed bytes.
    func checksummed(_ data: Data) -> DevelopedPhoto {
        var photo = self
        photo.checksum = Checksum.sha256(data)
        return photo
    }

    /// Whether `data` are the bytes this photo was developed to (always, for a photo without a
    /// checksum).
    func matches(_ data: Data) -> Bool {
        checksum.map { $0 == Checksum.sha256(data) } ?? true
    }

    /// A file name for an export: the roll's name made safe for file systems, and the frame
    /// number, such as `Leto-07.jpg`.
    public var suggestedFileName: String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        let folded = rollName.folding(options: [.diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        let safe = String(
            folded.unicodeScalars.map { allowed.contains($0) && $0.isASCII ? Character($0) : "_" })
        let width = max(2, String(frameCount).count)
        let number = String(repeating: "0", count: max(0, width - String(frame).count)) + String(frame)
        return "\(safe.isEmpty ? "roll" : safe)-\(number).\(fileExtension)"
    }
}
