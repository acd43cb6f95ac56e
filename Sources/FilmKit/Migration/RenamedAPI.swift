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
