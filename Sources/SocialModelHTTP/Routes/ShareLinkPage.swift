import Crypto
import Foundation
import Hummingbird
import SocialModel

/// The public page of a shared post (`GET /p/{token}`): a small HTML document, accessible
/// (a `lang`, the photo's alternative text, a figure with its caption), with OpenGraph and
/// Twitter-card meta tags for link previews. No scripts, no third-party requests, nothing
/// private; every value is HTML-escaped, and a strict `Content-Security-Policy` allows only the
/// page's own stylesheet (by hash) and images from its own origin.
enum ShareLinkPage {
    /// The page's only stylesheet, allowed by its hash in the policy.
    static let style = """
        body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1b1b;background:#fafafa}\
        main{max-width:40rem;margin:0 auto;padding:1rem}\
        img{display:block;width:100%;height:auto;background:#ddd}\
        figure{margin:0}figcaption{margin:.75rem 0;white-space:pre-line}\
        .meta{color:#555;font-size:.9rem}
        """

    /// Scripts, frames, forms, fonts and other origins are all refused.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self'; style-src 'sha256-"
        + Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
        + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page of a live link, `304` when the client's copy (`If-None-Match`) is current.
    /// - Parameters:
    ///   - shared: what the link shows.
    ///   - request: the request (its path, `Host` and `If-None-Match`).
    ///   - token: the link's token (well-formed: it resolved).
    ///   - language: the language of the labels.
    static func response(_ shared: SharedPost, request: Request, token: String, language: CountLanguage) -> Response {
        let html = page(shared, base: base(request, token: token), language: language)
        var headers = securityHeaders
        // Revalidated on every use, so a revoked link stops showing at once; unchanged, it costs a 304.
        headers[.cacheControl] = "public, no-cache"
        headers[.vary] = "Accept-Language"
        return PhotoResponse.conditional(
            Data(html.utf8), contentType: "text/html; charset=utf-8", headers: headers, for: request)
    }

    /// The `404` page of a link that is revoked, unknown or whose post or author is gone.
    /// - Parameter language: the language of the text.
    static func notFound(language: CountLanguage) -> Response {
        let locale = Locale(identifier: language.rawValue)
        let title = escaped(label("SharePage.notFound.title", locale))
        let html = """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(title)</title>
            <style>\(style)</style>
            </head>
            <body><main><h1>\(title)</h1><p>\(escaped(label("SharePage.notFound.text", locale)))</p></main></body>
            </html>

            """
        var headers = securityHeaders
        headers[.cacheControl] = "no-store"
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(
            status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: Data(html.utf8))))
    }

    static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: contentSecurityPolicy, .init("Referrer-Policy")!: "no-referrer",
            .init("X-Content-Type-Options")!: "nosniff",
        ]
    }

    /// Where the page is: its path (below the mount point the request came through) and, when
    /// the `Host` header is a plain host name or address, its absolute URL for link previews.
    static func base(_ request: Request, token: String) -> (path: String, absolute: String?) {
        let path = CreatedResponse.location(request.uri.path, routeSegments: 2, ["p", token])
        guard let host = request.head.authority, isPlainHost(host) else {
            return (path, nil)
        }
        let local = ["localhost", "127.0.0.1", "[::1]"].contains { host == $0 || host.hasPrefix($0 + ":") }
        return (path, (local ? "http://" : "https://") + host + path)
    }

    /// A host name or address with an optional port, nothing else (no user info, no path).
    static func isPlainHost(_ host: String) -> Bool {
        (1...255).contains(host.utf8.count)
            && host.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"),
                    UInt8(ascii: "["), UInt8(ascii: "]"):
                    true
                default: false
                }
            }
    }

    /// The document.
    static func page(_ shared: SharedPost, base: (path: String, absolute: String?), language: CountLanguage) -> String {
        let locale = Locale(identifier: language.rawValue)
        let post = shared.post
        let photoBy = label("SharePage.photoBy", locale, ["name": shared.authorDisplayName])
        let caption = post.caption
        let title = caption.isEmpty ? photoBy : String(caption.prefix(80)) + " · " + photoBy
        let sizes = shared.photoSizes.sorted()
        let largest = sizes.last ?? 0
        let pixels = shared.pixelSize(atBound: largest)
        let photoPath = { (size: Int) in base.path + "/photo/\(size)" }
        let srcset = sizes.map { photoPath($0) + " \(shared.pixelSize(atBound: $0).width)w" }.joined(separator: ", ")
        let likes = MessageTable.shareLinks.plural("SharePage.likes", count: post.likeCount, locale: locale)
        let comments = MessageTable.shareLinks.plural("SharePage.comments", count: post.commentCount, locale: locale)
        let description = caption.isEmpty ? photoBy : caption
        var meta: [(String, String, String)] = [
            ("name", "description", description), ("name", "robots", "noindex"),
            ("name", "referrer", "no-referrer"), ("property", "og:type", "article"),
            ("property", "og:title", photoBy), ("property", "og:description", description),
            ("property", "og:locale", language.openGraphLocale),
            ("property", "og:image:width", String(pixels.width)),
            ("property", "og:image:height", String(pixels.height)), ("property", "og:image:alt", photoBy),
            ("name", "twitter:card", "summary_large_image"), ("name", "twitter:title", photoBy),
            ("name", "twitter:description", description), ("name", "twitter:image:alt", photoBy),
        ]
        let origin = base.absolute.map { String($0.dropLast(base.path.utf8.count)) }
        let image = (origin ?? "") + photoPath(largest)
        meta += [("property", "og:image", image), ("name", "twitter:image", image)]
        if let absolute = base.absolute { meta.append(("property", "og:url", absolute)) }
        let metaTags = meta.map { "<meta \($0.0)=\"\(escaped($0.1))\" content=\"\(escaped($0.2))\">" }
            .joined(separator: "\n")
        let date = ISO8601DateFormatter().string(from: post.createdAt)
        return """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(title))</title>
            \(metaTags)
            <style>\(style)</style>
            </head>
            <body>
            <main>
            <article>
            <figure>
            <img src="\(escaped(photoPath(largest)))" srcset="\(escaped(srcset))" sizes="(max-width: 40rem) 100vw, 40rem" \
            width="\(pixels.width)" height="\(pixels.height)" alt="\(escaped(photoBy))">
            <figcaption>\(escaped(caption))</figcaption>
            </figure>
            <p class="author">\(escaped(photoBy)) (@\(escaped(shared.author.username)))</p>
            <p class="meta"><span class="likes">\(escaped(likes))</span> · <span class="comments">\(escaped(comments))</span> · \
            <time datetime="\(date)">\(date.prefix(10))</time></p>
            </article>
            </main>
            </body>
            </html>

            """
    }

    static func label(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:]) -> String {
        MessageTable.shareLinks.text(key, locale: locale, arguments)
    }

    /// Text made safe for HTML content and quoted attribute values.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}

extension CountLanguage {
    /// The OpenGraph `og:locale` of the language.
    var openGraphLocale: String {
        switch self {
        case .english: "en_US"
        case .slovak: "sk_SK"
        case .czech: "cs_CZ"
        }
    }
}
