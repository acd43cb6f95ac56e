import Crypto
import Foundation
import Hummingbird

/// A stored JPEG as a response, with a strong `ETag` (SHA-256 of the bytes) so a client holding
/// it revalidates with `If-None-Match` and gets `304 Not Modified` without the bytes.
enum PhotoResponse {
    static func jpeg(_ jpeg: Data, for request: Request, cacheControl: String) -> Response {
        conditional(jpeg, contentType: "image/jpeg", headers: [.cacheControl: cacheControl], for: request)
    }

    /// `body` as `200` with `headers` and a strong `ETag` (SHA-256 of the bytes), or `304 Not
    /// Modified` without the bytes when the request's `If-None-Match` names that tag.
    static func conditional(_ body: Data, contentType: String, headers: HTTPFields, for request: Request) -> Response {
        let tag = "\"" + SHA256.hash(data: body).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        var headers = headers
        headers[.eTag] = tag
        if let condition = request.headers[.ifNoneMatch], matches(condition, tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Whether an `If-None-Match` list names `tag` (weak comparison, as RFC 9110 asks for GET) or is `*`.
    static func matches(_ condition: String, _ tag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/" + tag
        }
    }
}
