import Hummingbird
import SocialModel
import SocialModelAPI
@_spi(Fuzzing) import SocialModelHTTPParsing

/// A type read from a JSON body that has members longer than ``JSONShapeLimits/stringBytes``.
protocol JSONBodyShape {
    /// The object keys whose string values may be as long as the body.
    static var largeStringKeys: Set<String> { get }
}

extension RecipeDraft: JSONBodyShape {
    /// The photo, base64 in the JSON.
    static var largeStringKeys: Set<String> { ["photo"] }
}

extension JSONShapeScanner {
    /// Checks the next chunk of a request's body.
    /// - Throws: `413 body-too-large` naming the bound passed.
    mutating func scan(_ chunk: ByteBuffer) throws(SocialAPIError) {
        do {
            try feed(chunk.readableBytesView)
        } catch {
            throw .bodyTooLarge(error.detail)
        }
    }
}
