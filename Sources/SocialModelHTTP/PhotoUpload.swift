import Foundation
import Hummingbird
import MultipartKit
import SocialModelAPI

/// A photo as a route receives it: the raw body, or a `multipart/form-data` body whose `photo`
/// part is the photo and whose other parts are text fields (the caption, the filter's name, a
/// message's text), which then take the place of the query parameters of the same names.
struct PhotoUpload {
    /// The photo's bytes.
    var photo: Data
    /// The text fields of a multipart body; empty for a raw one.
    var fields: [String: String] = [:]

    /// The most parts a multipart body may have: the photo and a few text fields.
    static let partLimit = 8
    /// The most header lines of one multipart part.
    static let partHeaderLimit = 8

    /// Reads the request's photo.
    ///
    /// A raw body (`image/*`, `application/octet-stream`, or no `Content-Type`) is read up to
    /// `limit` bytes. A multipart body may be larger by `fieldBytes` (its text fields and part
    /// headers), but its photo is held to `limit` too, and it may have at most ``partLimit``
    /// parts; both are checked while the body streams in.
    /// - Throws: `415 unsupported-media-type` for any other type (JSON among them, and a body
    ///   without a type that starts like JSON), `413 body-too-large`, `400 malformed-body` for a
    ///   multipart body that cannot be read or has no `photo` part.
    static func read(_ request: Request, limit: Int, fieldBytes: Int) async throws -> PhotoUpload {
        let type = RequestMediaType(of: request)
        if let type, type.isMultipartForm {
            guard let boundary = type.parameters["boundary"], !boundary.isEmpty, boundary.utf8.count <= 70 else {
                throw SocialAPIError.malformedBody(HTTPMessages.text("malformedBody.noBoundary"))
            }
            return try await multipart(request, boundary: boundary, limit: limit, fieldBytes: fieldBytes)
        }
        if let type, type.type != "image", !(type.type == "application" && type.subtype == "octet-stream") {
            throw unsupported
        }
        let body = try await RequestBodyReader.read(request, limit: limit)
        // Without a type, a body that opens like JSON is JSON sent without its header, never a photo.
        if type == nil, let first = body.readableBytesView.first(where: { ![9, 10, 13, 32].contains($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        {
            throw unsupported
        }
        return PhotoUpload(photo: Data(body.readableBytesView))
    }

    /// The answer to a body in a type the photo routes do not read.
    static var unsupported: SocialAPIError { .unsupportedMediaType("photo") }

    /// Reads a multipart body, parsing it as it streams in.
    private static func multipart(_ request: Request, boundary: String, limit: Int, fieldBytes: Int) async throws
        -> PhotoUpload
    {
        let parser = PartsParser(boundary: boundary)
        _ = try await RequestBodyReader.read(request, limit: limit + fieldBytes) { try parser.feed($0) }
        guard let photo = parser.parts.first(where: { $0.name == "photo" }) else {
            throw SocialAPIError.malformedBody(HTTPMessages.text("malformedBody.noPhoto"))
        }
        guard photo.body.readableBytes <= limit else {
            throw SocialAPIError.bodyTooLarge("photo", count: limit)
        }
        var upload = PhotoUpload(photo: Data(photo.body.readableBytesView))
        for part in parser.parts {
            guard let name = part.name, name != "photo" else { continue }
            upload.fields[name] = String(decoding: part.body.readableBytesView, as: UTF8.self)
        }
        return upload
    }

    /// multipart-kit's parser fed chunk by chunk, counting parts and header lines as they come.
    struct PartsParser {
        private let parser: MultipartParser
        private let collected: Collected

        /// What the parser's callbacks gather.
        private final class Collected {
            var parts: [MultipartPart] = []
            var headers = HTTPHeaders()
            var body = ByteBuffer()
            var overLimit: SocialAPIError?
            var headerNames: MultipartHeaderNameGuard

            init(boundary: String) { headerNames = MultipartHeaderNameGuard(boundary: boundary) }
        }

        init(boundary: String) {
            parser = MultipartParser(boundary: boundary)
            collected = Collected(boundary: boundary)
            let collected = collected
            parser.onHeader = { name, value in
                guard collected.headers.count < PhotoUpload.partHeaderLimit else {
                    collected.overLimit = .bodyTooLarge("partHeaders", count: PhotoUpload.partHeaderLimit)
                    return
                }
                collected.headers.add(name: name, value: value)
            }
            parser.onBody = { collected.body.writeBuffer(&$0) }
            parser.onPartComplete = {
                collected.parts.append(MultipartPart(headers: collected.headers, body: collected.body))
                collected.headers = HTTPHeaders()
                collected.body = ByteBuffer()
                if collected.parts.count > PhotoUpload.partLimit {
                    collected.overLimit = .bodyTooLarge("parts", count: PhotoUpload.partLimit)
                }
            }
        }

        /// The parts complete so far.
        var parts: [MultipartPart] { collected.parts }

        /// Parses the next chunk.
        /// - Throws: `400 malformed-body`, `413 body-too-large` past the part limits.
        func feed(_ chunk: ByteBuffer) throws(SocialAPIError) {
            // A header name byte of 0x80 or above would stop the process inside multipart-kit.
            guard collected.headerNames.accepts(chunk) else {
                throw .malformedBody(HTTPMessages.text("malformedBody.multipart"))
            }
            do {
                try parser.execute(chunk)
            } catch {
                throw .malformedBody(HTTPMessages.text("malformedBody.multipart"))
            }
            if let overLimit = collected.overLimit { throw overLimit }
        }
    }

    /// A text field: the multipart part of that name, else the query parameter.
    func field(_ name: String, in query: RequestQuery) -> String? {
        fields[name] ?? query.string(name)
    }
}
