import Imaging

/// A filter whose effect is stages of the film pass (``FilmPass``): a ``FilterChain`` runs
/// neighbouring steps of this kind as one pass when their stages come in the pass's order.
protocol FilmPassStep: Filter {
    /// The pass that renders the filter alone, after checking its settings.
    ///
    /// - Throws: What the filter's `apply` throws for settings it refuses.
    func stepPass() throws -> FilmPass
}

extension FilmPassStep where Self: FilmPassLook {
    func stepPass() throws -> FilmPass { pass }
}

extension StockLook: FilmPassStep {}
extension Grain: FilmPassStep {}
extension Halation: FilmPassStep {}
extension Vignette: FilmPassStep {}
extension SplitTone: FilmPassStep {}

extension LightLeak: FilmPassStep {
    func stepPass() throws -> FilmPass {
        try check()
        return intensity > 0 && count > 0 ? pass : FilmPass()
    }
}

extension LookupTableFilter: FilmPassStep {
    func stepPass() throws -> FilmPass {
        guard (0...1).contains(intensity) else {
            throw FilterError.parameterOutOfRange(
                filter: table.title ?? "lut", parameter: "intensity", value: intensity, minimum: 0, maximum: 1)
        }
        return pass
    }
}

extension ColorCast: FilmPassStep {
    func stepPass() throws -> FilmPass { FilmPass(matrix: matrix) }
}

extension Saturation: FilmPassStep {
    func stepPass() throws -> FilmPass { FilmPass(matrix: matrix) }
}

extension Monochrome: FilmPassStep {
    func stepPass() throws -> FilmPass { FilmPass(matrix: matrix) }
}

extension ToneCurve: FilmPassStep {
    func stepPass() throws -> FilmPass { FilmPass(curves: [table, table, table]) }
}

extension FilmPass {
    /// The pass's stages, in the order it runs them on a pixel.
    enum Stage: Int, Comparable {
        case vignette, leaks, halation, matrix, curves, table, tones, toneMatrix, grain

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    static let identity: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]

    /// The stages that change the image, in the pass's order.
    var stages: [Stage] {
        var stages: [Stage] = []
        if let vignette, vignette.amount > 0 { stages.append(.vignette) }
        if leaks != nil { stages.append(.leaks) }
        if let halation, halation.strength > 0 { stages.append(.halation) }
        if matrix != Self.identity { stages.append(.matrix) }
        if curves != nil { stages.append(.curves) }
        if table != nil { stages.append(.table) }
        if let tones, tones.shadowStrength > 0 || tones.highlightStrength > 0 { stages.append(.tones) }
        if let toneMatrix, toneMatrix != Self.identity { stages.append(.toneMatrix) }
        if grain != nil { stages.append(.grain) }
        return stages
    }

    /// The pass with its random stages (light leaks, grain) drawn from `context`'s seed whatever
    /// context it is later run with, as a step of a chain draws from its own derived seed.
    func pinned(to context: FilterContext) -> FilmPass {
        var pass = self
        pass.leakSeed = leakSeed ?? context.seed
        pass.grainSeed = grainSeed ?? context.seed
        return pass
    }

    /// This pass followed by `next` as one pass, or `nil` if they cannot be one without changing
    /// the result beyond rounding: every stage of `next` must come after every stage of this one
    /// in the pass's order (two colour matrices multiply into one; a colour matrix, alone or
    /// before grain, after this pass's curves, 3D table or split tone runs as the matrix after the
    /// split tone), and
    ///
    /// - halation measures its glow on the pass's input, so it only starts a pass;
    /// - grain is as strong as the value it is added to: after this pass's curves its gains are
    ///   read through them, and after a 3D table, a split tone or a second matrix (which move the
    ///   value after the curves) at the level it is added to.
    func followed(by next: FilmPass) -> FilmPass? {
        let mine = stages
        var next = next
        var theirs = next.stages
        guard let last = mine.last else { return next }
        guard let first = theirs.first else { return self }
        if first == .matrix, last > .matrix, theirs.dropFirst().allSatisfy({ $0 == .grain }) {
            (next.toneMatrix, next.matrix) = (next.matrix, Self.identity)
            theirs[0] = .toneMatrix
        }
        guard theirs[0] > last || (theirs[0] == last && (last == .matrix || last == .toneMatrix)),
            !theirs.contains(.halation)
        else { return nil }
        var merged = self
        for stage in theirs {
            switch stage {
            case .vignette: merged.vignette = next.vignette
            case .leaks: (merged.leaks, merged.leakSeed) = (next.leaks, next.leakSeed)
            case .halation: merged.halation = next.halation
            case .matrix: merged.matrix = Self.product(next.matrix, matrix)
            case .curves: merged.curves = next.curves
            case .table: merged.table = next.table
            case .tones: merged.tones = next.tones
            case .toneMatrix:
                merged.toneMatrix = Self.product(next.toneMatrix ?? Self.identity, toneMatrix ?? Self.identity)
            case .grain:
                (merged.grain, merged.grainSeed) = (next.grain, next.grainSeed)
                merged.grainFollowsCurves = next.grainFollowsCurves || mine.contains(.curves)
                merged.grainAtOutput =
                    next.grainAtOutput || theirs.contains(.toneMatrix) || mine.contains { $0 > .curves }
            }
        }
        return merged
    }

    /// The matrix product `a · b`: `b` applied first.
    private static func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { row in
            (0..<3).map { column in (0..<3).reduce(0) { $0 + a[row][$1] * b[$1][column] } }
        }
    }
}
