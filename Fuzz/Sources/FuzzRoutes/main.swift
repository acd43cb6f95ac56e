import Foundation
import FuzzDriver
import FuzzRouteSupport
import Hummingbird

/// Every `GET` route of the document, signed in.
let fixture = RouteFixture()

/// Characters kept as they are in a path segment (a `/` is escaped, so the route stays the same).
let segment = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))

/// The first byte picks a `GET` route of `openapi.json`; the rest, split at newlines, gives its
/// path parameters in order and then the query. Whatever they are, the answer is a status the
/// routes chose (a value, or a typed 4xx error): never a trap, never a 500.
func fuzzRoutes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0, !fixture.getPaths.isEmpty else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let template = fixture.getPaths[Int(bytes[0]) % fixture.getPaths.count]
    var fields = String(decoding: bytes.dropFirst(), as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
    ).makeIterator()
    var path = ""
    for piece in template.split(separator: "/") {
        if piece.hasPrefix("{") {
            let value = fields.next().map(String.init) ?? ""
            path += "/" + (value.addingPercentEncoding(withAllowedCharacters: segment) ?? "")
        } else {
            path += "/" + piece
        }
    }
    let query =
        Array(IteratorSequence(fields)).joined(separator: "\n")
        .addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.union(CharacterSet(charactersIn: "%+"))) ?? ""
    let status = fixture.status(method: .get, path: query.isEmpty ? path : "\(path)?\(query)")
    guard status.code < 500 else { fatalError("GET \(path)?\(query) answered \(status)") }
    return 0
}

exit(FuzzDriver.run(fuzzRoutes))
