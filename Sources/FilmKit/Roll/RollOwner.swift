import FileSafety
import Foundation

/// Whose rolls a library holds, for a host that keeps many people's rolls in one place (a
/// server, a shared machine): any identifier the host chooses, such as the string of a
/// SocialModel `UserID`.
///
/// Each owner's rolls live in a library of their own inside the shared folder,
/// `<library>/owners/<SHA-256 of the identifier>/`, laid out as ``FileRollStore`` describes. A
/// ``Camera`` opened for one owner sees only that library, so no call on it (listing, searching,
/// developing, exporting, deleting) can name another owner's roll; two owners may have rolls of
/// the same name. The identifier is compared exactly (no case folding or normalisation: `Ana`
/// and `ana` are two owners), and hashed for the folder name, so it needs no escaping.
///
/// A library used without an owner (``FileRollStore/init(folder:)``, `filmkit roll` without
/// `--owner`) keeps its rolls at its top level, as before owners existed: single-user libraries
/// keep working unchanged, and their rolls belong to no owner.
public struct RollOwner: Sendable, Hashable, CustomStringConvertible {
    /// The identifier, exactly as given.
    public let identifier: String

    /// The longest identifier, in bytes of UTF-8.
    public static let maximumLength = 256

    /// The folder inside a shared library that holds owners' libraries.
    static let ownersFolderName = "owners"

    /// An owner.
    /// - Parameter identifier: any text without control characters, 1…256 bytes of UTF-8.
    /// - Throws: ``RollError/invalidOwner(_:)`` for an empty or over-long identifier, or one with a
    ///   control character.
    public init(_ identifier: String) throws(RollError) {
        guard (1...Self.maximumLength).contains(identifier.utf8.count),
            !identifier.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidOwner(identifier) }
        self.identifier = identifier
    }

    /// The identifier.
    public var description: String { identifier }

    /// The folder of this owner's rolls inside a shared library.
    /// - Parameter library: the shared library's folder.
    /// - Returns: `<library>/owners/<64 hexadecimal digits>`.
    public func folder(in library: URL) -> URL {
        library.appendingPathComponent(Self.ownersFolderName)
            .appendingPathComponent(Checksum.sha256(Data(identifier.utf8)))
    }
}

extension FileRollStore {
    /// Opens (and creates, when missing) one owner's library inside a shared library, and locks
    /// it; see ``RollOwner``.
    /// - Parameters:
    ///   - library: the shared library's folder.
    ///   - owner: whose rolls to open.
    /// - Throws: the errors of ``init(folder:)``.
    public convenience init(library: URL, owner: RollOwner) throws(RollError) {
        try self.init(folder: owner.folder(in: library))
    }

    /// Opens one owner's library inside a shared library for reading only, as
    /// ``init(readingFolder:)`` does.
    /// - Parameters:
    ///   - library: the shared library's folder.
    ///   - owner: whose rolls to open.
    /// - Throws: the errors of ``init(readingFolder:)``.
    public convenience init(readingLibrary library: URL, owner: RollOwner) throws(RollError) {
        try self.init(readingFolder: owner.folder(in: library))
    }
}

/// A shared roll library serving many owners from one process: one ``Camera`` per owner, each
/// over that owner's rolls only (see ``RollOwner``), opened on first use and kept open (with its
/// library's lock) while this object lives.
///
/// ```swift
/// let rolls = RollLibrary(folder: libraryURL, registry: .shared)
/// let camera = try await rolls.camera(for: RollOwner(userID.description))
/// try await camera.load("Léto", stock: "kodak-portra-400", size: .twentyFour)
/// ```
public actor RollLibrary {
    /// The shared library's folder.
    public nonisolated let folder: URL
    private let registry: FilterRegistry
    private let configuration: Camera.Configuration
    private var cameras: [RollOwner: Camera] = [:]

    /// A shared library; nothing is opened until a camera is asked for.
    /// - Parameters:
    ///   - folder: the shared library's folder.
    ///   - registry: where the cameras look stocks up.
    ///   - configuration: the cameras' development delay, clock and concurrency.
    public init(folder: URL, registry: FilterRegistry, configuration: Camera.Configuration = Camera.Configuration()) {
        self.folder = folder
        self.registry = registry
        self.configuration = configuration
    }

    /// The camera over `owner`'s rolls, the same one each time.
    /// - Parameter owner: whose rolls.
    /// - Returns: a camera that sees only `owner`'s rolls.
    /// - Throws: the errors of ``FileRollStore/init(library:owner:)`` and ``Camera/init(store:registry:configuration:)``.
    public func camera(for owner: RollOwner) throws(RollError) -> Camera {
        if let camera = cameras[owner] { return camera }
        let camera = try Camera(
            store: FileRollStore(library: folder, owner: owner), registry: registry, configuration: configuration)
        cameras[owner] = camera
        return camera
    }
}
