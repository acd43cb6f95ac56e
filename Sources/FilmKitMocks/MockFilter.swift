import FilmKit
import Imaging
import Locking

/// A filter for tests that records every call and returns what you tell it to, so code that uses
/// filters can be tested without pixel work.
///
/// ```swift
/// let mock = MockFilter()
/// mock.result = .fail(MyError())
/// #expect(throws: MyError.self) { try developer.develop(roll, with: mock) }
/// #expect(mock.calls.count == 1)
/// ```
public final class MockFilter: Filter, Sendable {
    /// What ``apply(to:context:)`` returns.
    public enum Result: Sendable {
        /// The input, unchanged.
        case passThrough
        /// A fixed image.
        case image(Image)
        /// An error, thrown.
        case fail(any Error)
    }

    /// One recorded call.
    public struct Call: Sendable {
        /// The image the filter was given.
        public let image: Image
        /// The context it was given.
        public let context: FilterContext
    }

    private struct State {
        var result: Result
        var calls: [Call] = []
    }

    private let state: Locked<State>

    /// Creates a mock that returns `result`.
    public init(result: Result = .passThrough) {
        state = Locked(State(result: result))
    }

    /// What the next calls return.
    public var result: Result {
        get { state.withLock { $0.result } }
        set { state.withLock { $0.result = newValue } }
    }

    /// Every call so far, oldest first.
    public var calls: [Call] {
        state.withLock { $0.calls }
    }

    /// The seeds of every call so far.
    public var seeds: [UInt64] {
        calls.map(\.context.seed)
    }

    /// Forgets the recorded calls.
    public func reset() {
        state.withLock { $0.calls.removeAll() }
    }

    /// Records the call and returns the configured result.
    ///
    /// - Throws: The error of ``Result/fail(_:)`` when that is the ``result``; otherwise nothing.
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        let result = state.withLock { state in
            state.calls.append(Call(image: image, context: context))
            return state.result
        }
        switch result {
        case .passThrough: return image
        case .image(let image): return image
        case .fail(let error): throw error
        }
    }
}
