import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialAPIError {
    // MARK: Errors of the HTTP layer itself, in the language of the answer (AnswerLanguage)

    /// No `Authorization: Bearer` header on a route that needs a session.
    static var missingToken: SocialAPIError {
        SocialAPIError(status: 401, code: "unauthorized", message: HTTPMessages.text("missingToken"))
    }

    /// A body that is not what the route reads; `detail` says what is wrong, in the answer's language.
    static func malformedBody(_ detail: String) -> SocialAPIError {
        SocialAPIError(
            status: 400, code: "malformed-body", message: HTTPMessages.text("malformedBody", ["detail": detail]))
    }

    /// A JSON body the decoder refused, saying which member is missing or wrong, never in
    /// Swift's own `DecodingError` words.
    static func malformedBody(_ error: any Error) -> SocialAPIError {
        func field(_ path: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
            let keys = path + (key.map { [$0] } ?? [])
            let names = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
        }
        let detail: String
        switch error as? DecodingError {
        case .keyNotFound(let key, let context):
            detail = HTTPMessages.text("malformedBody.missing", ["field": field(context.codingPath, key)])
        case .typeMismatch(_, let context):
            detail = HTTPMessages.text("malformedBody.wrongType", ["field": field(context.codingPath)])
        case .valueNotFound(_, let context):
            detail = HTTPMessages.text("malformedBody.null", ["field": field(context.codingPath)])
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            detail = HTTPMessages.text("malformedBody.invalid", ["field": field(context.codingPath)])
        default: detail = HTTPMessages.text("malformedBody.notJSON")
        }
        return .malformedBody(detail)
    }

    /// A query or path parameter that cannot be read; `expected` is the key (`expected.<name>`)
    /// of what it must be.
    static func invalidParameter(_ name: String, expected: String, _ arguments: [String: String] = [:])
        -> SocialAPIError
    {
        SocialAPIError(
            status: 400, code: "invalid-parameter",
            message: HTTPMessages.text(
                "invalidParameter", ["name": name, "expected": HTTPMessages.text("expected.\(expected)", arguments)]))
    }

    /// No route has the request's path.
    static func noRoute(_ method: HTTPRequest.Method, _ path: String) -> SocialAPIError {
        SocialAPIError(
            status: 404, code: "not-found",
            message: HTTPMessages.text("noRoute", ["method": "\(method)", "path": String(path.prefix(200))]))
    }

    /// A route has the request's path but takes other methods.
    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [String]) -> SocialAPIError {
        SocialAPIError(
            status: 405, code: "method-not-allowed",
            message: HTTPMessages.text(
                "methodNotAllowed", ["allowed": allowed.joined(separator: ", "), "method": "\(method)"]))
    }

    /// `GET /live` without `Upgrade: websocket`: the operation is the WebSocket, not a page.
    static var notAWebSocketUpgrade: SocialAPIError {
        SocialAPIError(status: 405, code: "method-not-allowed", message: HTTPMessages.text("notAWebSocketUpgrade"))
    }

    /// Too many requests from one client.
    static func tooManyRequests(retryAfter: Int) -> SocialAPIError {
        var error = SocialAPIError(
            status: 429, code: "rate-limited", message: HTTPMessages.plural("tooManyRequests", count: retryAfter))
        error.retryAfter = retryAfter
        return error
    }

    /// A handler that ran past the request time limit.
    static var timedOut: SocialAPIError {
        SocialAPIError(status: 503, code: "timed-out", message: HTTPMessages.text("timedOut"))
    }

    /// The error as a response, in the language of the answer (`Content-Language`).
    func response() -> Response {
        let (head, body) = encoded()
        return Response(status: head.status, headers: head.headerFields, body: ResponseBody(byteBuffer: body))
    }

    /// The error's response head and JSON body, with `Content-Language` naming
    /// ``AnswerLanguage/current``.
    func encoded() -> (head: HTTPResponse, body: ByteBuffer) {
        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .contentLanguage: AnswerLanguage.current.rawValue,
        ]
        if status == 401 { headers[.wwwAuthenticate] = "Bearer" }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let data = (try? SocialJSON.encoder().encode(self)) ?? Data()
        return (HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: headers), ByteBuffer(bytes: data))
    }
}
