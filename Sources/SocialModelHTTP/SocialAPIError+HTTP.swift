import Foundation
import Hummingbird
import SocialModelAPI

extension SocialAPIError {
    // MARK: Errors of the HTTP layer itself

    /// No `Authorization: Bearer` header on a route that needs a session.
    static let missingToken = SocialAPIError(
        status: 401, code: "unauthorized", message: "sign in and send the session token as a bearer token")

    /// A JSON body that is not what the route reads.
    static func malformedBody(_ detail: String) -> SocialAPIError {
        SocialAPIError(status: 400, code: "malformed-body", message: "the body is not the JSON expected: \(detail)")
    }

    /// A query or path parameter that cannot be read.
    static func invalidParameter(_ name: String, expected: String) -> SocialAPIError {
        SocialAPIError(status: 400, code: "invalid-parameter", message: "\(name) must be \(expected)")
    }

    /// Too many requests from one client.
    static func tooManyRequests(retryAfter: Int) -> SocialAPIError {
        var error = SocialAPIError(
            status: 429, code: "rate-limited", message: "too many requests; try again in \(retryAfter) s")
        error.retryAfter = retryAfter
        return error
    }

    /// A handler that ran past the request time limit.
    static let timedOut = SocialAPIError(
        status: 503, code: "timed-out", message: "the request took longer than the server allows; try again")

    /// The error as a response.
    func response() -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if status == 401 { headers[.wwwAuthenticate] = "Bearer" }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let data = (try? SocialJSON.encoder().encode(self)) ?? Data()
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
