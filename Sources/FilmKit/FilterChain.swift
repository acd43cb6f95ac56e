import Imaging

/// Filters applied one after another; itself a filter.
///
/// Each step gets its own seed derived from the chain's, so the chain is deterministic and its
/// random effects independent.
public struct FilterChain: Filter {
    /// The filters, first applied first.
    public var filters: [any Filter]

    /// Creates a chain.
    public init(_ filters: [any Filter]) {
        self.filters = filters
    }

    /// Applies every filter in turn.
    ///
    /// - Throws: The first error a filter of the chain throws; the later filters do not run.
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        var result = image
        for (index, filter) in filters.enumerated() {
            result = try filter.apply(to: result, context: context.derived(index))
        }
        return result
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
