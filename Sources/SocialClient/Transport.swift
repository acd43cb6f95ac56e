import Foundation
import SocialModelAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange with the server: the URL built from path segments and query items, the
/// bearer token, and the answer checked against the status expected.
struct Transport: Sendable {
    let baseURL: URL
    let session: URLSession
    /// Sent as `Accept-Language` on every request: the language of the server's error messages.
    let acceptLanguage: String

    init(baseURL: URL, session: URLSession, locale: Locale) {
        self.baseURL = baseURL
        self.session = session
        acceptLanguage = Self.acceptLanguage(locale)
    }

    /// The `Accept-Language` value for `locale`: its BCP 47 tag, then its language alone
    /// (`sk-SK, sk;q=0.9`), so a server without the region still answers in the language.
    static func acceptLanguage(_ locale: Locale) -> String {
        let tag = locale.identifier(.bcp47)
        guard let language = locale.language.languageCode?.identifier, language != tag else { return tag }
        return "\(tag), \(language);q=0.9"
    }

    /// Characters left as they are in a path segment (RFC 3986 unreserved).
    static let segmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    func send(
        _ method: String, _ path: [String], query: [URLQueryItem] = [], token: String? = nil, body: Data? = nil,
        contentType: String = "application/json", headers: [String: String] = [:], expect: Set<Int> = [200]
    ) async throws(SocialClientError) -> (status: Int, data: Data, response: HTTPURLResponse) {
        let segments = path.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? "" }
        guard
            var components = URLComponents(
                url: baseURL.appendingPathComponent(segments.joined(separator: "/")), resolvingAgainstBaseURL: false)
        else { throw .unbuildableRequest(detail: "\(baseURL)") }
        let items = query.filter { $0.value != nil }
        components.queryItems = items.isEmpty ? nil : items
        // The server form-decodes the query, where `+` is a space; URLComponents leaves a `+` as it is.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw .unbuildableRequest(detail: "\(baseURL) \(segments.joined(separator: "/"))")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue(acceptLanguage, forHTTPHeaderField: "Accept-Language")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = body
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .transport(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .unexpectedResponse(status: 0, detail: "")
        }
        guard expect.contains(http.statusCode) else {
            if let error = try? SocialJSON.decoder().decode(SocialAPIError.self, from: data) { throw .api(error) }
            throw .unexpectedResponse(
                status: http.statusCode, detail: String(decoding: data.prefix(200), as: UTF8.self))
        }
        return (http.statusCode, data, http)
    }

    /// An exchange whose answer is JSON of type `T`.
    func json<T: Decodable>(
        _ type: T.Type, _ method: String, _ path: [String], query: [URLQueryItem] = [], token: String? = nil,
        body: (any Encodable)? = nil, expect: Int = 200
    ) async throws(SocialClientError) -> T {
        let data = try await send(method, path, query: query, token: token, body: encoded(body), expect: [expect]).data
        return try decoded(T.self, from: data)
    }

    func encoded(_ body: (any Encodable)?) throws(SocialClientError) -> Data? {
        guard let body else { return nil }
        do {
            return try SocialJSON.encoder().encode(body)
        } catch {
            throw .unbuildableRequest(detail: "\(error)")
        }
    }

    func decoded<T: Decodable>(_ type: T.Type, from data: Data) throws(SocialClientError) -> T {
        do {
            return try SocialJSON.decoder().decode(T.self, from: data)
        } catch {
            throw .undecodableBody(type: "\(T.self)", detail: "\(error)")
        }
    }
}

/// Query items for a page: the cursor and the size, left out when `nil`.
func pageQuery(after: (some CustomStringConvertible)?, limit: Int?) -> [URLQueryItem] {
    [
        URLQueryItem(name: "after", value: after?.description),
        URLQueryItem(name: "limit", value: limit.map(String.init)),
    ]
}
