import Crypto
import Foundation
import Hummingbird

/// A stored JPEG as a response, with a strong `ETag` (SHA-256 of the bytes) so a client holding
/// it revalidates with `If-None-Match` and gets `304 Not Modified` without the bytes.
enum PhotoResponse {
    static func jpeg(_ jpeg: Data, for request: Request, cacheControl: String) -> Response {
        let tag = "\"" + SHA256.hash(data: jpeg).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        var headers: HTTPFields = [.eTag: tag, .cacheControl: cacheControl]
        if let condition = request.headers[.ifNoneMatch], matches(condition, tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "image/jpeg"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: jpeg)))
    }

    /// Whether an `If-None-Match` list names `tag` (weak comparison, as RFC 9110 asks for GET) or is `*`.
    static func matches(_ condition: String, _ tag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/" + tag
        }
    }
}
