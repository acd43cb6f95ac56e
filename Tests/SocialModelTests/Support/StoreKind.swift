import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

/// The stores the conformance suite runs against. A new store is one more case (and its line in
/// `makeStore`); every conformance test then runs on it too.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case inMemory

    var testDescription: String { rawValue }

    /// A fresh, empty store; `directory` is a private temporary folder the store may use.
    func makeStore(in directory: URL) throws -> any SocialStore {
        switch self {
        case .sqlite: try SQLiteSocialStore(url: directory.appendingPathComponent("social.sqlite"))
        case .inMemory: InMemorySocialStore()
        }
    }
}
