import Foundation
import FuzzDriver
import FuzzRouteSupport
import Hummingbird

/// The routes, signed in; the photo routes read multipart bodies with the one streaming parser.
let fixture = RouteFixture()

/// The input's first line is the boundary, the rest the body of a `multipart/form-data` post
/// (`POST /posts`, whose `photo` part is the photo and whose other parts are text fields).
/// Whatever they are, the answer is a status the routes chose: never a trap, never a 500.
func fuzzMultipart(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let newline = bytes.firstIndex(of: 10) ?? bytes.endIndex
    let boundary = String(decoding: bytes[..<newline], as: UTF8.self)
    let body = ByteBuffer(bytes: newline < bytes.endIndex ? Array(bytes[(newline + 1)...]) : [])
    var headers = HTTPFields()
    headers[.contentType] = "multipart/form-data; boundary=\"\(boundary.replacingOccurrences(of: "\"", with: ""))\""
    let status = fixture.status(method: .post, path: "/posts", headers: headers, body: body)
    guard status.code < 500 else { fatalError("a multipart body answered \(status)") }
    return 0
}

exit(FuzzDriver.run(fuzzMultipart))
