import Imaging

/// Filters applied one after another; itself a filter.
///
/// Each step gets its own seed derived from the chain's, so the chain is deterministic and its
/// random effects independent.
///
/// ## Neighbouring per-pixel steps run as one pass
///
/// The built-in per-pixel filters are stages of one fused film pass, which reads each pixel once,
/// runs the stages in a fixed order (``Vignette``, ``LightLeak``, ``Halation``, a colour matrix
/// — ``ColorCast``, ``Monochrome``, ``Saturation`` —, a curve — ``ToneCurve`` or a 1D
/// ``LookupTableFilter`` —, a 3D ``LookupTableFilter``, ``SplitTone``, a second colour matrix,
/// ``Grain``) and writes each pixel once. Neighbouring steps of a chain whose stages come in that
/// order run as one pass instead of one whole-image operation each, with each step's own seed (a
/// colour matrix after a curve, a 3D table or a split tone is the second matrix, when only grain
/// follows it in the step; grain after them is as strong as the level it is added to, as it is
/// alone); a step that cannot join (``Softness``, an overlay, your own filters, or a stage that
/// comes earlier in the pass's order than the step before it, such as ``Vignette`` after
/// ``ToneCurve``) starts a new one. The
/// merged pass rounds to 8 bits once, at its end, where the steps alone round after each step:
/// the result differs from running the steps one by one only by that rounding (a level or two where
/// a contrasty curve follows).
public struct FilterChain: Filter {
    /// The filters, first applied first.
    public var filters: [any Filter]

    /// Creates a chain.
    public init(_ filters: [any Filter]) {
        self.filters = filters
    }

    /// Applies every filter in turn, neighbouring stages of the film pass as one pass.
    ///
    /// - Throws: The first error a filter of the chain throws; the later filters do not run.
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try plan(context: context).reduce(image) { result, group in try group.apply(to: result, context: context) }
    }

    /// The chain as it runs: each step alone, or neighbouring stages of the film pass merged.
    ///
    /// - Throws: What a step throws for settings it refuses.
    func plan(context: FilterContext) throws -> [Group] {
        var groups: [Group] = []
        for (index, filter) in filters.enumerated() {
            let step = Step(index: index, filter: filter, context: context.derived(index))
            guard let fusable = filter as? any FilmPassStep else {
                groups.append(Group(pass: nil, steps: [step]))
                continue
            }
            let pass = try fusable.stepPass().pinned(to: step.context)
            if let last = groups.last, let merged = last.pass?.followed(by: pass) {
                groups[groups.count - 1] = Group(pass: merged, steps: last.steps + [step])
            } else {
                groups.append(Group(pass: pass, steps: [step]))
            }
        }
        return groups
    }

    /// One step of the chain, with the context it runs with.
    struct Step {
        var index: Int
        var filter: any Filter
        var context: FilterContext
    }

    /// Steps of the chain that run as one: a step alone, or neighbouring steps merged into one
    /// film pass.
    struct Group {
        /// The merged pass, or `nil` for a step that is not a stage of the film pass.
        var pass: FilmPass?
        var steps: [Step]

        /// A step alone runs as itself, several as their merged pass.
        func apply(to image: Image, context: FilterContext) throws -> Image {
            guard let pass, steps.count > 1 else {
                return try steps.reduce(image) { try $1.filter.apply(to: $0, context: $1.context) }
            }
            return try pass.apply(to: image, context: context)
        }
    }

    /// Whether every step reads its input sequentially.
    public var readsInputSequentially: Bool { filters.allSatisfy(\.readsInputSequentially) }
}

extension Filter {
    /// A chain of this filter followed by `next`.
    public func then(_ next: any Filter) -> FilterChain {
        if let chain = self as? FilterChain {
            return FilterChain(chain.filters + [next])
        }
        return FilterChain([self, next])
    }
}
