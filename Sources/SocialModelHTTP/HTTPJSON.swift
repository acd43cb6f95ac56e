import Foundation
import Hummingbird
import SocialModelAPI

/// JSON responses and request bodies in `SocialJSON`'s coding.
enum HTTPJSON {
    /// A JSON response. The feed's pages are written directly (``SocialJSONWritable``), the rest
    /// through `JSONEncoder`, in the same JSON.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let body =
            if let value = value as? any SocialJSONWritable {
                ByteBuffer(bytes: SocialJSONWriter.bytes(of: value))
            } else {
                ByteBuffer(bytes: try SocialJSON.encoder().encode(value))
            }
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: body))
    }

    /// The request's body decoded as `T`, read up to `limit` bytes.
    static func body<T: Decodable>(_ type: T.Type, of request: Request, limit: Int) async throws -> T {
        let buffer = try await request.body.collect(upTo: limit)
        do {
            return try SocialJSON.decoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw SocialAPIError.malformedBody(String(describing: error))
        }
    }
}
