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

    /// Reads the request's photo.
    ///
    /// A raw body is read up to `limit` bytes. A multipart body may be larger by
    /// `fieldBytes` (its text fields and part headers), but its photo is held to `limit` too.
    /// - Throws: `413 body-too-large`, `400 malformed-body` for a multipart body that cannot be
    ///   read or has no `photo` part.
    static func read(_ request: Request, limit: Int, fieldBytes: Int) async throws -> PhotoUpload {
        guard let type = request.headers[.contentType].flatMap(MediaType.init(from:)),
            type.isType(.multipartForm)
        else {
            return PhotoUpload(photo: Data(try await request.body.collect(upTo: limit).readableBytesView))
        }
        guard let boundary = type.parameter, boundary.name.lowercased() == "boundary", !boundary.value.isEmpty else {
            throw SocialAPIError.malformedBody("a multipart/form-data body needs its boundary parameter")
        }
        let body = try await request.body.collect(upTo: limit + fieldBytes)
        let parts = try parts(of: body, boundary: boundary.value)
        guard let photo = parts.first(where: { $0.name == "photo" }) else {
            throw SocialAPIError.malformedBody("the multipart/form-data body has no part named photo")
        }
        guard photo.body.readableBytes <= limit else { throw HTTPError(.contentTooLarge) }
        var upload = PhotoUpload(photo: Data(photo.body.readableBytesView))
        for part in parts {
            guard let name = part.name, name != "photo" else { continue }
            upload.fields[name] = String(decoding: part.body.readableBytesView, as: UTF8.self)
        }
        return upload
    }

    /// The complete parts of a multipart body, through multipart-kit's parser.
    static func parts(of body: ByteBuffer, boundary: String) throws(SocialAPIError) -> [MultipartPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var headers = HTTPHeaders()
        var partBody = ByteBuffer()
        parser.onHeader = { headers.add(name: $0, value: $1) }
        parser.onBody = { partBody.writeBuffer(&$0) }
        parser.onPartComplete = {
            parts.append(MultipartPart(headers: headers, body: partBody))
            headers = HTTPHeaders()
            partBody = ByteBuffer()
        }
        do {
            try parser.execute(body)
        } catch {
            throw .malformedBody("the multipart/form-data body cannot be read: \(error)")
        }
        return parts
    }

    /// A text field: the multipart part of that name, else the query parameter.
    func field(_ name: String, in query: RequestQuery) -> String? {
        fields[name] ?? query.string(name)
    }
}
