import Imaging

// Compiler-error stubs for public API that 0.2.0 renamed or removed: old code fails to compile
// with a message that says what to write instead. None of them can be called.

extension Camera {
    /// Unavailable: pass the registry.
    @available(
        *, unavailable, renamed: "init(store:registry:configuration:)",
        message: "Pass the registry explicitly: Camera(store: store, registry: .shared)"
    )
    public init(store: any RollStore, configuration: Configuration = Configuration()) throws(RollError) {
        // An actor's initializer in an extension must delegate; the old default registry.
        try self.init(store: store, registry: .shared, configuration: configuration)
    }
}

extension FileRollStore {
    /// Unavailable: damaged rolls are listed by ``Camera/damage()``.
    @available(
        *, unavailable,
        message: "Damaged rolls are listed by Camera.damage() (and RollStore.loadRolls().damage)"
    )
    public var skippedFolders: [String] { fatalError("unavailable") }
}

extension Halation {
    /// Unavailable: renamed ``knee``, on the scene-exposure estimate.
    @available(
        *, unavailable,
        message:
            "Use knee: halation now starts at a knee on the scene-exposure estimate (default 0.9), not a luma threshold"
    )
    public var threshold: Double { fatalError("unavailable") }

    /// Unavailable: `threshold:` is now `knee:`.
    @available(
        *, unavailable,
        message:
            "Use init(strength:radius:knee:color:): threshold is now knee (default 0.9, on the scene-exposure estimate)"
    )
    public init(strength: Double = 0.3, radius: Double = 0.012, threshold: Double, color: [Double] = glowColor) {
        fatalError("unavailable")
    }
}

extension ContactSheet {
    /// Unavailable: pass the registry.
    @available(
        *, unavailable, renamed: "everyStock(of:registry:seed:layout:)",
        message: "Pass the registry explicitly: ContactSheet.everyStock(of: photo, registry: .shared)"
    )
    public static func everyStock(
        of photo: Image, seed: UInt64 = 1,
        layout: ContactSheet = ContactSheet(columns: 5, cellWidth: 360, cellHeight: 250)
    ) throws -> Image { fatalError("unavailable") }
}

extension GrainFigure {
    /// Unavailable: grain is a density deviation now, not 8-bit levels.
    @available(
        *, unavailable,
        message: "Use rmsDensity: the figure is a deviation of density at 48 µm, shown through the stock's curve"
    )
    public func levels(for type: FilmType) -> Double { fatalError("unavailable") }

    /// Unavailable: clumps are sized in micrometres on film.
    @available(
        *, unavailable, renamed: "defaultClump(iso:)",
        message: "Use defaultClump(iso:): the clump size is in µm on film, not thousandths of the short side"
    )
    public static func clumpSize(iso: Int) -> Double { fatalError("unavailable") }
}

extension Grain {
    /// Unavailable: clumps are physical.
    @available(
        *, unavailable,
        message:
            "Clumps are physical: FilmFormat.pixelPitch(width:height:) gives the micrometres of film a pixel covers"
    )
    public func clumpPixels(shortSide: Int) -> Double { fatalError("unavailable") }
}
