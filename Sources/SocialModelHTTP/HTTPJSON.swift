import Foundation
import Hummingbird
import SocialModelAPI
@_spi(Fuzzing) import SocialModelHTTPParsing

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

    /// The request's body decoded as `T`, read up to `limit` bytes with its shape bounded by
    /// ``JSONShapeLimits`` while it streams in (the members of a ``JSONBodyShape`` type named
    /// large may be as long as the body).
    /// - Throws: `415 unsupported-media-type` unless the body is sent as JSON (`application/json`
    ///   or a `+json` type), `413 body-too-large`, `400 malformed-body`.
    static func body<T: Decodable>(_ type: T.Type, of request: Request, limit: Int) async throws -> T {
        guard RequestMediaType(of: request)?.isJSON == true else {
            throw SocialAPIError.unsupportedMediaType("json")
        }
        var shape = JSONShapeLimits()
        shape.largeStringKeys = (T.self as? any JSONBodyShape.Type)?.largeStringKeys ?? []
        var scanner = JSONShapeScanner(limits: shape)
        let buffer = try await RequestBodyReader.read(request, limit: limit) { try scanner.scan($0) }
        do {
            return try SocialJSON.decoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw SocialAPIError.malformedBody(error)
        }
    }
}
