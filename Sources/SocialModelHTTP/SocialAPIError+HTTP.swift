import Foundation
import Hummingbird
import SocialModel
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

    /// No route has the request's path.
    static func noRoute(_ method: HTTPRequest.Method, _ path: String) -> SocialAPIError {
        SocialAPIError(status: 404, code: "not-found", message: "no route answers \(method) \(path.prefix(200))")
    }

    /// A route has the request's path but takes other methods.
    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [String]) -> SocialAPIError {
        SocialAPIError(
            status: 405, code: "method-not-allowed",
            message: "this path takes \(allowed.joined(separator: ", ")), not \(method)")
    }

    /// `GET /live` without `Upgrade: websocket`: the operation is the WebSocket, not a page.
    static let notAWebSocketUpgrade = SocialAPIError(
        status: 405, code: "method-not-allowed",
        message: "GET /live opens a WebSocket: send Upgrade: websocket (and Connection: Upgrade)")

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

    /// The message in the language an `Accept-Language` header prefers (English, Slovak or Czech)
    /// when the message is the thrown error's own; `code` and the other fields stay as they are.
    mutating func localize(_ error: any Error, acceptLanguage: String?) {
        guard let acceptLanguage, let language = CountLanguage.preferred(acceptLanguage: acceptLanguage),
            let localizable = error as? any LocalizableError & CustomStringConvertible,
            message == localizable.description
        else { return }
        message = localizable.localizedDescription(for: Locale(identifier: language.rawValue))
    }

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
